/**
 * The model's intent analysis of a message and its quick replies (/api/chat/intent and /api/chat/quick-replies), with
 * the local analysis and the spec's defaults when no model answers.
 */
import { z } from "zod";
import { CHAT_DEFAULT_INTENT, CHAT_INTENT_PROMPT, CHAT_QUICK_REPLIES, CHAT_QUICK_REPLIES_PROMPT } from "../../../shared/content/chat";
import { type Industry } from "../../../shared/content/site";
import type { Deps } from "../../context";
import { type IntentAnalysis, localIntent } from "./engine";
import { takeModelCall } from "./limits";
import { complete, INTENT_PARAMS, LlmError, QUICK_REPLY_PARAMS } from "./llm";
import { type HistoryMessage, cutMessage, logFailure, noteDiscardedKey, trimHistory } from "./requests";

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
