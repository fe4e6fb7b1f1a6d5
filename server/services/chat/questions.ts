/**
 * What visitors ask the help assistant: every chat question is kept (its
 * text only: no address, no account, no history) with the topic that
 * answered it and whether it fell through to the welcome menu, for
 * CHAT_LOG_DAYS days. The most frequent unanswered questions tell the owner
 * which post or FAQ entry to write next (a later studio page lists them).
 */
import type { Deps } from "../../context";
import { intervalWorker, type Worker } from "../interval-worker";

const DAY_MS = 24 * 60 * 60_000;

/** How repeated questions are counted together: lower-case, spaces collapsed, trailing punctuation dropped. */
export function questionKey(question: string): string {
  return Array.from(
    question
      .toLowerCase()
      .replace(/\s+/g, " ")
      .replace(/[\s?!.\u3002\uFF1F\uFF01]+$/u, "")
      .trim(),
  )
    .slice(0, 300)
    .join("");
}

export type LoggedQuestion = { question: string; topic: string; fellThrough: boolean };

/** Stores one question; a failure is logged and never costs the visitor the answer. */
export async function recordQuestion(deps: Deps, entry: LoggedQuestion, now = Date.now()): Promise<void> {
  try {
    await deps.db.kysely
      .insertInto("chat_questions")
      .values({
        // PostgreSQL cannot store NUL; it carries nothing the owner needs to read.
        question: entry.question.replaceAll("\u0000", ""),
        question_key: questionKey(entry.question.replaceAll("\u0000", "")),
        topic: entry.topic.slice(0, 100),
        fell_through: entry.fellThrough ? 1 : 0,
        created_at: now,
      })
      .execute();
  } catch (error) {
    deps.log.warn({ err: { message: (error as Error).message } }, "chat question not recorded");
  }
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
  });
}
