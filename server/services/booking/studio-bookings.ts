import type { Deps } from "../../context";
import { BOOKING_MESSAGES } from "../../../shared/content/booking";
import { type Actor, recordAudit } from "../audit";
import { conflict, notFound } from "../errors";
import type { BookingRow } from "./holds";
import { moveBooking } from "./manage";
import { queueCancelledMail } from "./mail";

export type StudioBooking = {
  id: number;
  startsAt: number;
  endsAt: number;
  status: string;
  payment: string;
  amountPaise: number;
  name: string;
  email: string;
  whatsapp: string;
  businessType: string;
  note: string;
  locale: string;
  leadId: number | null;
};

function studioRow(r: BookingRow): StudioBooking {
  return {
    id: Number(r.id),
    startsAt: Number(r.starts_at),
    endsAt: Number(r.ends_at),
    status: r.status,
    payment: r.payment,
    amountPaise: Number(r.amount_paise),
    name: r.name,
    email: r.email,
    whatsapp: r.whatsapp,
    businessType: r.business_type,
    note: r.note,
    locale: r.locale,
    leadId: r.lead_id === null ? null : Number(r.lead_id),
  };
}

/** Bookings from 14 days ago on (released holds left out unless paid), by start. */
export async function listBookings(deps: Pick<Deps, "db">, now = Date.now()): Promise<StudioBooking[]> {
  const rows = await deps.db.kysely
    .selectFrom("demo_bookings")
    .selectAll()
    .where("starts_at", ">=", now - 14 * 86_400_000)
    .where((eb) => eb.or([eb("status", "!=", "released"), eb("payment", "=", "refund-due")]))
    .orderBy("starts_at")
    .limit(1000)
    .execute();
  return rows.map(studioRow);
}

async function bookingById(deps: Pick<Deps, "db">, id: number): Promise<BookingRow> {
  const row = await deps.db.kysely.selectFrom("demo_bookings").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(BOOKING_MESSAGES.notFound);
  return row;
}

/** The owner marks how a demo went (attended or no-show), audited. */
export async function markOutcome(deps: Deps, id: number, outcome: "attended" | "no-show", actor: Actor, now = Date.now()): Promise<void> {
  const booking = await bookingById(deps, id);
  if (!["confirmed", "attended", "no-show"].includes(booking.status)) throw conflict(BOOKING_MESSAGES.cannotChange);
  await deps.db.kysely.updateTable("demo_bookings").set({ status: outcome, manage_token_hash: null, closed_at: now, closed_by: actor.label.slice(0, 200) }).where("id", "=", id).execute();
  await recordAudit(deps, actor, { action: `booking.${outcome}`, recordType: "booking", recordId: String(id) }, now);
}

/** The owner cancels a booking (the visitor is told by e-mail), audited. */
export async function cancelByStaff(deps: Deps, id: number, actor: Actor, now = Date.now()): Promise<void> {
  const booking = await bookingById(deps, id);
  if (booking.status !== "confirmed" && booking.status !== "held") throw conflict(BOOKING_MESSAGES.cannotChange);
  const result = await deps.db.kysely
    .updateTable("demo_bookings")
    .set({ status: "cancelled", active_start: null, manage_token_hash: null, closed_at: now, closed_by: actor.label.slice(0, 200) })
    .where("id", "=", id)
    .where("status", "in", ["confirmed", "held"])
    .executeTakeFirst();
  if (Number(result.numUpdatedRows ?? 0) === 0) throw conflict(BOOKING_MESSAGES.cannotChange);
  await recordAudit(deps, actor, { action: "booking.cancel", recordType: "booking", recordId: String(id), detail: "cancelled in the studio" }, now);
  if (booking.status === "confirmed") await queueCancelledMail(deps, booking);
}

/** The owner moves a booking to another free slot (the visitor is told by e-mail, with a new link), audited. */
export async function moveByStaff(deps: Deps, id: number, slot: number, actor: Actor, now = Date.now()): Promise<void> {
  const booking = await bookingById(deps, id);
  if (booking.status !== "confirmed") throw conflict(BOOKING_MESSAGES.cannotChange);
  await moveBooking(deps, booking, slot, now, {});
  await recordAudit(deps, actor, { action: "booking.move", recordType: "booking", recordId: String(id), detail: `moved to ${new Date(slot).toISOString()}` }, now);
}
