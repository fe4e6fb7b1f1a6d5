import type { Deps } from "../../context";
import { intervalWorker, type Worker } from "../interval-worker";
import { releaseExpiredHolds } from "./holds";
import { queueReminderMail } from "./mail";

const HOUR = 3600_000;

/**
 * The demo's reminders (issue 42): 24 hours and 1 hour before, each claimed once by a conditional update (several
 * processes may run this loop) and then queued in the outbox under a key of the booking and its start (never twice).
 * Only confirmed bookings not yet started: a cancelled or moved-away time matches nothing. In order: when the 1-hour
 * reminder is due, a 24-hour one not sent by then is dropped; a booking made (or moved) less than a day before its
 * start gets no 24-hour reminder (its confirmation is fresh).
 */
export async function sendDueReminders(deps: Deps, now = Date.now()): Promise<number> {
  let sent = 0;
  const k = deps.db.kysely;
  // The 1-hour reminders first; the 24-hour ones they overtake are marked done unsent.
  const soon = await k
    .selectFrom("demo_bookings")
    .selectAll()
    .where("status", "=", "confirmed")
    .where("reminder_1_at", "is", null)
    .where("starts_at", ">", now)
    .where("starts_at", "<=", now + HOUR)
    .execute();
  for (const b of soon) {
    const claimed = await k.updateTable("demo_bookings").set({ reminder_1_at: now }).where("id", "=", b.id).where("reminder_1_at", "is", null).where("starts_at", "=", b.starts_at).where("status", "=", "confirmed").executeTakeFirst();
    if (Number(claimed.numUpdatedRows ?? 0) === 0) continue;
    await k.updateTable("demo_bookings").set({ reminder_24_at: now }).where("id", "=", b.id).where("reminder_24_at", "is", null).execute();
    if (Number(b.scheduled_at) > Number(b.starts_at) - HOUR) continue;
    await queueReminderMail(deps, b, "1h");
    sent += 1;
  }
  const tomorrow = await k
    .selectFrom("demo_bookings")
    .selectAll()
    .where("status", "=", "confirmed")
    .where("reminder_24_at", "is", null)
    .where("starts_at", ">", now + HOUR)
    .where("starts_at", "<=", now + 24 * HOUR)
    .execute();
  for (const b of tomorrow) {
    const claimed = await k.updateTable("demo_bookings").set({ reminder_24_at: now }).where("id", "=", b.id).where("reminder_24_at", "is", null).where("starts_at", "=", b.starts_at).where("status", "=", "confirmed").executeTakeFirst();
    if (Number(claimed.numUpdatedRows ?? 0) === 0) continue;
    if (Number(b.scheduled_at) > Number(b.starts_at) - 24 * HOUR) continue;
    await queueReminderMail(deps, b, "24h");
    sent += 1;
  }
  return sent;
}

/** The booking loop: releases unpaid holds past their 15 minutes and sends due reminders, every 30 s. */
export function bookingWorker(deps: Deps): Worker {
  return intervalWorker("demo-bookings", deps, 30_000, async () => {
    await releaseExpiredHolds(deps);
    await sendDueReminders(deps);
  });
}
