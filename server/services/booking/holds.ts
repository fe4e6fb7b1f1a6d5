import { type Selectable } from "kysely";
import type { Deps } from "../../context";
import type { BookingTables } from "../../db/schema";
import { BOOK_DEMO_DOC, type BookDemoCopy } from "../../../shared/copy/book-demo";
import type { Availability } from "../../../shared/schemas/booking";
import type { Locale } from "../../../shared/i18n";
import { type EffectiveSettings, siteSettings } from "../content/settings";
import { readCopy } from "../content/copy";
import { cancelPaymentLink } from "./razorpay";
import { freeSlots, type Interval } from "./slots";

/** How long an unpaid hold keeps its slot. */
export const HOLD_MS = 15 * 60_000;
/** Bookings one address may make per hour (holds included). */
export const BOOKINGS_PER_HOUR = 10;

export type BookingRow = Selectable<BookingTables["demo_bookings"]>;
/** Statuses that hold their slot (active_start set). */
export const ACTIVE_STATUSES = ["held", "confirmed", "attended", "no-show"] as const;

export function availabilityOf(settings: EffectiveSettings): Availability {
  return {
    hours: settings.bookingHours,
    slotMinutes: settings.bookingSlotMinutes,
    bufferMinutes: settings.bookingBufferMinutes,
    daysAhead: settings.bookingDaysAhead,
    blockedDates: settings.bookingBlockedDates,
    timeZone: settings.timeZone,
  };
}

/** The slots held or booked from `from` on (the free-slot computation leaves them out). */
async function takenFrom(deps: Pick<Deps, "db">, from: number, now: number, exceptId?: number): Promise<Interval[]> {
  let q = deps.db.kysely
    .selectFrom("demo_bookings")
    .select(["id", "starts_at", "ends_at", "status", "held_until"])
    .where("active_start", "is not", null)
    .where("ends_at", ">", from - 24 * 3600_000);
  if (exceptId !== undefined) q = q.where("id", "!=", exceptId);
  const rows = await q.execute();
  // A hold past its time no longer counts, released or not yet.
  return rows.filter((r) => r.status !== "held" || Number(r.held_until) >= now).map((r) => ({ start: Number(r.starts_at), end: Number(r.ends_at) }));
}

/** Every free slot's start (UTC), from the owner's availability minus what is held or booked. */
export async function listFreeSlots(deps: Pick<Deps, "db" | "config">, now = Date.now(), exceptId?: number): Promise<{ slots: number[]; availability: Availability }> {
  const availability = availabilityOf(await siteSettings(deps));
  const slots = freeSlots(availability, await takenFrom(deps, now, now, exceptId), now);
  return { slots, availability };
}

/** Whether a write failed on a unique index (the slot's: someone else holds that time). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string } | null;
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/** Frees the slots of holds whose 15 minutes are over (their payment link is cancelled, best effort). Returns how many. */
export async function releaseExpiredHolds(deps: Deps, now = Date.now()): Promise<number> {
  const expired = await deps.db.kysely
    .selectFrom("demo_bookings")
    .select(["id", "payment_link_id"])
    .where("status", "=", "held")
    .where("held_until", "<", now)
    .execute();
  let released = 0;
  for (const row of expired) {
    const result = await deps.db.kysely
      .updateTable("demo_bookings")
      .set({ status: "released", active_start: null, closed_at: now, closed_by: "hold expired" })
      .where("id", "=", row.id)
      .where("status", "=", "held")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows ?? 0) === 0) continue;
    released += 1;
    deps.log.info({ bookingId: Number(row.id) }, "demo hold released");
    if (row.payment_link_id) {
      await cancelPaymentLink(deps.config, row.payment_link_id).catch((err: unknown) =>
        deps.log.warn({ bookingId: Number(row.id), err: { message: (err as Error).message } }, "payment link not cancelled"),
      );
    }
  }
  return released;
}

/** The booking page's copy in a language (its form's messages are the rules' words). */
export function bookingCopy(deps: Pick<Deps, "db">, locale: Locale): Promise<BookDemoCopy> {
  return readCopy(deps, BOOK_DEMO_DOC, locale);
}
