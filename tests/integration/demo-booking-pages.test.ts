import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { STUDIO_BOOKINGS } from "../../shared/content/booking";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { type RazorpayStandIn, startRazorpayStandIn } from "../helpers/razorpay-server";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`the demo booking's pages on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let mailDir: string;
  let standIn: RazorpayStandIn;
  let app: Awaited<ReturnType<typeof createApp>>;
  let paidApp: Awaited<ReturnType<typeof createApp>>;
  let ownerToken: string;
  let editorToken: string;
  let n = 0;

  const page = (a: typeof app, pathname: string, { token, form }: { token?: string; form?: Record<string, string> } = {}) =>
    a.request(`http://127.0.0.1${pathname}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { ...(token ? { cookie: `wp_session=${token}` } : {}), ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}), "x-forwarded-for": `192.0.2.${++n}` },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
  const ready = async (a: typeof app) => {
    await untilReady(a);
  };
  const firstSlot = async (a: typeof app, pathname = "/book-demo") => {
    const html = await (await page(a, pathname)).text();
    return [...html.matchAll(/name="slot" value="(\d+)"/g)].map((m) => m[1]!);
  };
  const details = (slot: string) => ({ slot, name: "Meera Shah", email: `meera${++n}@example.com`, whatsapp: "+91 98765 43210", businessType: "Salon", note: "Weekends are busy", timeZone: "Asia/Kolkata" });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    mailDir = await fs.mkdtemp(path.join(os.tmpdir(), "wp-booking-pages-"));
    standIn = await startRazorpayStandIn();
    app = await createApp({ deps: testDeps(t.db, { MAIL_DIR: mailDir }), buildDir: BUILD_DIR });
    paidApp = await createApp({ deps: testDeps(t.db, { MAIL_DIR: mailDir, ...standIn.env }), buildDir: BUILD_DIR });
    await Promise.all([ready(app), ready(paidApp)]);
    const deps = testDeps(t.db, { MAIL_DIR: mailDir });
    ownerToken = (await staffWithSession(deps, "book-owner@example.com", "owner")).token;
    editorToken = (await staffWithSession(deps, "book-editor@example.com", "editor")).token;
  }, 120_000);
  afterAll(async () => {
    await settleMailDeliveries();
    await standIn?.close();
    await t?.drop();
    await fs.rm(mailDir, { recursive: true, force: true });
  });

  it("a fresh install's Book Demo buttons open /book-demo (/hi/book-demo on Hindi pages)", async () => {
    const home = await (await page(app, "/")).text();
    expect(home).toMatch(/href="\/book-demo"[^>]*data-testid="hero-book"|data-testid="hero-book"[^>]*href="\/book-demo"/);
    expect(home).not.toContain("payments.example.com");
    const hindi = await (await page(app, "/hi")).text();
    expect(hindi).toContain('href="/hi/book-demo"');
  });

  it("renders the slots as a plain form in English and Hindi, the zone named", async () => {
    for (const [pathname, zoneLine] of [
      ["/book-demo", "Times are shown in Asia/Kolkata."],
      ["/hi/book-demo", "समय Asia/Kolkata में दिखाए गए हैं।"],
    ] as const) {
      const res = await page(app, pathname);
      expect(res.status).toBe(200);
      const html = await res.text();
      expect(html).toContain(zoneLine);
      expect(html).toMatch(/<form[^>]*method="post"/);
      expect((html.match(/name="slot"/g) ?? []).length).toBeGreaterThan(10);
    }
  });

  it("books without JavaScript: the confirmation page, the .ics; a time taken meanwhile keeps what was typed", async () => {
    const [slot] = await firstSlot(app);
    const res = await page(app, "/book-demo", { form: details(slot!) });
    expect(res.status).toBe(303);
    const done = res.headers.get("location")!;
    expect(done).toMatch(/^\/book-demo\/done\?b=[A-Za-z0-9_-]+&t=/);
    const html = await (await page(app, done)).text();
    expect(html).toContain("Your demo is booked");
    expect(html).toContain("https://meet.example.com/wise-parrot-demo");
    expect(html).toContain("Pay at the demo: 1 \u20b9.");
    const ics = await page(app, `/book-demo/ics?b=${new URL(done, "http://x").searchParams.get("b")}`);
    expect(ics.headers.get("content-type")).toContain("text/calendar");
    const calendar = await ics.text();
    expect(calendar).toContain("BEGIN:VEVENT");
    expect(calendar).toMatch(/DTSTART:\d{8}T\d{6}Z/);

    const again = await page(app, "/book-demo", { form: details(slot!) });
    expect(again.status).toBe(409);
    const form = await again.text();
    expect(form).toContain("That time was just taken, pick another.");
    expect(form).toMatch(/<textarea[^>]*name="note"[^>]*>Weekends are busy<\/textarea>/);
    expect(form).toContain('value="Meera Shah"');
    expect(form).not.toContain(`name="slot" value="${slot}"`);
  });

  it("the customer's kit page shows the demo they booked with the same address, or the way to book one (issue 42 meets 41)", async () => {
    const email = `customer${++n}@example.com`;
    const reg = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++n}` },
      body: JSON.stringify({ name: "Kavya Rao", email, password: "bookings all week long", company: "Rao Salon", industry: "Real Estate" }),
    });
    expect(reg.status).toBe(201);
    const token = ((await reg.json()) as { token: string }).token;
    const before = await (await page(app, "/templates", { token })).text();
    expect(before).toContain('data-testid="customer-demo"');
    expect(before).toContain("Book a demo");
    expect(before).not.toContain("Booked for");
    const [, , slot] = await firstSlot(app);
    expect((await page(app, "/book-demo", { form: { ...details(slot!), email: email.toUpperCase() } })).status).toBe(303);
    const after = await (await page(app, "/templates", { token })).text();
    expect(after).toContain("Booked for");
    expect(after).toContain("To pay at the demo");
    expect(after).toContain(`dateTime="${new Date(Number(slot)).toISOString()}"`);
  });

  it("the brief posted without JavaScript is read as the page's script reads it: saved, services by row, languages checked (issue 41)", async () => {
    const email = `nojs${++n}@example.com`;
    const reg = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++n}` },
      body: JSON.stringify({ name: "Kavya Rao", email, password: "bookings all week long", company: "Rao Salon", industry: "Real Estate" }),
    });
    const { token, user } = (await reg.json()) as { token: string; user: { _id: string } };
    const form = new URLSearchParams([
      ["intent", "save"],
      ["revision", "0"],
      ["kit", "real-estate"],
      ["businessName", "Rao Realty"],
      ["city", "Pune"],
      ["serviceName", "2 BHK rentals"],
      ["servicePrice", "from 25,000"],
      ["serviceName", ""],
      ["servicePrice", ""],
      ["tone", "friendly"],
      ["languages", "hi"],
      ["languages", "klingon"],
    ]);
    const res = await app.request("http://127.0.0.1/templates", {
      method: "POST",
      headers: { cookie: `wp_session=${token}`, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": `192.0.2.${++n}` },
      body: form.toString(),
    });
    expect(res.status).toBe(200);
    const row = await t.db.kysely.selectFrom("kit_briefs").select("fields").where("user_id", "=", user._id).executeTakeFirstOrThrow();
    const fields = JSON.parse(row.fields) as Record<string, unknown>;
    expect(fields).toMatchObject({ businessName: "Rao Realty", city: "Pune", services: [{ name: "2 BHK rentals", price: "from 25,000" }], tone: "friendly", languages: ["hi"] });
  });

  it("shows each field's message next to it in the page's language", async () => {
    const res = await page(app, "/hi/book-demo", { form: { slot: "", name: "", email: "x", whatsapp: "12", businessType: "" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("कृपया समय चुनें।");
    expect(html).toMatch(/id="book-email-error"[^>]*>कृपया सही ईमेल पता लिखें/);
  });

  it("with Razorpay: the visitor is sent to the payment link; the verified return confirms it; a forged one does not", async () => {
    const [, slot] = await firstSlot(paidApp);
    const res = await page(paidApp, "/book-demo", { form: details(slot!) });
    expect(res.status).toBe(303);
    const done = res.headers.get("location")!;
    const held = await (await page(paidApp, done)).text();
    expect(held).toContain("Waiting for your payment");
    const payUrl = /href="(http:\/\/127\.0\.0\.1:\d+\/pay\/plink_[a-f0-9]+)"/.exec(held)?.[1];
    expect(payUrl).toBeTruthy();
    const link = standIn.links.get(payUrl!.split("/").pop()!)!;
    const { callbackQuery } = standIn.pay(link.id);
    const forged = new URLSearchParams(callbackQuery);
    forged.set("razorpay_signature", "0".repeat(64));
    await page(paidApp, `/book-demo/return?${forged.toString()}`);
    expect(await (await page(paidApp, done)).text()).toContain("Waiting for your payment");
    const back = await page(paidApp, `/book-demo/return?${callbackQuery.toString()}`);
    expect(back.status).toBe(302);
    const paid = await (await page(paidApp, back.headers.get("location")!)).text();
    expect(paid).toContain("Paid: 1 \u20b9. Thank you!");
  });

  it("/studio/bookings: owners and editors see the bookings and mark one attended (audited)", async () => {
    const list = await page(app, "/studio/bookings", { token: editorToken });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Meera Shah");
    expect((await page(app, "/studio/bookings")).status).toBe(404);
    const booking = await t.db.kysely.selectFrom("demo_bookings").select("id").where("status", "=", "confirmed").orderBy("id").executeTakeFirstOrThrow();
    const marked = await page(app, "/studio/bookings", { token: ownerToken, form: { id: String(booking.id), intent: "attended" } });
    expect(marked.status).toBe(200);
    const row = await t.db.kysely.selectFrom("demo_bookings").select("status").where("id", "=", booking.id).executeTakeFirstOrThrow();
    expect(row.status).toBe("attended");
    const audit = await t.db.kysely.selectFrom("audit_log").select("action").where("action", "=", "booking.attended").execute();
    expect(audit).toHaveLength(1);
    // The funnel and the show-up rate are in Analytics too, from the same report (issue 42).
    const analytics = await page(app, "/studio/analytics", { token: editorToken });
    expect(analytics.status).toBe(200);
    const dashboard = await analytics.text();
    expect(dashboard).toContain('data-testid="booking-funnel"');
    for (const label of Object.values(STUDIO_BOOKINGS.funnelSteps)) expect(dashboard).toContain(`>${label}<`);
    expect(dashboard).toContain(STUDIO_BOOKINGS.showUp);
  });
});
