/**
 * Reading the visitor: a message that asks for a person or for the team's contact details, a follow-up that leans on
 * the previous turn, a greeting alone, and the words the site never uses (a tool, a place, an app it does not offer).
 */
import { GREETING_WORDS } from "../../../shared/content/chat";
import { keywordsPattern, matchRule } from "./engine";
import { siteUses, stemWeight, VOCABULARY } from "./knowledge";
import { contentStems, isStopword, normalizeQuestion, translateHindi, words } from "./text";
import { type Part } from "./passage-answer";

const HUMAN =
  /\b(?:humans?|insaan|insan|real person|a person|live person|representative|executive|(?<!estate\s)agent|call me|call back|callback|ring me|talk to (?:a |an |the |your |some )?(?:person|someone|somebody|team|staff|owner|manager)|speak (?:to|with) (?:a |an |the |your |some )?(?:person|someone|somebody|team|staff|owner|manager)|baat kar\w*|human talk|talk human)\b/iu;

/** A time the visitor asks about ("on Saturday", "at night", "when"). */
const WHEN = /\b(?:when|what time|which time|timings?|hours|kab|at night|weekends?|saturdays?|sundays?|mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|holidays?)\b/iu;

/**
 * The visitor asks for a person (any language the assistant reads). Asking *when* one can be reached ("can I talk to
 * someone on phone on Saturday?") is a question about the hours, answered by the contact card.
 */
export function asksForHuman(message: string): boolean {
  const text = translateHindi(message);
  return HUMAN.test(text) && !WHEN.test(text);
}

/** "Can I talk to someone on Saturday?": when a person is there. */
export function asksWhenPersonIsThere(question: string): boolean {
  const text = translateHindi(question);
  return HUMAN.test(text) && WHEN.test(text);
}

const CONTACT = /\b(?:phone|mobile|email|e-mail|mail id|contact (?:details|info|number)|helpline|customer care|number|whatsapp no|call you)\b/iu;
// "Can I keep my existing WhatsApp number?" asks about the visitor's number, not for ours.
const NOT_CONTACT = /\b(?:ban|banned|block|blocked|risk|spam|how many|numbers|my|existing|own|keep|same|port|migrate|app|apps|application|android|ios|iphone)\b/iu;

/** The question asks how to reach the team (phone, e-mail, WhatsApp number). */
export function asksForContact(question: string): boolean {
  const text = translateHindi(question);
  return CONTACT.test(text) && !NOT_CONTACT.test(text);
}

/** Words that lean on what came before ("is *that* monthly?", "*uska* price?"). */
const ANAPHOR = /\b(?:that|it|its|mine|this|those|them|these|one|1|same|what about|how about|and|n|aur|wo|woh|ye|yeh|uska|iska|uske|iske|unka)\b/iu;

export function isFollowUp(question: string): boolean {
  const list = words(translateHindi(question));
  // A message that opens with "and", "aur" or "also" goes on from the one before: a longer one still leans on it.
  const limit = CONTINUES.has(list[0] ?? "") ? 14 : 9;
  return list.length <= limit && ANAPHOR.test(translateHindi(question));
}

/** First words that carry a conversation on ("and the cheapest paid one, does it have …?"). */
const CONTINUES = new Set(["and", "n", "aur", "also", "plus", "but", "toh", "to", "so"]);

/** A question too short to stand alone ("can I visit?"): read with the previous one when alone it matches no rule. */
export function isShort(question: string): boolean {
  const list = words(translateHindi(question));
  // Words the assistant reads only: "zzz" is no follow-up.
  const read = list.every((w) => isStopword(w) || VOCABULARY.has(VOCABULARY.correct(w)));
  return list.length <= 3 && read && !matchRule(normalizeQuestion(translateHindi(question), VOCABULARY).text);
}

const GREETINGS = [...GREETING_WORDS, "namaste", "namaskar", "hii", "helo", "hlo", "good night", "thanks", "thank you", "ok", "okay"];
const GREETING_PATTERNS = [keywordsPattern(GREETINGS)];
// Compiled once: the same pattern, global, to cut the greetings out of a message.
const GREETING_CUTS = [keywordsPattern(GREETINGS, "giu")];

/** Only a greeting: the welcome, never for a real question. */
export function onlyGreeting(message: string): boolean {
  const text = translateHindi(message);
  if (!GREETING_PATTERNS.some((p) => p.test(text))) return false;
  let rest = text;
  for (const p of GREETING_CUTS) rest = rest.replace(p, " ");
  return contentStems(words(rest)).length === 0;
}

/** The question's own words (not stopwords, not words that only point back), as weighted stems. */
export function ownStems(question: string): string[] {
  return contentStems(normalizeQuestion(translateHindi(question), VOCABULARY).words).filter((s) => stemWeight(s) === 1);
}

/** A keyword rule's answer, or a quoted passage whose heading or other phrasings name the question's subject. */
export function namesSubject(part: Part): boolean {
  return !part.quoted || part.quoted.phrase >= 100;
}

/**
 * Apps and channels a visitor may ask about that the site never offers (its channels are WhatsApp and social media,
 * its place the web): a question about one is for a person, never answered by the nearest passage ("can it answer
 * Instagram DMs?" is not "what happens when the assistant does not know an answer").
 */
export const PLATFORMS = new Set(["instagram", "insta", "messenger", "facebook", "fb", "telegram", "signal", "wechat", "viber", "sms", "android", "ios", "iphone", "ipad", "playstore", "appstore", "dm", "dms", "imessage", "twitter", "linkedin", "tiktok", "snapchat"]);

/** Whether a passage may answer a question some of whose words the site never uses: not about a platform it lacks, nor mostly such words. */
export function mayAnswerAround(question: string, unknown: readonly string[]): boolean {
  if (unknown.some((w) => PLATFORMS.has(w))) return false;
  const unknownStems = new Set(contentStems(unknown));
  const known = ownStems(question).filter((st) => !unknownStems.has(st));
  return unknown.length <= known.length;
}

export const COMPETITOR_PRICE = /\bcompetitor\b.*\b(?:cheap\w*|price|pricing|sasta|mehenga|expensive|costly)\b|\b(?:cheap\w*|price|pricing|sasta|mehenga|expensive|costly)\b.*\bcompetitor\b/iu;

const SUPERLATIVE_WORD = /^\p{L}{2,}i?est$/u;

/** Times of the week a visitor names when they move a demo or ask about hours ("can I move it to Monday?"): never a subject the site lacks. */
const WEEK_WORDS = new Set(["monday", "tuesday", "wednesday", "thursday", "friday", "mon", "tue", "tues", "wed", "thu", "thurs", "fri", "weekday", "weekdays", "morning", "evening", "afternoon"]);

/**
 * What visitors ask in the site's own words that no page states: cancelling a plan (only a demo's cancelling is
 * described), a free trial of so many days (the demo is the way to try it), and calls by voice (the assistant writes
 * on WhatsApp; a video call is the demo). Such a question is for a person, never for the passage its words are nearest.
 */
const NEVER_STATED = [
  /\b(?:cancel\w*|terminate|unsubscribe|stop|band)\b(?:\s+\S+){0,2}?\s+(?:subscription|plan|plans|account|membership|professional|enterprise|billing)\b/u,
  /\b(?:subscription|plan|account|membership|professional|enterprise)\b(?:\s+\S+){0,3}?\s+(?:cancel\w*|terminate|band)\b/u,
  /\bfree\s+(?:for\s+)?\d+\s*(?:day|days|week|weeks|month|months)\b|\b\d+[\s-]*(?:day|days|week|weeks)\s+(?:free\s+)?trial\b|\btrial\s+(?:of|for)\s+\d+/u,
  /\btrial\s+(?:of|for|on)\s+(?:the\s+)?(?:professional|enterprise|pro|paid)\b|\b(?:professional|enterprise|pro|paid)\s+(?:plan\s+)?trial\b/u,
  /\bvoice\s+(?:call|calls|calling|bot|bots|agent|assistant)\b|\b(?:pick|picks|picking|pickup)\s+(?:up\s+)?(?:the\s+)?(?:phone|calls?)\b|\b(?:answer|answers|attend|attends|take|takes|handle|handles)\s+(?:phone\s+)?calls\b/u,
];

const PLAN_NAMES = new Set(["free", "professional", "pro", "enterprise"]);
const PLAN_DETAILS = new Set(["storage", "workflow", "workflows", "limit", "limits", "gb", "include", "includes", "difference", "compare", "vs", "versus", "features", "better"]);

/** What a plan's price is asked with ("the monthly for the paid one", "the cheaper paid one"). */
const PLAN_PRICE_WORDS = new Set(["monthly", "month", "price", "cost", "costs", "cheap", "cheaper", "cheapest", "fee", "fees", "charge", "charges"]);
/** "the paid one", "paid plan", "the paid version": a paid plan, named without its name (not "paid ads"). */
const PAID_PLAN = /\bpaid\s+(?:one|ones|plan|plans|version|tier|tiers|option|options|package|packages|subscription)\b/u;
/** What only the plans say of themselves: their storage and workflows. */
const PLAN_ONLY_DETAILS = new Set(["storage", "workflow", "workflows", "gb", "limit", "limits"]);

/**
 * "Free vs Professional, storage and workflows wise?", "whats the monthly for the paid one": the plans are asked about
 * (a paid plan named, or called "the paid one", with another or with what a plan holds or costs).
 */
export function asksAboutPlans(question: string): boolean {
  const list = words(translateHindi(question));
  const named = new Set(list.filter((w) => PLAN_NAMES.has(w)));
  if (PAID_PLAN.test(list.join(" "))) return named.size >= 1 || list.some((w) => PLAN_DETAILS.has(w) || PLAN_PRICE_WORDS.has(w));
  const paid = named.has("professional") || named.has("pro") || named.has("enterprise");
  return paid && (named.size >= 2 || list.some((w) => PLAN_DETAILS.has(w)));
}

/** "how many workflows?", "and storage?": what only the plans hold (asked after the plans, it is about them). */
export function asksPlanDetail(question: string): boolean {
  return words(translateHindi(question)).some((w) => PLAN_ONLY_DETAILS.has(w));
}

/** The question asks something the site never states though its words are the site's (cancelling a plan, a 14-day trial, voice calls). */
export function asksNeverStated(question: string): boolean {
  const text = words(translateHindi(question)).join(" ");
  return NEVER_STATED.some((p) => p.test(text));
}

/** The question's words no page, FAQ entry or kit of the site uses (a tool, a place, a payment method it never names). */
export function unknownWords(question: string): string[] {
  const { words: normalized } = normalizeQuestion(translateHindi(question), VOCABULARY);
  // A superlative picks among what is answered ("the lowest plan"), it names nothing the site lacks.
  return normalized.filter((w) => !isStopword(w) && w.length > 2 && !/\d/.test(w) && !SUPERLATIVE_WORD.test(w) && !WEEK_WORDS.has(w) && !VOCABULARY.has(w) && !siteUses(w));
}

/** "I paid the 1 rupee for the demo but can't attend, do I get it back?": the demo's money asked back. */
const DEMO_REFUND = /\bdemo\b.*\b(?:refund|refunded|back|wapas|vapas|return|returned)\b|\b(?:refund|refunded)\b.*\bdemo\b/u;

export function asksDemoRefund(text: string): boolean {
  return DEMO_REFUND.test(normalizeQuestion(translateHindi(text), VOCABULARY).text);
}
