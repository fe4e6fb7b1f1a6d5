import type { Kysely, SelectQueryBuilder } from "kysely";
import type { Deps } from "../context";
import type { Db } from "../db/database";
import type { Database } from "../db/schema";

/*
 * What the three outboxes (mail, newsletter messages, leads for the CRM) share: a claim that leases due rows to one
 * process, a lease its holder renews while it works (and a fence: every mark names the claim), the writing of an
 * outcome, and a back-off after a failed attempt. Each outbox keeps its own policy (lease, waits, attempts) and its
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

/**
 * A claim's lease, kept while its holder works. Every `leaseMs / 3` it runs `renew(ids, until)`: one UPDATE that
 * moves the lease of the rows still held on to `until`, fenced by the claim (the table's claim token, or the attempt
 * count the claim set), and answers how many rows it moved. A holder alive but slow (a CRM that takes its time, an
 * SMTP server that drips, a process starved of CPU) keeps its rows; one that died, or was frozen past its lease,
 * loses them to the next claimer, and every mark it writes afterwards is fenced by the same claim and changes nothing.
 */
export type HeldLease = {
  /** Stops renewing these rows, after any renewal under way has finished: their outcome is about to be written. */
  release(ids: number[]): Promise<void>;
  /** Stops renewing every row (the round is over). */
  stop(): Promise<void>;
};

export function holdLease(
  { leaseMs, clock, log, what }: { leaseMs: number; clock: () => number; log: Deps["log"]; what: string },
  ids: number[],
  renew: (ids: number[], until: number) => Promise<number>,
): HeldLease {
  const held = new Set(ids);
  let renewing: Promise<void> | null = null;
  let lostLogged = false;
  const beat = () => {
    if (renewing || held.size === 0) return;
    const now = [...held];
    renewing = renew(now, clock() + leaseMs)
      .then((moved) => {
        if (moved < now.length && !lostLogged) {
          lostLogged = true;
          log.warn({ outbox: what, held: now.length, renewed: moved }, "outbox lease taken over while its holder was still working");
        }
      })
      // A renewal that fails is tried again at the next beat; the lease is long enough for a few to fail.
      .catch((err: unknown) => log.warn({ outbox: what, err: { message: (err as Error).message } }, "outbox lease not renewed"))
      .finally(() => {
        renewing = null;
      });
  };
  const timer = setInterval(beat, Math.max(10, Math.floor(leaseMs / 3)));
  timer.unref();
  return {
    async release(done) {
      for (const id of done) held.delete(id);
      if (held.size === 0) clearInterval(timer);
      await renewing;
    },
    async stop() {
      held.clear();
      clearInterval(timer);
      await renewing;
    },
  };
}

/**
 * Writes an attempt's outcome, again after a short wait when the database refuses (a pool with no free connection
 * under load, a moment's outage): an outcome never written leaves its row to be sent again once the lease runs out.
 * The waits (0.5 s, 1 s, 2 s) stay well inside any lease, which its holder renews meanwhile.
 */
export async function writeOutcome<T>(write: () => Promise<T>, { tries = 4, firstWaitMs = 500 } = {}): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= tries) throw error;
      await new Promise((r) => setTimeout(r, firstWaitMs * 2 ** (attempt - 1)));
    }
  }
}
