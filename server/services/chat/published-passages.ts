/**
 * The site's copy as published now, as passages: the FAQ and the pages in English (what the index holds) and their
 * Hindi passages by the reference of the English one (what a Hindi answer quotes).
 */
import type { Locale } from "../../../shared/i18n";
import { ABOUT_DOC } from "../../../shared/copy/about";
import { CONTACT_DOC } from "../../../shared/copy/contact";
import { FAQ_DOC } from "../../../shared/copy/faq";
import { HOME_DOC } from "../../../shared/copy/home";
import { BOOK_DEMO_DOC } from "../../../shared/copy/book-demo";
import { ONBOARDING_DOC } from "../../../shared/copy/onboarding";
import type { Deps } from "../../context";
import { readCopy } from "../content/copy";
import { DEFAULT_FAQ, defaultPageCopies, defaultPageCopiesIn, type FaqCopyEntry, faqPassages, LEGAL_DOCS, type PageCopies, type Passage, sitePassages } from "./passages";

/** The FAQ's passages as published now (their refs are what the question log's topics name). */
export async function publishedFaqPassages(deps: Pick<Deps, "db">): Promise<Passage[]> {
  return faqPassages(await publishedFaq(deps));
}

/** The FAQ as published now (the built-in entries when none is, or the copy cannot be read). */
export async function publishedFaq(deps: Pick<Deps, "db">, locale: Locale = "en"): Promise<FaqCopyEntry[]> {
  try {
    return (await readCopy(deps, FAQ_DOC, locale)).entries;
  } catch {
    return locale === "en" ? DEFAULT_FAQ : FAQ_DOC.defaults(locale).entries;
  }
}

/**
 * The pages' copy as published now (readCopy: once per content version, the last copy read during an outage, the
 * defaults for a document never read).
 */
export async function publishedPages(deps: Pick<Deps, "db">, locale: Locale = "en"): Promise<PageCopies> {
  const [bookDemo, onboarding, home, about, contact, ...legal] = await Promise.all([
    readCopy(deps, BOOK_DEMO_DOC, locale),
    readCopy(deps, ONBOARDING_DOC, locale),
    readCopy(deps, HOME_DOC, locale),
    readCopy(deps, ABOUT_DOC, locale),
    readCopy(deps, CONTACT_DOC, locale),
    ...LEGAL_DOCS.map(({ doc }) => readCopy(deps, doc, locale)),
  ]);
  return { home, about, contact, legal: LEGAL_DOCS.map(({ path }, i) => ({ path, copy: legal[i]! })), bookDemo, onboarding } as PageCopies;
}


// ---------------------------------------------------------------------------
// The site's passages in Hindi (issue 33, decision 0033)

type HindiMemo = { copies: readonly unknown[]; byRef: Map<string, Passage> };
const hindiMemos = new WeakMap<object, HindiMemo>();

/**
 * The site's passages in Hindi, by the reference of the English passage they translate: the FAQ and the pages as
 * published in Hindi (readCopy(…, "hi"): the owner's Hindi, the shipped Hindi while the English is unchanged, else
 * the English). The index is searched in English (a Hindi question is read through text.ts's word map); an answer
 * in Hindi quotes the passage of the same reference from here. Passages pair by position (a translation has the
 * English list's length), by reference when the lengths differ. Rebuilt only when a copy changed (readCopy returns
 * the same objects within a content version).
 */
export async function hindiPassages(deps: Pick<Deps, "db">): Promise<Map<string, Passage>> {
  const [faqEn, faqHi, pagesEn, pagesHi] = await Promise.all([
    publishedFaq(deps, "en"),
    publishedFaq(deps, "hi"),
    publishedPages(deps, "en").catch(() => defaultPageCopies()),
    publishedPages(deps, "hi").catch(() => defaultPageCopiesIn("hi")),
  ]);
  const copiesOf = (p: PageCopies) => [p.home, p.about, p.contact, p.bookDemo, p.onboarding, ...p.legal.map((l) => l.copy)];
  const copies = [faqEn, faqHi, ...copiesOf(pagesEn), ...copiesOf(pagesHi)];
  const held = hindiMemos.get(deps.db);
  if (held && held.copies.length === copies.length && held.copies.every((c, i) => c === copies[i])) return held.byRef;
  const english = sitePassages(faqEn, pagesEn);
  const hindi = sitePassages(faqHi, pagesHi, "hi");
  const byRef = new Map<string, Passage>();
  if (english.length === hindi.length) english.forEach((p, i) => byRef.set(p.ref, hindi[i]!));
  else for (const p of hindi) byRef.set(p.ref, p);
  hindiMemos.set(deps.db, { copies, byRef });
  return byRef;
}
