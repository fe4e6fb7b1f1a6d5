import {
  AUDIENCE,
  AVAILABLE_FOR,
  BENEFITS,
  COMPARISON,
  HERO,
  HOME_META,
  KIT,
  METRICS,
  PAIN_POINTS,
  PROMISE,
  STEPS,
  TESTIMONIALS,
  TRUST_SLOTS,
  WISE_CORE,
} from "../content/home";
import {
  AUDIENCE_HI,
  AVAILABLE_FOR_HI,
  BENEFITS_HI,
  COMPARISON_HI,
  HERO_HI,
  HOME_META_HI,
  KIT_HI,
  METRICS_HI,
  PAIN_POINTS_HI,
  PROMISE_HI,
  STEPS_HI,
  TESTIMONIALS_HI,
  TRUST_SLOTS_HI,
  WISE_CORE_HI,
} from "../content/hi/home";
import { PROOF } from "../content/proof";
import { PROOF_HI } from "../content/hi/proof";
import type { Translation } from "../i18n";
import { EMPTY_IMAGE, imageField, list, mediaImage, optionalText, optionalUrl, text } from "./build";
import { defineCopyDoc, type GroupField } from "./fields";

/**
 * The home page's copy as the owner edits it (issue 28, decision 0027): every headline and paragraph, the cards,
 * the results, the industries of the slideshow, the kit, the testimonials with the places for proof (logos, a
 * partner badge, photos: empty, so nothing shows until the owner fills them) and the comparison table. Decorative
 * samples (the hero's drawn chat, the leads board) and controls' accessible names stay in the code. The FAQ is its
 * own document (faq.ts). Defaults are today's strings, imported, never retyped.
 */

const heading = (label = "Heading") => text(label, 90);
const intro = () => text("Introduction", 300, true);

/** The icons a pain point or benefit card can show (the components draw these). */
export const CARD_ICONS = [
  { value: "moon", label: "Moon (after hours)" },
  { value: "repeat", label: "Repeat (the same questions)" },
  { value: "leak", label: "Leak (money lost)" },
  { value: "calendarX", label: "Calendar with a cross (missed)" },
  { value: "bolt", label: "Bolt (fast)" },
  { value: "calendarCheck", label: "Calendar with a tick (booked)" },
  { value: "target", label: "Target (the right offer)" },
  { value: "tag", label: "Tag (labelled leads)" },
  { value: "megaphone", label: "Megaphone (promotion)" },
] as const;
export type CardIcon = (typeof CARD_ICONS)[number]["value"];

const card = (label: string) => ({
  kind: "group",
  label,
  fields: { icon: { kind: "choice", label: "Icon", options: CARD_ICONS }, title: text("Title", 60), text: text("Text", 240, true) },
}) as const satisfies GroupField;
const titled = (label: string, textMax = 200) => ({ kind: "group", label, fields: { title: text("Title", 60), text: text("Text", textMax, true) } }) as const satisfies GroupField;
export const COMPARISON_CHOICES = [
  { value: "yes", label: "Yes" },
  { value: "partial", label: "Partial" },
  { value: "no", label: "No" },
] as const;

export const RATING_CHOICES = ["5", "4", "3", "2", "1"].map((n) => ({ value: n, label: `${n} out of 5` }));

const chatLine = {
  kind: "group",
  label: "Message",
  fields: {
    from: {
      kind: "choice",
      label: "Who",
      options: [
        { value: "customer", label: "Customer" },
        { value: "assistant", label: "Assistant" },
        { value: "event", label: "Note (a booking, a reminder)" },
      ],
    },
    text: text("Text", 160, true),
  },
} as const satisfies GroupField;

/** The home page's constants in one language: the English ones, or their Hindi translations (shared/content/hi). */
const HOME_EN = { AUDIENCE, AVAILABLE_FOR, BENEFITS, COMPARISON, HERO, HOME_META, KIT, METRICS, PAIN_POINTS, PROMISE, PROOF, STEPS, TESTIMONIALS, TRUST_SLOTS, WISE_CORE };
type HomeConstants = { [K in keyof typeof HOME_EN]: Translation<(typeof HOME_EN)[K]> };
const HOME_HI: HomeConstants = {
  AUDIENCE: AUDIENCE_HI,
  AVAILABLE_FOR: AVAILABLE_FOR_HI,
  BENEFITS: BENEFITS_HI,
  COMPARISON: COMPARISON_HI,
  HERO: HERO_HI,
  HOME_META: HOME_META_HI,
  KIT: KIT_HI,
  METRICS: METRICS_HI,
  PAIN_POINTS: PAIN_POINTS_HI,
  PROMISE: PROMISE_HI,
  PROOF: PROOF_HI,
  STEPS: STEPS_HI,
  TESTIMONIALS: TESTIMONIALS_HI,
  TRUST_SLOTS: TRUST_SLOTS_HI,
  WISE_CORE: WISE_CORE_HI,
};

/** The document's value made from one language's constants (the defaults, never retyped). */
function homeDefaults(c: HomeConstants) {
  return {
    seo: { title: c.HOME_META.title, description: c.HOME_META.description },
    hero: {
      eyebrow: c.HERO.eyebrow,
      headline: c.HERO.headline,
      tagline: c.HERO.tagline,
      description: c.HERO.description,
      bookDemo: c.HERO.bookDemo,
      trust: [...c.HERO.trust],
    },
    painPoints: { heading: c.PAIN_POINTS.heading, intro: c.PAIN_POINTS.intro, cards: c.PAIN_POINTS.cards.map((card) => ({ ...card })) },
    promise: { heading: c.PROMISE.heading, text: c.PROMISE.text },
    benefits: { heading: c.BENEFITS.heading, intro: c.BENEFITS.intro, cards: c.BENEFITS.cards.map((card) => ({ ...card })) },
    metrics: {
      heading: c.METRICS.heading,
      intro: c.METRICS.intro,
      // No source is invented: each result's source line is the owner's to give (the studio says which lack one).
      items: c.METRICS.items.map((m) => ({ ...m, source: "", sourceHref: "" })),
      sourceLabel: c.PROOF.sourceLabel,
    },
    audience: {
      heading: c.AUDIENCE.heading,
      intro: c.AUDIENCE.intro,
      slides: c.AUDIENCE.slides.map((s) => ({
        industry: s.industry,
        before: s.before,
        after: s.after,
        outcome: s.outcome,
        conversation: s.conversation.map((l) => ({ from: l.from, text: l.text })),
      })),
    },
    wiseCore: { heading: c.WISE_CORE.heading, text: c.WISE_CORE.text, trainedOnLabel: c.WISE_CORE.trainedOnLabel, trainedOn: [...c.WISE_CORE.trainedOn] },
    steps: { heading: c.STEPS.heading, intro: c.STEPS.intro, items: c.STEPS.items.map((s) => ({ ...s })), bookDemo: c.STEPS.bookDemo, bookDemoNote: c.STEPS.bookDemoNote },
    kit: { heading: c.KIT.heading, intro: c.KIT.intro, items: c.KIT.items.map((i) => ({ ...i })) },
    availableFor: { heading: c.AVAILABLE_FOR.heading, items: [...c.AVAILABLE_FOR.items] },
    testimonials: {
      heading: c.TESTIMONIALS.heading,
      items: c.TESTIMONIALS.items.map((t) => ({
        quote: t.quote,
        name: t.name,
        role: t.role,
        rating: String(t.rating),
        business: t.business,
        city: t.city ?? "",
        photo: t.photo ?? "",
        businessName: "",
        result: "",
        caseStudy: "",
      })),
      caseStudyLink: c.PROOF.caseStudyLink,
      partnerBadge: c.TRUST_SLOTS.partnerBadge ? { href: "", ...c.TRUST_SLOTS.partnerBadge } : { ...EMPTY_IMAGE },
      logosHeading: c.TRUST_SLOTS.logosHeading,
      logos: c.TRUST_SLOTS.logos.map((l) => ({ name: "", city: "", href: "", ...l })),
    },
    comparison: {
      heading: c.COMPARISON.heading,
      intro: c.COMPARISON.intro,
      columns: [...c.COMPARISON.columns],
      rows: c.COMPARISON.rows.map((r) => ({ feature: r.feature, values: [...r.values] })),
    },
  };
}

export const HOME_DOC = defineCopyDoc({
  id: "home",
  title: "Home page",
  path: "/",
  sections: {
    seo: { kind: "group", label: "Search engines", fields: { title: text("SEO title", 70), description: text("SEO description", 300, true) } },
    hero: {
      kind: "group",
      label: "First screen",
      fields: {
        eyebrow: text("Eyebrow", 60),
        headline: text("Headline", 80),
        tagline: text("Tagline", 90),
        description: text("Description", 400, true),
        bookDemo: text("Book button", 40),
        trust: list("Promises under the buttons", "Promise", text("Promise", 40), 4),
      },
    },
    painPoints: { kind: "group", label: "Pain points", fields: { heading: heading(), intro: intro(), cards: list("Cards", "Card", card("Card"), 8) } },
    promise: { kind: "group", label: "Our promise", fields: { heading: heading(), text: text("Text", 400, true) } },
    benefits: { kind: "group", label: "Benefits", fields: { heading: heading(), intro: intro(), cards: list("Cards", "Card", card("Card"), 8) } },
    metrics: {
      kind: "group",
      label: "Results",
      fields: {
        heading: heading(),
        intro: intro(),
        items: list(
          "Results",
          "Result",
          {
            kind: "group",
            label: "Result",
            fields: {
              value: text("Figure", 8),
              label: text("What it measures", 60),
              source: optionalText("Source (who measured it, where, when: \"Asha Clinics, Pune, March 2026\")", 120),
              sourceHref: optionalUrl("Source link (optional: the case study or report)"),
            },
          },
          3,
        ),
        sourceLabel: text("Word before each source", 20),
      },
    },
    audience: {
      kind: "group",
      label: "Industries slideshow",
      fields: {
        heading: heading(),
        intro: intro(),
        slides: list(
          "Industries",
          "Industry",
          {
            kind: "group",
            label: "Industry",
            fields: {
              industry: text("Industry", 40),
              before: text("Before", 240, true),
              after: text("After", 240, true),
              outcome: text("Outcome", 90),
              conversation: list("Sample conversation", "Message", chatLine, 5),
            },
          },
          8,
        ),
      },
    },
    wiseCore: {
      kind: "group",
      label: "The engine",
      fields: {
        heading: heading(),
        text: text("Text", 400, true),
        trainedOnLabel: text("List label", 40),
        trainedOn: list("Trained with", "Item", text("Item", 30), 6),
      },
    },
    steps: {
      kind: "group",
      label: "How it works",
      fields: {
        heading: heading(),
        intro: intro(),
        items: list("Steps", "Step", titled("Step", 160), 6),
        bookDemo: text("Book button", 40),
        bookDemoNote: text("Note under the button", 80),
      },
    },
    kit: { kind: "group", label: "Industry kit", fields: { heading: heading(), intro: intro(), items: list("Kit items", "Item", titled("Item", 160), 8) } },
    availableFor: { kind: "group", label: "Kits available for", fields: { heading: heading(), items: list("Industries", "Industry", text("Industry", 40), 12) } },
    testimonials: {
      kind: "group",
      label: "Testimonials",
      fields: {
        heading: heading(),
        items: list(
          "Testimonials",
          "Testimonial",
          {
            kind: "group",
            label: "Testimonial",
            fields: {
              quote: text("Quote", 400, true),
              name: text("Name", 60),
              role: text("Role", 80),
              rating: { kind: "choice", label: "Rating", options: RATING_CHOICES },
              business: text("Business type", 40),
              city: optionalText("City (optional)", 40),
              photo: mediaImage("Photo of the person (optional: from the media library, or https://\u2026)", "A square photo, at least 96 \u00d7 96 pixels. Without one the card shows the initials."),
              businessName: optionalText("Business name (optional: \"Asha Clinics\")", 60),
              result: optionalText("One measured result (optional: \"No-shows down from 30% to 12% in 8 weeks\")", 90),
              caseStudy: optionalUrl("Case study (optional: the address of the blog post that tells it)"),
            },
          },
          9,
        ),
        caseStudyLink: text("Case study link's words", 40),
        partnerBadge: imageField("Partner badge"),
        logosHeading: text("Customer strip heading", 60),
        logos: list(
          "Customers (a logo, or a name with its city)",
          "Customer",
          {
            kind: "group",
            label: "Customer",
            hint: "Shown with its logo when an image is chosen (in grey, as a row), else as its name and city. Only real customers who agreed to be named.",
            fields: {
              name: optionalText("Business name", 60),
              city: optionalText("City (optional)", 40),
              src: mediaImage("Logo (optional: from the media library, or https://\u2026)", "A wide logo on a transparent or white background."),
              alt: optionalText("Logo description (for screen readers; the name when empty)", 120),
              href: optionalUrl("Link (optional: their site, or the case study)"),
            },
          },
          12,
          0,
        ),
      },
    },
    comparison: {
      kind: "group",
      label: "Comparison table",
      fields: {
        heading: heading(),
        intro: intro(),
        columns: list("Columns (yours first)", "Column", text("Column", 30), 4, 4),
        rows: list(
          "Rows",
          "Row",
          {
            kind: "group",
            label: "Row",
            fields: {
              feature: text("Feature", 80),
              values: list("Values, one per column", "Value", { kind: "choice", label: "Value", options: COMPARISON_CHOICES }, 4, 4),
            },
          },
          10,
        ),
      },
    },
  },
  defaults: (locale) => homeDefaults(locale === "hi" ? HOME_HI : HOME_EN),
});

export type HomeCopy = ReturnType<typeof HOME_DOC.defaults>;
