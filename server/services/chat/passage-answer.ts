/**
 * One question answered from the site's facts: a keyword rule's reply (engine.ts) with the passages cited below it,
 * or the best passage of the knowledge index quoted (and shown in the answer's language).
 */
import { type Locale, localePath } from "../../../shared/i18n";
import { CHAT_REPLIES, CHAT_RULES, type ChatTopicId, INDUSTRY_WORDS } from "../../../shared/content/chat";
import { INDUSTRIES } from "../../../shared/content/site";
import type { Deps } from "../../context";
import { keywordsPattern, type LocalTopic, matchRule } from "./engine";
import { type Citation, citationOf, type Hit, type Passage, searchKnowledge, stemWeight, VOCABULARY } from "./knowledge";
import { contentStems, normalizeQuestion, stemSet } from "./text";
import { type Say } from "./say";

/** A passage must hold at least this share of a question's weighted words to answer or be cited. */
export const PASSAGE_THRESHOLD = 0.6;
/** A passage replaces a keyword rule's reply only when it covers this much of the question and all of the rest. */
export const OVERRIDE_COVERAGE = 0.8;
/** At most this many answers to one message, and this many citations below it. */
export const MAX_ANSWERS = 3;
export const MAX_CITATIONS = 3;
/** An answer quoted from a long passage stops near this many characters (at a sentence end). */
const EXCERPT_CHARS = 420;

export type KnowledgeSource = Citation & { ref: string; heading: string; body: string };

export type Part = { key: string; text: string; intent: string; topic: LocalTopic | "knowledge"; cite: Hit[]; quoted?: Hit };

export const KEYWORD_PATTERNS = [keywordsPattern([
  ...CHAT_RULES.flatMap((r) => r.keywords),
  ...INDUSTRIES,
  ...Object.values(INDUSTRY_WORDS).flat(),
])];

export const REPLY_STEMS = Object.fromEntries(
  (Object.keys(CHAT_REPLIES) as ChatTopicId[]).map((id) => [id, stemSet(CHAT_REPLIES[id])]),
) as Record<ChatTopicId, Set<string>>;

/** A passage's text as an answer: an FAQ answer whole, a section cut at a sentence end. */
export function excerpt(hit: Pick<Hit, "kind" | "heading" | "body">): string {
  if (hit.kind === "faq") return hit.body;
  let text = hit.body.replace(/\n+/g, "\n");
  if (text.length > EXCERPT_CHARS && !isTable(text)) {
    const cut = text.slice(0, EXCERPT_CHARS);
    const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"), cut.lastIndexOf("\n"));
    text = `${end > 120 ? cut.slice(0, end + 1) : cut.trimEnd()}…`.replace(/\n\u2026$/, "…");
  }
  return `**${hit.heading}**\n${text.trim()}`;
}

/**
 * A table written as a line per row ("Feature: Wise Parrot yes, WhatsApp CRMs no, ..."): quoted whole up to
 * TABLE_CHARS, since a row cut off is a fact missing (the comparison's follow-ups and 72 hours are its last rows).
 */
function isTable(text: string): boolean {
  const rows = text.split("\n").slice(1);
  return text.length <= TABLE_CHARS && rows.length >= 3 && rows.every((r) => r.length <= 140 && /^[^:]{3,60}: /.test(r));
}
const TABLE_CHARS = 760;

/** The strong hits, best first, among those close to the best one's database rank. */
export function strongHits(hits: Hit[]): Hit[] {
  // With words no passage uses in the question, a passage answers only when its heading names the subject.
  const strong = hits.filter(
    (h) => h.coverage >= PASSAGE_THRESHOLD && h.matched.some((s) => stemWeight(s) === 1) && (h.unknown === 0 || h.phrase >= 100),
  );
  if (strong.length === 0) return [];
  const best = strong[0]!;
  return strong.filter((h) => h.coverage >= best.coverage - 0.15 && h.rank >= best.rank * 0.35);
}

export type AnswerDeps = Pick<Deps, "db"> & Partial<Pick<Deps, "log" | "config">> & {
  /** One message's searches by their text: a question read again (with the previous one, without a word) is searched once. */
  searches?: Map<string, Promise<Hit[]>>;
};

/** The knowledge's hits; a failed search (e.g. two processes building the index at once) answers by the rules alone. */
export function search(deps: AnswerDeps, question: string): Promise<Hit[]> {
  const held = deps.searches?.get(question);
  if (held) return held;
  const found = searchKnowledge(deps, question).catch((error: unknown) => {
    deps.log?.warn({ err: { message: (error as Error).message } }, "knowledge search failed; answering by the keyword rules");
    return [] as Hit[];
  });
  deps.searches?.set(question, found);
  return found;
}

export async function answerQuestion(deps: AnswerDeps, question: string, say: Say): Promise<Part | undefined> {
  const normalized = normalizeQuestion(question, VOCABULARY);
  const rule = matchRule(question) ?? matchRule(normalized.text);
  const hits = strongHits(await search(deps, question));
  const best = hits[0];
  if (rule) {
    // What the question asks beyond the keywords, that the rule's reply does not speak of.
    const replyStems = REPLY_STEMS[rule.id];
    const rest = contentStems(normalized.words.filter((w) => !KEYWORD_PATTERNS.some((p) => p.test(w)))).filter(
      (s) => stemWeight(s) === 1 && !replyStems.has(s),
    );
    const coversRest = (h: Hit) => h.coverage >= OVERRIDE_COVERAGE && rest.every((s) => h.matched.includes(s));
    if (best && best.topic !== rule.id && rest.length > 0 && coversRest(best)) return quote(best);
    // Cited below the rule's reply: the best passage on the rule's own
    // subject, and passages about everything else the question asked.
    const own = hits.find((h) => h.topic === rule.id);
    const cite = [...(own ? [own] : []), ...hits.filter((h) => h !== own && rest.length > 0 && coversRest(h))];
    return { key: rule.id, text: say.rule(rule.id), intent: rule.intent, topic: rule.id, cite };
  }
  return best ? quote(best) : undefined;
}

/** A keyword rule's reply as an answer, citing nothing. */
export function rulePart(id: ChatTopicId, say: Say): Part {
  const rule = CHAT_RULES.find((r) => r.id === id)!;
  return { key: rule.id, text: say.rule(rule.id), intent: rule.intent, topic: rule.id, cite: [] };
}

/** A passage answers: it is quoted and cited (alone: the answer is its text). */
export function quote(best: Hit): Part {
  const rule = CHAT_RULES.find((r) => r.id === best.topic);
  return {
    key: best.ref,
    text: excerpt(best),
    intent: rule?.intent ?? "knowledge_answer",
    topic: "knowledge",
    quoted: best,
    cite: [best],
  };
}

export function source(hit: Hit): KnowledgeSource {
  return { ...citationOf(hit), ref: hit.ref, heading: hit.heading, body: hit.body };
}

/**
 * A passage as an answer in `locale` shows it: in Hindi, the Hindi passage of the same reference (its heading, text
 * and Hindi label, linked at the page's Hindi address); a post (written in one language) or a passage without Hindi
 * keeps its English text under a Hindi link.
 */
export function localizedHit<T extends Pick<Passage, "kind" | "ref" | "title" | "heading" | "url" | "body">>(hit: T, locale: Locale, hindi: ReadonlyMap<string, Passage>): { hit: T; translated: boolean } {
  if (locale === "en") return { hit, translated: true };
  const hi = hit.kind === "post" ? undefined : hindi.get(hit.ref);
  return hi ? { hit: { ...hit, title: hi.title, heading: hi.heading, body: hi.body, url: hi.url }, translated: true } : { hit, translated: false };
}

/** A knowledge source in the answer's language (see localizedHit). */
export function localizedSource(hit: Hit | KnowledgeSource, locale: Locale, hindi: ReadonlyMap<string, Passage>): KnowledgeSource {
  const kind = "kind" in hit ? hit.kind : hit.ref.startsWith("post:") ? "post" : hit.ref.startsWith("faq:") ? "faq" : "page";
  const title = "title" in hit ? hit.title : "";
  const url = "kind" in hit ? hit.url : hit.url;
  const { hit: shown } = localizedHit({ kind, ref: hit.ref, title, heading: hit.heading, url, body: hit.body }, locale, hindi);
  const citation = "kind" in hit ? citationOf(shown, locale) : { label: hit.label, url: localePath(hit.url, locale) };
  return { ...citation, ref: hit.ref, heading: shown.heading, body: shown.body };
}
