/**
 * A message split into its questions: at question marks, line breaks and sentence ends, and at "and"/"aur"/commas
 * where what follows asks a question of its own.
 */

/** Questions looked at in one message (each costs one search). */
const MAX_QUESTIONS = 8;

/** A message's questions: split at question marks, line breaks and sentence ends. */
export function splitQuestions(message: string): string[] {
  return message
    .split(/[?\uFF1F\n]+|(?<=[.!;])\s+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s))
    .slice(0, MAX_QUESTIONS);
}

const QUESTION_START =
  "(?:how|what|whats|wat|where|wher|when|which|who|why|do|does|did|is|are|can|could|will|would|should|any|also|if|kya|kitna|kitne|kitni|kaise|kab|kaha|kahan|price|demo|refund|setup)";
const JOINED = new RegExp(`(?:,\\s*(?:and\\s+|aur\\s+|also\\s+)?|\\s+(?:and|aur|also|n|&)\\s+)(?=${QUESTION_START}\\b)`, "iu");

/** A question's parts joined by "and"/"aur"/commas, each a question of its own ("price kitna hai aur setup me kitne din"). */
export function splitJoined(question: string): string[] {
  return splitHindiJoined(question)
    .flatMap((part) => part.split(JOINED))
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
}

/** Hindi question words (kya, kaise, kitna/kitni/kitne, kab, kahan, kaun), in Devanagari. */
const HINDI_QUESTION_WORD = /(?:^|\s)(?:\u0915\u094d\u092f\u093e|\u0915\u0948\u0938\u0947|\u0915\u093f\u0924\u0928[\u093e\u0940\u0947]|\u0915\u092c|\u0915\u0939\u093e[\u0901\u0902]?|\u0915\u094c\u0928)(?=\s|$|[?,.!])/u;
/** "aur" (and) in Devanagari, between words. */
const HINDI_AND = /\s+\u0914\u0930\s+/u;

/** A Devanagari question joined by "aur" where both sides ask something ("kimat kya hai aur setup mein kitna samay?"). */
function splitHindiJoined(question: string): string[] {
  const parts = question.split(HINDI_AND);
  if (parts.length < 2 || !parts.every((p) => HINDI_QUESTION_WORD.test(p))) return [question];
  return parts;
}

/** Chat shorthand written out before a message is split ("n r there any setup fees": "and are there"). */
const SHORTHAND: Record<string, string> = { u: "you", r: "are", n: "and", ur: "your", hw: "how", wich: "which", whch: "which", wat: "what", wht: "what", abt: "about", bcoz: "because", coz: "because", pls: "please", plz: "please" };
const SHORTHAND_WORD = new RegExp(`(?<![\\p{L}\\p{N}'])(?:${Object.keys(SHORTHAND).join("|")})(?![\\p{L}\\p{N}'])`, "giu");

export function expandShorthand(text: string): string {
  return text.replace(SHORTHAND_WORD, (w) => SHORTHAND[w.toLowerCase()] ?? w);
}

/** How a question starts (or a request: "tell me", "show me", "I want to know"), in English or Hinglish. */
const ASKS = new RegExp(`^\\s*(?:${QUESTION_START}|tell|show|explain|send|share|give|list|help|please)\\b|\\b(?:want to know|wanted to know|like to know|need to know|information|details|kya|kitna|kitne|kitni|kaise|kab|kahan|kaun|kaunsa|konsa|batao|bataiye|chahiye)\\b`, "iu");

/** One question of a message, and whether it is only a statement ("I bought the plan 3 weeks ago.") that asks nothing. */
export type MessagePart = { text: string; statement: boolean };

/**
 * A message's parts: its questions, each as asked; a statement that asks nothing (no question mark, no question word,
 * no request) is marked, so that it is read as the context of the question after it, never answered (or handed over)
 * as a question of its own.
 */
export function messageParts(message: string): MessagePart[] {
  const expanded = expandShorthand(message);
  const sentences = expanded
    // At question marks, line ends, sentence ends, and a numbered list's items ("1) ... 2) ...").
    .split(/(?<=[?\uFF1F\n])|(?<=[.!;])\s+|\s*(?<![\p{L}\p{N}])\d{1,2}[).]\s+/u)
    .map((s) => s.trim())
    .filter((s) => /[\p{L}\p{N}]/u.test(s));
  const parts: MessagePart[] = [];
  for (const sentence of sentences) {
    const asked = /[?\uFF1F]\s*$/u.test(sentence);
    const pieces = splitJoined(sentence.replace(/[?\uFF1F\n]+\s*$/u, "").trim());
    for (const text of pieces) {
      const statement = !asked && !ASKS.test(text) && !HINDI_QUESTION_WORD.test(text);
      parts.push({ text, statement });
    }
  }
  return parts.slice(0, MAX_QUESTIONS);
}
