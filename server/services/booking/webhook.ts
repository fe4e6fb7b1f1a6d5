import type { Deps } from "../../context";
import { applyPayment } from "./bookings";
import { razorpayKeys, verifyWebhookSignature } from "./razorpay";

export type WebhookAnswer = { status: 200 | 400 | 401 | 404; body: { success: boolean; message: string } };

type Entity = { id?: unknown; reference_id?: unknown; notes?: unknown; payment_link_id?: unknown };

function text(v: unknown): string | undefined {
  return typeof v === "string" && v.length > 0 && v.length <= 64 ? v : undefined;
}

/**
 * A Razorpay webhook (issue 42): only a body signed with RAZORPAY_WEBHOOK_SECRET (X-Razorpay-Signature, over the raw
 * bytes) is read; each event is applied once by its id (X-Razorpay-Event-Id, else the payment's), recorded in the
 * same transaction as nothing else: a replay finds it and changes nothing, and an event about a booking already
 * paid (out of order: payment.captured after payment_link.paid) is harmless by applyPayment's own checks.
 */
export async function handleRazorpayWebhook(deps: Deps, rawBody: Buffer, headers: { signature: string | null; eventId: string | null }, now = Date.now()): Promise<WebhookAnswer> {
  const keys = razorpayKeys(deps.config);
  if (!keys) return { status: 404, body: { success: false, message: "Payments are not configured." } };
  if (!verifyWebhookSignature(rawBody, headers.signature, keys.webhookSecret)) {
    deps.log.warn({ bytes: rawBody.length }, "razorpay webhook refused: bad signature");
    return { status: 401, body: { success: false, message: "The signature does not match." } };
  }
  let event: { event?: unknown; payload?: { payment_link?: { entity?: Entity }; payment?: { entity?: Entity } } };
  try {
    event = JSON.parse(rawBody.toString("utf8")) as typeof event;
  } catch {
    return { status: 400, body: { success: false, message: "The body is not JSON." } };
  }
  const name = text(event.event) ?? "unknown";
  const link = event.payload?.payment_link?.entity;
  const payment = event.payload?.payment?.entity;
  const paymentId = text(payment?.id);
  const eventId = text(headers.eventId ?? undefined) ?? (paymentId ? `${name}:${paymentId}` : undefined);
  if (!eventId) return { status: 400, body: { success: false, message: "The event has no id." } };
  const seen = await deps.db.kysely.selectFrom("razorpay_events").select("event_id").where("event_id", "=", eventId).executeTakeFirst();
  if (seen) return { status: 200, body: { success: true, message: "Already applied." } };
  let outcome = "ignored";
  let bookingId: number | null = null;
  if ((name === "payment_link.paid" || name === "payment.captured") && paymentId) {
    const notes = (payment?.notes ?? {}) as Record<string, unknown>;
    const publicId = text(link?.reference_id) ?? text(notes.booking);
    const linkId = text(link?.id) ?? text(payment?.payment_link_id);
    const applied = await applyPayment(deps, publicId ? { publicId } : { linkId }, paymentId, now);
    outcome = applied.outcome;
    bookingId = applied.bookingId;
  }
  // Recorded after it was applied: applying twice (two deliveries at once) is harmless, missing one is not.
  await deps.db.kysely
    .insertInto("razorpay_events")
    .values({ event_id: eventId, event: name, booking_id: bookingId, outcome, received_at: now })
    .onConflict((oc) => oc.column("event_id").doNothing())
    .execute();
  deps.log.info({ event: name, outcome, bookingId }, "razorpay webhook");
  return { status: 200, body: { success: true, message: outcome } };
}
