/**
 * The local help assistant: answers from the site's own facts by keyword
 * rules, without any outside call. It is the default engine and the fallback
 * of the language-model engine.
 */
import {
  CHAT_DEFAULT_INTENT,
  CHAT_GREETING_REPLY,
  CHAT_INDUSTRY_REPLIES,
  CHAT_MENU,
  CHAT_REPLIES,
  CHAT_RULES,
  type ChatTopicId,
  GREETING_WORDS,
  INDUSTRY_WORDS,
} from "../../../shared/content/chat";
import { INDUSTRIES, type Industry } from "../../../shared/content/site";

export type LocalTopic = ChatTopicId | "industry" | "greeting" | "menu";

export type LocalReply = { reply: string; topic: LocalTopic; intent: string; industry?: Industry };

export type IntentAnalysis = {
  intent: string;
  entities: string[];
  sentiment: "positive" | "neutral" | "negative";
  urgency: "low" | "medium" | "high";
};

// Letters and digits of any script count as word characters, so "said" is one
// word and never contains the word "ai".
const NOT_BEFORE = "(?<![\\p{L}\\p{N}])";
const NOT_AFTER = "(?![\\p{L}\\p{N}])";

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * A keyword as a case-insensitive pattern: "automat*" matches words that
 * start with "automat"; any other keyword matches only as a whole word (or
 * phrase, with any run of spaces between its words).
 */
export function keywordPattern(keyword: string): RegExp {
  const stem = keyword.endsWith("*");
  const body = (stem ? keyword.slice(0, -1) : keyword).split(/\s+/).map(escapeRegExp).join("\\s+");
  return new RegExp(`${NOT_BEFORE}${body}${stem ? "" : NOT_AFTER}`, "iu");
}

/**
 * Any of the keywords, as one pattern (the same matches as testing each keywordPattern in turn): one Unicode-aware
 * test per list rather than one per keyword, the local engine's main cost (issue 43).
 */
export function keywordsPattern(keywords: readonly string[], flags = "iu"): RegExp {
  const alternatives = keywords.map((keyword) => {
    const stem = keyword.endsWith("*");
    const body = (stem ? keyword.slice(0, -1) : keyword).split(/\s+/).map(escapeRegExp).join("\\s+");
    return stem ? body : `${body}${NOT_AFTER}`;
  });
  return new RegExp(`${NOT_BEFORE}(?:${alternatives.join("|")})`, flags);
}

const RULES = CHAT_RULES.map((rule) => ({ ...rule, patterns: [keywordsPattern(rule.keywords)] }));
const GREETINGS = [keywordsPattern(GREETING_WORDS)];
const INDUSTRY_PATTERNS = INDUSTRIES.map((industry) => ({
  industry,
  patterns: [keywordsPattern([industry, ...INDUSTRY_WORDS[industry]])],
}));

/** The first keyword rule, in the spec's order, that the message matches. */
export function matchRule(message: string): (typeof CHAT_RULES)[number] | undefined {
  return RULES.find((rule) => rule.patterns.some((p) => p.test(message)));
}

export function isGreeting(message: string): boolean {
  return GREETINGS.some((p) => p.test(message));
}

/** The industries a message names, in the site's order. */
export function mentionedIndustries(message: string): Industry[] {
  return INDUSTRY_PATTERNS.filter(({ patterns }) => patterns.some((p) => p.test(message))).map((i) => i.industry);
}

/**
 * The local reply: the keyword rules in the spec's order; then, when none
 * matched, the industry the message names (more specific than a greeting),
 * a greeting's welcome, the visitor's own industry, and finally the welcome menu.
 */
export function localReply(message: string, industry?: Industry): LocalReply {
  const rule = matchRule(message);
  if (rule) return { reply: CHAT_REPLIES[rule.id], topic: rule.id, intent: rule.intent };
  const named = mentionedIndustries(message)[0];
  if (named) return { reply: CHAT_INDUSTRY_REPLIES[named], topic: "industry", intent: "industry_inquiry", industry: named };
  if (isGreeting(message)) return { reply: CHAT_GREETING_REPLY, topic: "greeting", intent: "greeting" };
  if (industry) return { reply: CHAT_INDUSTRY_REPLIES[industry], topic: "industry", intent: "industry_inquiry", industry };
  return { reply: CHAT_MENU, topic: "menu", intent: CHAT_DEFAULT_INTENT.intent };
}

const POSITIVE = [keywordsPattern(["great", "love*", "thank*", "awesome", "excellent", "amazing", "perfect", "happy", "interested", "nice"])];
const NEGATIVE_WORDS = [
  "bad",
  "problem*",
  "issue*",
  "angry",
  "disappoint*",
  "frustrat*",
  "terrible",
  "broken",
  "not working",
  "hate",
  "worst",
  "complain*",
  "refund*",
];
const NEGATIVE = [keywordsPattern(NEGATIVE_WORDS)];
const URGENT = [keywordsPattern(["urgent*", "asap", "immediately", "right now", "emergency", "today"])];
const NOT_URGENT = [keywordsPattern(["no rush", "just curious", "someday", "eventually", "later"])];
const PLAN_NAMES = ["Free", "Professional", "Enterprise", "WhatsApp"];
// Compiled once: a Unicode-aware pattern costs far more to build than to run.
const PLAN_PATTERNS = PLAN_NAMES.map((name) => ({ name, pattern: keywordPattern(name) }));

/** Intent analysis without a language model: the matched rule, named industries and plans, and word lists. */
export function localIntent(message: string, industry?: Industry): IntentAnalysis {
  const { intent } = localReply(message, industry);
  const entities = [
    ...mentionedIndustries(message),
    ...PLAN_PATTERNS.filter(({ pattern }) => pattern.test(message)).map(({ name }) => name),
  ];
  const positive = POSITIVE.some((p) => p.test(message));
  const negative = NEGATIVE.some((p) => p.test(message));
  return {
    intent,
    entities,
    sentiment: negative ? "negative" : positive ? "positive" : "neutral",
    urgency: URGENT.some((p) => p.test(message)) ? "high" : NOT_URGENT.some((p) => p.test(message)) ? "low" : "medium",
  };
}
