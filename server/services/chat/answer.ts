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
import { CHAT_INDUSTRY_REPLIES_HI, INDUSTRY_NAMES_HI, PHONE_HOURS_HI } from "../../../shared/content/hi/chat";
import { FAQ } from "../../../shared/content/faq";
import { FAQ_HI } from "../../../shared/content/hi/faq";
import { type Locale, localePath } from "../../../shared/i18n";
import { CHAT_INDUSTRY_REPLIES, CHAT_REPLIES, CHAT_RULES, CHAT_SOURCE_LABELS, type ChatTopicId, GREETING_WORDS, INDUSTRY_WORDS } from "../../../shared/content/chat";
import { SUPPORT_CHANNELS } from "../../../shared/content/contact";
import { AVAILABLE_FOR } from "../../../shared/content/home";
import { INDUSTRIES, type Industry, PRODUCT, whatsappLink } from "../../../shared/content/site";
import { ASSISTANT_DOC } from "../../../shared/copy/assistant";
import { HOME_DOC } from "../../../shared/copy/home";
import type { DocValue } from "../../../shared/copy/fields";
import type { Deps } from "../../context";
import { readCopy } from "../content/copy";
import { siteSettings } from "../content/settings";
import { keywordsPattern, type LocalTopic, matchRule } from "./engine";
import { type Citation, citationOf, type Hit, hindiPassages, type Passage, searchKnowledge, siteUses, stemWeight, VOCABULARY } from "./knowledge";
import { type ChatLanguage, contentStems, detectLanguage, isStopword, normalizeQuestion, stemSet, translateHindi, words } from "./text";

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
  /** Nothing answered the question (it was handed to a person). */
  fellThrough: boolean;
  /** True when the reply hands the visitor to a person (asked for one, or no answer was good enough). */
  handover: boolean;
  /** The visitor's language as detected. */
  language: ChatLanguage;
  /**
   * The language of the answer (issue 33): Hindi for a question written in Devanagari, else the page's language (a
   * Hinglish or English question on /hi/ai-help is answered in Hindi, on /ai-help in English).
   */
  locale: Locale;
  /** Refs of passages quoted in English in a Hindi answer (a post, or a section with no Hindi). */
  untranslated: string[];
  /** The industry kit the answer is about (its index in the owner's kit list): what "it" means next. */
  kit?: number;
  /** The ways to a person for this message (WhatsApp prefilled with it, phone and hours, e-mail): a model's hand-over keeps them. */
  ways: string;
};

/** A message of the conversation so far (the page sends them along). */
export type AnswerTurn = { role: "user" | "assistant"; content: string };

export type AnswerOptions = {
  /** The conversation before this message, oldest first. */
  history?: readonly AnswerTurn[];
  /** The page the visitor is on (a same-site path), put in the WhatsApp message. */
  page?: string;
  /** The page's language (the chat request says it; default English). */
  locale?: Locale;
  /**
   * What the conversation's previous turn was about, from the server's own log of it (conversations.ts): its topics
   * and the kit it named. A follow-up ("ok what's inside it?", "and the cheapest paid one?") is answered about that.
   */
  previousTurn?: { question: string; topics: readonly string[]; kit?: number };
};

/** The language an answer is written in: Devanagari is answered in Hindi anywhere, anything else in the page's language. */
export function answerLocale(language: ChatLanguage, pageLocale: Locale = "en"): Locale {
  return language === "hi" ? "hi" : pageLocale;
}

type Part = { key: string; text: string; intent: string; topic: LocalTopic | "knowledge"; cite: Hit[]; quoted?: Hit };

const KEYWORD_PATTERNS = [keywordsPattern([
  ...CHAT_RULES.flatMap((r) => r.keywords),
  ...INDUSTRIES,
  ...Object.values(INDUSTRY_WORDS).flat(),
])];

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
  // With words no passage uses in the question, a passage answers only when its heading names the subject.
  const strong = hits.filter(
    (h) => h.coverage >= PASSAGE_THRESHOLD && h.matched.some((s) => stemWeight(s) === 1) && (h.unknown === 0 || h.phrase >= 100),
  );
  if (strong.length === 0) return [];
  const best = strong[0]!;
  return strong.filter((h) => h.coverage >= best.coverage - 0.15 && h.rank >= best.rank * 0.35);
}

type AnswerDeps = Pick<Deps, "db"> & Partial<Pick<Deps, "log" | "config">> & {
  /** One message's searches by their text: a question read again (with the previous one, without a word) is searched once. */
  searches?: Map<string, Promise<Hit[]>>;
};

/** The knowledge's hits; a failed search (e.g. two processes building the index at once) answers by the rules alone. */
function search(deps: AnswerDeps, question: string): Promise<Hit[]> {
  const held = deps.searches?.get(question);
  if (held) return held;
  const found = searchKnowledge(deps, question).catch((error: unknown) => {
    deps.log?.warn({ err: { message: (error as Error).message } }, "knowledge search failed; answering by the keyword rules");
    return [] as Hit[];
  });
  deps.searches?.set(question, found);
  return found;
}

async function answerQuestion(deps: AnswerDeps, question: string, say: Say): Promise<Part | undefined> {
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

// ---------------------------------------------------------------------------
// What the assistant says: the owner's copy (ASSISTANT_DOC) filled in with the site's settings

type AssistantCopy = DocValue<(typeof ASSISTANT_DOC)["sections"]>;

/** The contact facts, from the site's settings (always current); none when no configuration was given. */
type Contact = { whatsappNumber?: string; phone?: string; email?: string; hindiHandover?: "on" | "off" };

/** The phone's hours as the contact page states them (never invented). */
const PHONE_HOURS = SUPPORT_CHANNELS.find((c) => c.id === "phone")?.availability ?? "";

type Say = {
  /** The assistant's copy in the answer's language, and in English (what questions are read by). */
  copy: AssistantCopy;
  english: AssistantCopy;
  locale: Locale;
  contact: Contact;
  rule: (id: ChatTopicId) => string;
  contactReply: () => string;
  handover: (question: string, asked: boolean) => string;
  /** The hand-over's ways to a person without its opening line (added below a model's reply that hands over). */
  ways: (question: string) => string;
  whatsapp: (question: string) => string | undefined;
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);

/** A line of the copy whose placeholders all have a value, or none (a setting not given is left out, never invented). */
function line(template: string, values: Record<string, string | undefined>): string | undefined {
  const names = [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  if (names.some((n) => !values[n])) return undefined;
  return fill(template, values as Record<string, string>);
}

/**
 * Whether a Hindi-speaking person is there, as the owner's Settings say (issue 43): in a Hindi answer always, in an
 * English one when the visitor wrote Hindi or Hinglish; nothing for an English visitor on an English page.
 */
function hindiLine(copy: AssistantCopy, contact: Contact, locale: Locale, language: ChatLanguage): string | undefined {
  if (locale !== "hi" && language === "en") return undefined;
  return contact.hindiHandover === "on" ? copy.handover.hindiPerson : copy.handover.noHindiPerson;
}

function makeSay(copy: AssistantCopy, contact: Contact, page: string, locale: Locale = "en", english: AssistantCopy = copy, language: ChatLanguage = "en"): Say {
  const whatsapp = (question: string) => {
    if (!contact.whatsappNumber) return undefined;
    const asked = Array.from(question.replace(/\s+/g, " ").trim()).slice(0, 300).join("");
    // Brackets and stars escaped too, so the link survives the chat's [text](url) and **bold** marks.
    return whatsappLink(contact.whatsappNumber, fill(copy.handover.whatsappMessage, { question: asked, page })).replace(
      /[()*!']/g,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
    );
  };
  const values = (question: string) => ({
    whatsapp: whatsapp(question),
    phone: contact.phone,
    phoneHours: locale === "hi" ? PHONE_HOURS_HI : PHONE_HOURS,
    email: contact.email,
    question,
    page,
  });
  /** The ways to a person: the Hindi-speaking person's line (the owner's setting), WhatsApp prefilled, phone and hours, e-mail. */
  const ways = (question: string) => {
    const v = values(question);
    const h = copy.handover;
    return [hindiLine(copy, contact, locale, language), line(h.whatsapp, v), line(h.phone, v), line(h.email, v), h.contactPage].filter((l): l is string => Boolean(l));
  };
  return {
    copy,
    english,
    locale,
    contact,
    whatsapp,
    rule: (id) => (id === "support" ? contactReplyOf(copy, values("")) : copy.replies[id as keyof AssistantCopy["replies"]] ?? CHAT_REPLIES[id]),
    contactReply: () => contactReplyOf(copy, values("")),
    handover: (question, asked) => [asked ? copy.handover.humanAsked : copy.handover.notSure, ...ways(question)].join("\n"),
    ways: (question) => ways(question).join("\n"),
  };
}

function contactReplyOf(copy: AssistantCopy, values: Record<string, string | undefined>): string {
  // The contact reply drops a line whose setting is missing.
  return copy.contact
    .split("\n")
    .map((l) => line(l, values))
    .filter((l): l is string => l !== undefined)
    .join("\n");
}

async function assistantCopy(deps: AnswerDeps, locale: Locale = "en"): Promise<AssistantCopy> {
  try {
    return await readCopy(deps, ASSISTANT_DOC, locale);
  } catch {
    return ASSISTANT_DOC.defaults(locale);
  }
}

async function contactOf(deps: AnswerDeps): Promise<Contact> {
  if (!deps.config) return {};
  try {
    const s = await siteSettings({ db: deps.db, config: deps.config });
    return { whatsappNumber: s.whatsappNumber, phone: s.phone, email: s.email, hindiHandover: s.hindiHandover };
  } catch {
    const s = deps.config.settings;
    return { whatsappNumber: s.whatsappNumber, phone: s.phone, email: s.email, hindiHandover: s.hindiHandover };
  }
}

// ---------------------------------------------------------------------------
// Reading the visitor

const HUMAN =
  /\b(?:humans?|insaan|insan|real person|a person|live person|representative|executive|(?<!estate\s)agent|call me|call back|callback|ring me|talk to (?:a |an |the |your |some )?(?:person|someone|somebody|team|staff|owner|manager)|speak (?:to|with) (?:a |an |the |your |some )?(?:person|someone|somebody|team|staff|owner|manager)|baat kar\w*|human talk|talk human)\b/iu;

/** The visitor asks for a person (any language the assistant reads). */
export function asksForHuman(message: string): boolean {
  return HUMAN.test(translateHindi(message));
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
const ANAPHOR = /\b(?:that|it|this|those|them|these|one|1|same|what about|how about|and|n|aur|wo|woh|ye|yeh|uska|iska|uske|iske|unka)\b/iu;

function isFollowUp(question: string): boolean {
  const list = words(translateHindi(question));
  return list.length <= 9 && ANAPHOR.test(translateHindi(question));
}

/** A question too short to stand alone ("can I visit?"): read with the previous one when alone it matches no rule. */
function isShort(question: string): boolean {
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
function onlyGreeting(message: string): boolean {
  const text = translateHindi(message);
  if (!GREETING_PATTERNS.some((p) => p.test(text))) return false;
  let rest = text;
  for (const p of GREETING_CUTS) rest = rest.replace(p, " ");
  return contentStems(words(rest)).length === 0;
}

// ---------------------------------------------------------------------------
// Industries: the site's kits, and the industries without one

type KitMatch = { kind: "kit"; index: number; name: string; reply: string } | { kind: "none"; industry: Industry };

/** A kit's words as patterns, compiled once per wording (the owner's copy changes rarely; bounded all the same). */
const KIT_WORD_PATTERNS = new Map<string, RegExp[]>();

function wordPatterns(words: string): RegExp[] {
  let patterns = KIT_WORD_PATTERNS.get(words);
  if (!patterns) {
    if (KIT_WORD_PATTERNS.size >= 200) KIT_WORD_PATTERNS.clear();
    const list = words
      .split("\n")
      .map((w) => w.trim())
      .filter(Boolean);
    patterns = list.length ? [keywordsPattern(list)] : [];
    KIT_WORD_PATTERNS.set(words, patterns);
  }
  return patterns;
}

function kitPatterns(copy: AssistantCopy) {
  return copy.kits.map((k) => ({ kit: k, patterns: wordPatterns(k.words) }));
}

const NO_KIT_INDUSTRIES = INDUSTRIES.filter((i) => i !== "Real Estate" && i !== "Healthcare");
const NO_KIT_PATTERNS = NO_KIT_INDUSTRIES.map((industry) => ({ industry, patterns: [keywordsPattern(INDUSTRY_WORDS[industry])] }));

/**
 * The kit or kit-less industry a question names: by the English copy's words (a Devanagari question read through the
 * word map) or, in Hindi, the Hindi copy's own words; the kit's name and reply are the answer language's.
 */
function industryOf(question: string, copy: AssistantCopy, reply: AssistantCopy = copy): KitMatch | undefined {
  const text = translateHindi(question);
  let index = kitPatterns(copy).findIndex(({ patterns }) => patterns.some((p) => p.test(text)));
  if (index < 0 && reply !== copy) index = kitPatterns(reply).findIndex(({ patterns }) => patterns.some((p) => p.test(question)));
  if (index >= 0) {
    const kit = reply.kits[index] ?? copy.kits[index]!;
    return { kind: "kit", index, name: kit.name, reply: kit.reply };
  }
  const none = NO_KIT_PATTERNS.find(({ patterns }) => patterns.some((p) => p.test(text)));
  if (none) return { kind: "none", industry: none.industry };
  return undefined;
}

/** The sources of a kit's reply: the home page's "kits available for" as published, and the FAQ on industries. */
function kitSourcesOf(available: { heading: string; items: readonly string[] }, locale: Locale = "en"): KnowledgeSource[] {
  const industries = (locale === "hi" ? FAQ_HI : FAQ).find((f) => f.id === "industries")?.question ?? "Which industries do you work with?";
  return [
    {
      label: `${PRODUCT}: ${available.heading}`,
      url: localePath("/", locale),
      ref: "page:home-available",
      heading: available.heading,
      body: available.items.join(", "),
    },
    {
      label: `${CHAT_SOURCE_LABELS.faq}: ${industries}`,
      url: localePath("/#faq-industries", locale),
      ref: "faq:industries",
      heading: industries,
      body: "",
    },
  ];
}

/** The home page's "kits available for" as published (its defaults when the copy cannot be read). */
async function publishedAvailable(deps: AnswerDeps, locale: Locale = "en"): Promise<{ heading: string; items: readonly string[] }> {
  try {
    return (await readCopy(deps, HOME_DOC, locale)).availableFor;
  } catch {
    return locale === "en" ? AVAILABLE_FOR : HOME_DOC.defaults(locale).availableFor;
  }
}

function noKitReply(copy: AssistantCopy, industry: Industry, locale: Locale = "en"): string {
  const names = copy.kits.map((k) => k.name);
  const and = locale === "hi" ? "\u0914\u0930" : "and";
  const kits = names.length > 1 ? `${names.slice(0, -1).join(", ")} ${and} ${names.at(-1)}` : (names[0] ?? "");
  return fill(copy.handover.noKit, { industry: locale === "hi" ? INDUSTRY_NAMES_HI[industry] : industry.toLowerCase(), kits });
}

// ---------------------------------------------------------------------------
// Splitting a message into its questions

const QUESTION_START =
  "(?:how|what|whats|wat|where|wher|when|which|who|why|do|does|did|is|are|can|could|will|would|should|any|also|kya|kitna|kitne|kitni|kaise|kab|kaha|kahan|price|demo|refund|setup)";
const JOINED = new RegExp(`(?:,\\s*(?:and\\s+|aur\\s+|also\\s+)?|\\s+(?:and|aur|also|n|&)\\s+)(?=${QUESTION_START}\\b)`, "iu");

/** A question's parts joined by "and"/"aur"/commas, each a question of its own ("price kitna hai aur setup me kitne din"). */
function splitJoined(question: string): string[] {
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

// ---------------------------------------------------------------------------
// The answer

type Answered = { part?: Part; extra?: Part; handover?: "asked" | "unknown"; kitSources?: boolean; kit?: number };

type PreviousTurn = NonNullable<AnswerOptions["previousTurn"]>;

const RULE_IDS = new Set<string>(CHAT_RULES.map((r) => r.id));
/** "aur?", "and?", "what else?", "more?": the visitor asks for more on the same subject. */
const ONLY_MORE = /^\s*(?:and|n|aur|or|also|more|what else|anything else|tell me more|aur kya|aur batao|phir)\s*[?.!]*\s*$/iu;

const SUPERLATIVE = /^\p{L}{2,}i?est$/u;

/** What "it" means after a kit's answer, as the site's pages name it. */
const KIT_REFERENT = "industry kit";
/** Words that point back at the previous answer's subject. */
const POINTERS = /\b(?:it|that|this|them|those|these|one|uska|iska|uske|iske|usme|isme|usmein|ismein|wo|woh|ye|yeh)\b/giu;

const POINTER = new RegExp(POINTERS.source, "iu");

/** A question with what it points back at written out ("what's in it?" -> "what's in industry kit?"). */
function withReferent(question: string, referent: string): string {
  return POINTER.test(question) ? question.replace(POINTERS, referent) : `${question} ${referent}`;
}

/** The question's own words (not stopwords, not words that only point back), as weighted stems. */
function ownStems(question: string): string[] {
  return contentStems(normalizeQuestion(translateHindi(question), VOCABULARY).words).filter((s) => stemWeight(s) === 1);
}

/**
 * A follow-up answered about what the previous turn was about (the server's record of it): the kit it named ("ok
 * what's inside it?" → that kit), or the subject its answer came from, when the question's own words are found in
 * that subject's answer at least as much as in what the question alone would get ("and does the cheapest paid one
 * include unlimited workflows?" after the prices: the prices, not the workflow blurb).
 */
async function referentAnswer(deps: AnswerDeps, question: string, alone: Part | undefined, turn: PreviousTurn | undefined, say: Say): Promise<Answered | undefined> {
  if (!turn || ONLY_MORE.test(question) || !(isFollowUp(question) || isShort(question))) return undefined;
  // "Is that guaranteed?": what the site never says is handed over, not answered by the previous subject again (a
  // superlative picks among what was answered: "the cheapest one").
  if (unknownWords(question).some((w) => !SUPERLATIVE.test(w))) return undefined;
  if (turn.kit !== undefined) {
    const kit = say.copy.kits[turn.kit];
    // A rule on another subject keeps its answer ("how much does it cost?" → the prices).
    if (kit && (!alone || alone.topic === "knowledge" || alone.topic === "templates")) {
      // The question about the kit ("what's inside it?", "how fast can it be ready?"): read with the kit in place of
      // "it"; the kit's own reply when that finds nothing more.
      // The kit's own reply first (the visitor hears about *their* kit), and what the site says on the question when
      // the kit's reply does not already hold the question's words.
      const own: Part = { key: `kit:${kit.name}`, text: kit.reply, intent: "industry_inquiry", topic: "industry", cite: [] };
      const about = await answerQuestion(deps, withReferent(translateHindi(question), KIT_REFERENT), say);
      const kitStems = stemSet(say.english.kits[turn.kit]?.reply ?? kit.reply);
      const asked = ownStems(question.replace(POINTERS, " "));
      const more = about && (about.quoted || about.topic === "templates" || about.topic === "getting_started") && asked.some((st) => !kitStems.has(st));
      return { part: own, ...(more ? { extra: about } : {}), kitSources: true, kit: turn.kit };
    }
    return undefined;
  }
  const ruleId = turn.topics.find((t) => RULE_IDS.has(t)) as ChatTopicId | undefined;
  if (!ruleId || alone?.key === ruleId) return undefined;
  const own = ownStems(question);
  const inPrevious = own.filter((s) => REPLY_STEMS[ruleId].has(s)).length;
  // What the question alone would get, in English (a Hindi reply's words are not the question's stems).
  const aloneStems = alone ? (RULE_IDS.has(alone.key) ? REPLY_STEMS[alone.key as ChatTopicId] : stemSet(alone.quoted ? `${alone.quoted.heading}\n${alone.quoted.body}` : alone.text)) : undefined;
  const inAlone = aloneStems ? own.filter((s) => aloneStems.has(s)).length : 0;
  // A tie goes to the previous subject when the question points back at it ("the cheapest paid *one*"), else to the
  // subject the question names itself (a keyword rule: "and the setup time?" after the prices).
  const pointsBack = POINTER.test(translateHindi(question));
  if (alone && (inPrevious === 0 || inPrevious < inAlone || (inPrevious === inAlone && !pointsBack && RULE_IDS.has(alone.key)))) return undefined;
  const rule = CHAT_RULES.find((r) => r.id === ruleId)!;
  return { part: { key: rule.id, text: say.rule(rule.id), intent: rule.intent, topic: rule.id, cite: [] } };
}

async function answerOne(deps: AnswerDeps, question: string, previous: string | undefined, say: Say, used: readonly string[], turn?: PreviousTurn): Promise<Answered> {
  if (asksForContact(question)) {
    const rule = CHAT_RULES.find((r) => r.id === "support")!;
    return { part: { key: "contact", text: say.contactReply(), intent: rule.intent, topic: "support", cite: [] } };
  }
  const industry = industryOf(question, say.english, say.copy);
  const alone = await answerQuestion(deps, translateHindi(question), say);
  if (!industry) {
    const referred = await referentAnswer(deps, question, alone, turn, say);
    if (referred) return referred;
  }
  // A question that leans on the previous one is read with it ("is that monthly or yearly?" after the prices).
  if (previous && !industry && unknownWords(question).length === 0 && (isFollowUp(question) || (!alone && isShort(question))) && (await answerQuestion(deps, translateHindi(previous), say))) {
    const withPrevious = await answerQuestion(deps, `${translateHindi(previous)} ${translateHindi(question)}`, say);
    // Read with the previous question, it must say something new (else it only repeats the previous answer).
    if (withPrevious && !used.includes(withPrevious.key)) return { part: withPrevious };
  }
  if (industry) {
    // A kit's reply answers "do you work with clinics?"; a rule on another subject ("price for my clinic?") keeps its answer.
    // A rule on another subject ("price for my clinic?") or a post on the very question keeps its answer; a page's
    // passage gives way to the kit's reply.
    // An answer in Hindi prefers the kit's Hindi reply to a post (posts are quoted in the language they are written in).
    const subject = alone && (alone.quoted ? alone.quoted.kind === "post" && say.locale === "en" : alone.topic !== "templates" && alone.topic !== "support");
    if (industry.kind === "none") {
      const part: Part = { key: `no-kit:${industry.industry}`, text: noKitReply(say.copy, industry.industry, say.locale), intent: "industry_inquiry", topic: "industry", cite: [] };
      return { part, handover: "unknown", kitSources: true };
    }
    if (!subject) {
      return { part: { key: `kit:${industry.name}`, text: industry.reply, intent: "industry_inquiry", topic: "industry", cite: [] }, kitSources: true, kit: industry.index };
    }
  }
  // A question naming a competitor's price ("are you cheaper than AiSensy?"): the site states no other tool's prices.
  if (COMPETITOR_PRICE.test(normalizeQuestion(translateHindi(question), VOCABULARY).text)) return { ...(alone ? { part: alone } : {}), handover: "unknown" };
  if (!alone) {
    // "Do you have an office in Mumbai?": what the site says without the words it never uses (the office is in Pune),
    // and the rest to a person.
    const unknown = unknownWords(question);
    if (unknown.length > 0) {
      const known = normalizeQuestion(translateHindi(question), VOCABULARY).words.filter((w) => !unknown.includes(w)).join(" ");
      const partial = known.trim() ? await answerQuestion(deps, known, say) : undefined;
      // Only a passage whose heading names what is left ("office" -> "Where are you based?"), never one that merely
      // holds a word of it ("an iphone app" -> the refund terms' "application").
      if (partial && namesSubject(partial) && mayAnswerAround(question, unknown)) return { part: partial, handover: "unknown" };
      return { handover: "unknown" };
    }
  }
  if (alone) {
    // "Do you integrate with Tally?", "an android app?": the answer holds, and what the site never names (a word no
    // page uses, not in the passage quoted) goes to a person. A passage that only shares the question's other words
    // ("an annual discount" -> "every day of the year") is not its answer: that part goes to a person alone.
    const unknown = unknownWords(question);
    const doubt = unknown.length > 0 && (!alone.quoted || !unknown.every((w) => alone.text.toLowerCase().includes(w)));
    // (Words the quoted passage itself holds are known to it: a post's own subject.)
    const missing = unknown.filter((w) => !alone.text.toLowerCase().includes(w));
    if (doubt && alone.quoted && (!namesSubject(alone) || !mayAnswerAround(question, missing))) return { handover: "unknown" };
    return doubt ? { part: alone, handover: "unknown" } : { part: alone };
  }
  return {};
}

/** A keyword rule's answer, or a quoted passage whose heading or other phrasings name the question's subject. */
function namesSubject(part: Part): boolean {
  return !part.quoted || part.quoted.phrase >= 100;
}

/**
 * Apps and channels a visitor may ask about that the site never offers (its channels are WhatsApp and social media,
 * its place the web): a question about one is for a person, never answered by the nearest passage ("can it answer
 * Instagram DMs?" is not "what happens when the assistant does not know an answer").
 */
const PLATFORMS = new Set(["instagram", "insta", "messenger", "facebook", "fb", "telegram", "signal", "wechat", "viber", "sms", "android", "ios", "iphone", "ipad", "playstore", "appstore", "dm", "dms", "imessage", "twitter", "linkedin", "tiktok", "snapchat"]);

/** Whether a passage may answer a question some of whose words the site never uses: not about a platform it lacks, nor mostly such words. */
function mayAnswerAround(question: string, unknown: readonly string[]): boolean {
  if (unknown.some((w) => PLATFORMS.has(w))) return false;
  const unknownStems = new Set(contentStems(unknown));
  const known = ownStems(question).filter((st) => !unknownStems.has(st));
  return unknown.length <= known.length;
}

const COMPETITOR_PRICE = /\bcompetitor\b.*\b(?:cheap\w*|price|pricing|sasta|mehenga|expensive|costly)\b|\b(?:cheap\w*|price|pricing|sasta|mehenga|expensive|costly)\b.*\bcompetitor\b/iu;

/** The question's words no page, FAQ entry or kit of the site uses (a tool, a place, a payment method it never names). */
function unknownWords(question: string): string[] {
  const { words: normalized } = normalizeQuestion(translateHindi(question), VOCABULARY);
  return normalized.filter((w) => !isStopword(w) && w.length > 2 && !/\d/.test(w) && !VOCABULARY.has(w) && !siteUses(w));
}

/**
 * The local answer to a message (already cut to the limit), with the passages it cites: each of its questions
 * answered in order from the site's facts, a question that leans on the previous turn read with it, and a person
 * offered (WhatsApp prefilled with the question, phone with its hours, e-mail, contact page) whenever the visitor
 * asks for one or no answer is good enough. The welcome is for greetings and empty messages only.
 */
export async function answerLocally(given: AnswerDeps, message: string, industry?: Industry, options: AnswerOptions = {}): Promise<LocalAnswer> {
  const deps: AnswerDeps = { ...given, searches: new Map() };
  const language = detectLanguage(message);
  const locale = answerLocale(language, options.locale);
  const [english, localCopy, contact, hindi] = await Promise.all([
    assistantCopy(deps),
    locale === "en" ? undefined : assistantCopy(deps, locale),
    contactOf(deps),
    locale === "en" ? new Map<string, Passage>() : hindiPassages(deps).catch(() => new Map<string, Passage>()),
  ]);
  const copy = localCopy ?? english;
  const page = options.page && /^\/[^\s]{0,200}$/.test(options.page) ? options.page : localePath("/ai-help", locale);
  const say = makeSay(copy, contact, page, locale, english, language);
  const base = { language, locale, fromKnowledge: false, untranslated: [] as string[], ways: say.ways(message) } as const;
  // An answer to a Hinglish (or Hindi, on an English page) question offers Hindi only when the owner's Settings say a
  // Hindi-speaking person is there; a hand-over says so (or that nobody is) in its own line instead.
  const hindiNote = (handedOver: boolean) => {
    if (language === "en" || locale === "hi" || handedOver || contact.hindiHandover !== "on") return "";
    const link = say.whatsapp(message);
    return `\n\n${copy.handover.hindiNote}${link ? ` [WhatsApp](${link})` : ""}`;
  };

  // A person asked for: the hand-over, after the answers to the message's other questions ("what languages? also can
  // I talk to a human": both).
  const askedHuman = asksForHuman(message);
  const questions = splitQuestions(message)
    .flatMap(splitJoined)
    .filter((q) => !askedHuman || (!asksForHuman(q) && !onlyGreeting(q) && contentStems(normalizeQuestion(translateHindi(q), VOCABULARY).words).length > 0));
  if (askedHuman && questions.length === 0) {
    return {
      ...base,
      reply: say.handover(message, true),
      topics: ["handover"],
      topic: "support",
      intent: "human_handover",
      sources: [],
      fellThrough: false,
      handover: true,
    };
  }
  if (message.trim() === "" || onlyGreeting(message)) {
    return { ...base, reply: copy.greeting, topics: ["greeting"], topic: "greeting", intent: "greeting", sources: [], fellThrough: false, handover: false };
  }

  const parts: Part[] = [];
  const unanswered: string[] = [];
  let handover = false;
  let kitSources = false;
  let kit: number | undefined;
  const lastUser = [...(options.history ?? [])].reverse().find((m) => m.role === "user")?.content;
  const lastCut = lastUser ? cutText(lastUser) : undefined;
  let previous = lastCut;
  for (const question of questions) {
    if (parts.length >= MAX_ANSWERS) break;
    // The previous turn's subject is what the message's first question may refer to; later ones lean on the question before.
    const turn = parts.length === 0 && previous === lastCut ? options.previousTurn : undefined;
    const answered = await answerOne(deps, question, previous, say, parts.map((p) => p.key), turn);
    if (answered.kitSources) kitSources = true;
    if (answered.kit !== undefined && kit === undefined) kit = answered.kit;
    if (answered.handover) handover = true;
    const part = answered.part;
    if (part && !parts.some((p) => p.key === part.key)) parts.push(part);
    const extra = answered.extra;
    if (extra && !parts.some((p) => p.key === extra.key)) parts.push(extra);
    // The part a person must answer is what their WhatsApp message is prefilled with.
    if ((!part || answered.handover === "unknown") && contentStems(normalizeQuestion(translateHindi(question), VOCABULARY).words).length > 0) unanswered.push(question);
    previous = question;
  }

  if (parts.length === 0 && askedHuman) {
    return { ...base, reply: say.handover(message, true), topics: ["handover"], topic: "support", intent: "human_handover", sources: [], fellThrough: false, handover: true };
  }
  if (parts.length === 0) {
    // The visitor's own industry (from the page's selector) still tells them what the site says about it.
    const own = industry ? (locale === "hi" ? CHAT_INDUSTRY_REPLIES_HI : CHAT_INDUSTRY_REPLIES)[industry] : undefined;
    const reply = [own, say.handover(message, false)].filter(Boolean).join("\n\n");
    return {
      ...base,
      reply: reply + hindiNote(true),
      topics: ["handover"],
      topic: "support",
      intent: "handover",
      ...(industry ? { industry } : {}),
      sources: [],
      fellThrough: true,
      handover: true,
    };
  }
  // The quoted passages first (each answer shows where it comes from), then the others cited.
  const cited: Hit[] = [];
  const add = (h: Hit) => {
    if (cited.length < MAX_CITATIONS && !cited.some((c) => c.url === h.url && (c.kind !== "faq" || c.ref === h.ref))) cited.push(h);
  };
  for (const p of parts) if (p.quoted) add(p.quoted);
  for (const p of parts) for (const h of p.cite) add(h);
  const sources = locale === "en" ? cited.map(source) : cited.map((h) => localizedSource(h, locale, hindi));
  if (kitSources) for (const s of kitSourcesOf(await publishedAvailable(deps, locale), locale)) if (sources.length < MAX_CITATIONS + 1 && !sources.some((x) => x.ref === s.ref)) sources.push(s);
  // A quoted passage in the answer's language: in Hindi, the Hindi passage of the same reference (a post stays English).
  const untranslated: string[] = [];
  const texts = parts.map((p) => {
    if (!p.quoted || locale === "en") return p.text;
    const shown = localizedHit(p.quoted, locale, hindi);
    if (!shown.translated) untranslated.push(p.quoted.ref);
    return excerpt(shown.hit);
  });
  if (askedHuman) {
    handover = true;
    texts.push(say.handover(message, true));
  } else if (handover || unanswered.length > 0) {
    handover = true;
    // The parts a person must answer, as asked (the whole message when none of it was answered).
    const asked = unanswered.length === 0 || unanswered.length === questions.length ? message : unanswered.join("; ");
    texts.push(say.handover(asked, false));
  }
  const first = parts[0]!;
  return {
    ...base,
    reply: texts.join("\n\n") + hindiNote(handover),
    topics: parts.map((p) => p.key),
    topic: first.topic,
    intent: first.intent,
    sources,
    fromKnowledge: parts.some((p) => p.quoted),
    fellThrough: false,
    handover,
    untranslated,
    ...(kit !== undefined ? { kit } : {}),
  };
}

function cutText(text: string): string {
  return Array.from(text).slice(0, 1000).join("");
}
