import { createHash } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../db/database";
import { precompiled } from "../db/precompiled";

export type RateLimitResult = {
  allowed: boolean;
  /** Hits counted in the current window, this one included. */
  count: number;
  /** Seconds until the window resets (for Retry-After) when not allowed. */
  retryAfterSeconds: number;
};

/**
 * What a limit keeps of a client address in its key: a hash (96 bits), never the address itself. It is a plain
 * hash, so it hides the address from a casual reader of the table, not from someone who tries every IPv4 address.
 */
export function addressKey(clientIp: string): string {
  return createHash("sha256").update(`wise-parrot client address\n${clientIp}`).digest("base64url").slice(0, 16);
}

/** The fixed window `now` falls in: its start, its end, and the seconds until that end (at least 1, for Retry-After). */
export function fixedWindow(now: number, windowMs: number): { windowStart: number; expiresAt: number; retryAfterSeconds: number } {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const expiresAt = windowStart + windowMs;
  return { windowStart, expiresAt, retryAfterSeconds: Math.max(1, Math.ceil((expiresAt - now) / 1000)) };
}

/** One hit on a counter: its window's count, this hit included (compiled once: it runs on every like and form post). */
const HIT = precompiled((db, key: string, windowStart: number, expiresAt: number) =>
  db
    .insertInto("rate_limits")
    .values({ key, window_start: windowStart, count: 1, expires_at: expiresAt })
    .onConflict((oc) =>
      oc.column("key").doUpdateSet({
        count: sql<number>`case when rate_limits.window_start = ${windowStart} then rate_limits.count + 1 else 1 end`,
        window_start: windowStart,
        expires_at: expiresAt,
      }),
    )
    .returning(["count"]),
);

/**
 * Fixed-window counter stored in the database, so every server process
 * shares it. `key` names what is limited (for example "lead:ip:1.2.3.4").
 * The increment is one atomic upsert on both SQLite and PostgreSQL.
 */
export async function hitRateLimit(
  /** The database, or `{ kysely: trx }` to count inside a transaction (a rollback then takes the hit back). */
  db: Pick<Db, "kysely">,
  key: string,
  { limit, windowMs, now = Date.now() }: { limit: number; windowMs: number; now?: number },
): Promise<RateLimitResult> {
  const { windowStart, expiresAt, retryAfterSeconds } = fixedWindow(now, windowMs);
  const { rows } = await HIT.execute(db.kysely, key, windowStart, expiresAt);
  const row = rows[0];
  if (!row) throw new Error("the rate limit's upsert returned no row");
  const count = Number(row.count);
  return {
    allowed: count <= limit,
    count,
    retryAfterSeconds,
  };
}

/** Several hits on a counter at once, in a window of the caller's choosing (for addCounts). */
export type CountIncrement = { key: string; n: number; windowStart: number; expiresAt: number };

/**
 * Adds `n` hits to each counter in one statement (one round trip for a whole batch) and returns each counter's count in
 * its window afterwards, this batch included. The keys are written in sorted order, so two processes adding to the same
 * counters inside their transactions never deadlock.
 */
export async function addCounts(db: Pick<Db, "kysely">, increments: readonly CountIncrement[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const rows = [...increments].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  for (let i = 0; i < rows.length; i += 400) {
    const slice = rows.slice(i, i + 400);
    const written = await db.kysely
      .insertInto("rate_limits")
      .values(slice.map((r) => ({ key: r.key, window_start: r.windowStart, count: r.n, expires_at: r.expiresAt })))
      .onConflict((oc) =>
        oc.column("key").doUpdateSet({
          count: sql<number>`case when rate_limits.window_start = excluded.window_start then rate_limits.count + excluded.count else excluded.count end`,
          window_start: sql<number>`excluded.window_start`,
          expires_at: sql<number>`excluded.expires_at`,
        }),
      )
      .returning(["key", "count"])
      .execute();
    for (const r of written) counts.set(r.key, Number(r.count));
  }
  return counts;
}

/** Reads a counter without counting a hit. */
export async function peekRateLimit(db: Pick<Db, "kysely">, key: string, windowMs: number, now = Date.now()): Promise<number> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const row = await db.kysely
    .selectFrom("rate_limits")
    .select(["count", "window_start"])
    .where("key", "=", key)
    .executeTakeFirst();
  return row && Number(row.window_start) === windowStart ? Number(row.count) : 0;
}

/** One counter of a tiered limit: its key and the tier it counts against. */
export type Counter = { key: string; limit: number; windowMs: number };

/**
 * Seconds until every full counter among these takes a hit again; 0 when none is full. Reads without counting,
 * for limits that count failures only (a wrong password, a wrong code) and must refuse before checking.
 */
export async function secondsUntilFree(db: Pick<Db, "kysely">, counters: readonly Counter[], now = Date.now()): Promise<number> {
  let wait = 0;
  for (const { key, limit, windowMs } of counters) {
    if ((await peekRateLimit(db, key, windowMs, now)) >= limit) {
      const windowEnd = Math.floor(now / windowMs) * windowMs + windowMs;
      wait = Math.max(wait, Math.ceil((windowEnd - now) / 1000));
    }
  }
  return wait;
}

/** Counts one hit on each counter (a failure, for limits that count failures only). */
export async function hitCounters(db: Pick<Db, "kysely">, counters: readonly Counter[], now = Date.now()): Promise<void> {
  for (const { key, limit, windowMs } of counters) await hitRateLimit(db, key, { limit, windowMs, now });
}

/** Forgets a counter (for example after a successful sign-in). */
export async function resetRateLimit(db: Pick<Db, "kysely">, key: string): Promise<void> {
  await db.kysely.deleteFrom("rate_limits").where("key", "=", key).execute();
}

/** Deletes expired counters; run now and then by a worker. */
export async function pruneRateLimits(db: Db, now = Date.now()): Promise<number> {
  const result = await db.kysely.deleteFrom("rate_limits").where("expires_at", "<", now).executeTakeFirst();
  return Number(result.numDeletedRows ?? 0);
}
