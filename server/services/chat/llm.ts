/**
 * A small client for any OpenAI-compatible chat-completions API, with and
 * without streaming. Every failure (non-OK answer, empty reply, timeout,
 * malformed or cut stream, network error) becomes an LlmError so callers can
 * fall back. The key is only ever put in the Authorization header: it is
 * never logged and never part of an error message.
 */
import { createParser, type EventSourceMessage } from "eventsource-parser";
import type { ChatLanguage } from "./text";
import type { Config } from "../../config";

export type LlmMessage = { role: "system" | "user" | "assistant"; content: string };

export type LlmParams = {
  max_tokens: number;
  temperature: number;
  top_p?: number;
  frequency_penalty?: number;
  presence_penalty?: number;
};

/** The spec's parameters (section 7, "Language-model assistant"). */
export const REPLY_PARAMS: LlmParams = {
  max_tokens: 800,
  temperature: 0.3,
  top_p: 0.9,
  frequency_penalty: 0.1,
  presence_penalty: 0.1,
};
export const INTENT_PARAMS: LlmParams = { max_tokens: 200, temperature: 0.3 };
export const QUICK_REPLY_PARAMS: LlmParams = { max_tokens: 100, temperature: 0.5 };

export type LlmFailure = "status" | "empty" | "timeout" | "network" | "malformed";

/**
 * A streamed reply whose first piece of text has not come this long after the
 * request is given up (reason "timeout"), so the visitor gets the local answer
 * after a few seconds rather than after LLM_TIMEOUT_MS (which still bounds
 * every later pause). Keep-alives do not count as a first piece.
 */
export const FIRST_TOKEN_DEADLINE_MS = 4000;

export type StreamOptions = {
  /** Give up when no text came this long after the request (FIRST_TOKEN_DEADLINE_MS by default on the chat path). */
  firstTokenMs?: number;
};

export class LlmError extends Error {
  constructor(
    readonly reason: LlmFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "LlmError";
  }
}

/** Hosts whose keys always start with "sk-" (the spec's rule); other providers use other key formats. */
const SK_KEY_HOSTS = new Set(["api.openai.com"]);

/**
 * The key to use, or null when the language model is off: no key, or a key
 * for api.openai.com that does not start with "sk-" (the spec's rule, applied
 * only where that provider's keys really look like that).
 */
export function usableKey(config: Pick<Config, "LLM_API_KEY" | "LLM_BASE_URL">): string | null {
  const key = config.LLM_API_KEY?.trim();
  if (!key) return null;
  if (SK_KEY_HOSTS.has(new URL(config.LLM_BASE_URL).hostname) && !key.startsWith("sk-")) return null;
  return key;
}

type LlmConfig = Pick<Config, "LLM_API_KEY" | "LLM_BASE_URL" | "LLM_MODEL" | "LLM_TIMEOUT_MS">;

function requestInit(config: LlmConfig, key: string, body: Record<string, unknown>, signal: AbortSignal): RequestInit {
  return {
    method: "POST",
    headers: {
      authorization: `Bearer ${key}`,
      "content-type": "application/json",
      accept: body.stream ? "text/event-stream" : "application/json",
    },
    body: JSON.stringify(body),
    signal,
    redirect: "error",
  };
}

function endpoint(config: LlmConfig): string {
  return `${config.LLM_BASE_URL}/chat/completions`;
}

function asLlmError(error: unknown, timedOut: boolean): LlmError {
  if (error instanceof LlmError) return error;
  if (timedOut) return new LlmError("timeout", "the language model did not answer in time");
  return new LlmError("network", `the language model could not be reached (${(error as Error)?.name ?? "error"})`);
}

function contentOf(json: unknown): string {
  const choice = (json as { choices?: Array<{ message?: { content?: unknown }; delta?: { content?: unknown } }> })
    ?.choices?.[0];
  const content = choice?.message?.content ?? choice?.delta?.content;
  return typeof content === "string" ? content : "";
}

/** One chat completion, answered as a whole. Resolves with the non-empty reply text. */
export async function complete(
  config: LlmConfig,
  messages: LlmMessage[],
  params: LlmParams,
  outerSignal?: AbortSignal,
): Promise<string> {
  const key = usableKey(config);
  if (!key) throw new LlmError("status", "the language model is not configured");
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, config.LLM_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  outerSignal?.addEventListener("abort", onOuterAbort);
  try {
    const res = await fetch(
      endpoint(config),
      requestInit(config, key, { model: config.LLM_MODEL, messages, ...params }, controller.signal),
    );
    if (!res.ok) {
      await res.body?.cancel().catch(() => {});
      throw new LlmError("status", `the language model answered ${res.status}`, res.status);
    }
    return await wholeReply(res, () => timedOut);
  } catch (error) {
    throw asLlmError(error, timedOut);
  } finally {
    clearTimeout(timer);
    outerSignal?.removeEventListener("abort", onOuterAbort);
  }
}

/**
 * One streamed chat completion: yields the reply's pieces as they arrive.
 * The timeout counts from the request and again from every piece, so a long
 * answer that keeps flowing is not cut, while a stalled one is. A stream that
 * ends without "[DONE]" or a finish reason, carries bad JSON, or holds no text
 * at all throws (after the pieces already yielded).
 */
export async function* streamComplete(
  config: LlmConfig,
  messages: LlmMessage[],
  params: LlmParams,
  outerSignal?: AbortSignal,
  options: StreamOptions = {},
): AsyncGenerator<string> {
  const key = usableKey(config);
  if (!key) throw new LlmError("status", "the language model is not configured");
  const controller = new AbortController();
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  // Cleared by the first piece of text; until then the whole wait counts, keep-alives or not.
  let firstTimer: NodeJS.Timeout | undefined =
    options.firstTokenMs === undefined
      ? undefined
      : setTimeout(() => {
          timedOut = true;
          controller.abort();
        }, options.firstTokenMs);
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, config.LLM_TIMEOUT_MS);
  };
  const onOuterAbort = () => controller.abort();
  outerSignal?.addEventListener("abort", onOuterAbort);
  arm();
  try {
    const res = await fetch(
      endpoint(config),
      requestInit(config, key, { model: config.LLM_MODEL, messages, ...params, stream: true }, controller.signal),
    );
    if (!res.ok || !res.body) {
      await res.body?.cancel().catch(() => {});
      throw new LlmError("status", `the language model answered ${res.status}`, res.status);
    }
    // A server that ignores "stream": answer as a whole.
    if (!/text\/event-stream/i.test(res.headers.get("content-type") ?? "")) {
      yield await wholeReply(res, () => timedOut);
      return;
    }

    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    const events: EventSourceMessage[] = [];
    const parser = createParser({ onEvent: (event) => events.push(event) });
    let finished = false;
    let any = false;
    read: while (true) {
      const { value, done } = await reader.read();
      if (done) {
        // A last event without its closing blank line still counts.
        parser.feed("\n\n");
      } else {
        arm();
        parser.feed(value);
      }
      for (const event of events.splice(0)) {
        const data = event.data.trim();
        if (data === "[DONE]") {
          finished = true;
          break read;
        }
        let json: { choices?: Array<{ finish_reason?: unknown }>; error?: unknown };
        try {
          json = JSON.parse(data) as typeof json;
        } catch {
          throw new LlmError("malformed", "the language model's stream carried bad JSON");
        }
        if (json.error) throw new LlmError("status", "the language model's stream reported an error");
        const piece = contentOf(json);
        if (piece) {
          any = true;
          clearTimeout(firstTimer);
          firstTimer = undefined;
          yield piece;
        }
        if (json.choices?.[0]?.finish_reason) finished = true;
      }
      if (done) break;
    }
    await reader.cancel().catch(() => {});
    if (!finished) throw new LlmError("malformed", "the language model's stream ended early");
    if (!any) throw new LlmError("empty", "the language model gave an empty reply");
  } catch (error) {
    throw asLlmError(error, timedOut);
  } finally {
    clearTimeout(timer);
    clearTimeout(firstTimer);
    outerSignal?.removeEventListener("abort", onOuterAbort);
    controller.abort();
  }
}

/** The reply text of a whole (non-streamed) chat-completions answer. */
async function wholeReply(res: Response, timedOut: () => boolean): Promise<string> {
  let json: unknown;
  try {
    json = await res.json();
  } catch (error) {
    // A timeout aborts the body read: that is the timeout, not a malformed answer.
    if (timedOut()) throw error;
    throw new LlmError("malformed", "the language model's answer is not JSON");
  }
  const text = contentOf(json).trim();
  if (!text) throw new LlmError("empty", "the language model gave an empty reply");
  return text;
}

/** The visitor's language, as the local engine detects it (text.ts, detectLanguage). */
export type VisitorLanguage = ChatLanguage;

const LANGUAGE_NAMES: Record<VisitorLanguage, string> = {
  en: "English",
  hinglish: "Hinglish (Hindi written in Latin letters, mixed with English)",
  hi: "Hindi (in Devanagari script)",
};

/**
 * The line that tells the model the visitor's language, and the answer's: a Hindi answer (asked in Devanagari, or on
 * a Hindi page; issue 33) is written in Hindi in Devanagari whatever the visitor typed.
 */
export function languageInstruction(language: VisitorLanguage, answerIn?: "en" | "hi"): string {
  if (answerIn === "hi") {
    return `The visitor writes in ${LANGUAGE_NAMES[language]} on the site's Hindi pages. Answer in natural, warm Hindi written in Devanagari (the aap form), for a small-business owner reading on a phone, using the Hindi sources; keep Wise Parrot, WhatsApp, prices, numbers, e-mail addresses, phone numbers and links exactly as given, and write other English words in Devanagari.`;
  }
  return `The visitor writes in ${LANGUAGE_NAMES[language]}. Answer in ${language === "en" ? "English" : `the same language (${LANGUAGE_NAMES[language]})`}; keep prices, plan names, numbers, e-mail addresses, phone numbers and links exactly as given.`;
}

export type ContactFacts = { email: string; phone: string; whatsappNumber: string; address: string; bookingUrl?: string };

/** The site's current contact details (the owner's settings), always given to the model. */
export function contactInstruction(contact: ContactFacts): string {
  return [
    "How a visitor reaches a person (the site's current details: quote them exactly, never others):",
    `E-mail: ${contact.email}; phone: ${contact.phone}; WhatsApp: ${contact.whatsappNumber}; office: ${contact.address.replace(/\s+/g, " ")}; contact page: /contact${contact.bookingUrl ? `; book a demo: ${contact.bookingUrl}` : ""}.`,
    "When the facts and sources here do not answer the question, say so plainly and offer these ways to reach a person; do not guess.",
  ].join("\n");
}

/**
 * What the conversation's previous turn was about, from the server's own log (never the browser's text): a follow-up
 * ("is that monthly?", "what's inside it?") refers to it.
 */
export function previousTurnInstruction(subject: string | undefined): string {
  if (!subject) return "";
  return `The visitor's previous question was answered about: ${subject}. A follow-up ("it", "that", "the cheapest one", "aur?") refers to that.`;
}
