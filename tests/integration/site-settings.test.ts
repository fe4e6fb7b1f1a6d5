/**
 * The owner's Settings (issue 28, decision 0024) on SQLite and PostgreSQL: the owner's values override the
 * environment's and clearing one falls back to it; a bad value is refused naming its field and changes nothing; an
 * editor is refused; every save is a revision and an audit line; the e-mails read the effective values; and, through
 * the built app, the pages show them, the settings page refuses editors, and a save reaches another server's cached
 * pages (a second app on its own database connection: its own caches, as another process has).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { notifyAboutLead } from "../../server/services/leads/notify";
import { saveSettings, senderFrom, siteSettings } from "../../server/services/content/settings";
import { REVISIONS_KEPT } from "../../server/services/content/store";
import { contentVersion } from "../../server/services/content/version";
import { isServiceError } from "../../server/services/errors";
import { listAudit } from "../../server/services/audit";
import type { StaffActor } from "../../server/services/audit";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { markAddressVerified } from "../helpers/verified";
import { testDeps } from "../helpers/deps";
import { staffWithSession, visitorSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const ENV = { WHATSAPP_NUMBER: "911111111111", LEAD_NOTIFY_EMAILS: "env-owner@example.com", MAIL_FROM: "Env Sender <no-reply@example.com>" };

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isServiceError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(testDatabaseKinds())("the owner's settings on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let owner: StaffActor;
  let editor: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, ENV);
    const o = await staffWithSession(deps, "settings-owner@example.com", "owner");
    const e = await staffWithSession(deps, "settings-editor@example.com", "editor");
    owner = { userId: o.userId, label: o.email, clientIp: "203.0.113.5", access: "owner" };
    editor = { userId: e.userId, label: e.email, clientIp: "203.0.113.6", access: "editor" };
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("a fresh install uses the environment's values", async () => {
    const s = await siteSettings(deps);
    expect(s.site.whatsappNumber).toBe("911111111111");
    expect(s.leadNotifyEmails).toEqual(["env-owner@example.com"]);
    expect(s.timeZone).toBe("Asia/Kolkata");
    expect(s.senderName).toBe("Env Sender");
    expect(s.saved).toEqual({});
    expect(senderFrom(deps.config, s)).toBe("Env Sender <no-reply@example.com>");
  });

  it("the owner's values override the environment, and a cleared field falls back to it", async () => {
    const before = await contentVersion(deps.db);
    const changed = await saveSettings(deps, { whatsappNumber: "+91 98765-43210", senderName: "Parrot Desk", timeZone: "Europe/London" }, owner);
    expect(changed.sort()).toEqual(["senderName", "timeZone", "whatsappNumber"]);
    expect(Number(await contentVersion(deps.db))).toBeGreaterThan(Number(before));
    let s = await siteSettings(deps);
    expect(s.site.whatsappNumber).toBe("919876543210");
    expect(s.timeZone).toBe("Europe/London");
    expect(senderFrom(deps.config, s)).toBe('"Parrot Desk" <no-reply@example.com>');
    // What the environment gave the other fields is untouched.
    expect(s.site.email).toBe(deps.config.site.email);

    await saveSettings(deps, { whatsappNumber: "", senderName: "  " }, owner);
    s = await siteSettings(deps);
    expect(s.site.whatsappNumber).toBe("911111111111");
    expect(s.senderName).toBe("Env Sender");
    expect(s.saved).toEqual({ timeZone: "Europe/London" });
  });

  it("a bad value is refused with its field named, and nothing changes", async () => {
    const version = await contentVersion(deps.db);
    for (const [field, value] of [
      ["whatsappNumber", "call me"],
      ["bookingUrl", "javascript:alert(1)"],
      ["email", "not-an-address"],
      ["leadNotifyEmails", "a@example.com, nope"],
      ["timeZone", "Mars/Olympus"],
      ["senderName", 'Evil <x@example.com>\r\nBcc: y@example.com'],
    ] as const) {
      const error = await refusal(saveSettings(deps, { phone: "+44 20 7946 0000", [field]: value }, owner));
      expect(error.kind, field).toBe("invalid");
      expect(error.field, field).toBe(field);
    }
    expect(await contentVersion(deps.db)).toBe(version);
    expect((await siteSettings(deps)).site.phone).toBe(deps.config.site.phone);
  });

  it("an editor is refused", async () => {
    const error = await refusal(saveSettings(deps, { phone: "+44 20 7946 0000" }, editor));
    expect(error.kind).toBe("forbidden");
    expect((await siteSettings(deps)).site.phone).toBe(deps.config.site.phone);
  });

  it("each save is audited with who and what changed, and kept as revisions (the last REVISIONS_KEPT)", async () => {
    await saveSettings(deps, { bookingUrl: "https://pay.example.org/demo" }, owner);
    const line = (await listAudit(deps, { action: "settings.save" }))[0];
    expect(line?.line.actor).toBe("settings-owner@example.com");
    expect(line?.line.detail).toContain('bookingUrl: default → "https://pay.example.org/demo"');
    for (let i = 0; i < REVISIONS_KEPT + 3; i++) await saveSettings(deps, { phone: `+44 20 7946 ${String(1000 + i)}` }, owner);
    const revisions = await deps.db.kysely.selectFrom("content_revisions").select(["value", "version"]).where("key", "=", "settings.phone").orderBy("id", "desc").execute();
    expect(revisions).toHaveLength(REVISIONS_KEPT);
    expect(JSON.parse(revisions[0]!.value!)).toBe(`+44 20 7946 ${1000 + REVISIONS_KEPT + 2}`);
    expect(Number(revisions[0]!.version)).toBe(REVISIONS_KEPT + 3);
    await saveSettings(deps, { phone: "", bookingUrl: "" }, owner);
  });

  it("lead notices go to the owner's recipients, under the owner's sender name, with a studio link through sign-in", async () => {
    await saveSettings(deps, { leadNotifyEmails: "desk@example.org, boss@example.org" }, owner);
    const { id } = await deps.db.kysely
      .insertInto("leads")
      .values({ first_name: "Lena", last_name: "Lead", email: "lena@example.net", phone: "+91 90000 00000", message: "Hello", lead_source: "Website", status: "pending", attempts: 0, next_attempt_at: Date.now(), created_at: Date.now() })
      .returning("id")
      .executeTakeFirstOrThrow();
    await notifyAboutLead(deps, Number(id));
    const queued = await deps.db.kysely.selectFrom("mail_outbox").select(["to_address", "text_body"]).where("kind", "=", "lead-notify").execute();
    expect(queued.map((m) => m.to_address).sort()).toEqual(["boss@example.org", "desk@example.org"]);
    expect(queued[0]!.text_body).toContain(`${deps.config.PUBLIC_URL}/sign-in?redirectTo=/studio/leads/${id}`);
    // When it came, in the site's time zone (the owner's Settings: Europe/London above), the zone named.
    expect(queued[0]!.text_body).toMatch(/Received\n-+\n\n> \d{1,2} \w{3} \d{4}, \d{2}:\d{2} Europe\/London/);
    await saveSettings(deps, { leadNotifyEmails: "" }, owner);
  });
});

const BUILD_DIR = buildDir();

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`settings through the pages on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let second: Awaited<ReturnType<typeof openDatabase>>;
  let deps: ReturnType<typeof testDeps>;
  let appA: Awaited<ReturnType<typeof createApp>>;
  let appB: Awaited<ReturnType<typeof createApp>>;
  let ownerToken: string;
  let editorToken: string;
  let visitorToken: string;

  const page = (app: typeof appA, pathname: string, { token, form }: { token?: string; form?: Record<string, string> } = {}) =>
    app.request(`http://127.0.0.1${pathname}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: {
        ...(token ? { cookie: `wp_session=${token}` } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
  const ready = async (app: typeof appA) => {
    await untilReady(app);
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, ENV);
    second = await openDatabase(t.url);
    appA = await createApp({ deps, buildDir: BUILD_DIR });
    appB = await createApp({ deps: testDeps(second, ENV), buildDir: BUILD_DIR });
    await Promise.all([ready(appA), ready(appB)]);
    ownerToken = (await staffWithSession(deps, "pages-owner@example.com", "owner")).token;
    editorToken = (await staffWithSession(deps, "pages-editor@example.com", "editor")).token;
    visitorToken = await visitorSession(deps, "pages-visitor@example.com");
  });
  afterAll(async () => {
    await second?.close();
    await t?.drop();
  });

  it("refuses editors on the server (403), hides the page from visitors (404), and shows the owner the form", async () => {
    expect((await page(appA, "/studio/settings", { token: editorToken })).status).toBe(403);
    expect((await page(appA, "/studio/settings", { token: editorToken, form: { phone: "+44 20 7946 0000" } })).status).toBe(403);
    expect((await page(appA, "/studio/settings", { token: visitorToken })).status).toBe(404);
    expect((await page(appA, "/studio/settings")).status).toBe(404);
    const res = await page(appA, "/studio/settings", { token: ownerToken });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('name="whatsappNumber"');
    expect(html).toContain("Default: 911111111111");
    // Secrets are never part of the page.
    expect(html).not.toMatch(/SMTP_URL|LLM_API_KEY|CLIENT_SECRET/);
    expect((await siteSettings(deps)).saved).toEqual({});
  });

  it("a bad value gets a message next to its field and changes nothing", async () => {
    const res = await page(appA, "/studio/settings", { token: ownerToken, form: { whatsappNumber: "12ab", bookingUrl: "ftp://example.com" } });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="whatsappNumber-[^"]*-error"[^>]*>WhatsApp number must be 8 to 15 digits, country code first\./);
    expect(html).toMatch(/id="bookingUrl-[^"]*-error"[^>]*>Booking and payment link must be an http\(s\) URL\./);
    expect((await siteSettings(deps)).saved).toEqual({});
  });

  it("a save shows on this server's pages at once and on another server's within seconds", async () => {
    const before = await (await page(appB, "/")).text();
    expect(before).toContain("wa.me/911111111111");
    // Warm both servers' caches of the shared pages.
    for (const app of [appA, appB]) for (const p of ["/", "/contact", "/about"]) expect((await page(app, p)).status).toBe(200);

    const saved = await page(appA, "/studio/settings", { token: ownerToken, form: { whatsappNumber: "44 7700 900123" } });
    expect(saved.status).toBe(200);
    for (const p of ["/", "/contact", "/about"]) {
      const html = await (await page(appA, p)).text();
      expect(html, p).toContain("wa.me/447700900123");
      expect(html, p).not.toContain("wa.me/911111111111");
    }
    const by = Date.now() + 10_000;
    let other = "";
    while (Date.now() < by) {
      other = await (await page(appB, "/contact")).text();
      if (other.includes("wa.me/447700900123")) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(other).toContain("wa.me/447700900123");
    for (const p of ["/", "/about"]) expect(await (await page(appB, p)).text(), p).toContain("wa.me/447700900123");

    // Cleared: back to the environment's number everywhere.
    await page(appA, "/studio/settings", { token: ownerToken, form: { whatsappNumber: "" } });
    expect(await (await page(appA, "/")).text()).toContain("wa.me/911111111111");
  });

  it("staff who sign in land in the studio; visitors on /templates; redirectTo wins and stays on this site", async () => {
    const signIn = (email: string, password: string, query = "") =>
      page(appA, `/sign-in${query}`, { form: { email, password, industry: "Healthcare" } });
    // The staff helper's accounts have no password: give the owner one through a visitor-style account instead.
    const { registerUser } = await import("../../server/services/auth/accounts");
    const { grantAccess } = await import("../../server/services/staff/access");
    const { COMMAND_LINE } = await import("../../server/services/audit");
    const password = "a landing passphrase 42";
    await registerUser(deps, { name: "Landing Owner", email: "landing-owner@example.com", password, company: "C", industry: "Healthcare", role: "user" } as Parameters<typeof registerUser>[1], { ip: "203.0.113.70" });
    await registerUser(deps, { name: "Landing Visitor", email: "landing-visitor@example.com", password, company: "C", industry: "Healthcare", role: "user" } as Parameters<typeof registerUser>[1], { ip: "203.0.113.71" });
    // The owner followed their verification link (a never-verified account is taken back by the grant).
    await markAddressVerified(deps.db, "landing-owner@example.com");
    await grantAccess(deps, "landing-owner@example.com", "owner", COMMAND_LINE);

    const owner = await signIn("landing-owner@example.com", password);
    expect(owner.status).toBe(303);
    expect(owner.headers.get("location")).toBe("/studio");
    const visitor = await signIn("landing-visitor@example.com", password);
    expect(visitor.headers.get("location")).toBe("/templates");
    const asked = await signIn("landing-owner@example.com", password, `?redirectTo=${encodeURIComponent("/studio/leads/7")}`);
    expect(asked.headers.get("location")).toBe("/studio/leads/7");
    const foreign = await signIn("landing-owner@example.com", password, `?redirectTo=${encodeURIComponent("//evil.example/studio")}`);
    expect(foreign.headers.get("location")).toBe("/templates");
  });

  it("a studio link from an e-mail sends signed-in staff straight on, shows others the sign-in form, and the studio stays a 404 to visitors", async () => {
    const link = `/sign-in?redirectTo=${encodeURIComponent("/studio/leads/3")}`;
    const staff = await page(appA, link, { token: ownerToken });
    expect(staff.status).toBe(302);
    expect(staff.headers.get("location")).toBe("/studio/leads/3");
    expect((await page(appA, link, { token: visitorToken })).status).toBe(200);
    expect((await page(appA, link)).status).toBe(200);
    expect((await page(appA, "/studio/leads/3", { token: visitorToken })).status).toBe(404);
    expect((await page(appA, "/studio/leads/3")).status).toBe(404);
    // Only studio addresses are followed this way, and only same-site ones.
    expect((await page(appA, `/sign-in?redirectTo=${encodeURIComponent("https://evil.example/studio")}`, { token: ownerToken })).status).toBe(200);
  });

  it("the studio shows times in the site's time zone, named: Asia/Kolkata by default, the owner's once saved", async () => {
    const { recordAudit } = await import("../../server/services/audit");
    // 1 December 2030, 09:00 UTC: 14:30 in Kolkata, 04:00 in New York.
    await recordAudit(deps, { userId: null, label: "clock test", clientIp: "-" }, { action: "clock.test", recordType: "test", recordId: "1" }, Date.UTC(2030, 11, 1, 9, 0));
    const audit = async () => (await (await page(appA, "/studio/audit?action=clock.test", { token: ownerToken })).text());
    expect(await audit()).toContain("2030-12-01 14:30 Asia/Kolkata");
    expect((await page(appA, "/studio/settings", { token: ownerToken, form: { timeZone: "America/New_York" } })).status).toBe(200);
    expect(await audit()).toContain("2030-12-01 04:00 America/New_York");
    await page(appA, "/studio/settings", { token: ownerToken, form: { timeZone: "" } });
  });

  it("the session answer tells the header whether to show the Studio link", async () => {
    const ask = async (token: string) => (await (await appA.request("/api/auth/session", { headers: { cookie: `wp_session=${token}` } })).json()) as { studio?: boolean };
    expect((await ask(ownerToken)).studio).toBe(true);
    expect((await ask(editorToken)).studio).toBe(true);
    expect((await ask(visitorToken)).studio).toBe(false);
  });
});
