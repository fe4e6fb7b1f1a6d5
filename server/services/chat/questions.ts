/**
 * What visitors ask the help assistant: every chat question is kept (its
 * text only: no address, no account, no history) with the topic that
 * answered it, what the assistant answered (cut short), whether it fell
 * through to the welcome menu or handed over to a person, the visitor's
 * language and the visitor's rating of the answer, for CHAT_LOG_DAYS days.
 * /studio/questions groups them by meaning (decision 0028) so the owner sees
 * which FAQ entry to write next.
 */
import { randomText } from "../tokens";
import type { Deps } from "../../context";
import { conflict, notFound } from "../errors";
import { intervalWorker, type Worker } from "../interval-worker";
import { mayLogQuestion } from "./limits";
import { pruneConversations } from "./conversations";

const DAY_MS = 24 * 60 * 60_000;
/** The stored answer is cut to this many characters: enough to recognise it, not a transcript. */
export const ANSWER_CHARS = 400;

export type ChatLanguage = "en" | "hinglish" | "hi";

/** The visitor's answer-rating id: random, URL-safe, never the row's number. */
export const ANSWER_ID_PATTERN = /^[A-Za-z0-9_-]{22}$/;

/** How repeated questions are counted together: lower-case, spaces collapsed, trailing punctuation dropped. */
export function questionKey(question: string): string {
  return Array.from(
    question
      .toLowerCase()
      .replace(/\s+/g, " ")
      .replace(/[\s?!.\u3002\uFF1F\uFF01\u0964]+$/u, "")
      .trim(),
  )
    .slice(0, 300)
    .join("");
}

export type LoggedQuestion = {
  /**
   * Who asked: only for the per-address cap on what is kept (limits.ts), never stored with the question. The chat
   * always gives it (ChatInput requires it); absent only for what no visitor asked (tests' and seeds' rows).
   */
  clientIp?: string;
  question: string;
  topic: string;
  fellThrough: boolean;
  /** What the assistant answered. */
  answer?: string;
  /** The answer offered a person. */
  handedOver?: boolean;
  language?: ChatLanguage;
};

function cut(text: string, max: number): string {
  const chars = Array.from(text.replaceAll("\u0000", ""));
  return chars.length <= max ? chars.join("") : `${chars.slice(0, max - 1).join("")}\u2026`;
}

/**
 * Stores one question; returns the answer's rating id, or null when it could
 * not be stored (logged: it never costs the visitor the answer) or its address
 * has had its share of the log today (QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY).
 */
export async function recordQuestion(deps: Deps, entry: LoggedQuestion, now = Date.now()): Promise<string | null> {
  const answerId = randomText(16, "base64url");
  try {
    if (entry.clientIp !== undefined && !(await mayLogQuestion(deps, entry.clientIp, now))) return null;
    // PostgreSQL cannot store NUL; it carries nothing the owner needs to read.
    const question = entry.question.replaceAll("\u0000", "");
    await deps.db.kysely
      .insertInto("chat_questions")
      .values({
        question,
        question_key: questionKey(question),
        topic: entry.topic.slice(0, 100),
        fell_through: entry.fellThrough ? 1 : 0,
        created_at: now,
        answer_id: answerId,
        answer: cut(entry.answer ?? "", ANSWER_CHARS),
        handed_over: entry.handedOver ? 1 : 0,
        language: entry.language ?? "en",
        rating: null,
      })
      .execute();
    return answerId;
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message } }, "chat question not recorded");
    return null;
  }
}

/**
 * The visitor's rating of one answer: once per answer (a second rating is
 * refused, whatever it says). Throws not-found for an id never given (or
 * forgotten), conflict when already rated.
 */
export async function rateAnswer(deps: Pick<Deps, "db">, answerId: string, helpful: boolean): Promise<void> {
  const result = await deps.db.kysely
    .updateTable("chat_questions")
    .set({ rating: helpful ? 1 : -1 })
    .where("answer_id", "=", answerId)
    .where("rating", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) === 1) return;
  const row = await deps.db.kysely.selectFrom("chat_questions").select("id").where("answer_id", "=", answerId).executeTakeFirst();
  if (!row) throw notFound("That answer cannot be rated any more.");
  throw conflict("This answer was already rated. Thank you!", "answerId");
}

export type UnansweredQuestion = { question: string; count: number; lastAskedAt: number };

/**
 * The questions that most often fell through to the menu within the kept
 * period, most frequent first (ties: most recent first), each shown as it
 * was last asked.
 */
export async function frequentUnansweredQuestions(
  deps: Pick<Deps, "db" | "config">,
  { limit = 20, now = Date.now() }: { limit?: number; now?: number } = {},
): Promise<UnansweredQuestion[]> {
  const since = now - deps.config.CHAT_LOG_DAYS * DAY_MS;
  const db = deps.db.kysely;
  const groups = await db
    .selectFrom("chat_questions")
    .select((eb) => ["question_key", eb.fn.countAll<number>().as("count"), eb.fn.max("created_at").as("last")])
    .where("fell_through", "=", 1)
    .where("created_at", ">=", since)
    .groupBy("question_key")
    .orderBy("count", "desc")
    .orderBy("last", "desc")
    .limit(Math.max(1, Math.min(limit, 100)))
    .execute();
  const out: UnansweredQuestion[] = [];
  for (const g of groups) {
    const latest = await db
      .selectFrom("chat_questions")
      .select("question")
      .where("question_key", "=", g.question_key)
      .where("fell_through", "=", 1)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .limit(1)
      .executeTakeFirst();
    out.push({ question: latest?.question ?? g.question_key, count: Number(g.count), lastAskedAt: Number(g.last) });
  }
  return out;
}

/** Deletes questions older than CHAT_LOG_DAYS; returns how many. */
export async function pruneQuestions(deps: Pick<Deps, "db" | "config">, now = Date.now()): Promise<number> {
  const result = await deps.db.kysely
    .deleteFrom("chat_questions")
    .where("created_at", "<", now - deps.config.CHAT_LOG_DAYS * DAY_MS)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Hourly: forgets questions past the retention period. */
export function chatQuestionsCleanupWorker(deps: Deps): Worker {
  return intervalWorker("chat-questions-cleanup", deps, 60 * 60_000, async () => {
    await pruneQuestions(deps);
    // The help chat's conversations are kept a day (decision 0046).
    await pruneConversations(deps);
  });
}

/** How many questions the assistant handed to a person in [from, to) (the studio overview, the weekly e-mail). */
export async function handedOverCount(deps: Pick<Deps, "db">, from: number, to = Number.MAX_SAFE_INTEGER): Promise<number> {
  const row = await deps.db.kysely
    .selectFrom("chat_questions")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("created_at", ">=", from)
    .where("created_at", "<", to)
    .where("handed_over", "=", 1)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

export {
  faqEntryUse,
  type FaqEntryUse,
  GROUP_SIMILARITY,
  MAX_FAQ_USE_ROWS,
  MAX_GROUPED_KEYS,
  MAX_GROUPS,
  meaningTokens,
  type QuestionGroup,
  type QuestionGroups,
  questionGroups,
  QUESTION_WINDOW_DAYS,
  SAME_TOPIC_SIMILARITY,
  setCosine,
} from "./question-groups";
