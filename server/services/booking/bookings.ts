import { randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { Deps } from "../../context";
import type { BookDemoCopy } from "../../../shared/copy/book-demo";
import { BOOKING_MESSAGES } from "../../../shared/content/booking";
import { DEFAULT_LEAD_SOURCE } from "../../../shared/content/contact";
import { type BookingForm, validateBooking } from "../../../shared/schemas/booking";
import { isTimeZone } from "../../../shared/schemas/site-settings";
import type { Locale } from "../../../shared/i18n";
import { siteSettings } from "../content/settings";
import { conflict, invalid, rateLimited, unavailable } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { hashToken, newToken } from "../tokens";
import { leadEvents } from "../leads/intake";
import { notifyAboutLead } from "../leads/notify";
import { BOOKINGS_PER_HOUR, type BookingRow, bookingCopy, HOLD_MS, isUniqueViolation, listFreeSlots, releaseExpiredHolds } from "./holds";
import { createPaymentLink, razorpayKeys } from "./razorpay";
import { freeSlots } from "./slots";
import { queueConfirmationMail, formatWhen } from "./mail";

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
