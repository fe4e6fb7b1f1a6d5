import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppEnv, Deps } from "../../server/context";
import { createApiRouter } from "../../server/api";
import { applyPayment, bookDemo, upcomingBookingFor } from "../../server/services/booking/bookings";
import { listFreeSlots, releaseExpiredHolds } from "../../server/services/booking/holds";
import { bookingByManageToken, cancelByToken, rescheduleByToken } from "../../server/services/booking/manage";
import { sendDueReminders } from "../../server/services/booking/reminders";
import { handleRazorpayWebhook } from "../../server/services/booking/webhook";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { isServiceError } from "../../server/services/errors";
import { verifyCallbackSignature } from "../../server/services/booking/razorpay";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { type RazorpayStandIn, startRazorpayStandIn } from "../helpers/razorpay-server";

// Sunday 6 December 2026, 12:00 in the site's zone (Asia/Kolkata): Monday's slots are the next ones.
const NOW = Date.parse("2026-12-06T06:30:00Z");
const HOUR = 3600_000;
let n = 0;
const visitor = (slot: number, extra: Record<string, string> = {}) => ({
  slot: String(slot),
  name: "Asha Rao",
  email: `asha${++n}@example.com`,
  whatsapp: "+91 98765 43210",
  businessType: "Clinic",
  note: "",
  timeZone: "Europe/London",
  ...extra,
});
const ip = () => `10.0.0.${++n % 250}`;

async function refusal(p: Promise<unknown>) {
  try {
    await p;
  } catch (error) {
    if (isServiceError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

async function mails(deps: Deps, kind?: string) {
  await settleMailDeliveries();
  let q = deps.db.kysely.selectFrom("mail_outbox").select(["to_address", "kind", "subject", "text_body"]).orderBy("id");
  if (kind) q = q.where("kind", "=", kind);
  return q.execute();
}

describe.each(testDatabaseKinds())("demo booking on %s", (kind) => {
  let t: TestDatabase;
  let standIn: RazorpayStandIn;
  let mailDir: string;
  let unpaid: Deps;
  let paid: Deps;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    standIn = await startRazorpayStandIn();
    mailDir = await fs.mkdtemp(path.join(os.tmpdir(), "wp-booking-mail-"));
    const env = { MAIL_DIR: mailDir, LEAD_NOTIFY_EMAILS: "team@example.com", BOOKING_HOURS: "Mon-Sat 10:00-12:00", BOOKING_SLOT_MINUTES: "30", BOOKING_BUFFER_MINUTES: "15" };
    unpaid = testDeps(t.db, env);
    paid = testDeps(t.db, { ...env, ...standIn.env });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await standIn?.close();
    await t?.drop();
    await fs.rm(mailDir, { recursive: true, force: true });
  });

  it("offers the owner's availability as slots, and a fresh install books on the site", async () => {
    const { slots } = await listFreeSlots(unpaid, NOW);
    expect(new Date(slots[0]!).toISOString()).toBe("2026-12-07T04:30:00.000Z");
    // 14 days ahead (the default): 12 working days of three slots.
    expect(slots).toHaveLength(12 * 3);
    expect(unpaid.config.site.bookingUrl).toBe("/book-demo");
    expect(unpaid.config.site.bookingOnSite).toBe(true);
  });

  it("without Razorpay keys confirms unpaid, e-mails the visitor, tells the lead recipients and stores a lead", async () => {
    const { slots } = await listFreeSlots(unpaid, NOW);
    const input = visitor(slots[0]!);
    const result = await bookDemo(unpaid, input, { clientIp: ip(), locale: "en" }, NOW);
    expect(result.payUrl).toBeNull();
    const row = await t.db.kysely.selectFrom("demo_bookings").selectAll().where("public_id", "=", result.publicId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "confirmed", payment: "none", visitor_zone: "Europe/London" });
    const sent = await mails(unpaid);
    const confirmation = sent.find((m) => m.kind === "booking-confirmed" && m.to_address === input.email);
    expect(confirmation?.text_body).toContain("You pay 1");
    expect(confirmation?.text_body).toContain("/book-demo/manage?t=");
    expect(confirmation?.text_body).toContain("(Europe/London)");
    expect(sent.some((m) => m.kind === "lead-notify" && m.to_address === "team@example.com")).toBe(true);
    const lead = await t.db.kysely.selectFrom("leads").selectAll().where("email", "=", input.email).executeTakeFirstOrThrow();
    expect(lead.message).toContain("Demo booked");
    expect(await upcomingBookingFor(unpaid, input.email.toUpperCase(), NOW)).toMatchObject({ publicId: result.publicId, status: "confirmed" });
    // The slot is gone for the next visitor.
    expect((await listFreeSlots(unpaid, NOW)).slots).not.toContain(slots[0]);
  });

  it("refuses a bad form with the field named, and a slot never offered", async () => {
    const bad = await refusal(bookDemo(unpaid, { ...visitor(0), slot: "", email: "nope" }, { clientIp: ip(), locale: "en" }, NOW));
    expect(bad.kind).toBe("invalid");
    expect(bad.field).toBe("slot");
    expect(bad.facts?.errors).toMatchObject({ email: "Please enter a valid email address" });
    const hindi = await refusal(bookDemo(unpaid, { ...visitor(Date.parse("2026-12-07T04:30:00Z")), name: "" }, { clientIp: ip(), locale: "hi" }, NOW));
    expect(hindi.message).toBe("कृपया आपका नाम भरें।");
    const odd = await refusal(bookDemo(unpaid, visitor(Date.parse("2026-12-07T04:31:00Z")), { clientIp: ip(), locale: "en" }, NOW));
    expect(odd.kind).toBe("conflict");
  });

  it("gives the last slot to one of several visitors at once; the others hear it was just taken", async () => {
    const { slots } = await listFreeSlots(unpaid, NOW);
    const slot = slots[1]!;
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => bookDemo(unpaid, visitor(slot), { clientIp: ip(), locale: "en" }, NOW)));
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    for (const r of results) if (r.status === "rejected") expect(r.reason).toMatchObject({ kind: "conflict", field: "slot", message: "That time was just taken, pick another." });
    const active = await t.db.kysely.selectFrom("demo_bookings").select("id").where("active_start", "=", slot).execute();
    expect(active).toHaveLength(1);
  });

  it("with Razorpay: holds the slot, makes a payment link through the SDK, and is confirmed only by a signed webhook, once", async () => {
    const { slots } = await listFreeSlots(paid, NOW);
    const input = visitor(slots[0]!);
    const result = await bookDemo(paid, input, { clientIp: ip(), locale: "en" }, NOW);
    expect(result.payUrl).toMatch(new RegExp(`^${standIn.url}/pay/plink_`));
    const link = [...standIn.links.values()].find((l) => l.reference_id === result.publicId)!;
    expect(link).toMatchObject({ amount: 100, currency: "INR", callback_url: "http://localhost:3000/book-demo/return" });
    expect(standIn.unauthorized).toBe(0);
    const held = await t.db.kysely.selectFrom("demo_bookings").selectAll().where("public_id", "=", result.publicId).executeTakeFirstOrThrow();
    expect(held).toMatchObject({ status: "held", payment: "pending", held_until: NOW + 15 * 60_000 });

    const payment = standIn.pay(link.id);
    // The return's signature is Razorpay's over link id | reference | status | payment id.
    expect(verifyCallbackSignature(Object.fromEntries(payment.callbackQuery) as never, standIn.keySecret)).toBe(true);
    expect(verifyCallbackSignature({ ...(Object.fromEntries(payment.callbackQuery) as Record<string, string>), razorpay_payment_link_status: "created" } as never, standIn.keySecret)).toBe(false);

    // A wrong signature, or none, is refused and changes nothing.
    const forged = await handleRazorpayWebhook(paid, Buffer.from(payment.body), { signature: standIn.sign(`${payment.body} `), eventId: payment.eventId }, NOW + 60_000);
    expect(forged.status).toBe(401);
    expect((await handleRazorpayWebhook(paid, Buffer.from(payment.body), { signature: null, eventId: payment.eventId }, NOW)).status).toBe(401);
    expect((await t.db.kysely.selectFrom("demo_bookings").select("status").where("id", "=", held.id).executeTakeFirstOrThrow()).status).toBe("held");

    // Through the HTTP door: the raw body's signature.
    const api = new Hono<AppEnv>();
    api.use(async (c, next) => {
      c.set("deps", paid);
      await next();
    });
    api.route("/api", createApiRouter());
    const first = await api.request("/api/razorpay/webhook", { method: "POST", headers: { "content-type": "application/json", "x-razorpay-signature": payment.signature, "x-razorpay-event-id": payment.eventId }, body: payment.body });
    expect(first.status).toBe(200);
    expect(await first.json()).toMatchObject({ success: true, message: "confirmed" });
    const replay = await api.request("/api/razorpay/webhook", { method: "POST", headers: { "content-type": "application/json", "x-razorpay-signature": payment.signature, "x-razorpay-event-id": payment.eventId }, body: payment.body });
    expect(await replay.json()).toMatchObject({ success: true, message: "Already applied." });
    // Out of order: payment.captured after payment_link.paid (another event id) changes nothing.
    const captured = JSON.stringify({ event: "payment.captured", payload: { payment: { entity: { id: link.payment_id, notes: { booking: result.publicId } } } } });
    const late = await handleRazorpayWebhook(paid, Buffer.from(captured), { signature: standIn.sign(captured), eventId: "evt_late" }, NOW + 120_000);
    expect(late.body.message).toBe("already");
    const confirmed = await t.db.kysely.selectFrom("demo_bookings").selectAll().where("id", "=", held.id).executeTakeFirstOrThrow();
    expect(confirmed).toMatchObject({ status: "confirmed", payment: "paid", payment_id: link.payment_id });
    expect((await mails(paid, "booking-confirmed")).filter((m) => m.to_address === input.email)).toHaveLength(1);
  });

  it("releases an unpaid hold after 15 minutes; a payment arriving later is kept and flagged for a refund", async () => {
    const { slots } = await listFreeSlots(paid, NOW);
    const slot = slots[0]!;
    const result = await bookDemo(paid, visitor(slot), { clientIp: ip(), locale: "en" }, NOW);
    expect((await listFreeSlots(paid, NOW + 14 * 60_000)).slots).not.toContain(slot);
    expect(await releaseExpiredHolds(paid, NOW + 14 * 60_000)).toBe(0);
    expect(await releaseExpiredHolds(paid, NOW + 16 * 60_000)).toBe(1);
    expect((await listFreeSlots(paid, NOW + 16 * 60_000)).slots).toContain(slot);
    const link = [...standIn.links.values()].find((l) => l.reference_id === result.publicId)!;
    expect(link.status).toBe("cancelled");
    const late = await applyPayment(paid, { publicId: result.publicId }, "pay_late", NOW + 20 * 60_000);
    expect(late.outcome).toBe("refund-due");
    const row = await t.db.kysely.selectFrom("demo_bookings").selectAll().where("public_id", "=", result.publicId).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "released", payment: "refund-due", payment_id: "pay_late", active_start: null });
  });

  it("sends the 24-hour and 1-hour reminders once each, in order, and none after a cancel", async () => {
    // Booked on Sunday for Tuesday 10:00 IST (more than a day ahead).
    const { slots } = await listFreeSlots(unpaid, NOW);
    const tuesday = slots.find((s) => new Date(s).toISOString().startsWith("2026-12-08"))!;
    const kept = visitor(tuesday);
    await bookDemo(unpaid, kept, { clientIp: ip(), locale: "en" }, NOW);
    const gone = visitor(slots.find((s) => s > tuesday)!);
    const cancelled = await bookDemo(unpaid, gone, { clientIp: ip(), locale: "en" }, NOW);
    await cancelByToken(unpaid, cancelled.manageToken!, NOW + HOUR);
    const reminders = async () => (await mails(unpaid)).filter((m) => m.kind.startsWith("booking-reminder") && (m.to_address === kept.email || m.to_address === gone.email));

    await sendDueReminders(unpaid, tuesday - 25 * HOUR);
    expect(await reminders()).toHaveLength(0);
    await sendDueReminders(unpaid, tuesday - 23 * HOUR);
    await sendDueReminders(unpaid, tuesday - 22 * HOUR);
    expect((await reminders()).map((m) => [m.to_address, m.kind])).toEqual([[kept.email, "booking-reminder-24h"]]);
    await sendDueReminders(unpaid, tuesday - 50 * 60_000);
    await sendDueReminders(unpaid, tuesday - 10 * 60_000);
    await sendDueReminders(unpaid, tuesday + 10 * 60_000);
    const all = await reminders();
    expect(all.map((m) => m.kind)).toEqual(["booking-reminder-24h", "booking-reminder-1h"]);
    expect(all[1]?.text_body).toContain("https://wa.me/");
  });

  it("moves a booking by its single-use link: one booking, the old time free, the link spent, a new one e-mailed", async () => {
    const { slots } = await listFreeSlots(unpaid, NOW);
    const input = visitor(slots[0]!);
    const booked = await bookDemo(unpaid, input, { clientIp: ip(), locale: "en" }, NOW);
    const target = slots[3]!;
    const moved = await rescheduleByToken(unpaid, booked.manageToken!, target, NOW + 60_000);
    expect(Number(moved.starts_at)).toBe(target);
    const rows = await t.db.kysely.selectFrom("demo_bookings").select(["id", "starts_at", "active_start"]).where("email", "=", input.email).execute();
    expect(rows).toHaveLength(1);
    expect((await listFreeSlots(unpaid, NOW + 60_000)).slots).toContain(slots[0]);
    expect(await bookingByManageToken(unpaid, booked.manageToken!, NOW + 60_000)).toBeUndefined();
    expect((await refusal(cancelByToken(unpaid, booked.manageToken!, NOW + 60_000))).kind).toBe("not-found");
    const movedMail = (await mails(unpaid, "booking-moved")).find((m) => m.to_address === input.email);
    const token = /manage\?t=([A-Za-z0-9_-]+)/.exec(movedMail?.text_body ?? "")?.[1];
    expect(token).toBeTruthy();
    // Valid until the demo starts, not after.
    expect(await bookingByManageToken(unpaid, token!, target - 1000)).toBeDefined();
    expect(await bookingByManageToken(unpaid, token!, target + 1000)).toBeUndefined();
  });
});
