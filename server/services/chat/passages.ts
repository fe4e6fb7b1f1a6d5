/**
 * The passages the assistant answers from, built from the site's copy as published: the home page's sections, about,
 * the contact cards and channels, the legal pages' sections and the FAQ (and a post's sections), each with the
 * citation it is shown with.
 */
import { CHAT_SOURCE_LABELS, type ChatTopicId } from "../../../shared/content/chat";
import { CHAT_SOURCE_LABELS_HI, CONTACT_TITLE_HI, HOME_TITLE_HI } from "../../../shared/content/hi/chat";
import { type Locale, localePath } from "../../../shared/i18n";
import { CONTACT_CARDS, SUPPORT_CHANNELS } from "../../../shared/content/contact";
import { FAQ } from "../../../shared/content/faq";
import { COMPARISON } from "../../../shared/content/home";
import { PRODUCT } from "../../../shared/content/site";
import { ABOUT_DOC, type AboutCopy } from "../../../shared/copy/about";
import { CONTACT_DOC, type ContactCopy } from "../../../shared/copy/contact";
import { faqEntries } from "../../../shared/copy/faq";
import { HOME_DOC, type HomeCopy } from "../../../shared/copy/home";
import { type LegalCopy, PRIVACY_DOC, REFUND_DOC, sectionAnchor, TERMS_DOC } from "../../../shared/copy/legal";
import { BOOK_DEMO_DOC, type BookDemoCopy } from "../../../shared/copy/book-demo";
import { ONBOARDING_DOC, promisedHoursOf } from "../../../shared/copy/onboarding";
import { BOOKING_EMAIL } from "../../../shared/content/booking";
import { BOOKING_EMAIL_HI } from "../../../shared/content/hi/booking";
import { ONBOARDING_PAGE } from "../../../shared/content/onboarding";
import { ONBOARDING_PAGE_HI } from "../../../shared/content/hi/onboarding";
import type { IndexablePost } from "../events";
import { words } from "./lexicon";

export type PassageKind = "post" | "page" | "faq";

export type Passage = {
  kind: PassageKind;
  ref: string;
  title: string;
  heading: string;
  url: string;
  body: string;
  extra: string;
  topic: ChatTopicId | null;
};

export type Hit = Passage & {
  id: number;
  /** The database's rank (BM25 or ts_rank_cd) scaled to the best of its scope (site or posts): 0–1, higher is better. */
  rank: number;
  /** Share (0–1) of the question's weighted content words the passage contains. */
  coverage: number;
  /** Which of the question's stems the passage contains. */
  matched: string[];
  /** How many of the question's stems its heading or other phrasings hold. */
  phrase: number;
  /** How many of the question's words no passage uses. */
  unknown: number;
};

/** A citation as the chat shows it: a label and a same-site link. */
export type Citation = { label: string; url: string };

/** How the site's passages name their pages, per language (the English names are what the index has always held). */
const PASSAGE_LABELS: Record<Locale, { home: string; contact: string; faqTitle: string }> = {
  en: { home: "Home", contact: "Contact", faqTitle: CHAT_SOURCE_LABELS.faqTitle },
  hi: { home: HOME_TITLE_HI, contact: CONTACT_TITLE_HI, faqTitle: CHAT_SOURCE_LABELS_HI.faqTitle },
};

const page = (ref: string, title: string, heading: string, url: string, body: string, topic: ChatTopicId | null = null): Passage => ({
  kind: "page",
  ref: `page:${ref}`,
  title,
  heading,
  url,
  body,
  // The page's title is searched too ("refund policy"), not shown.
  extra: title,
  topic,
});

const lines = (items: ReadonlyArray<{ title: string; text: string }>) => items.map((i) => `${i.title}: ${i.text}`).join("\n");

/** An FAQ entry as the owner publishes it (FAQ_DOC): `also` is one phrasing per line. */
export type FaqCopyEntry = { question: string; answer: string; also: string };

export const DEFAULT_FAQ: FaqCopyEntry[] = FAQ.map((e) => ({ question: e.question, answer: e.answer, also: e.also.join("\n") }));

/**
 * The FAQ's passages, from the published entries (the defaults on a fresh install), with the ids the home page
 * anchors them by (faqEntries: an original question keeps its id and topic).
 */
export function faqPassages(entries: readonly FaqCopyEntry[] = DEFAULT_FAQ, locale: Locale = "en"): Passage[] {
  // Ids over the whole list, as the page gives them; an entry without question or answer is not searched.
  return faqEntries({ entries: entries.map((e) => ({ ...e, also: e.also ?? "" })) })
    .filter((e) => e.question.trim() !== "" && e.answer.trim() !== "")
    .map(
    (entry): Passage => ({
      kind: "faq",
      ref: `faq:${entry.id}`,
      title: PASSAGE_LABELS[locale].faqTitle,
      heading: entry.question,
      url: `/#faq-${entry.id}`,
      body: entry.answer,
      extra: entry.also.join("\n"),
      topic: FAQ.find((f) => f.id === entry.id)?.topic ?? null,
    }),
  );
}

/** The published copy of the pages the assistant answers from (each document's defaults on a fresh install). */
export type PageCopies = {
  home: HomeCopy;
  about: AboutCopy;
  contact: ContactCopy;
  legal: ReadonlyArray<{ path: string; copy: LegalCopy }>;
  /** The /book-demo page (booking, moving and cancelling a demo). */
  bookDemo: BookDemoCopy;
  /** The kit page's words the owner edits and the promise's hours. */
  onboarding: OnboardingCopy;
};

export type OnboardingCopy = ReturnType<typeof ONBOARDING_DOC.defaults>;

/** The legal pages and where they live (their sections' anchors follow the path). */
export const LEGAL_DOCS = [
  { path: "/privacy", doc: PRIVACY_DOC },
  { path: "/terms", doc: TERMS_DOC },
  { path: "/refund", doc: REFUND_DOC },
] as const;

/** Every page's defaults: what a fresh install shows. */
export function defaultPageCopies(): PageCopies {
  return defaultPageCopiesIn("en");
}

/** How visitors ask for a legal section whose own words they rarely use (search words, never shown). */
const LEGAL_ASKED: Record<string, string> = {
  "refund-time-limit": "after buying, bought weeks or months ago, too late, deadline, window, period",
  "privacy-cookies": "ad ads advertising tracking cookies",
};

/** A built-in item keeps its reference (`contact-whatsapp`); one the owner added is numbered. */
const idAt = (ids: readonly string[], i: number, prefix: string) => ids[i] ?? `${prefix}${i + 1}`;
const CHANNEL_IDS = SUPPORT_CHANNELS.map((c) => c.id);
const CARD_IDS = CONTACT_CARDS.map((c) => c.id);
const comparisonValue = (v: string) => (COMPARISON.values as Record<string, string>)[v] ?? v;

/**
 * Every passage of the site's pages and FAQ, from the copy as published (the built-in FAQ and each page's defaults
 * when not given): the home page's sections, about, the contact cards and channels, the legal pages' sections.
 * Citations link to the same pages and anchors as the pages show (a legal section by its anchor).
 */
export function sitePassages(faq: readonly FaqCopyEntry[] = DEFAULT_FAQ, pages: PageCopies = defaultPageCopies(), locale: Locale = "en"): Passage[] {
  const h = pages.home;
  const labels = PASSAGE_LABELS[locale];
  const home = labels.home;
  const about = pages.about;
  const aboutTitle = about.seo.title;
  const contact = pages.contact;
  const passages: Passage[] = [
    ...faqPassages(faq, locale),
    page("home-hero", home, h.hero.eyebrow, "/", `${h.hero.description}\n${h.hero.trust.join(". ")}.`),
    page("home-pain", home, h.painPoints.heading, "/", `${h.painPoints.intro}\n${lines(h.painPoints.cards)}`),
    page("home-promise", home, h.promise.heading, "/", h.promise.text),
    page("home-benefits", home, h.benefits.heading, "/", `${h.benefits.intro}\n${lines(h.benefits.cards)}`, "workflow"),
    page("home-metrics", home, h.metrics.heading, "/", `${h.metrics.intro}\n${h.metrics.items.map((m) => `${m.value} ${m.label}`).join("\n")}`, "productivity"),
    ...h.audience.slides.map((s) =>
      page(`home-audience-${words(s.industry).join("-")}`, home, `${h.audience.heading}: ${s.industry}`, "/", `${s.after} ${s.outcome}.`),
    ),
    {
      ...page("home-testimonials", home, h.testimonials.heading, "/", h.testimonials.items.map((t) => `${t.name} (${t.role}): \u201c${t.quote}\u201d`).join("\n")),
      extra: "reviews testimonials what customers clients say feedback ratings happy customers",
    },
    {
      ...page(
        "home-comparison",
        home,
        h.comparison.heading,
        "/",
        `${h.comparison.intro}\n${h.comparison.rows
          .map((r) => `${r.feature}: ${r.values.map((v, i) => `${h.comparison.columns[i] ?? ""} ${comparisonValue(v).toLowerCase()}`).join(", ")}`)
          .join("\n")}`,
      ),
      extra: "compare comparison better than difference versus vs whatsapp crm ai bot tools freelancers why choose competitor competitors alternative switch switching move from",
    },
    {
      ...page("home-core", home, h.wiseCore.heading, "/", `${h.wiseCore.text}\n${h.wiseCore.trainedOnLabel}: ${h.wiseCore.trainedOn.join(", ")}.`, "ai"),
      extra: "what is wise core, the engine, the brain behind the assistant",
    },
    page("home-steps", home, h.steps.heading, "/", `${h.steps.intro}\n${lines(h.steps.items)}`, "getting_started"),
    page("home-kit", home, h.kit.heading, "/", `${h.kit.intro}\n${lines(h.kit.items)}`, "templates"),
    page("home-available", home, h.availableFor.heading, "/", `${h.availableFor.items.join(", ")}.`, "templates"),
    page("about-mission", aboutTitle, about.intro.missionHeading, "/about", about.intro.mission),
    page("about-story", aboutTitle, about.story.heading, "/about", about.story.paragraphs.join("\n")),
    page("about-values", aboutTitle, about.values.heading, "/about", lines(about.values.items)),
    page("about-based", aboutTitle, about.based.heading, "/about", about.based.text),
    ...contact.support.channels.map((c, i) =>
      page(
        `contact-${idAt(CHANNEL_IDS, i, "channel-")}`,
        labels.contact,
        c.title,
        "/contact",
        `${c.description} Availability: ${c.availability}. Response time: ${c.responseTime}.`,
        "support",
      ),
    ),
    ...contact.cards.items.map((c, i) =>
      page(`contact-card-${idAt(CARD_IDS, i, "")}`, labels.contact, c.title, "/contact", `${c.description}${c.detail ? ` ${c.detail}.` : ""}`, "support"),
    ),
    ...demoAndKitPassages(pages, locale),
    ...pages.legal.flatMap(({ path, copy }) =>
      copy.sections.map((s, i) => {
        const anchor = sectionAnchor(s, i);
        const ref = `${path.slice(1)}-${anchor}`;
        const section = page(ref, copy.seo.title, s.heading, `${path}#${anchor}`, [...s.paragraphs, ...s.points.map((p) => `\u2022 ${p}`), ...s.closing].join("\n"));
        const asked = LEGAL_ASKED[ref];
        return asked ? { ...section, extra: `${section.extra}\n${asked}` } : section;
      }),
    ),
  ];
  // A heading or text the owner left empty is not searched.
  return passages.filter((p) => p.kind !== "page" || `${p.heading}${p.body}`.trim() !== "");
}

/**
 * The demo booking and the kit's setup, as the booking page, its e-mails and the kit page say them: what the demo is
 * and costs, how to move or cancel it (the links of the confirmation e-mail), and when the kit's hours start.
 */
export function demoAndKitPassages(pages: PageCopies, locale: Locale): Passage[] {
  const demo = pages.bookDemo;
  const email = locale === "hi" ? BOOKING_EMAIL_HI : BOOKING_EMAIL;
  const kitPage = locale === "hi" ? ONBOARDING_PAGE_HI : ONBOARDING_PAGE;
  const hours = promisedHoursOf(pages.onboarding.promise.hours);
  return [
    {
      // What the demo costs is the FAQ's answer (and the getting-started reply's); this passage says what it is.
      ...page("book-demo", demo.seo.title, demo.intro.title, "/book-demo", [demo.intro.lead, demo.picker.held].join("\n"), "getting_started"),
      extra: "schedule a demo call meeting video",
    },
    {
      ...page(
        "book-demo-change",
        demo.seo.title,
        demo.manage.title,
        "/book-demo",
        [`${email.manage} ${email.reschedule}, ${email.cancel}.`, kitPage.demo.manage, demo.manage.expired].join("\n"),
      ),
      extra: "move reschedule cancel change postpone, another day, link, confirmation email",
    },
    {
      ...page(
        "kit-setup",
        kitPage.metaTitle,
        kitPage.kitHeading.replace(/^\d+\.\s*/, ""),
        "/templates",
        [kitPage.intro(hours), kitPage.waitingText(hours)].join("\n"),
        "templates",
      ),
      extra: "when does the clock start counting, how long until my kit is ready and live, hours, brief, verify email, pay",
    },
    {
      // What the brief asks: its steps, the services with their prices, what makes the business different.
      ...page(
        "brief-steps",
        kitPage.metaTitle,
        kitPage.stepsLabel,
        "/get-started",
        [kitPage.intro(hours), `${kitPage.steps.join("; ")}.`, `${kitPage.services.label}: ${kitPage.services.hint}`].join("\n"),
        "templates",
      ),
      extra: "what information details do you need from me, what do i send you, what do i fill in, questions asked, train the bot on my business, for setup",
    },
    {
      // After the brief is sent: changes are still taken until setup starts.
      ...page("brief-change", kitPage.metaTitle, kitPage.change.label, "/get-started", [kitPage.review, kitPage.change.hint].join("\n"), "templates"),
      extra: "change edit update correct fix my brief after submit submitted, mistake",
    },
    {
      // The brief's files: what may be sent with it, and how large.
      ...page("brief-files", kitPage.metaTitle, kitPage.files.label, "/get-started", kitPage.files.hint),
      extra: "upload attach send files documents with my brief, pdf, photo, image, size limit, how big, price list, brochure, logo",
    },
    {
      ...page("kit-not-listed", kitPage.metaTitle, pages.onboarding.page.notListed, "/templates", pages.onboarding.page.notListedNote, "templates"),
      extra: "business not listed, not in the list of kits, general kit, other business",
    },
  ];
}

/** A post's passages: one per section; the first also carries the excerpt, the tags and the category as search words. */
export function postPassages(post: IndexablePost): Passage[] {
  return post.sections
    .filter((s) => s.content.some((p) => p.trim() !== ""))
    .map((s, i) => ({
      kind: "post",
      ref: `post:${post.id}:${i}`,
      title: post.title,
      heading: s.title,
      url: `/blog/${post.slug}`,
      body: s.content.join("\n"),
      extra: i === 0 ? [post.title, post.excerpt, post.category, ...post.tags].join("\n") : `${post.title}\n${post.tags.join(" ")}`,
      topic: null,
    }));
}


export function defaultPageCopiesIn(locale: Locale): PageCopies {
  return {
    home: HOME_DOC.defaults(locale),
    about: ABOUT_DOC.defaults(locale),
    contact: CONTACT_DOC.defaults(locale),
    legal: LEGAL_DOCS.map(({ path, doc }) => ({ path, copy: doc.defaults(locale) })),
    bookDemo: BOOK_DEMO_DOC.defaults(locale),
    onboarding: ONBOARDING_DOC.defaults(locale),
  };
}

/**
 * How a citation reads: "From our blog: <title>", "FAQ: <question>", "<page>: <section>". In Hindi (a passage of
 * `hindiPassages`) the labels are Hindi and the link is the page's Hindi address (`/hi#faq-pricing`).
 */
export function citationOf(p: Pick<Passage, "kind" | "title" | "heading" | "url">, locale: Locale = "en"): Citation {
  const labels = locale === "hi" ? CHAT_SOURCE_LABELS_HI : CHAT_SOURCE_LABELS;
  const label =
    p.kind === "post"
      ? `${labels.blog}: ${p.title}`
      : p.kind === "faq"
        ? `${labels.faq}: ${p.heading}`
        : p.title === PASSAGE_LABELS[locale].home
          ? `${PRODUCT}: ${p.heading}`
          : `${p.title}: ${p.heading}`;
  return { label, url: localePath(p.url, locale) };
}
