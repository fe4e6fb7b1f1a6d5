import type { Deps } from "../../context";
import { BOOKING_MESSAGES } from "../../../shared/content/booking";
import { recordAudit } from "../audit";
import { conflict, notFound } from "../errors";
import { hashToken, newToken } from "../tokens";
import { type BookingRow, bookingCopy, isUniqueViolation, listFreeSlots } from "./holds";
import { freeSlots } from "./slots";
import { queueCancelledMail, queueMovedMail } from "./mail";

/** The booking a visitor's manage link names, while the link is valid: unused, and before the demo starts. */
export async function bookingByManageToken(deps: Pick<Deps, "db">, token: string, now = Date.now()): Promise<BookingRow | undefined> {
  if (!/^[A-Za-z0-9_-]{20,64}$/.test(token)) return undefined;
  const row = await deps.db.kysely.selectFrom("demo_bookings").selectAll().where("manage_token_hash", "=", hashToken(token)).executeTakeFirst();
  if (!row || row.status !== "confirmed" || Number(row.starts_at) <= now) return undefined;
  return row;
}

/** Cancels by the visitor's link (single use: the link is spent). */
export async function cancelByToken(deps: Deps, token: string, now = Date.now()): Promise<BookingRow> {
  const booking = await bookingByManageToken(deps, token, now);
  if (!booking) throw notFound(BOOKING_MESSAGES.linkExpired);
  const result = await deps.db.kysely
    .updateTable("demo_bookings")
    .set({ status: "cancelled", active_start: null, manage_token_hash: null, closed_at: now, closed_by: "visitor" })
    .where("id", "=", booking.id)
    .where("manage_token_hash", "=", hashToken(token))
    .where("status", "=", "confirmed")
    .executeTakeFirst();
  if (Number(result.numUpdatedRows ?? 0) === 0) throw notFound(BOOKING_MESSAGES.linkExpired);
  await recordAudit(deps, { userId: null, label: "visitor (cancel link)", clientIp: "-" }, { action: "booking.cancel", recordType: "booking", recordId: String(booking.id), detail: "cancelled by the visitor" }, now);
  await queueCancelledMail(deps, booking);
  return booking;
}

/**
 * Moves a confirmed booking to another free slot, the same row (one booking): the slot's unique index refuses a
 * taken one (`conflict` "that time was just taken"). Reminders start over for the new time; the visitor gets a
 * new manage link (the old one is spent) by e-mail.
 */
export async function moveBooking(deps: Deps, booking: BookingRow, slot: number, now: number, guard: { token?: string }): Promise<BookingRow> {
  const copy = await bookingCopy(deps, booking.locale === "hi" ? "hi" : "en");
  const { slots, availability } = await listFreeSlots(deps, now, Number(booking.id));
  if (!slots.includes(slot)) {
    const offered = freeSlots(availability, [], now).includes(slot);
    throw offered ? conflict(copy.picker.taken, "slot") : conflict(BOOKING_MESSAGES.notOffered, "slot");
  }
  const token = newToken();
  try {
    let q = deps.db.kysely
      .updateTable("demo_bookings")
      .set({
        starts_at: slot,
        ends_at: slot + availability.slotMinutes * 60_000,
        active_start: slot,
        scheduled_at: now,
        reminder_24_at: null,
        reminder_1_at: null,
        manage_token_hash: hashToken(token),
      })
      .where("id", "=", booking.id)
      .where("status", "=", "confirmed");
    if (guard.token) q = q.where("manage_token_hash", "=", hashToken(guard.token));
    const result = await q.executeTakeFirst();
    if (Number(result.numUpdatedRows ?? 0) === 0) throw notFound(BOOKING_MESSAGES.linkExpired);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(copy.picker.taken, "slot");
    throw error;
  }
  const moved = await deps.db.kysely.selectFrom("demo_bookings").selectAll().where("id", "=", booking.id).executeTakeFirstOrThrow();
  await queueMovedMail(deps, moved, token);
  return moved;
}

export async function rescheduleByToken(deps: Deps, token: string, slot: number, now = Date.now()): Promise<BookingRow> {
  const booking = await bookingByManageToken(deps, token, now);
  if (!booking) throw notFound(BOOKING_MESSAGES.linkExpired);
  const moved = await moveBooking(deps, booking, slot, now, { token });
  await recordAudit(deps, { userId: null, label: "visitor (reschedule link)", clientIp: "-" }, { action: "booking.move", recordType: "booking", recordId: String(booking.id), detail: `moved by the visitor to ${new Date(slot).toISOString()}` }, now);
  return moved;
}

