import { randomBytes } from "node:crypto";
import { type Selectable, sql } from "kysely";
import type { Deps } from "../../context";
import type { BookingTables } from "../../db/schema";
import { BOOK_DEMO_DOC, type BookDemoCopy } from "../../../shared/copy/book-demo";
import { BOOKING_MESSAGES } from "../../../shared/content/booking";
import { DEFAULT_LEAD_SOURCE } from "../../../shared/content/contact";
import { type Availability, type BookingForm, validateBooking } from "../../../shared/schemas/booking";
import { isTimeZone } from "../../../shared/schemas/site-settings";
import type { Locale } from "../../../shared/i18n";
import { type Actor, recordAudit } from "../audit";
import { type EffectiveSettings, siteSettings } from "../content/settings";
import { readCopy } from "../content/copy";
import { conflict, invalid, notFound, rateLimited, unavailable } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { hashToken, newToken } from "../tokens";
import { leadEvents } from "../leads/intake";
import { notifyAboutLead } from "../leads/notify";
import { cancelPaymentLink, createPaymentLink, razorpayKeys } from "./razorpay";
import { freeSlots, type Interval } from "./slots";
import { queueCancelledMail, queueConfirmationMail, queueMovedMail, formatWhen } from "./mail";

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

function isUniqueViolation(error: unknown): boolean {
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

export type BookResult = {
  publicId: string;
  /** Where the visitor goes to pay (a Razorpay payment link), or null when confirmed unpaid. */
  payUrl: string | null;
  /** The visitor's single-use link token to move or cancel (confirmed unpaid bookings only; a paid one gets it by e-mail). */
  manageToken: string | null;
};

/**
 * Books a demo: checks the form by the page's rules (`invalid` naming the field), the per-address limit, that the
 * slot is offered and free; then holds it (the unique index refuses a second holder: `conflict` on "slot", "that time
 * was just taken"). With Razorpay keys the hold waits 15 minutes for its payment (a payment link); without, the
 * booking is confirmed at once, to be paid at the demo.
 */
export async function bookDemo(deps: Deps, input: unknown, { clientIp, locale }: { clientIp: string; locale: Locale }, now = Date.now()): Promise<BookResult> {
  const copy = await bookingCopy(deps, locale);
  const checked = validateBooking(input, copy.messages, copy.form);
  if (!checked.ok) throw invalid(checked.message, checked.first, { errors: checked.errors });
  const limit = await hitRateLimit(deps.db, `booking:ip:${clientIp}`, { limit: BOOKINGS_PER_HOUR, windowMs: 3600_000 });
  if (!limit.allowed) throw rateLimited(BOOKING_MESSAGES.rateLimited(Math.ceil(limit.retryAfterSeconds / 60)), limit.retryAfterSeconds);
  return holdAndConfirm(deps, checked.data, locale, now, copy);
}

async function holdAndConfirm(deps: Deps, form: BookingForm, locale: Locale, now: number, copy: BookDemoCopy): Promise<BookResult> {
  const settings = await siteSettings(deps);
  await releaseExpiredHolds(deps, now);
  const { slots, availability } = await listFreeSlots(deps, now);
  if (!slots.includes(form.slot)) {
    // Offered by the availability but taken meanwhile, or never offered.
    const offered = freeSlots(availability, [], now).includes(form.slot);
    throw offered ? conflict(copy.picker.taken, "slot") : conflict(BOOKING_MESSAGES.notOffered, "slot");
  }
  const keys = razorpayKeys(deps.config);
  const publicId = randomBytes(18).toString("base64url");
  const manageToken = keys ? null : newToken();
  const visitorZone = form.timeZone && isTimeZone(form.timeZone) ? form.timeZone : settings.timeZone;
  let id: number;
  try {
    const row = await deps.db.kysely
      .insertInto("demo_bookings")
      .values({
        public_id: publicId,
        starts_at: form.slot,
        ends_at: form.slot + availability.slotMinutes * 60_000,
        active_start: form.slot,
        status: keys ? "held" : "confirmed",
        payment: keys ? "pending" : "none",
        amount_paise: settings.demoPrice,
        name: form.name,
        email: form.email,
        whatsapp: form.whatsapp,
        business_type: form.businessType,
        note: form.note,
        locale,
        visitor_zone: visitorZone,
        held_until: keys ? now + HOLD_MS : null,
        manage_token_hash: manageToken ? hashToken(manageToken) : null,
        created_at: now,
        confirmed_at: keys ? null : now,
        scheduled_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = Number(row.id);
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(copy.picker.taken, "slot");
    throw error;
  }
  deps.log.info({ bookingId: id, held: Boolean(keys) }, keys ? "demo slot held" : "demo booked (pay at the demo)");
  if (!keys) {
    await afterConfirmed(deps, id, manageToken!);
    return { publicId, payUrl: null, manageToken };
  }
  try {
    const link = await createPaymentLink(deps.config, {
      amountPaise: settings.demoPrice,
      referenceId: publicId,
      description: `Wise Parrot demo, ${formatWhen(form.slot, visitorZone, "en")}`.slice(0, 2048),
      customer: { name: form.name, email: form.email, contact: form.whatsapp.replace(/[^\d+]/g, "") },
      callbackUrl: `${deps.config.PUBLIC_URL}/book-demo/return`,
      // Razorpay wants an expiry at least 15 minutes ahead: the hold's end, and a minute more.
      expireBy: Math.ceil((now + HOLD_MS + 60_000) / 1000),
    });
    await deps.db.kysely.updateTable("demo_bookings").set({ payment_link_id: link.id, payment_link_url: link.shortUrl }).where("id", "=", id).execute();
    return { publicId, payUrl: link.shortUrl, manageToken: null };
  } catch (error) {
    // No payment link: the slot is given back at once, and the visitor is told to try again.
    await deps.db.kysely.updateTable("demo_bookings").set({ status: "released", active_start: null, closed_at: now, closed_by: "payment link failed" }).where("id", "=", id).execute();
    deps.log.warn({ bookingId: id, err: { message: (error as Error).message } }, "payment link not created");
    throw unavailable(copy.messages.failed, 60);
  }
}

/** What follows a confirmation (once): the visitor's e-mail, the lead (CRM and the lead recipients' notice). */
async function afterConfirmed(deps: Deps, id: number, manageToken: string): Promise<void> {
  const booking = await deps.db.kysely.selectFrom("demo_bookings").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  await queueConfirmationMail(deps, booking, manageToken).catch((err: unknown) => deps.log.warn({ bookingId: id, err: { message: (err as Error).message } }, "booking confirmation not queued"));
  await bookingLead(deps, booking).catch((err: unknown) => deps.log.warn({ bookingId: id, err: { message: (err as Error).message } }, "booking lead not stored"));
}

/** The booking as a lead (decision 0030's CRM flow): stored, forwarded to the CRM, its notice to the lead recipients. */
async function bookingLead(deps: Deps, booking: BookingRow): Promise<void> {
  if (booking.lead_id !== null) return;
  const settings = await siteSettings(deps);
  const [first = "", ...rest] = booking.name.trim().split(/\s+/);
  const payment = booking.payment === "paid" ? "paid" : booking.payment === "none" ? "pay at the demo" : booking.payment;
  const message = [
    `Demo booked for ${formatWhen(Number(booking.starts_at), settings.timeZone, "en")} (${payment}).`,
    `Business: ${booking.business_type}`,
    `WhatsApp: ${booking.whatsapp}`,
    booking.note ? `Note: ${booking.note}` : "",
  ]
    .filter(Boolean)
    .join("\n");
  const now = Date.now();
  const row = await deps.db.kysely
    .insertInto("leads")
    .values({
      first_name: first.slice(0, 50),
      last_name: rest.join(" ").slice(0, 80),
      email: booking.email,
      phone: booking.whatsapp,
      message: message.slice(0, 2000),
      lead_source: DEFAULT_LEAD_SOURCE,
      status: "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      locale: booking.locale,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const leadId = Number(row.id);
  const claimed = await deps.db.kysely.updateTable("demo_bookings").set({ lead_id: leadId }).where("id", "=", booking.id).where("lead_id", "is", null).executeTakeFirst();
  if (Number(claimed.numUpdatedRows ?? 0) === 0) {
    await deps.db.kysely.deleteFrom("leads").where("id", "=", leadId).execute();
    return;
  }
  leadEvents.emit("queued", leadId);
  await notifyAboutLead(deps, leadId);
}

export type PaymentOutcome = "confirmed" | "already" | "refund-due" | "unknown";

/**
 * A payment Razorpay confirmed (its webhook or the verified return) for the booking with this reference (its
 * public id). A hold still holding its slot is confirmed, once; a booking released or cancelled before the money
 * came is recorded as paid and flagged for a refund, never dropped.
 */
export async function applyPayment(deps: Deps, ref: { publicId?: string; linkId?: string }, paymentId: string, now = Date.now()): Promise<{ outcome: PaymentOutcome; bookingId: number | null }> {
  let q = deps.db.kysely.selectFrom("demo_bookings").selectAll();
  if (ref.publicId) q = q.where("public_id", "=", ref.publicId);
  else if (ref.linkId) q = q.where("payment_link_id", "=", ref.linkId);
  else return { outcome: "unknown", bookingId: null };
  const booking = await q.executeTakeFirst();
  if (!booking) return { outcome: "unknown", bookingId: null };
  const id = Number(booking.id);
  if (booking.payment === "paid" || booking.payment === "refund-due") return { outcome: "already", bookingId: id };
  if (booking.status === "held") {
    const token = newToken();
    const result = await deps.db.kysely
      .updateTable("demo_bookings")
      .set({ status: "confirmed", payment: "paid", payment_id: paymentId.slice(0, 64), paid_at: now, confirmed_at: now, held_until: null, manage_token_hash: hashToken(token) })
      .where("id", "=", id)
      .where("status", "=", "held")
      .executeTakeFirst();
    if (Number(result.numUpdatedRows ?? 0) === 1) {
      deps.log.info({ bookingId: id }, "demo paid and confirmed");
      await afterConfirmed(deps, id, token);
      return { outcome: "confirmed", bookingId: id };
    }
    return applyPayment(deps, ref, paymentId, now);
  }
  // Released or cancelled before the payment arrived: kept, and flagged for the owner to refund.
  const flagged = await deps.db.kysely
    .updateTable("demo_bookings")
    .set({ payment: "refund-due", payment_id: paymentId.slice(0, 64), paid_at: now })
    .where("id", "=", id)
    .where("payment", "in", ["pending", "none"])
    .executeTakeFirst();
  if (Number(flagged.numUpdatedRows ?? 0) === 1) deps.log.warn({ bookingId: id, status: booking.status }, "payment for a released or cancelled demo: refund due");
  return { outcome: Number(flagged.numUpdatedRows ?? 0) === 1 ? "refund-due" : "already", bookingId: id };
}

export async function bookingByPublicId(deps: Pick<Deps, "db">, publicId: string): Promise<BookingRow | undefined> {
  if (!/^[A-Za-z0-9_-]{10,40}$/.test(publicId)) return undefined;
  return deps.db.kysely.selectFrom("demo_bookings").selectAll().where("public_id", "=", publicId).executeTakeFirst();
}

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
async function moveBooking(deps: Deps, booking: BookingRow, slot: number, now: number, guard: { token?: string }): Promise<BookingRow> {
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

// ---- The studio ----

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

/**
 * The meeting point with the onboarding (issue 42): an account's next demo by its e-mail address (held or booked,
 * not yet started), or null.
 */
export async function upcomingBookingFor(deps: Pick<Deps, "db">, email: string, now = Date.now()): Promise<{ publicId: string; startsAt: number; status: string; payment: string } | null> {
  const row = await deps.db.kysely
    .selectFrom("demo_bookings")
    .select(["public_id", "starts_at", "status", "payment"])
    .where(sql<string>`lower(email)`, "=", email.trim().toLowerCase())
    .where("status", "in", ["held", "confirmed"])
    .where("starts_at", ">", now)
    .orderBy("starts_at")
    .limit(1)
    .executeTakeFirst();
  return row ? { publicId: row.public_id, startsAt: Number(row.starts_at), status: row.status, payment: row.payment } : null;
}
