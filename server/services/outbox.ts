import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";

/*
 * What the three outboxes (mail, newsletter messages, leads for the CRM) share: a claim that leases due rows to one
 * process, and a back-off after a failed attempt. Each outbox keeps its own policy (lease, waits, attempts) and its
 * own table's way of marking a lease.
 */

/** How an outbox retries: the wait after the first failure doubles with each failure after it, up to maxDelayMs. */
export type RetryPolicy = {
  baseDelayMs: number;
  maxDelayMs: number;
  /** The attempt that fails with this many made is final. */
  maxAttempts: number;
  /** "Equal jitter" when given: each wait falls between half and all of it, so retries of many rows spread out. */
  random?: () => number;
};

/** The wait before the next attempt after `attempts` failures. */
export function backoffMs(attempts: number, policy: Pick<RetryPolicy, "baseDelayMs" | "maxDelayMs" | "random">): number {
  const exp = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** Math.max(0, attempts - 1));
  return policy.random ? Math.round(exp / 2 + policy.random() * (exp / 2)) : exp;
}

/**
 * After a failed attempt: final (the failure is permanent, or the attempts are used up), else due again after the
 * back-off (or after `atLeastMs`, what the other side asked for, when longer; never past maxDelayMs).
 */
export function afterFailure(
  attempts: number,
  policy: RetryPolicy,
  { permanent = false, atLeastMs = 0, now = Date.now() }: { permanent?: boolean; atLeastMs?: number; now?: number } = {},
): { final: boolean; nextAttemptAt: number } {
  const wait = Math.min(policy.maxDelayMs, Math.max(backoffMs(attempts, policy), atLeastMs));
  return { final: permanent || attempts >= policy.maxAttempts, nextAttemptAt: now + wait };
}

/** A failure's text as an outbox keeps it: bounded. */
export function failureText(error: unknown): string {
  return String((error as Error)?.message ?? error).slice(0, 500);
}

/**
 * Claims due rows for this process: `due` selects the ids (in order, at most as many as one round takes), `lease` is
 * one conditional UPDATE of those ids that checks again that each is still due and marks it leased, returning the
 * rows it took. Two processes never both take a row: the UPDATE's condition fails for the later one. On PostgreSQL
 * the ids are read FOR UPDATE SKIP LOCKED in the claim's transaction, so processes claiming at once take different
 * rows instead of queueing; the UPDATE names them as a list (as a subquery, PostgreSQL may run it again for each row
 * and, skipping the rows this UPDATE has just locked, lease more than the round takes).
 */
export async function claimDue<TB extends keyof Database, Row>(
  db: Db,
  due: (kysely: Kysely<Database>) => SelectQueryBuilder<Database, TB, { id: number }>,
  lease: (kysely: Kysely<Database>, ids: number[]) => Promise<Row[]>,
): Promise<Row[]> {
  const claim = async (kysely: Kysely<Database>, locking: boolean) => {
    const query = due(kysely);
    const ids = (await (locking ? query.forUpdate().skipLocked() : query).execute()).map((r) => Number(r.id));
    return ids.length ? lease(kysely, ids) : [];
  };
  if (db.dialect === "postgres") return db.kysely.transaction().execute((trx) => claim(trx, true));
  return claim(db.kysely, false);
}
