/**
 * The browser side of /api/chat: asks for a server-sent-events stream and
 * reports the reply's pieces as they arrive; the final "done" event is the
 * authoritative reply (it replaces the pieces when the server had to fall back).
 */

import { type ChatSourceLink, safeSources } from "~/lib/chat-format";
import { localeOfPath } from "@shared/i18n";

export type ChatHistoryItem = { role: "user" | "assistant"; content: string };

/** `answerId`: what the answer is rated by (POST /api/chat/rating), when the server gave one. */
export type ChatAnswer = { reply: string; truncated: boolean; sources: ChatSourceLink[]; answerId?: string; conversationId?: string };

export class ChatRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = "ChatRequestError";
  }
}

type DoneData = { success?: boolean; data?: { reply?: unknown; truncated?: unknown; sources?: unknown; answerId?: unknown; conversationId?: unknown } };

/** The shape of an answer's rating id (server/services/chat/questions.ts ANSWER_ID_PATTERN). */
export const ANSWER_ID = /^[A-Za-z0-9_-]{22}$/;

function answerFrom(body: DoneData | null): ChatAnswer {
  const reply = body?.data?.reply;
  if (!body?.success || typeof reply !== "string") throw new ChatRequestError("The chat answer had no reply.", 0);
  const answerId = body.data?.answerId;
  const conversationId = body.data?.conversationId;
  return {
    reply,
    truncated: body.data?.truncated === true,
    sources: safeSources(body.data?.sources),
    ...(typeof answerId === "string" && ANSWER_ID.test(answerId) ? { answerId } : {}),
    // The server's id of the conversation (the same shape): sent with the next message.
    ...(typeof conversationId === "string" && ANSWER_ID.test(conversationId) ? { conversationId } : {}),
  };
}

/** Sends the visitor's rating of an answer; true when it is stored (or was already). */
export async function rateChatAnswer(answerId: string, helpful: boolean): Promise<boolean> {
  try {
    const res = await fetch("/api/chat/rating", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ answerId, helpful }),
    });
    return res.ok || res.status === 409;
  } catch {
    return false;
  }
}

export async function sendChatMessage(
  message: string,
  history: ChatHistoryItem[],
  onPiece: (textSoFar: string) => void,
  signal?: AbortSignal,
  conversationId?: string,
): Promise<ChatAnswer> {
  // The stream's parser is fetched with the first message, alongside the request, rather than with the page.
  const [res, { createParser }] = await Promise.all([
    fetch("/api/chat", {
      method: "POST",
      headers: { "content-type": "application/json", accept: "text/event-stream" },
      // The page goes into a hand-over's WhatsApp message.
      // The page's language too: a question not in Devanagari is answered in it (decision 0033).
      body: JSON.stringify({
        message,
        history,
        // The server reads the conversation from its own log by this id; the history is only a fallback.
        ...(conversationId ? { conversationId } : {}),
        ...(typeof window === "undefined" ? {} : { page: window.location.pathname, locale: localeOfPath(window.location.pathname) }),
      }),
      signal,
    }),
    import("eventsource-parser"),
  ]);
  const type = res.headers.get("content-type") ?? "";
  if (!res.ok || !type.includes("text/event-stream")) {
    const body = (await res.json().catch(() => null)) as (DoneData & { message?: unknown }) | null;
    if (!res.ok) throw new ChatRequestError(typeof body?.message === "string" ? body.message : `HTTP ${res.status}`, res.status);
    return answerFrom(body);
  }

  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  let soFar = "";
  let answer: ChatAnswer | undefined;
  // A failure thrown here leaves feed() and so this function.
  const parser = createParser({
    onEvent({ event, data }) {
      if (!event || answer) return;
      const parsed = JSON.parse(data) as DoneData & { text?: unknown; message?: unknown };
      if (event === "delta" && typeof parsed.text === "string") {
        soFar += parsed.text;
        onPiece(soFar);
      } else if (event === "done") {
        answer = answerFrom(parsed);
      } else if (event === "error") {
        throw new ChatRequestError(typeof parsed.message === "string" ? parsed.message : "The reply failed.", 0);
      }
    },
  });
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    parser.feed(value);
    if (answer) {
      await reader.cancel().catch(() => {});
      return answer;
    }
  }
  throw new ChatRequestError("The chat stream ended without a reply.", 0);
}
