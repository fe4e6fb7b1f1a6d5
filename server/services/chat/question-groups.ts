/**
 * The question log as the owner reads it on /studio/questions: the window's questions grouped by meaning (decision
 * 0028), and which questions each FAQ entry answered (issue 43).
 */
import { sql } from "kysely";
import type { Deps } from "../../context";
import { publishedFaqPassages, VOCABULARY } from "./knowledge";
import { contentStems, normalizeQuestion } from "./text";

const DAY_MS = 24 * 60 * 60_000;

/** The studio page's window: the last 30 days (or the kept period, when shorter). */
export const QUESTION_WINDOW_DAYS = 30;
/** At most this many distinct questions (most asked first) are grouped per page view: the work stays bounded. */
export const MAX_GROUPED_KEYS = 3000;
/** At most this many groups are shown. */
export const MAX_GROUPS = 100;
/** Two questions share a group at this cosine of their word sets, or at SAME_TOPIC_SIMILARITY when the same source answered both. */
export const GROUP_SIMILARITY = 0.6;
export const SAME_TOPIC_SIMILARITY = 0.34;

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
