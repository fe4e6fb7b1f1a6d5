import type { Deps } from "../../context";
import { intervalWorker, type Worker } from "../interval-worker";
import { dayOf, flushAnalytics } from "./record";
import { forgetRawReads, rolledUpDays, rollUpRows } from "./reports";

/** A day is rolled up this long after it ended, so the last batches of its views are in. */
const GRACE_MS = 10 * 60_000;

/**
 * Rolls up every finished day that has raw events and no roll-up yet, then deletes the raw events older than
 * ANALYTICS_RAW_DAYS (only days already rolled up) and the salts of past days. The roll-up of a day is written in
 * one transaction, so a day is either wholly rolled up or not at all (two processes rolling up the same day: the
 * second one's insert conflicts and it rolls back). Answers what it did.
 */
export async function rollUpAndPrune(deps: Deps, now = Date.now()): Promise<{ rolledUp: number[]; prunedEvents: number; prunedVisits: number }> {
  const db = deps.db.kysely;
  const today = dayOf(now);
  const lastFinished = dayOf(now - GRACE_MS) - 1;
  const first = await db
    .selectFrom("analytics_visits")
    .select((eb) => eb.fn.min<number>("day").as("day"))
    .executeTakeFirst();
  const firstEvent = await db
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.min<number>("day").as("day"))
    .executeTakeFirst();
  const firstDays = [first?.day, firstEvent?.day].filter((d) => d !== null && d !== undefined).map(Number);
  const rolledUp: number[] = [];
  if (firstDays.length > 0) {
    const from = Math.min(...firstDays);
    const done = await rolledUpDays(db, from, lastFinished);
    for (let day = from; day <= lastFinished; day++) {
      if (done.has(day)) continue;
      await db.transaction().execute(async (trx) => {
        const rows = await rollUpRows(trx, day);
        for (let i = 0; i < rows.length; i += 500) await trx.insertInto("analytics_daily").values(rows.slice(i, i + 500)).execute();
      });
      rolledUp.push(day);
    }
  }
  // Raw events are kept ANALYTICS_RAW_DAYS days, today included; every older day was rolled up above.
  const keepFrom = Math.min(today - deps.config.ANALYTICS_RAW_DAYS + 1, lastFinished + 1);
  const events = await db.deleteFrom("analytics_events").where("day", "<", keepFrom).executeTakeFirst();
  const visits = await db.deleteFrom("analytics_visits").where("day", "<", keepFrom).executeTakeFirst();
  await db.deleteFrom("analytics_salts").where("day", "<", today).execute();
  forgetRawReads(deps.db);
  return { rolledUp, prunedEvents: Number(events.numDeletedRows), prunedVisits: Number(visits.numDeletedRows) };
}

/** The analytics worker: rolls up and prunes every ten minutes; on shutdown it writes the views still batched. */
export function analyticsWorker(deps: Deps): Worker {
  const loop = intervalWorker("analytics", deps, 10 * 60_000, async () => {
    await rollUpAndPrune(deps);
  });
  return {
    name: loop.name,
    async stop() {
      await loop.stop();
      await flushAnalytics(deps.db);
    },
  };
}

