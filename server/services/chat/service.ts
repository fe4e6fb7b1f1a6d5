/**
 * The help chat: the language model when one is configured (and the daily cap
 * allows), the local keyword assistant otherwise and whenever the model fails.
 * Used by /api/chat and the /ai-help page; the per-client limit throws
 * `rate-limited`.
 */
import { z } from "zod";
import {
  CHAT_DEFAULT_INTENT,
  CHAT_INTENT_PROMPT,
  CHAT_LIMITS,
  CHAT_QUICK_REPLIES,
  CHAT_QUICK_REPLIES_PROMPT,
  chatSystemPrompt,
} from "../../../shared/content/chat";
import { CHAT_QUICK_REPLIES_HI } from "../../../shared/content/hi/chat";
import { type Industry, wellFormed } from "../../../shared/content/site";
import { type Locale, localeOfPath } from "../../../shared/i18n";
import type { Deps } from "../../context";
import { rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { siteSettings } from "../content/settings";
import { answerLocally, localizedSource, MAX_CITATIONS, PASSAGE_THRESHOLD, type KnowledgeSource, type LocalAnswer } from "./answer";
import { type IntentAnalysis, localIntent } from "./engine";
import { type Citation, citationOf, type Hit, hindiPassages, searchKnowledge } from "./knowledge";
import { recordQuestion } from "./questions";
import { takeModelCall } from "./limits";
import { type Grounding as ClaimGrounding, groundingOf, unsupportedClaims } from "./claims";
import { ASSISTANT_DOC } from "../../../shared/copy/assistant";
import { readCopy } from "../content/copy";
import { type Conversation, historyOf, openConversation, saveTurn } from "./conversations";
import {
  complete,
  contactInstruction,
  FIRST_TOKEN_DEADLINE_MS,
  INTENT_PARAMS,
  languageInstruction,
  previousTurnInstruction,
  type VisitorLanguage,
  LlmError,
  type LlmMessage,
  QUICK_REPLY_PARAMS,
  REPLY_PARAMS,
  streamComplete,
  usableKey,
} from "./llm";

export type HistoryMessage = { role: "user" | "assistant"; content: string };

export type ChatInput = {
  message: string;
  /**
   * The browser's history: untrusted. Only its visitor turns are read, and only when the conversation is not known
   * (its assistant turns never are: the server's log of the conversation gives those).
   */
  history?: HistoryMessage[];
  /** The id the server issued with the conversation's first answer. */
  conversationId?: string;
  industry?: Industry;
  /** The page the visitor asks from (a same-site path): put in the WhatsApp message of a hand-over. */
  page?: string;
  /** The page's language (issue 33); when not given, the language of `page`'s address, else English. */
  locale?: Locale;
  /** The asking client's address (the server's reading of it, never the client's word): its limits (limits.ts). */
  clientIp: string;
};

/** The page's language a chat request speaks for: its own word, else its page's address. */
export function pageLocale(input: Pick<ChatInput, "locale" | "page">): Locale {
  return input.locale ?? (input.page ? localeOfPath(input.page) : "en");
}

/** A source shown below an answer; `n` is its number when the reply cites it as [n]. */
export type ChatSource = Citation & { n?: number };

export type ChatResult = {
  reply: string;
  /** Where the answer comes from: same-site links, shown below it. */
  sources: ChatSource[];
  intent: IntentAnalysis;
  quickReplies: string[];
  /** "model" when the language model wrote the reply, "local" for the keyword assistant. */
  source: "model" | "local";
  /** True when the message was longer than the limit and was cut. */
  truncated: boolean;
  /** The answer offers a person (the local engine handed the visitor over: asked for one, or no good answer). */
  handover: boolean;
  /** The visitor's language, as the local engine detects it. */
  language: VisitorLanguage;
  /** The language of the answer (Hindi for Devanagari, else the page's). */
  locale: Locale;
  /** The id the visitor's page rates this answer by (POST /api/chat/rating); null when the log could not store it. */
  answerId: string | null;
  /** The conversation's id, issued by the server: the page sends it with the next message. */
  conversationId: string;
};

/** "start": the request was accepted (limits and database passed); the answer follows. */
export type ChatStreamEvent = { type: "start" } | { type: "delta"; text: string } | { type: "done"; result: ChatResult };

const MINUTE_MS = 60_000;

/** Cuts text to the limit in characters (code points, so no emoji is split in half). */
export function cutMessage(raw: string, max: number = CHAT_LIMITS.maxMessageChars): { text: string; truncated: boolean } {
  // A lone surrogate is no character: shown as U+FFFD, so links, logs and the model never meet a malformed string.
  const text = wellFormed(raw);
  const chars = Array.from(text);
  if (chars.length <= max) return { text, truncated: false };
  return { text: chars.slice(0, max).join(""), truncated: true };
}

/** The last six history messages, each cut to the limit, empty ones dropped. */
export function trimHistory(history: HistoryMessage[] = []): HistoryMessage[] {
  return history
    .filter((m) => m.content.trim() !== "")
    .slice(-CHAT_LIMITS.historyMessages)
    .map((m) => ({ role: m.role, content: cutMessage(m.content).text }));
}

/** What grounds every model call besides the sources: the site's contact details and the visitor's language. */
export type Grounding = {
  contact: Parameters<typeof contactInstruction>[0];
  language: VisitorLanguage;
  answerIn?: Locale;
  /** The owner's current prices (the assistant's copy). */
  pricing?: string;
  /** The owner's Settings: whether a Hindi-speaking person is there. */
  hindiPerson?: boolean;
  /** What the previous turn of the conversation was about (the server's log): its subjects, not its text. */
  previousSubject?: string;
};

/** The last visitor question and assistant answer of the (trimmed) history. */
function previousTurn(history: HistoryMessage[]): { question?: string; answer?: string } {
  const trimmed = trimHistory(history);
  const question = trimmed.findLast((m) => m.role === "user")?.content;
  const answer = trimmed.findLast((m) => m.role === "assistant")?.content;
  return { ...(question ? { question } : {}), ...(answer ? { answer } : {}) };
}

/**
 * The messages sent to the model: the site's system message (its facts and
 * prices, the knowledge's passages as numbered sources when there are any),
 * then, always, the site's current contact details, the visitor's language
 * and the previous turn; the trimmed history; the (cut) message.
 */
export function buildMessages(
  message: string,
  history: HistoryMessage[] = [],
  industry?: Industry,
  sources: readonly KnowledgeSource[] = [],
  grounding?: Grounding,
): LlmMessage[] {
  const given = sources.map((s) => ({ label: s.label, url: s.url, text: `${s.heading}: ${s.body}` }));
  // The visitor's words only ever go in visitor messages; the system message names the previous subject, not its text.
  const system = [
    chatSystemPrompt(industry, given, grounding?.pricing ? { pricing: grounding.pricing } : {}),
    ...(grounding
      ? [
          contactInstruction(grounding.contact),
          grounding.hindiPerson === undefined ? "" : grounding.hindiPerson ? "A Hindi-speaking person on the team is available on WhatsApp and by phone." : "No Hindi-speaking person on the team is available right now: never offer one.",
          languageInstruction(grounding.language, grounding.answerIn),
          previousTurnInstruction(grounding.previousSubject),
        ]
      : []),
  ]
    .filter(Boolean)
    .join("\n");
  return [{ role: "system", content: system }, ...trimHistory(history), { role: "user", content: cutMessage(message).text }];
}

/** A passage found for the model (beyond the local answer's) must hold this share of the question's weighted words. */
export const MODEL_SOURCE_COVERAGE = PASSAGE_THRESHOLD;

/**
 * The sources the model is given (at most MAX_CITATIONS): the local answer's, then the best passages for the
 * question, then those for the previous visitor question, so a follow-up ("is that monthly?") keeps what the turn
 * before was about.
 */
async function modelSources(deps: Deps, message: string, history: HistoryMessage[] | undefined, local: LocalAnswer): Promise<KnowledgeSource[]> {
  const sources = [...local.sources];
  const before = previousTurn(history ?? []).question;
  // An answer in Hindi gives the model the Hindi passages (the same references), linked at their Hindi addresses.
  const hindi = local.locale === "hi" ? await hindiPassages(deps).catch(() => new Map()) : undefined;
  const add = (hits: Hit[]) => {
    for (const hit of hits) {
      if (sources.length >= MAX_CITATIONS) return;
      if (hit.coverage < MODEL_SOURCE_COVERAGE || sources.some((s) => s.ref === hit.ref)) continue;
      sources.push(hindi ? localizedSource(hit, "hi", hindi) : { ...citationOf(hit), ref: hit.ref, heading: hit.heading, body: hit.body });
    }
  };
  try {
    if (sources.length < MAX_CITATIONS) add(await searchKnowledge(deps, message));
    if (before && sources.length < MAX_CITATIONS) add(await searchKnowledge(deps, before));
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message } }, "knowledge search for the model failed");
  }
  return sources;
}

/** The prompt's parts for one message: the sources to cite, the contact details, the language. */
async function modelPrompt(deps: Deps, input: ChatInput, message: string, local: Local, conversation: Conversation): Promise<Prompt> {
  const [given, settings, copy] = await Promise.all([
    modelSources(deps, message, input.history, local.answer),
    siteSettings(deps),
    readCopy(deps, ASSISTANT_DOC, local.result.locale).catch(() => ASSISTANT_DOC.defaults(local.result.locale)),
  ]);
  const last = conversation.turns.at(-1);
  const grounding: Grounding = {
    contact: {
      email: settings.email,
      phone: settings.phone,
      whatsappNumber: settings.whatsappNumber,
      address: settings.address,
      // Where Book Demo goes (issue 42): the site's /book-demo in the answer's language, or the outside link.
      bookingUrl: settings.site.bookingOnSite ? (local.result.locale === "hi" ? `/hi${settings.site.bookingUrl}` : settings.site.bookingUrl) : settings.bookingUrl,
    },
    language: local.result.language,
    answerIn: local.result.locale,
    pricing: copy.replies.pricing,
    hindiPerson: settings.hindiHandover === "on",
    ...(last ? { previousSubject: subjectOf(last, copy) } : {}),
  };
  const messages = buildMessages(message, input.history, input.industry, given, grounding);
  // What the reply may state: everything the model was given, and the local answer (the site's own words).
  // Its instructions are not facts: "never state a partner or a guarantee" must not make "a Meta partner" grounded.
  const groundTexts = [factsOf(messages[0]!.content), local.answer.reply, local.answer.ways, ...given.map((g) => `${g.heading} ${g.body}`)];
  return { messages, given, grounding: groundingOf(groundTexts), contact: [settings.phone, settings.whatsappNumber, settings.email] };
}

/** The lines of the system prompt that tell the model how to answer (what they name is no fact of the site). */
const INSTRUCTION_LINES = [
  "Answer in plain text",
  "Every figure, price",
  "When your answer uses a source",
  "How a visitor reaches a person",
  "When the facts and sources here do not answer",
  "The visitor writes in",
  "The visitor's previous question",
  "No Hindi-speaking person",
];

/** The system prompt without its instruction lines: what a reply may state. */
export function factsOf(system: string): string {
  return system
    .split("\n")
    .filter((line) => !INSTRUCTION_LINES.some((start) => line.startsWith(start)))
    .join("\n");
}

type Prompt = { messages: LlmMessage[]; given: KnowledgeSource[]; grounding: ClaimGrounding; contact: string[] };

/** The previous turn's subjects as the model is told them: the kit it named, the topics that answered it. */
function subjectOf(turn: Conversation["turns"][number], copy: { kits: readonly { name: string }[] }): string {
  const kit = turn.kit !== undefined ? copy.kits[turn.kit]?.name : undefined;
  const topics = turn.topics.filter((t) => t !== "handover" && !t.startsWith("kit:"));
  return [kit ? `the ${kit} industry kit` : "", ...topics].filter(Boolean).join("; ");
}

/** Counts one request from a client address; throws `rate-limited` past the per-minute limit. */
export async function limitChatClient(deps: Deps, clientIp: string): Promise<void> {
  const hit = await hitRateLimit(deps.db, `chat:ip:${clientIp}`, {
    limit: deps.config.CHAT_RATE_LIMIT_PER_MINUTE,
    windowMs: MINUTE_MS,
  });
  if (!hit.allowed) {
    throw rateLimited("Too many messages. Please wait a moment and try again.", hit.retryAfterSeconds);
  }
}

function logFailure(deps: Deps, what: string, error: unknown): void {
  const e = error instanceof LlmError ? error : new LlmError("network", "unexpected failure");
  deps.log.warn({ llm: { call: what, reason: e.reason, status: e.status } }, `language model failed (${e.message}); using the fallback`);
}

const warnedConfigs = new WeakSet<object>();

/** Says once per configuration that a configured key was discarded by the "sk-" rule. */
function noteDiscardedKey(deps: Deps): void {
  if (!deps.config.LLM_API_KEY || usableKey(deps.config) || warnedConfigs.has(deps.config)) return;
  warnedConfigs.add(deps.config);
  deps.log.warn("LLM_API_KEY does not look like an OpenAI key (sk-…) and is ignored; the local assistant answers");
}

type Local = { result: ChatResult; answer: LocalAnswer };

/**
 * The conversation a message belongs to and the history it is read with: the server's own log of it when the id is
 * known, else only the visitor's earlier questions from the browser (never its assistant turns).
 */
async function conversationOf(deps: Deps, input: ChatInput): Promise<{ conversation: Conversation; trusted: ChatInput }> {
  const conversation = await openConversation(deps, input.conversationId);
  const history = conversation.known ? historyOf(conversation) : (input.history ?? []).filter((m) => m.role === "user");
  return { conversation, trusted: { ...input, history } };
}

async function localResult(deps: Deps, input: ChatInput, message: string, truncated: boolean, conversation: Conversation): Promise<Local> {
  const answer = await answerLocally(deps, message, input.industry, {
    history: trimHistory(input.history),
    ...(input.page ? { page: input.page } : {}),
    locale: pageLocale(input),
    ...(conversation.turns.length ? { previousTurn: conversation.turns.at(-1)! } : {}),
  });
  return {
    answer,
    result: {
      reply: answer.reply,
      sources: answer.sources.map(({ label, url }) => ({ label, url })),
      intent: localIntent(message, input.industry),
      quickReplies: [...(answer.locale === "hi" ? CHAT_QUICK_REPLIES_HI : CHAT_QUICK_REPLIES).noModel],
      source: "local",
      truncated,
      handover: answer.handover,
      language: answer.language,
      locale: answer.locale,
      answerId: null,
      conversationId: conversation.id,
    },
  };
}

/**
 * The sources a model's reply cites as [n], or null when the reply must be
 * dropped: it cites a number that was not given, or cites nothing although
 * the local answer itself came from those sources.
 */
export function citedSources(reply: string, given: readonly KnowledgeSource[], mustCite: boolean): ChatSource[] | null {
  const numbers = [...reply.matchAll(/\[(\d{1,3})\]/g)].map((m) => Number(m[1]));
  if (numbers.some((n) => n < 1 || n > given.length)) return null;
  const cited = [...new Set(numbers)].sort((a, b) => a - b);
  if (mustCite && given.length > 0 && cited.length === 0) return null;
  return cited.map((n) => ({ label: given[n - 1]!.label, url: given[n - 1]!.url, n }));
}

/** A reply that sends the visitor to a person (in any of the languages the assistant answers in). */
const SENDS_TO_PERSON = /\b(?:whatsapp|contact (?:us|our team|the team|support)|reach (?:us|our team|the team|a person)|call us|our team can|a person|e-?mail us|support team)\b|\u0938\u0902\u092a\u0930\u094d\u0915|\u0935\u094d\u0939\u093e\u091f\u094d\u0938\u0910\u092a/iu;

/**
 * The model's reply as the result, or why it is unusable: a citation it was not given (or none where it must cite),
 * or a claim (figure, plan, partner, guarantee…) found nowhere in what it was given. A reply that hands over keeps
 * the local hand-over's ways to a person (WhatsApp prefilled with the question, the phone's hours) when it lacks them.
 */
function modelResult(local: Local, reply: string, prompt: Prompt): { result: ChatResult } | { rejected: "citations" | "claims"; claims?: string[] } {
  const sources = citedSources(reply, prompt.given, local.answer.fromKnowledge);
  if (!sources) return { rejected: "citations" };
  const claims = unsupportedClaims(reply, prompt.grounding, prompt.contact);
  if (claims.length > 0) return { rejected: "claims", claims };
  // The model's own words decide whether it hands over (it may answer what the local engine could not).
  const handsOver = SENDS_TO_PERSON.test(reply);
  const text = handsOver && !/https:\/\/wa\.me\//.test(reply) && local.answer.ways ? `${reply}\n\n${local.answer.ways}` : reply;
  return { result: { ...local.result, reply: text, sources, source: "model", handover: handsOver } };
}

/** Uses the model's reply when it passed the checks; otherwise logs why it was dropped (for the owner) and keeps the local answer. */
function checkedModelResult(deps: Deps, local: Local, reply: string, prompt: Prompt, message: string): ChatResult {
  const checked = modelResult(local, reply, prompt);
  if ("result" in checked) return checked.result;
  if (checked.rejected === "citations") logUncited(deps);
  else {
    deps.log.warn(
      { llm: { call: "reply", reason: "claims", claims: checked.claims, question: Array.from(message).slice(0, 200).join("") } },
      "language model's reply stated what the site's facts do not (dropped; the local answer was given)",
    );
  }
  return local.result;
}

/** Logs the question with what was answered, and the turn in its conversation; the result gets the id its rating uses. */
async function record(deps: Deps, input: ChatInput, message: string, local: Local, result: ChatResult, conversation: Conversation): Promise<ChatResult> {
  await saveTurn(deps, conversation, {
    question: message,
    answer: result.reply,
    topics: local.answer.topics,
    ...(local.answer.kit !== undefined ? { kit: local.answer.kit } : {}),
    handover: result.handover,
  });
  const answerId = await recordQuestion(deps, {
    clientIp: input.clientIp,
    question: message,
    topic: result.source === "model" ? "model" : local.answer.topics.join(","),
    fellThrough: local.answer.fellThrough,
    answer: result.reply,
    handedOver: result.handover,
    language: result.language,
  });
  return { ...result, answerId };
}

function logUncited(deps: Deps): void {
  deps.log.warn({ llm: { call: "reply", reason: "citations" } }, "language model's reply cited no given source or a source not given; using the local answer");
}

/**
 * The reply to one message, answered as a whole. Intent and quick replies
 * come from the local analysis here, so one message costs at most one model
 * call; /api/chat/intent and /api/chat/quick-replies ask the model for them.
 */
export async function answerChat(deps: Deps, untrusted: ChatInput): Promise<ChatResult> {
  const { text: message, truncated } = cutMessage(untrusted.message);
  const { conversation, trusted: input } = await conversationOf(deps, untrusted);
  const local = await localResult(deps, input, message, truncated, conversation);
  noteDiscardedKey(deps);
  let result = local.result;
  if (await takeModelCall(deps, input.clientIp)) {
    try {
      const prompt = await modelPrompt(deps, input, message, local, conversation);
      const reply = await complete(deps.config, prompt.messages, REPLY_PARAMS);
      result = checkedModelResult(deps, local, reply, prompt, message);
    } catch (error) {
      logFailure(deps, "reply", error);
    }
  }
  return record(deps, input, message, local, result, conversation);
}

/**
 * The reply to one message as a stream: "delta" events, then one "done"
 * event whose reply is authoritative. The model's text is held here until it
 * is complete and its citations check out (decision 0028): a visitor never
 * sees text that is then replaced. A reply that fails the check, breaks off,
 * or whose first piece does not come within FIRST_TOKEN_DEADLINE_MS gives
 * way to the local answer, sent as if nothing else had been written.
 * Without a model the local reply is sent as one piece.
 */
export async function* streamChat(deps: Deps, untrusted: ChatInput, signal?: AbortSignal): AsyncGenerator<ChatStreamEvent> {
  const { text: message, truncated } = cutMessage(untrusted.message);
  const { conversation, trusted: input } = await conversationOf(deps, untrusted);
  const local = await localResult(deps, input, message, truncated, conversation);
  noteDiscardedKey(deps);
  if (!(await takeModelCall(deps, input.clientIp))) {
    const result = await record(deps, input, message, local, local.result, conversation);
    yield { type: "delta", text: result.reply };
    yield { type: "done", result };
    return;
  }
  yield { type: "start" };
  let reply = "";
  let result = local.result;
  try {
    const prompt = await modelPrompt(deps, input, message, local, conversation);
    const firstTokenMs = Math.min(FIRST_TOKEN_DEADLINE_MS, deps.config.LLM_TIMEOUT_MS);
    // Held, not yielded: the citations can fail up to the last piece.
    for await (const piece of streamComplete(deps.config, prompt.messages, REPLY_PARAMS, signal, { firstTokenMs })) reply += piece;
    if (!reply.trim()) throw new LlmError("empty", "the language model gave an empty reply");
    result = checkedModelResult(deps, local, reply.trim(), prompt, message);
  } catch (error) {
    if (signal?.aborted) return;
    logFailure(deps, "reply stream", error);
  }
  const recorded = await record(deps, input, message, local, result, conversation);
  yield { type: "delta", text: recorded.reply };
  yield { type: "done", result: recorded };
}

const IntentSchema = z.object({
  intent: z
    .string()
    .trim()
    .min(1)
    .max(60)
    .transform((v) => v.toLowerCase().replace(/[^a-z0-9]+/g, "_").replace(/^_|_$/g, "")),
  entities: z.array(z.string().trim().min(1).max(100)).max(20).catch([]).default([]),
  sentiment: z.enum(["positive", "neutral", "negative"]),
  urgency: z.enum(["low", "medium", "high"]),
});

/** The first JSON value of a reply, ignoring code fences and prose around it. */
function extractJson(text: string, open: "{" | "["): unknown {
  const close = open === "{" ? "}" : "]";
  const start = text.indexOf(open);
  const end = text.lastIndexOf(close);
  if (start < 0 || end <= start) throw new LlmError("malformed", "the language model's answer holds no JSON");
  try {
    return JSON.parse(text.slice(start, end + 1));
  } catch {
    throw new LlmError("malformed", "the language model's answer holds bad JSON");
  }
}

/** Intent analysis: the model's when available; the spec's defaults when it fails; the local analysis without a model. */
export async function analyzeIntent(deps: Deps, input: { message: string; industry?: Industry; clientIp: string }): Promise<IntentAnalysis> {
  const { text: message } = cutMessage(input.message);
  noteDiscardedKey(deps);
  if (!(await takeModelCall(deps, input.clientIp))) return localIntent(message, input.industry);
  try {
    const text = await complete(
      deps.config,
      [
        { role: "system", content: CHAT_INTENT_PROMPT },
        { role: "user", content: message },
      ],
      INTENT_PARAMS,
    );
    const parsed = IntentSchema.safeParse(extractJson(text, "{"));
    if (!parsed.success || !parsed.data.intent) throw new LlmError("malformed", "the intent analysis has the wrong shape");
    return parsed.data;
  } catch (error) {
    logFailure(deps, "intent", error);
    return { ...CHAT_DEFAULT_INTENT, entities: [] };
  }
}

const QuickRepliesSchema = z.array(z.string()).transform((list) =>
  list
    .map((s) => s.trim())
    .filter((s) => s.length > 0 && s.length <= 60)
    .slice(0, 4),
);

/** Quick replies: the model's when available; the spec's defaults otherwise. */
export async function suggestQuickReplies(
  deps: Deps,
  input: { message: string; history?: HistoryMessage[]; clientIp: string },
): Promise<string[]> {
  const { text: message } = cutMessage(input.message);
  noteDiscardedKey(deps);
  if (!(await takeModelCall(deps, input.clientIp))) return [...CHAT_QUICK_REPLIES.noModel];
  try {
    const text = await complete(
      deps.config,
      // The browser's history is untrusted: its assistant turns never reach the model.
      [{ role: "system", content: CHAT_QUICK_REPLIES_PROMPT }, ...trimHistory(input.history?.filter((m) => m.role === "user")), { role: "user", content: message }],
      QUICK_REPLY_PARAMS,
    );
    const parsed = QuickRepliesSchema.safeParse(extractJson(text, "["));
    if (!parsed.success || parsed.data.length === 0) throw new LlmError("malformed", "the quick replies have the wrong shape");
    return parsed.data;
  } catch (error) {
    logFailure(deps, "quick replies", error);
    return [...CHAT_QUICK_REPLIES.fallback];
  }
}
