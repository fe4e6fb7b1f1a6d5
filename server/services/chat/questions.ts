/**
 * What visitors ask the help assistant: every chat question is kept (its
 * text only: no address, no account, no history) with the topic that
 * answered it, what the assistant answered (cut short), whether it fell
 * through to the welcome menu or handed over to a person, the visitor's
 * language and the visitor's rating of the answer, for CHAT_LOG_DAYS days.
 * /studio/questions groups them by meaning (decision 0028) so the owner sees
 * which FAQ entry to write next.
 */
import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Deps } from "../../context";
import { conflict, notFound } from "../errors";
import { intervalWorker, type Worker } from "../interval-worker";
import { publishedFaqPassages, VOCABULARY } from "./knowledge";
import { mayLogQuestion } from "./limits";
import { pruneConversations } from "./conversations";
import { contentStems, normalizeQuestion } from "./text";

const DAY_MS = 24 * 60 * 60_000;

/** The studio page's window: the last 30 days (or the kept period, when shorter). */
export const QUESTION_WINDOW_DAYS = 30;
/** The stored answer is cut to this many characters: enough to recognise it, not a transcript. */
export const ANSWER_CHARS = 400;
/** At most this many distinct questions (most asked first) are grouped per page view: the work stays bounded. */
export const MAX_GROUPED_KEYS = 3000;
/** At most this many groups are shown. */
export const MAX_GROUPS = 100;
/** Two questions share a group at this cosine of their word sets, or at SAME_TOPIC_SIMILARITY when the same source answered both. */
export const GROUP_SIMILARITY = 0.6;
export const SAME_TOPIC_SIMILARITY = 0.34;

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
  const answerId = randomBytes(16).toString("base64url");
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

/** Word sets of recently grouped wordings: the same wordings come back on every view of the page. */
const TOKEN_MEMO_SIZE = 20_000;
const tokenMemo = new Map<string, Set<string>>();

/** A question's meaning as a set of words: normalised (spelling, Hinglish, synonyms) and stemmed, common words dropped. */
export function meaningTokens(question: string): Set<string> {
  const known = tokenMemo.get(question);
  if (known) return known;
  const tokens = new Set(contentStems(normalizeQuestion(question, VOCABULARY).words));
  if (tokenMemo.size >= TOKEN_MEMO_SIZE) tokenMemo.clear();
  tokenMemo.set(question, tokens);
  return tokens;
}

/** The cosine of two word sets: shared words over the geometric mean of their sizes. */
export function setCosine(a: ReadonlySet<string>, b: ReadonlySet<string>): number {
  if (a.size === 0 || b.size === 0) return 0;
  let shared = 0;
  for (const t of a) if (b.has(t)) shared += 1;
  return shared / Math.sqrt(a.size * b.size);
}

/** Topics that say nothing about a question's meaning (the menu, a greeting, the model). */
const VAGUE_TOPICS = new Set(["", "menu", "greeting", "model", "handover"]);

export type QuestionGroup = {
  /** The group's most asked wording, as last asked. */
  question: string;
  /** Other wordings in the group (up to three, most asked first). */
  variants: string[];
  /** Times asked in the window, all wordings together. */
  count: number;
  lastAskedAt: number;
  /** What the assistant last answered the main wording. */
  answer: string;
  /** How many of the times asked were handed over to a person. */
  handedOver: number;
  helpful: number;
  notHelpful: number;
};

export type QuestionGroups = { groups: QuestionGroup[]; questions: number; distinct: number; capped: boolean };

type KeyRow = {
  key: string;
  count: number;
  last: number;
  handed: number;
  helpful: number;
  notHelpful: number;
  topic: string;
  latestId: number;
};

/**
 * The window's questions grouped by meaning: identical wordings first (by
 * their key, in SQL), then greedily, most asked first, each wording joins
 * the group whose first wording is most like it (cosine of the word sets at
 * GROUP_SIMILARITY, or SAME_TOPIC_SIMILARITY when the same source answered
 * both) or starts its own. Bounded: at most MAX_GROUPED_KEYS wordings, and
 * candidates are found through the words they share.
 */
export async function questionGroups(
  deps: Pick<Deps, "db" | "config">,
  { now = Date.now(), handedOverOnly = false, limit = MAX_GROUPS }: { now?: number; handedOverOnly?: boolean; limit?: number } = {},
): Promise<QuestionGroups> {
  const days = Math.min(QUESTION_WINDOW_DAYS, deps.config.CHAT_LOG_DAYS);
  const since = now - days * DAY_MS;
  const db = deps.db.kysely;
  let query = db
    .selectFrom("chat_questions")
    .select([
      "question_key as key",
      sql<number>`count(*)`.as("count"),
      sql<number>`max(created_at)`.as("last"),
      sql<number>`sum(handed_over)`.as("handed"),
      sql<number>`sum(case when rating = 1 then 1 else 0 end)`.as("helpful"),
      sql<number>`sum(case when rating = -1 then 1 else 0 end)`.as("notHelpful"),
      sql<string>`max(topic)`.as("topic"),
      sql<number>`max(id)`.as("latestId"),
    ])
    .where("created_at", ">=", since)
    .where("created_at", "<=", now);
  if (handedOverOnly) query = query.where("handed_over", "=", 1);
  const raw = await query
    .groupBy("question_key")
    .orderBy(sql`count(*)`, "desc")
    .orderBy(sql`max(created_at)`, "desc")
    .orderBy("question_key")
    .limit(MAX_GROUPED_KEYS + 1)
    .execute();
  const capped = raw.length > MAX_GROUPED_KEYS;
  const rows: KeyRow[] = raw.slice(0, MAX_GROUPED_KEYS).map((r) => ({
    key: r.key,
    count: Number(r.count),
    last: Number(r.last),
    handed: Number(r.handed),
    helpful: Number(r.helpful),
    notHelpful: Number(r.notHelpful),
    topic: r.topic ?? "",
    latestId: Number(r.latestId),
  }));

  type Cluster = { head: KeyRow; tokens: Set<string>; members: KeyRow[] };
  const clusters: Cluster[] = [];
  const byToken = new Map<string, Cluster[]>();
  for (const row of rows) {
    const tokens = meaningTokens(row.key);
    let best: Cluster | undefined;
    let bestScore = 0;
    const seen = new Set<Cluster>();
    for (const t of tokens) {
      for (const c of byToken.get(t) ?? []) {
        if (seen.has(c)) continue;
        seen.add(c);
        const score = setCosine(tokens, c.tokens);
        const sameTopic = !VAGUE_TOPICS.has(row.topic) && row.topic === c.head.topic;
        if (score >= (sameTopic ? SAME_TOPIC_SIMILARITY : GROUP_SIMILARITY) && score > bestScore) {
          best = c;
          bestScore = score;
        }
      }
    }
    if (best) {
      best.members.push(row);
      continue;
    }
    const cluster: Cluster = { head: row, tokens, members: [row] };
    clusters.push(cluster);
    for (const t of tokens) {
      const list = byToken.get(t);
      if (list) list.push(cluster);
      else byToken.set(t, [cluster]);
    }
  }

  const total = (c: Cluster) => c.members.reduce((n, m) => n + m.count, 0);
  const lastOf = (c: Cluster) => Math.max(...c.members.map((m) => m.last));
  const shown = clusters
    .map((c) => ({ c, count: total(c), last: lastOf(c) }))
    .sort((a, b) => b.count - a.count || b.last - a.last)
    .slice(0, Math.max(1, Math.min(limit, MAX_GROUPS)));

  // The latest time each shown wording was asked: its text as typed and what was answered.
  const ids = shown.flatMap(({ c }) => c.members.slice(0, 4).map((m) => m.latestId));
  const latest = new Map<number, { question: string; answer: string }>();
  for (let i = 0; i < ids.length; i += 500) {
    const batch = ids.slice(i, i + 500);
    if (batch.length === 0) continue;
    const found = await db.selectFrom("chat_questions").select(["id", "question", "answer"]).where("id", "in", batch).execute();
    for (const f of found) latest.set(Number(f.id), { question: f.question, answer: f.answer });
  }
  const text = (m: KeyRow) => latest.get(m.latestId)?.question ?? m.key;

  return {
    groups: shown.map(({ c, count, last }) => ({
      question: text(c.head),
      variants: c.members.slice(1, 4).map(text),
      count,
      lastAskedAt: last,
      answer: latest.get(c.head.latestId)?.answer ?? "",
      handedOver: c.members.reduce((n, m) => n + m.handed, 0),
      helpful: c.members.reduce((n, m) => n + m.helpful, 0),
      notHelpful: c.members.reduce((n, m) => n + m.notHelpful, 0),
    })),
    questions: rows.reduce((n, r) => n + r.count, 0),
    distinct: rows.length,
    capped,
  };
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

/** What one FAQ entry answered in the window: the later questions the assistant answered with it. */
export type FaqEntryUse = { ref: string; question: string; url: string; count: number; lastAskedAt: number; examples: string[] };

/** At most this many logged answers are read for the FAQ's counts (most recent first): the work stays bounded. */
export const MAX_FAQ_USE_ROWS = 5000;

/**
 * Which questions each published FAQ entry answered (issue 43: "Answer this" -> the entry -> the questions it answers
 * from then on), from the question log: every logged answer whose topics name the entry's passage (faq:<id>), in the
 * studio page's window, most used entry first, with up to three of the latest distinct wordings.
 */
export async function faqEntryUse(deps: Pick<Deps, "db" | "config">, { now = Date.now() }: { now?: number } = {}): Promise<FaqEntryUse[]> {
  const days = Math.min(QUESTION_WINDOW_DAYS, deps.config.CHAT_LOG_DAYS);
  const since = now - days * DAY_MS;
  const rows = await deps.db.kysely
    .selectFrom("chat_questions")
    .select(["question", "question_key", "topic", "created_at"])
    .where("created_at", ">=", since)
    .where("created_at", "<=", now)
    .where("topic", "like", "%faq:%")
    .orderBy("id", "desc")
    .limit(MAX_FAQ_USE_ROWS)
    .execute();
  const entries = await publishedFaqPassages(deps);
  const byRef = new Map(entries.map((e) => [e.ref, { ref: e.ref, question: e.heading, url: e.url, count: 0, lastAskedAt: 0, examples: [] as string[], keys: new Set<string>() }]));
  for (const row of rows) {
    for (const ref of new Set(row.topic.split(",").filter((t) => t.startsWith("faq:")))) {
      const use = byRef.get(ref);
      if (!use) continue;
      use.count++;
      use.lastAskedAt = Math.max(use.lastAskedAt, Number(row.created_at));
      if (use.examples.length < 3 && !use.keys.has(row.question_key)) {
        use.keys.add(row.question_key);
        use.examples.push(row.question);
      }
    }
  }
  return [...byRef.values()]
    .filter((u) => u.count > 0)
    .sort((a, b) => b.count - a.count || b.lastAskedAt - a.lastAskedAt)
    .map(({ keys: _keys, ...use }) => use);
}
