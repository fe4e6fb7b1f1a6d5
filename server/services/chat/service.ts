/**
 * The help chat: the language model when one is configured (and the daily cap
 * allows), the local keyword assistant otherwise and whenever the model fails.
 * Used by /api/chat and the /ai-help page; the per-client limit throws
 * `rate-limited`.
 */
import { CHAT_QUICK_REPLIES } from "../../../shared/content/chat";
import { CHAT_QUICK_REPLIES_HI } from "../../../shared/content/hi/chat";
import type { Deps } from "../../context";
import { answerLocally } from "./answer";
import { localIntent } from "./engine";
import { recordQuestion } from "./questions";
import { takeModelCall } from "./limits";
import { type Conversation, historyOf, openConversation, saveTurn } from "./conversations";
import { complete, FIRST_TOKEN_DEADLINE_MS, LlmError, REPLY_PARAMS, streamComplete } from "./llm";
import { type ChatInput, pageLocale, type ChatResult, type ChatStreamEvent, cutMessage, trimHistory, logFailure, noteDiscardedKey, type Local } from "./requests";
import { modelPrompt, checkedModelResult } from "./model-prompt";

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

export { type ChatInput, type ChatResult, type ChatSource, type ChatStreamEvent, cutMessage, type HistoryMessage, limitChatClient, pageLocale, trimHistory } from "./requests";
export { buildMessages, citedSources, factsOf, type Grounding, MODEL_SOURCE_COVERAGE } from "./model-prompt";
export { analyzeIntent, suggestQuickReplies } from "./suggestions";
