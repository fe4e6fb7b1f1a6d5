/**
 * The local assistant with the site's knowledge: the spec's keyword rules
 * (engine.ts) first, in their order and with their replies, plus passages
 * from the knowledge index.
 *
 * - A message is split into its questions; each recognised one (at most
 *   three) gets an answer, in the order asked.
 * - A question a keyword rule matches gets the rule's reply, with up to three
 *   well-scoring passages cited below it. One exception: when the question's
 *   other words (not keywords of any rule nor industry words, and not in the
 *   rule's reply) are answered by a passage about another subject, the
 *   keyword was used in passing ("do you *support* Hindi?") and the passage
 *   answers instead.
 * - A question no rule matches is answered by its best passage when one
 *   scores above the threshold.
 * - When nothing was recognised, the spec's fallbacks apply unchanged: the
 *   industry named, a greeting, the visitor's industry, the welcome menu.
 */
import { CHAT_REPLIES, CHAT_RULES, type ChatTopicId, INDUSTRY_WORDS } from "../../../shared/content/chat";
import { INDUSTRIES, type Industry } from "../../../shared/content/site";
import type { Deps } from "../../context";
import { keywordPattern, type LocalTopic, localReply, matchRule } from "./engine";
import { type Citation, citationOf, type Hit, searchKnowledge, stemWeight, VOCABULARY } from "./knowledge";
import { contentStems, normalizeQuestion, stemSet } from "./text";

/** A passage must hold at least this share of a question's weighted words to answer or be cited. */
export const PASSAGE_THRESHOLD = 0.6;
/** A passage replaces a keyword rule's reply only when it covers this much of the question and all of the rest. */
export const OVERRIDE_COVERAGE = 0.8;
/** At most this many answers to one message, and this many citations below it. */
export const MAX_ANSWERS = 3;
export const MAX_CITATIONS = 3;
/** Questions looked at in one message (each costs one search). */
const MAX_QUESTIONS = 8;
/** An answer quoted from a long passage stops near this many characters (at a sentence end). */
const EXCERPT_CHARS = 420;

export type KnowledgeSource = Citation & { ref: string; heading: string; body: string };

export type LocalAnswer = {
  reply: string;
  /** What answered: rule ids, "industry", "greeting", "menu" or passage refs ("faq:pricing"). */
  topics: string[];
  /** The spec topic of the first answer (for the intent). */
  topic: LocalTopic | "knowledge";
  intent: string;
  industry?: Industry;
  /** Passages cited below the answer (the model engine is given the same ones). */
  sources: KnowledgeSource[];
  /** True when at least one answer is quoted from a passage rather than a spec reply. */
  fromKnowledge: boolean;
  /** The message got the welcome menu. */
  fellThrough: boolean;
};

type Part = { key: string; text: string; intent: string; topic: LocalTopic | "knowledge"; cite: Hit[]; quoted?: Hit };

const KEYWORD_PATTERNS = [
  ...CHAT_RULES.flatMap((r) => r.keywords),
  ...INDUSTRIES,
  ...Object.values(INDUSTRY_WORDS).flat(),
].map(keywordPattern);

const REPLY_STEMS = Object.fromEntries(
  (Object.keys(CHAT_REPLIES) as ChatTopicId[]).map((id) => [id, stemSet(CHAT_REPLIES[id])]),
) as Record<ChatTopicId, Set<string>>;

/** A message's questions: split at question marks, line breaks and sentence ends. */
export function splitQuestions(message: string): string[] {
  return message
    .split(/[?\uFF1F\n]+|(?<=[.!;])\s+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s))
    .slice(0, MAX_QUESTIONS);
}

/** A passage's text as an answer: an FAQ answer whole, a section cut at a sentence end. */
export function excerpt(hit: Pick<Hit, "kind" | "heading" | "body">): string {
  if (hit.kind === "faq") return hit.body;
  let text = hit.body.replace(/\n+/g, "\n");
  if (text.length > EXCERPT_CHARS) {
    const cut = text.slice(0, EXCERPT_CHARS);
    const end = Math.max(cut.lastIndexOf(". "), cut.lastIndexOf(".\n"), cut.lastIndexOf("\n"));
    text = `${end > 120 ? cut.slice(0, end + 1) : cut.trimEnd()}…`.replace(/\n\u2026$/, "…");
  }
  return `**${hit.heading}**\n${text.trim()}`;
}

/** The strong hits, best first, among those close to the best one's database rank. */
function strongHits(hits: Hit[]): Hit[] {
  const strong = hits.filter((h) => h.coverage >= PASSAGE_THRESHOLD && h.matched.some((s) => stemWeight(s) === 1));
  if (strong.length === 0) return [];
  const best = strong[0]!;
  return strong.filter((h) => h.coverage >= best.coverage - 0.15 && h.rank >= best.rank * 0.35);
}

type AnswerDeps = Pick<Deps, "db"> & Partial<Pick<Deps, "log">>;

/** The knowledge's hits; a failed search (e.g. two processes building the index at once) answers by the rules alone. */
async function search(deps: AnswerDeps, question: string): Promise<Hit[]> {
  try {
    return await searchKnowledge(deps, question);
  } catch (error) {
    deps.log?.warn({ err: { message: (error as Error).message } }, "knowledge search failed; answering by the keyword rules");
    return [];
  }
}

async function answerQuestion(deps: AnswerDeps, question: string): Promise<Part | undefined> {
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
    return { key: rule.id, text: CHAT_REPLIES[rule.id], intent: rule.intent, topic: rule.id, cite };
  }
  return best ? quote(best) : undefined;
}

/** A passage answers: it is quoted and cited (alone: the answer is its text). */
function quote(best: Hit): Part {
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

function source(hit: Hit): KnowledgeSource {
  return { ...citationOf(hit), ref: hit.ref, heading: hit.heading, body: hit.body };
}

/**
 * The local answer to a message (already cut to the limit), with the
 * passages it cites. Same rules, order and replies as the spec's engine for
 * every message the knowledge adds nothing to.
 */
export async function answerLocally(deps: AnswerDeps, message: string, industry?: Industry): Promise<LocalAnswer> {
  const parts: Part[] = [];
  for (const question of splitQuestions(message)) {
    if (parts.length >= MAX_ANSWERS) break;
    const part = await answerQuestion(deps, question);
    if (part && !parts.some((p) => p.key === part.key)) parts.push(part);
  }
  if (parts.length === 0) {
    const fallback = localReply(message, industry);
    return {
      reply: fallback.reply,
      topics: [fallback.topic],
      topic: fallback.topic,
      intent: fallback.intent,
      ...(fallback.industry ? { industry: fallback.industry } : {}),
      sources: [],
      fromKnowledge: false,
      fellThrough: fallback.topic === "menu",
    };
  }
  // The quoted passages first (each answer shows where it comes from), then the others cited.
  const cited: Hit[] = [];
  const add = (h: Hit) => {
    if (cited.length < MAX_CITATIONS && !cited.some((c) => c.url === h.url && (c.kind !== "faq" || c.ref === h.ref))) cited.push(h);
  };
  for (const p of parts) if (p.quoted) add(p.quoted);
  for (const p of parts) for (const h of p.cite) add(h);
  const first = parts[0]!;
  return {
    reply: parts.map((p) => p.text).join("\n\n"),
    topics: parts.map((p) => p.key),
    topic: first.topic,
    intent: first.intent,
    sources: cited.map(source),
    fromKnowledge: parts.some((p) => p.quoted),
    fellThrough: false,
  };
}
