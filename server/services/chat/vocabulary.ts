/**
 * The site's words: the spelling vocabulary misspellings are corrected towards, the stems the site's passages use
 * (a word none uses is one the site never speaks of) and how much each stem counts towards a passage's coverage.
 * Built once at module load from the built-in copy; the owner's published words join it as the index is rebuilt.
 */
import { createHash } from "node:crypto";
import { CHAT_RULES, INDUSTRY_WORDS } from "../../../shared/content/chat";
import { defaultPageCopies, demoAndKitPassages, type Passage, sitePassages } from "./passages";
import { contentStems, stem, stemSet, synonym, Vocabulary, words } from "./text";

export const SITE_PASSAGES = sitePassages();
export const versionOf = (passages: Passage[]) => createHash("sha256").update(JSON.stringify(passages)).digest("hex").slice(0, 32);
export const SITE_VERSION = versionOf(SITE_PASSAGES);

/** The words misspellings are corrected towards: the site's own pages, FAQ, rules and industries. */
export const VOCABULARY = new Vocabulary([
  ...SITE_PASSAGES.flatMap((p) => [p.heading, p.body, p.extra]),
  ...CHAT_RULES.flatMap((r) => r.keywords.map((k) => k.replace("*", ""))),
  ...Object.values(INDUSTRY_WORDS).flat(),
  "pricing prices language languages whatsapp refund privacy integration integrations demo setup templates",
  // The days a visitor names (the hours say "Mon-Fri"): "sundy" is still Sunday.
  "monday tuesday wednesday thursday friday saturday sunday weekend",
]);

/**
 * How much a stem counts towards coverage: words the site uses everywhere
 * ("business", "customer") count less than words that pick out a subject.
 */
const SITE_STEM_SETS = SITE_PASSAGES.map((p) => stemSet(`${p.heading}\n${p.body}\n${p.extra}`));
const commonStems = new Set<string>();
{
  // The booking page's and the kit page's passages each speak of one subject: their words (book, demo, kit) are not
  // counted, or the subject's own words would look common.
  const oneSubject = new Set(demoAndKitPassages(defaultPageCopies(), "en").map((p) => p.ref));
  const counted = SITE_STEM_SETS.filter((_, i) => !oneSubject.has(SITE_PASSAGES[i]!.ref));
  const counts = new Map<string, number>();
  for (const set of counted) for (const s of set) counts.set(s, (counts.get(s) ?? 0) + 1);
  for (const [s, n] of counts) if (n / counted.length >= 0.25) commonStems.add(s);
}
// Durations qualify a question ("a refund after 2 months?"), they rarely pick out its subject.
for (const s of ["wise", "parrot", "business", "customer", "assistant", "product", "servic", "team", "site", "website", "help", "month", "week", "year", "day", "ago"]) {
  commonStems.add(s);
}

/** Every stem the site's own passages use. */
export const SITE_STEMS = new Set(SITE_STEM_SETS.flatMap((set) => [...set]));
/** True when the site's own passages use the word (or its stem). */
export function siteUses(word: string): boolean {
  return SITE_STEMS.has(stemOf(word)) || SITE_STEMS.has(stem(synonym(word)));
}

/** How much a word no passage uses counts towards coverage. */
export const UNKNOWN_WEIGHT = 0.3;

export function stemWeight(stem: string): number {
  return commonStems.has(stem) ? 0.35 : 1;
}

/** The words and stems of rebuilt passages join the spelling vocabulary and the site's words (never removed: cheap). */
export function learnWords(passages: readonly Passage[]): void {
  for (const p of passages) {
    const text = `${p.heading}\n${p.body}\n${p.extra}`;
    for (const w of words(text)) VOCABULARY.add(w);
    for (const s of stemSet(text)) SITE_STEMS.add(s);
  }
}

export function stemOf(word: string): string {
  return contentStems([word])[0] ?? "";
}
