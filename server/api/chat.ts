/**
 * The help chat API:
 *   POST /api/chat               {message, conversationId?, history?, industry?, page?, locale?}
 *                                 → {success, data: {reply, sources, intent, quickReplies, truncated, conversationId}}
 *                                 or, with `Accept: text/event-stream`, "delta" events then one "done" event
 *   POST /api/chat/intent        {message, industry?}          → {success, data: {intent, entities, sentiment, urgency}}
 *   POST /api/chat/quick-replies {message, history?}           → {success, data: {quickReplies}}
 *   POST /api/chat/rating        {answerId, helpful}           → {success, data: {rated: true}}; 404 unknown id, 409 rated
 * `locale` is the asking page's language ("en" or "hi"; default: the language of `page`'s address): a question in
 * Devanagari is answered in Hindi anywhere, any other in the page's language (decision 0033).
 * `conversationId` is the id the server gave with the conversation's first answer: the follow-up is read with the
 * server's own log of that conversation (decision 0046); `history` is the browser's and untrusted: its assistant
 * turns are never read, its visitor turns only when the conversation is not known.
 * All four share the per-client-address limit.
 */
import { Hono } from "hono";
import { type SSEMessage, streamSSE } from "hono/streaming";
import { z } from "zod";
import { INDUSTRIES } from "../../shared/content/site";
import { LocaleFieldSchema } from "../../shared/schemas/locale";
import type { AppEnv } from "../context";
import { readJson } from "../http/errors";
import {
  analyzeIntent,
  answerChat,
  type ChatResult,
  type ChatStreamEvent,
  limitChatClient,
  streamChat,
  suggestQuickReplies,
} from "../services/chat/service";
import { recordGoal } from "../http/page-views";
import { ANSWER_ID_PATTERN, rateAnswer } from "../services/chat/questions";
import { CONVERSATION_ID_PATTERN } from "../services/chat/conversations";

const MessageSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? "Please send a message." : "The message must be text."),
  })
  .transform((v) => v.trim())
  .refine((v) => v !== "", "Please type a message.");

// History may use the API's {role, content} or the page's chat message shape {text, isBot}.
const HistoryItemSchema = z.union(
  [
    z.object({ role: z.enum(["user", "assistant"]), content: z.string() }),
    z
      .object({ text: z.string(), isBot: z.boolean() })
      .transform((m) => ({ role: m.isBot ? ("assistant" as const) : ("user" as const), content: m.text })),
  ],
  { error: 'Each history message needs a role ("user" or "assistant") and content text.' },
);

const HistorySchema = z.array(HistoryItemSchema, { error: "history must be a list of messages." }).max(100, {
  error: "history may hold at most 100 messages.",
});

const IndustrySchema = z.enum(INDUSTRIES, { error: `industry must be one of: ${INDUSTRIES.join(", ")}.` });

const PageSchema = z
  .string({ error: "page must be text." })
  .max(200, { error: "page may hold at most 200 characters." })
  .regex(/^\/[^\s]*$/, { error: "page must be a path on this site, such as /ai-help." });

// The id the server issued with an earlier answer; a malformed one is refused, an unknown or expired one starts anew.
const ConversationIdSchema = z
  .string({ error: "conversationId must be the id given with an earlier answer." })
  .regex(CONVERSATION_ID_PATTERN, { error: "conversationId must be the id given with an earlier answer." });

const ChatSchema = z.object(
  {
    message: MessageSchema,
    history: HistorySchema.optional(),
    conversationId: ConversationIdSchema.optional(),
    industry: IndustrySchema.optional(),
    page: PageSchema.optional(),
    locale: LocaleFieldSchema,
  },
  { error: "Send a JSON object with a message." },
);
const IntentSchema = z.object(
  { message: MessageSchema, industry: IndustrySchema.optional() },
  { error: "Send a JSON object with a message." },
);
const QuickRepliesSchema = z.object(
  { message: MessageSchema, history: HistorySchema.optional() },
  { error: "Send a JSON object with a message." },
);

const RatingSchema = z.object(
  {
    answerId: z.string({ error: "answerId must be the id given with the answer." }).regex(ANSWER_ID_PATTERN, "answerId must be the id given with the answer."),
    helpful: z.boolean({ error: "helpful must be true or false." }),
  },
  { error: "Send a JSON object with answerId and helpful." },
);

function publicResult(result: ChatResult) {
  // Which engine answered is deliberately not part of the answer (the spec keeps it unshown).
  const { reply, sources, intent, quickReplies, truncated, answerId, conversationId } = result;
  return { reply, sources, intent, quickReplies, truncated, conversationId, ...(answerId ? { answerId } : {}) };
}

function sseMessage(event: Exclude<ChatStreamEvent, { type: "start" }>): SSEMessage {
  const data = event.type === "delta" ? { text: event.text } : { success: true, data: publicResult(event.result) };
  return { event: event.type, data: JSON.stringify(data) };
}

export function createChatRouter(): Hono<AppEnv> {
  const chat = new Hono<AppEnv>();

  chat.use(async (c, next) => {
    await limitChatClient(c.get("deps"), c.get("clientIp"));
    await next();
  });

  chat.post("/", async (c) => {
    const deps = c.get("deps");
    // The client's address is the server's reading of it (its limits), never a field of the request.
    const input = { ...(await readJson(c, ChatSchema)), clientIp: c.get("clientIp") };
    // A chat is started once its first question is answered (not when a limit refused it).
    const started = () => {
      if (!input.history?.length && !input.conversationId) recordGoal(deps, "chat", c.req.raw, c.get("clientIp"));
    };
    if (!/text\/event-stream/i.test(c.req.header("accept") ?? "")) {
      const result = await answerChat(deps, input);
      started();
      return c.json({ success: true, data: publicResult(result) }, 200, {
        "cache-control": "no-store",
      });
    }

    const abort = new AbortController();
    const events = streamChat(deps, input, abort.signal);
    // The first event comes after the database work (limits), so a database
    // outage still becomes a JSON 503 rather than a broken stream.
    const first = await events.next();
    started();
    const res = streamSSE(c, async (stream) => {
      stream.onAbort(() => {
        // The visitor left: stop asking the model.
        abort.abort();
        void events.return(undefined);
      });
      try {
        for (let next = first; !next.done && !stream.aborted; next = await events.next()) {
          // The answer is on its way (held until it is checked): a comment opens the stream meanwhile.
          if (next.value.type === "start") await stream.write(": answering\n\n");
          else await stream.writeSSE(sseMessage(next.value));
        }
      } catch (error) {
        if (stream.aborted) return;
        deps.log.warn({ reqId: c.get("requestId"), err: { message: (error as Error).message } }, "chat stream failed");
        await stream.writeSSE({
          event: "error",
          data: JSON.stringify({ success: false, message: "The reply could not be completed." }),
        });
      }
    });
    // The stream's own headers: never cached or transformed, never buffered by a proxy.
    // Node chooses the transfer coding and the connection header itself.
    res.headers.delete("transfer-encoding");
    res.headers.delete("connection");
    res.headers.set("content-type", "text/event-stream; charset=utf-8");
    res.headers.set("cache-control", "no-store, no-transform");
    res.headers.set("x-accel-buffering", "no");
    return res;
  });

  chat.post("/rating", async (c) => {
    const input = await readJson(c, RatingSchema);
    await rateAnswer(c.get("deps"), input.answerId, input.helpful);
    return c.json({ success: true, data: { rated: true } }, 200, { "cache-control": "no-store" });
  });

  chat.post("/intent", async (c) => {
    const input = { ...(await readJson(c, IntentSchema)), clientIp: c.get("clientIp") };
    return c.json({ success: true, data: await analyzeIntent(c.get("deps"), input) }, 200, { "cache-control": "no-store" });
  });

  chat.post("/quick-replies", async (c) => {
    const input = { ...(await readJson(c, QuickRepliesSchema)), clientIp: c.get("clientIp") };
    const quickReplies = await suggestQuickReplies(c.get("deps"), input);
    return c.json({ success: true, data: { quickReplies } }, 200, { "cache-control": "no-store" });
  });

  return chat;
}
