/**
 * The help chat's conversations (issue 43, decision 0046). The server issues a conversation id with its first answer
 * and keeps the last turns of that conversation as it answered them: what was asked, what it replied, and what
 * answered (the topics, the kit named). A follow-up is read with these, never with the history a browser sends: the
 * browser's assistant turns are not taken at all, so a forged "assistant" message cannot reach the model's prompt or
 * steer the local answer. Without a known id (a new chat, an expired one) only the visitor's own earlier questions
 * from the browser are read, as the visitor's words.
 */
import { randomText } from "../tokens";
import type { Deps } from "../../context";

/** The id the page sends back: random, URL-safe, 22 characters (128 bits). */
export const CONVERSATION_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;
/** A conversation is forgotten a day after its last message. */
export const CONVERSATION_TTL_MS = 24 * 60 * 60_000;
/** The turns kept (a turn is one question and its answer): as many as the history the model is given. */
export const KEPT_TURNS = 3;
/** Each kept question and answer is cut to this many characters. */
const KEPT_CHARS = 1200;

export type ConversationTurn = {
  question: string;
  answer: string;
  /** What answered: rule ids, passage refs, "kit:<name>", "handover". */
  topics: string[];
  /** The industry kit the turn was about (its index in the owner's kit list), when one was. */
  kit?: number;
  /** True when the turn handed over to a person. */
  handover?: boolean;
};

export type Conversation = { id: string; turns: ConversationTurn[]; known: boolean };

type ConversationDeps = Pick<Deps, "db"> & Partial<Pick<Deps, "log">>;

const cut = (text: string) => Array.from(text.replaceAll("\u0000", "")).slice(0, KEPT_CHARS).join("");

function parseTurns(raw: string): ConversationTurn[] {
  try {
    const value = JSON.parse(raw) as unknown;
    if (!Array.isArray(value)) return [];
    return value
      .filter((t): t is ConversationTurn => typeof t === "object" && t !== null && typeof t.question === "string" && typeof t.answer === "string")
      .map((t) => ({ ...t, topics: Array.isArray(t.topics) ? t.topics.filter((x) => typeof x === "string") : [] }));
  } catch {
    return [];
  }
}

/**
 * The conversation an id names, or a new one (a new id) when the id is missing, malformed, unknown or expired.
 * A database failure starts a new conversation rather than costing the visitor the answer.
 */
export async function openConversation(deps: ConversationDeps, id: string | undefined, now = Date.now()): Promise<Conversation> {
  if (id && CONVERSATION_ID_PATTERN.test(id)) {
    try {
      const row = await deps.db.kysely
        .selectFrom("chat_conversations")
        .select(["turns", "updated_at"])
        .where("id", "=", id)
        .executeTakeFirst();
      if (row && Number(row.updated_at) >= now - CONVERSATION_TTL_MS) return { id, turns: parseTurns(row.turns), known: true };
    } catch (error) {
      deps.log?.warn({ err: { message: (error as Error).message } }, "chat conversation could not be read; starting a new one");
    }
  }
  return { id: randomText(16, "base64url"), turns: [], known: false };
}

/** Adds the turn just answered (keeping the last KEPT_TURNS); a failure is logged, never the visitor's problem. */
export async function saveTurn(deps: ConversationDeps, conversation: Conversation, turn: ConversationTurn, now = Date.now()): Promise<void> {
  const turns = [...conversation.turns, { ...turn, question: cut(turn.question), answer: cut(turn.answer), topics: turn.topics.slice(0, 6) }].slice(-KEPT_TURNS);
  const value = JSON.stringify(turns);
  try {
    if (conversation.known) {
      await deps.db.kysely.updateTable("chat_conversations").set({ turns: value, updated_at: now }).where("id", "=", conversation.id).execute();
    } else {
      await deps.db.kysely.insertInto("chat_conversations").values({ id: conversation.id, turns: value, updated_at: now }).execute();
    }
    conversation.turns = turns;
    conversation.known = true;
  } catch (error) {
    deps.log?.warn({ err: { message: (error as Error).message } }, "chat conversation could not be saved");
  }
}

/** Forgets conversations a day after their last message (hourly, with the questions log's clean-up); returns how many. */
export async function pruneConversations(deps: Pick<Deps, "db">, now = Date.now()): Promise<number> {
  const result = await deps.db.kysely.deleteFrom("chat_conversations").where("updated_at", "<", now - CONVERSATION_TTL_MS).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** The conversation as chat history (oldest first): the server's own questions and answers. */
export function historyOf(conversation: Conversation): { role: "user" | "assistant"; content: string }[] {
  return conversation.turns.flatMap((t) => [
    { role: "user" as const, content: t.question },
    { role: "assistant" as const, content: t.answer },
  ]);
}
