/**
 * The check a language model's reply must pass before a visitor sees it (issue 43, decision 0046): every figure
 * (a number, with its unit or currency), every claim word (a trial, a tax, an invoice, a partner, a guarantee, a
 * discount, a certification, a plan's name) and every name written with a capital letter inside a sentence must be
 * found in what the model was given: the site's facts, the sources, the contact details and the local answer. A
 * reply with anything else is dropped for the local answer: a model cannot add a "7-day free trial", "GST invoice at
 * 18%" or "official Meta partner" the site never states.
 */

import { plainDevanagari } from "./text";

/** Words that make a promise or a claim about the business: each must be in the grounding when the reply uses it. */
const CLAIM_WORDS = [
  "trial",
  "gst",
  "vat",
  "tax",
  "invoice",
  "invoices",
  "partner",
  "partners",
  "partnership",
  "official",
  "certified",
  "certification",
  "accredited",
  "guarantee",
  "guaranteed",
  "warranty",
  "money-back",
  "discount",
  "discounts",
  "coupon",
  "cashback",
  "lifetime",
  "refund",
  "refunds",
  "refundable",
  "cancel anytime",
  "unlimited",
  "award",
  "award-winning",
  "iso",
  "hipaa",
  "gdpr",
  "soc",
  "verified",
  "starter",
  "basic",
  "premium",
  "business plan",
  "growth plan",
  "free",
  "professional",
  "enterprise",
  "emi",
  "upi",
  "app",
  "android",
  "ios",
  "iphone",
  "instagram",
  "telegram",
  "office",
  "offices",
  "branch",
  // Plans and authority the site never names (issue 43: every plan, partner or guarantee must be the site's).
  "pro",
  "gold",
  "silver",
  "platinum",
  "authorised",
  "authorized",
  "approved",
  "endorsed",
  "licensed",
  "compliant",
  "insured",
  "promise",
  "no questions asked",
  "risk-free",
  "facebook",
  "messenger",
  "sms",
  // The same claims in Hindi (trial, guarantee, discount, partner, GST, refund, official, certified).
  "\u091f\u094d\u0930\u093e\u092f\u0932",
  "\u0917\u093e\u0930\u0902\u091f\u0940",
  "\u091b\u0942\u091f",
  "\u0921\u093f\u0938\u094d\u0915\u093e\u0909\u0902\u091f",
  "\u092a\u093e\u0930\u094d\u091f\u0928\u0930",
  "\u091c\u0940\u090f\u0938\u091f\u0940",
  "\u0930\u093f\u092b\u0902\u0921",
  "\u0906\u0927\u093f\u0915\u093e\u0930\u093f\u0915",
  "\u092a\u094d\u0930\u092e\u093e\u0923\u093f\u0924",
];

/** Numbers written as words, read as figures ("a seven-day trial" is a 7 day figure). */
const NUMBER_WORDS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
  fourteen: 14, fifteen: 15, twenty: 20, thirty: 30, forty: 40, fifty: 50, sixty: 60, ninety: 90, hundred: 100,
};
const NUMBER_WORD = new RegExp(`(?<![\\p{L}])(${Object.keys(NUMBER_WORDS).join("|")})(?=[\\s-]?(?:%|percent|per cent|hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?|months?|years?|yrs?|gb|times)(?![\\p{L}]))`, "giu");

// Compiled once (decision 0046: no pattern is built per question).
const CLAIM_PATTERNS = CLAIM_WORDS.map((w) => ({ word: w, pattern: new RegExp(`(?<![\\p{L}\\p{N}])${w.replace(/[-\s]/g, "[-\\s]?")}(?![\\p{L}\\p{N}])`, "iu") }));

const DEVANAGARI_DIGITS = /[\u0966-\u096F]/g;
const UNIT_WORDS: Array<[RegExp, string]> = [
  [/^(?:%|percent|per cent|\u092a\u094d\u0930\u0924\u093f\u0936\u0924)$/u, "%"],
  [/^(?:hours?|hrs?|h|\u0918\u0902\u091f\u0947|\u0918\u0902\u091f\u093e|\u0918\u0902\u091f\u094b\u0902)$/u, "hour"],
  [/^(?:minutes?|mins?|\u092e\u093f\u0928\u091f)$/u, "minute"],
  [/^(?:seconds?|secs?|\u0938\u0947\u0915\u0902\u0921)$/u, "second"],
  [/^(?:days?|\u0926\u093f\u0928|\u0926\u093f\u0928\u094b\u0902)$/u, "day"],
  [/^(?:weeks?|\u0939\u092b\u093c\u094d\u0924\u0947|\u0939\u092b\u094d\u0924\u0947)$/u, "week"],
  [/^(?:months?|\u092e\u0939\u0940\u0928\u0947|\u092e\u0939\u0940\u0928\u093e)$/u, "month"],
  [/^(?:years?|yrs?|\u0938\u093e\u0932)$/u, "year"],
  [/^(?:gb|\u091c\u0940\u092c\u0940)$/u, "gb"],
  [/^(?:lakh|lakhs|\u0932\u093e\u0916)$/u, "lakh"],
  [/^(?:crore|crores|cr)$/u, "crore"],
  [/^(?:x|times)$/u, "x"],
];
/** A figure: an optional currency, a number, an optional unit right after it ("7-day", "18 %", "₹1", "$29"). */
const FIGURE =
  /([$\u20b9]|rs\.?\s?|inr\s?)?(\d+(?:[.,]\d+)*)(?:\s?-?\s?(%|percent|per cent|hours?|hrs?|minutes?|mins?|seconds?|secs?|days?|weeks?|months?|years?|yrs?|gb|lakhs?|crores?|cr|x|times|\u20b9|[\u0900-\u097F]+))?/giu;
const LINK = /\((?:https?:\/\/|\/)[^)\s]*\)|https?:\/\/\S+|\S+@\S+\.\S+/giu;
const CITATION = /\[\d{1,3}\]/g;
/** A capitalised word not at a sentence's start: a name (a partner, a tool, a place) to be found in the grounding. */
const NAME = /(?<=[\p{L}\p{N},;:)]\s+)\p{Lu}[\p{L}\p{N}&.-]*/gu;

export type Figure = { number: string; unit: string; currency: boolean };

function unitOf(raw: string | undefined): string {
  if (!raw) return "";
  const u = raw.toLowerCase();
  if (u === "\u20b9") return "";
  return UNIT_WORDS.find(([p]) => p.test(u))?.[1] ?? "";
}

function clean(text: string): string {
  return text
    .replace(DEVANAGARI_DIGITS, (d) => String(d.charCodeAt(0) - 0x966))
    // Devanagari with or without its nukta reads the same (a claim word is matched either way).
    .replace(/[\u0900-\u097f]+/gu, plainDevanagari)
    .replace(LINK, " ")
    .replace(CITATION, " ")
    .replace(NUMBER_WORD, (w) => String(NUMBER_WORDS[w.toLowerCase()]));
}

/** The figures a text states, normalised ("7-day" and "7 days" are both 7 day; "1,000" is 1000). */
export function figuresOf(text: string): Figure[] {
  const out: Figure[] = [];
  for (const m of clean(text).matchAll(FIGURE)) {
    const number = m[2]!.replace(/,/g, "").replace(/\.0+$/, "");
    out.push({ number, unit: unitOf(m[3]), currency: Boolean(m[1]) || m[3] === "\u20b9" });
  }
  return out;
}

/** What a model's reply may draw on: the texts it was given, read once per reply. */
export type Grounding = { text: string; figures: Set<string>; numbers: Set<string> };

export function groundingOf(texts: readonly string[]): Grounding {
  const text = clean(texts.join("\n")).toLowerCase();
  const figures = figuresOf(text);
  return { text, figures: new Set(figures.map((f) => `${f.number} ${f.unit}`)), numbers: new Set(figures.map((f) => f.number)) };
}

/**
 * What a reply states that the grounding does not: figures (with their unit when they have one), claim words and
 * names. Empty when every claim is the site's own.
 */
export function unsupportedClaims(reply: string, grounding: Grounding, contact: readonly string[] = []): string[] {
  let text = reply;
  // The site's contact details (a phone number, the WhatsApp number) are given to the model: not figures to check.
  for (const c of contact) if (c) text = text.split(c).join(" ");
  const found: string[] = [];
  for (const f of figuresOf(text)) {
    const ok = f.unit ? grounding.figures.has(`${f.number} ${f.unit}`) : grounding.numbers.has(f.number);
    if (!ok) found.push(`${f.currency ? "currency " : ""}${f.number}${f.unit ? ` ${f.unit}` : ""}`);
  }
  const plain = clean(text);
  for (const { word, pattern } of CLAIM_PATTERNS) {
    if (pattern.test(plain) && !pattern.test(grounding.text)) found.push(word);
  }
  for (const m of plain.matchAll(NAME)) {
    const name = m[0].replace(/[.-]+$/, "");
    if (name.length > 1 && !grounding.text.includes(name.toLowerCase())) found.push(name);
  }
  return [...new Set(found)];
}
