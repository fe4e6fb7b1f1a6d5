/**
 * A chat request and its result: what the visitor sends (cut to the limits, the browser's history trimmed), what the
 * chat answers, the per-client limit, and the model's failures as they are logged.
 */
import { CHAT_LIMITS } from "../../../shared/content/chat";
import { type Industry, wellFormed } from "../../../shared/content/site";
import { type Locale, localeOfPath } from "../../../shared/i18n";
import type { Deps } from "../../context";
import { rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { type LocalAnswer } from "./answer";
import { type IntentAnalysis } from "./engine";
import { type Citation } from "./knowledge";
import { type VisitorLanguage, LlmError, usableKey } from "./llm";

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

export function logFailure(deps: Deps, what: string, error: unknown): void {
  const e = error instanceof LlmError ? error : new LlmError("network", "unexpected failure");
  deps.log.warn({ llm: { call: what, reason: e.reason, status: e.status } }, `language model failed (${e.message}); using the fallback`);
}

const warnedConfigs = new WeakSet<object>();

/** Says once per configuration that a configured key was discarded by the "sk-" rule. */
export function noteDiscardedKey(deps: Deps): void {
  if (!deps.config.LLM_API_KEY || usableKey(deps.config) || warnedConfigs.has(deps.config)) return;
  warnedConfigs.add(deps.config);
  deps.log.warn("LLM_API_KEY does not look like an OpenAI key (sk-…) and is ignored; the local assistant answers");
}

/** The local answer to a message and the chat result made of it (what a model's reply falls back to). */
export type Local = { result: ChatResult; answer: LocalAnswer };
