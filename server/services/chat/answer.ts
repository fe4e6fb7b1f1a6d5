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
import { CHAT_INDUSTRY_REPLIES_HI } from "../../../shared/content/hi/chat";
import { type Locale, localePath } from "../../../shared/i18n";
import { CHAT_INDUSTRY_REPLIES, CHAT_RULES, type ChatTopicId } from "../../../shared/content/chat";
import { type Industry } from "../../../shared/content/site";
import { type LocalTopic } from "./engine";
import { type Hit, hindiPassages, type Passage, VOCABULARY } from "./knowledge";
import { type ChatLanguage, contentStems, detectLanguage, normalizeQuestion, stemSet, translateHindi } from "./text";
import { MAX_ANSWERS, MAX_CITATIONS, type KnowledgeSource, type Part, excerpt, type AnswerDeps, answerQuestion, source, localizedHit, localizedSource, REPLY_STEMS, search, quote, rulePart } from "./passage-answer";
import { type Say, makeSay, assistantCopy, contactOf } from "./say";
import { asksForHuman, asksForContact, isFollowUp, isShort, onlyGreeting, namesSubject, mayAnswerAround, COMPETITOR_PRICE, unknownWords, ownStems, asksNeverStated, asksAboutPlans, asksPlanDetail, asksWhenPersonIsThere, asksDemoRefund } from "./reading";
import { industryOf, kitSourcesOf, publishedAvailable, noKitReply } from "./industries";
import { messageParts } from "./split";
import { words } from "./lexicon";
import { type Answered, type PreviousTurn, referentAnswer, RULE_IDS } from "./referents";


/** A business not among the kits: "not in your list", "isn't listed", "list me nahi hai". */
const NOT_LISTED = /\b(?:not|isnt|arent|nahi|nahin|no)\b(?:\s+\S+){0,4}\s+(?:list|listed)\b|\blist\s+(?:me|mein|main)\s+(?:nahi|nahin)\b/u;
const NOT_LISTED_QUERY = "my business is not listed general kit";
/** Moving, changing or cancelling a demo, in either order ("demo book karne ke baad time change"). */
const MOVE_WORDS = String.raw`\b(?:move|change|cancel\w*)\b`;
const MOVES = new RegExp(MOVE_WORDS, "u");
const MOVES_DEMO = new RegExp(String.raw`\bdemo\b.*${MOVE_WORDS}|${MOVE_WORDS}.*\bdemo\b`, "u");
/** Words that say "of the thing just named". */
const POSSESSIVE = /\b(?:its|their|theirs|uska|uski|uske|iska|iski|iske|unka|unki|unke)\b/iu;
/** A demo in person, at the office ("can i come there for the demo?", "offline demo"). */
const IN_PERSON_DEMO = /\bdemo\b.*\b(?:in\s*person|offline|face to face|at (?:your|the) office)\b|\b(?:in\s*person|offline|face to face)\b.*\bdemo\b|\b(?:come|visit|aa|aau|aaun)\b(?:\s+\S+){0,3}?\s+(?:there|office|wahan|waha)\b.*\bdemo\b/u;
const DEMO_QUERY = "book your demo video call";
const MOVE_DEMO_QUERY = "move reschedule cancel change my demo";
/** The words of asking whether two tools link up ("sync", "link", "work with"), as stems: not a product's name. */
const LINKING = stemSet("sync syncs link links linked integrate integrates integration integrations connect connects connected connection plug plugin tool tools");
const notListed = (text: string) => NOT_LISTED.test(normalizeQuestion(translateHindi(text), VOCABULARY).text);

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
export { MAX_ANSWERS, MAX_CITATIONS, PASSAGE_THRESHOLD, type KnowledgeSource, localizedSource } from "./passage-answer";
export { splitQuestions } from "./split";

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
  previousTurn?: PreviousTurn;
};

/** The language an answer is written in: Devanagari is answered in Hindi anywhere, anything else in the page's language. */
export function answerLocale(language: ChatLanguage, pageLocale: Locale = "en"): Locale {
  return language === "hi" ? "hi" : pageLocale;
}

/** How many of the question's own words an answer holds (in English: a rule's reply, a quoted passage's heading and body). */
function holds(part: Part, question: string): number {
  const stems = RULE_IDS.has(part.key) ? REPLY_STEMS[part.key as ChatTopicId] : stemSet(part.quoted ? `${part.quoted.heading}\n${part.quoted.body}` : part.text);
  return ownStems(question).filter((st) => stems.has(st)).length;
}

async function answerOne(deps: AnswerDeps, question: string, previous: string | undefined, say: Say, used: readonly string[], turn?: PreviousTurn, inMessage = false): Promise<Answered> {
  // "How do I cancel my Professional plan?", "a 14-day free trial?", "voice calls?": no page states it; a person answers.
  if (asksNeverStated(question)) return { handover: "unknown" };
  // The question in the site's words, read once for the checks below.
  const read = normalizeQuestion(translateHindi(question), VOCABULARY);
  // "What timings?", "sunday?" after the ways to reach the team: the hours are in that reply.
  const afterContact = turn?.topics.includes("contact") && words(question).length <= 4 && read.words.includes("hours");
  if (asksForContact(question) || afterContact || asksWhenPersonIsThere(question)) {
    const rule = CHAT_RULES.find((r) => r.id === "support")!;
    return { part: { key: "contact", text: say.contactReply(), intent: rule.intent, topic: "support", cite: [] } };
  }
  // "My bakery isn't in your kit list": what the kit page says of a business not listed (the general kit).
  if (notListed(question)) {
    const general = await answerQuestion(deps, NOT_LISTED_QUERY, say);
    if (general?.quoted?.ref === "page:kit-not-listed") return { part: general, kitSources: true };
  }
  // "Can I come to your office for the demo?": the demo is a video call; whether it can be in person, a person answers.
  if (IN_PERSON_DEMO.test(read.text)) {
    const demo = (await search(deps, DEMO_QUERY)).find((h) => h.ref === "page:book-demo");
    return demo ? { part: quote(demo), handover: "unknown" } : { handover: "unknown" };
  }
  // Whether the 1 rupee of a demo is given back the site does not say; how to move or cancel the demo it does.
  if (asksDemoRefund(question)) {
    const change = await answerQuestion(deps, MOVE_DEMO_QUERY, say);
    if (change?.quoted?.ref === "page:book-demo-change") return { part: change, handover: "unknown" };
  }
  // "Can I change the time after booking the demo?": moving a booked demo, not how to book one.
  // So is "can I change it later?" after "how do I book a demo".
  const movesDemo = MOVES_DEMO.test(read.text) || (!!previous && MOVES.test(read.text) && isFollowUp(question) && MOVES_DEMO.test(normalizeQuestion(translateHindi(`${previous} ${question}`), VOCABULARY).text));
  if (movesDemo) {
    const change = await answerQuestion(deps, MOVE_DEMO_QUERY, say);
    if (change?.quoted?.ref === "page:book-demo-change") return { part: change };
  }
  const industry = industryOf(question, say.english, say.copy);
  const alone = await answerQuestion(deps, translateHindi(question), say);
  // The plans compared or a plan's limits asked: the plans, whatever other word the question leans on ("whats the real difference").
  // So is what only the plans hold, asked after them ("what plans do you have?" ... "how many workflows?").
  const plansBefore = used.includes("pricing") || !!turn?.topics.includes("pricing");
  if (alone?.key !== "pricing" && !industry && (asksAboutPlans(question) || (plansBefore && asksPlanDetail(question)))) return { part: rulePart("pricing", say) };
  if (!industry) {
    const referred = await referentAnswer(deps, question, alone, turn, say);
    if (referred) return referred;
  }
  // A question that leans on the previous one is read with it ("is that monthly or yearly?" after the prices).
  // A fragment after an answered question that names a subject of its own ("... and in which languages it replies")
  // is answered on that subject, not folded into the answer before it.
  // (Never one that points back at it: "and what are *its* limits?".)
  const ownSubject = inMessage && alone && namesSubject(alone) && !POSSESSIVE.test(translateHindi(question)) && !used.includes(alone.key) && holds(alone, question) > 0;
  const leans = !ownSubject && (isFollowUp(question) || (!alone && isShort(question)) || (inMessage && ownStems(question).length === 0));
  if (previous && !industry && unknownWords(question).length === 0 && leans && (inMessage || (await answerQuestion(deps, translateHindi(previous), say)))) {
    const withPrevious = await answerQuestion(deps, `${translateHindi(previous)} ${translateHindi(question)}`, say);
    // Read with the previous question, it must say something new (else it only repeats the previous answer).
    // Nor may it only repeat the previous turn's answer, holding none of the question's words, when alone the question names a subject of its own ("can I
    // move it to Monday?" after the demo's steps: how to move a demo).
    const repeats = withPrevious && turn?.topics.includes(withPrevious.key) && alone && alone.key !== withPrevious.key && namesSubject(alone) && holds(withPrevious, question) === 0 && holds(alone, question) > 0;
    if (withPrevious && !used.includes(withPrevious.key) && !repeats) return { part: withPrevious };
    // A fragment of this message that leans on the question answered before it ("which is your cheapest plan and what
    // are its limits?") is answered by that answer: never a passage of its own words, never "I'm not sure".
    // Not one asking of something new ("... and can it collect payment too?"): that part is answered or handed over alone.
    const before = inMessage ? new Set(ownStems(previous)) : undefined;
    if (before && (POSSESSIVE.test(translateHindi(question)) || ownStems(question).every((st) => before.has(st)))) return { absorbed: true };
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
  // A question naming a competitor's price ("are you cheaper than AiSensy?"): the site states no other tool's prices,
  // only its own (the prices answer; the comparison goes to a person).
  if (COMPETITOR_PRICE.test(normalizeQuestion(translateHindi(question), VOCABULARY).text)) {
    return { part: rulePart("pricing", say), handover: "unknown" };
  }

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
  // "Does it connect with Google Sheets?": the integrations answer names kinds of tools (WhatsApp, social media,
  // calendars, CRMs), not every product; a product it does not name goes to a person, after the answer.
  if (alone?.key === "integrations" && ownStems(question).some((st) => !REPLY_STEMS.integrations.has(st) && !LINKING.has(st))) return { part: alone, handover: "unknown" };
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
  const asked = messageParts(message).filter(
    (q) => !askedHuman || (!asksForHuman(q.text) && !onlyGreeting(q.text) && contentStems(normalizeQuestion(translateHindi(q.text), VOCABULARY).words).length > 0),
  );
  // A statement before a question ("I took your service 40 days ago. Can I get a refund?") is that question's
  // context, never a question of its own (a message of statements only is read as asked).
  const questions: { text: string; context?: string }[] = [];
  let context = "";
  for (const q of asked) {
    if (q.statement && asked.some((other) => !other.statement)) context = `${context} ${q.text}`.trim();
    else {
      questions.push({ text: q.text, ...(context ? { context } : {}) });
      context = "";
    }
  }
  // A statement after the last question is never lost ("... only the bot? and in which languages it replies"): it is
  // read as asked.
  // (A word or two of feeling, "seriously", is not.)
  if (context && (words(context).length >= 3 || (ownStems(context).length > 0 && unknownWords(context).length === 0))) questions.push({ text: context });
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
  for (const { text: question, context } of questions) {
    if (parts.length >= MAX_ANSWERS) break;
    // The previous turn's subject is what the message's first question may refer to; later ones lean on the question before.
    const turn = parts.length === 0 && previous === lastCut ? options.previousTurn : undefined;
    const keys = parts.map((p) => p.key);
    // A question of this message after an answered one: a fragment of it ("and what are its limits?") is part of that answer.
    const inMessage = previous !== lastCut && parts.length > 0;
    // "Mine is a bakery, not in that list. What then?": the statement is what is asked about.
    // So is "... for the demo but can't attend. Do I get it back?": the demo's money.
    // And a question that names nothing itself ("submitted my brief yesterday but nothing started. what do i do?").
    const bare = ownStems(question).length === 0;
    const asks = context && (notListed(context) || bare || (asksDemoRefund(`${context} ${question}`) && !asksDemoRefund(question))) ? `${context} ${question}` : question;
    let answered = await answerOne(deps, asks, previous, say, keys, turn, inMessage);
    // Alone it finds nothing: read with the statement before it (unless it was read so already).
    if (!answered.part && !answered.absorbed && context && asks === question) answered = await answerOne(deps, `${context} ${question}`, previous, say, keys, turn, inMessage);
    else if (answered.part?.quoted && !answered.handover && context && asks === question) {
      // Quoted from a passage, it may be answered closer by one that also holds what the statement says ("I bought it
      // by mistake. Can I get my money back?": when a refund is not given), never by one that holds less of the question.
      const read = await answerOne(deps, `${context} ${question}`, previous, say, keys, turn, inMessage);
      const closer = read.part?.quoted && !read.handover && read.part.key !== answered.part.key && holds(read.part, context) > holds(answered.part, context) && holds(read.part, question) >= holds(answered.part, question);
      if (closer) answered = read;
    }
    if (answered.absorbed) {
      previous = question;
      continue;
    }
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
