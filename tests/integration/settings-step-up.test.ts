/**
 * Issue 39, item 3 ("Settings without a fresh second factor"), on SQLite and PostgreSQL: with a second factor 20
 * minutes old, changing the lead recipients (or the sender name, Reply-To, booking link, WhatsApp number) is refused
 * (403, nothing changed, no mail); with a fresh code typed beside the form it is saved, audited, logged as the
 * security event `settings.guarded.changed` (names of the settings only), and every owner and the old lead
 * recipients get an e-mail through the outbox. Other settings (the phone) need no fresh code.
 * The page-level part needs the production build (skipped without it, like the other page tests).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { hashToken } from "../../server/services/auth/tokens";
import { saveSettings, siteSettings } from "../../server/services/content/settings";
import { listAudit } from "../../server/services/audit";
import { deliverDueMail, settleMailDeliveries } from "../../server/services/mail/outbox";
import type { StaffActor } from "../../server/services/audit";
import { STEP_UP_REASON } from "../../server/services/step-up";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession, totpCode } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const ENV = { LEAD_NOTIFY_EMAILS: "old-desk@example.com" };
const TWENTY_MINUTES = 20 * 60_000;

describe.each(testDatabaseKinds())("guarded settings want a fresh second factor (service) on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let owner: StaffActor;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, ENV);
    const o = await staffWithSession(deps, "guard-owner@example.com", "owner");
    await staffWithSession(deps, "guard-second-owner@example.com", "owner");
    await staffWithSession(deps, "guard-editor@example.com", "editor");
    owner = { userId: o.userId, label: o.email, clientIp: "203.0.113.5", access: "owner", secondFactorAt: Date.now() - TWENTY_MINUTES };
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  const notices = () => t.db.kysely.selectFrom("mail_outbox").select(["to_address", "text_body", "reply_to"]).where("kind", "=", "settings-changed").orderBy("to_address").execute();

  it("a 20-minute-old second factor: each guarded setting is refused, and nothing is changed or sent", async () => {
    for (const [key, value] of [
      ["leadNotifyEmails", "attacker@evil.example"],
      ["senderName", "Evil Desk"],
      ["replyTo", "attacker@evil.example"],
      ["bookingUrl", "https://evil.example/pay"],
      ["whatsappNumber", "+44 7700 900666"],
    ] as const) {
      await expect(saveSettings(deps, { [key]: value }, owner), key).rejects.toMatchObject({ kind: "forbidden", facts: { reason: STEP_UP_REASON } });
    }
    expect((await siteSettings(deps)).saved).toEqual({});
    expect(await notices()).toEqual([]);
    expect(await listAudit(deps, { action: "settings.save" })).toEqual([]);
    // A setting that sends nothing anywhere (the phone) needs no fresh code.
    expect(await saveSettings(deps, { phone: "+44 20 7946 0000" }, owner)).toEqual(["phone"]);
    expect(await notices()).toEqual([]);
  });

  it("a fresh code: saved, audited, a security event without addresses, and the owners and old recipients are e-mailed", async () => {
    const fresh = { ...owner, secondFactorAt: Date.now() - 60_000 };
    expect(await saveSettings(deps, { leadNotifyEmails: "attacker@evil.example", replyTo: "attacker@evil.example" }, fresh)).toEqual(["leadNotifyEmails", "replyTo"]);
    expect((await siteSettings(deps)).leadNotifyEmails).toEqual(["attacker@evil.example"]);
    expect((await listAudit(deps, { action: "settings.save" }))[0]?.line.detail).toContain('leadNotifyEmails: default → "attacker@evil.example"');

    const events = deps.logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).filter((l) => l.event === "settings.guarded.changed");
    expect(events).toEqual([expect.objectContaining({ level: 40, userId: owner.userId, keys: "leadNotifyEmails,replyTo", notified: 3 })]);
    expect(JSON.stringify(events)).not.toContain("@");

    // Both owners and the recipient until now (not the editor, not the new address), replies to the sender's own address.
    const queued = await notices();
    expect(queued.map((m) => m.to_address)).toEqual(["guard-owner@example.com", "guard-second-owner@example.com", "old-desk@example.com"]);
    for (const m of queued) {
      expect(m.text_body).toContain("guard-owner@example.com changed these settings");
      expect(m.text_body).toContain('Who is told about new leads: the server\'s default ("old-desk@example.com") → "attacker@evil.example"');
      expect(m.text_body).toContain("/sign-in?redirectTo=/studio/settings");
      expect(m.reply_to).toBe("no-reply@example.com");
    }
    // Through the outbox: its loop sends them.
    expect(await deliverDueMail(deps)).toBeGreaterThanOrEqual(3);
    const sent = await t.db.kysely.selectFrom("mail_outbox").select("status").where("kind", "=", "settings-changed").execute();
    expect(sent.every((m) => m.status === "sent")).toBe(true);
    await saveSettings(deps, { leadNotifyEmails: "", replyTo: "", phone: "" }, fresh);
  });
});

const BUILD_DIR = buildDir();

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`the Settings page asks for the code beside the form on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let staff: Awaited<ReturnType<typeof staffWithSession>>;

  const post = (form: Record<string, string>) =>
    app.request("http://127.0.0.1/studio/settings", {
      method: "POST",
      redirect: "manual",
      headers: { cookie: `wp_session=${staff.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, ENV);
    app = await createApp({ deps, buildDir: BUILD_DIR });
    await untilReady(app);
    staff = await staffWithSession(deps, "page-guard-owner@example.com", "owner");
    await t.db.kysely.updateTable("sessions").set({ second_factor_at: Date.now() - TWENTY_MINUTES }).where("token_hash", "=", hashToken(staff.token)).execute();
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  it("refuses with 403 and shows the code field with what was typed; a wrong code is refused next to it; the right one saves", async () => {
    const refused = await post({ leadNotifyEmails: "attacker@evil.example" });
    expect(refused.status).toBe(403);
    const html = await refused.text();
    expect(html).toContain('name="stepUpCode"');
    expect(html).toContain("enter a new code from your authenticator app");
    expect(html).toContain('value="attacker@evil.example"');
    expect((await siteSettings(deps)).saved).toEqual({});

    const wrong = await post({ leadNotifyEmails: "attacker@evil.example", stepUpCode: "000000" });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toMatch(/name="stepUpCode"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="stepUpCode"/);
    expect((await siteSettings(deps)).saved).toEqual({});

    // A code of a later step than the enrolment's.
    const saved = await post({ leadNotifyEmails: "desk@example.org", stepUpCode: totpCode(staff.secret, Date.now() + 30_000) });
    expect(saved.status).toBe(200);
    expect((await siteSettings(deps)).leadNotifyEmails).toEqual(["desk@example.org"]);
    const queued = await t.db.kysely.selectFrom("mail_outbox").select("to_address").where("kind", "=", "settings-changed").orderBy("to_address").execute();
    expect(queued.map((m) => m.to_address)).toEqual(["old-desk@example.com", "page-guard-owner@example.com"]);
  });
});
