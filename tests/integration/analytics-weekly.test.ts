/**
 * The weekly report e-mail (issue 31): due from Monday 08:00 in the site's time zone for the week before; sent to
 * every owner exactly once however many workers run it at once (two database connections here, as two processes
 * have); its figures are the week's; the owner's switch in Settings turns it off.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../server/db/database";
import { flushAnalytics, recordGoalHit, recordPageView } from "../../server/services/analytics/record";
import { dueWeek, sendWeeklyReport, startOfZonedDay } from "../../server/services/analytics/weekly";
import { saveSettings, siteSettings } from "../../server/services/content/settings";
import { storeLead } from "../../server/services/leads/intake";
import { deliverDueMail, settleMailDeliveries } from "../../server/services/mail/outbox";
import { WORKER_FACTORIES } from "../../server/workers";
import { weeklyReportWorker } from "../../server/services/analytics/weekly";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { staffWithSession } from "../helpers/studio-staff";
import { recordQuestion } from "../../server/services/chat/questions";

const SITE = "https://wise-parrot.example.test";
const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
/** Instants given as the site's wall clock in Asia/Kolkata (UTC+05:30, no daylight saving). */
const kolkata = (local: string) => Date.parse(`${local}+05:30`);

describe("the weekly report's calendar", () => {
  it("is due from Monday 08:00 in the site's time zone, for the Monday-to-Sunday week before", () => {
    expect(dueWeek(kolkata("2026-11-23T07:59:00"), "Asia/Kolkata")).toBeNull();
    const due = dueWeek(kolkata("2026-11-23T08:00:00"), "Asia/Kolkata");
    expect(due).toEqual({ week: "2026-11-16", fromDate: "2026-11-16", toDate: "2026-11-22", from: kolkata("2026-11-16T00:00:00"), to: kolkata("2026-11-23T00:00:00") });
    // Still the same week on any later day (a server down on Monday sends it on Tuesday), and the next one a week on.
    expect(dueWeek(kolkata("2026-11-29T23:59:00"), "Asia/Kolkata")?.week).toBe("2026-11-16");
    expect(dueWeek(kolkata("2026-11-30T08:00:00"), "Asia/Kolkata")?.week).toBe("2026-11-23");
    // 02:30 UTC on Monday is still Sunday in New York: the week before is still the one due.
    expect(dueWeek(Date.parse("2026-11-23T02:30:00Z"), "America/New_York")?.week).toBe("2026-11-09");
    // Days begin at local midnight across daylight-saving changes (New York moved to UTC-4 on 8 March 2026).
    expect(startOfZonedDay("2026-03-08", "America/New_York")).toBe(Date.parse("2026-03-08T05:00:00Z"));
    expect(startOfZonedDay("2026-03-09", "America/New_York")).toBe(Date.parse("2026-03-09T04:00:00Z"));
  });

  it("runs with the server's other workers", () => {
    expect(WORKER_FACTORIES).toContain(weeklyReportWorker);
  });
});

describe.each(testDatabaseKinds())("the weekly report on %s", (kind) => {
  let t: TestDatabase;
  let other: Db;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let depsB: ReturnType<typeof testDeps>;
  let ownerA = "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    other = await openDatabase(t.url);
    smtp = await startTestSmtpServer();
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: SITE, SITE_TIME_ZONE: "Asia/Kolkata", ANALYTICS_RAW_DAYS: "3660" };
    deps = testDeps(t.db, env);
    depsB = testDeps(other, env);
    ownerA = (await staffWithSession(deps, "owner-a@example.test", "owner")).userId;
    await staffWithSession(deps, "owner-b@example.test", "owner");
    await staffWithSession(deps, "editor@example.test", "editor");
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await other?.close();
    await smtp?.close();
    await t?.drop();
  });

  const weeklyRows = () => t.db.kysely.selectFrom("mail_outbox").select(["to_address", "text_body", "subject"]).where("kind", "=", "weekly-report").orderBy("to_address").execute();

  it("sends the week's figures to every owner exactly once, with two workers racing every tick", async () => {
    // The week of 16 to 22 November 2026 (Kolkata): three visitors (two from Instagram's hosts), a Book Demo click,
    // a lead and a confirmed subscription. The Monday after, a visit that belongs to the next week.
    const midweek = kolkata("2026-11-18T12:00:00");
    recordPageView(deps, { clientIp: "192.0.2.1", userAgent: WINDOWS, url: "/", referrer: "https://l.instagram.com/", at: midweek });
    recordPageView(deps, { clientIp: "192.0.2.2", userAgent: WINDOWS, url: "/", referrer: "https://m.instagram.com/", at: midweek });
    recordPageView(deps, { clientIp: "192.0.2.2", userAgent: WINDOWS, url: "/pricing", at: midweek + 60_000 });
    recordGoalHit(deps, "book-demo", { clientIp: "192.0.2.2", userAgent: WINDOWS, url: "/pricing", at: midweek + 120_000 });
    recordPageView(deps, { clientIp: "192.0.2.3", userAgent: WINDOWS, url: "/blogs", at: midweek });
    recordPageView(deps, { clientIp: "192.0.2.4", userAgent: WINDOWS, url: "/", at: kolkata("2026-11-23T12:00:00") });
    await flushAnalytics(t.db);
    const { id: leadId } = await storeLead(deps, { firstName: "Asha", lastName: "Rao", email: "asha@example.test", phone: "+91 98765 43210", message: "Weekly", leadSource: "Web Research", website: "" });
    await t.db.kysely.updateTable("leads").set({ created_at: midweek }).where("id", "=", leadId).execute();
    await t.db.kysely
      .insertInto("subscribers")
      .values([
        { email: "in@example.test", email_normalized: "in@example.test", status: "confirmed", created_at: midweek, updated_at: midweek, confirmed_at: midweek, unsubscribed_at: null },
        { email: "pending@example.test", email_normalized: "pending@example.test", status: "pending", created_at: midweek, updated_at: midweek, confirmed_at: null, unsubscribed_at: null },
      ])
      .execute();
    // Two questions the assistant handed to a person that week, one the week after (not counted).
    for (const at of [midweek, midweek + 60_000, kolkata("2026-11-23T09:00:00")]) {
      await recordQuestion(deps, { question: "do you print flyers", topic: "handover", fellThrough: false, answer: "A person can help.", handedOver: true, language: "en" }, at);
    }

    // Before Monday 08:00 nothing is due.
    expect(await sendWeeklyReport(deps, kolkata("2026-11-23T07:00:00"))).toEqual({ sent: false, reason: "not-due" });
    const outcomes = [];
    for (const minutes of [0, 15, 30]) {
      const now = kolkata("2026-11-23T08:00:00") + minutes * 60_000;
      outcomes.push(...(await Promise.all([sendWeeklyReport(deps, now), sendWeeklyReport(depsB, now)])));
    }
    expect(outcomes.filter((o) => o.sent)).toEqual([{ sent: true, week: "2026-11-16", recipients: 2 }]);
    const rows = await weeklyRows();
    expect(rows.map((r) => r.to_address)).toEqual(["owner-a@example.test", "owner-b@example.test"]);
    expect(rows[0]!.subject).toBe("Your week on the site: 2026-11-16 to 2026-11-22");
    const text = rows[0]!.text_body;
    expect(text).toContain("Visitors: 3 (none the week before).");
    expect(text).toContain("Page views: 4.");
    expect(text).toContain("Instagram: 2");
    expect(text).toContain("Direct / none: 1");
    expect(text).toContain("Book Demo click: 1");
    expect(text).toContain("New leads from the contact form: 1.");
    expect(text).toContain("New newsletter subscriptions (confirmed): 1.");
    expect(text).toContain("Chat questions handed over to you: 2.");
    expect(text).toContain(`${SITE}/sign-in?redirectTo=/studio/analytics`);

    await deliverDueMail(deps);
    await settleMailDeliveries();
    await smtp.waitForMail((m) => m.to.includes("owner-b@example.test") && m.subject.startsWith("Your week"));
    expect(smtp.messages.filter((m) => m.subject.startsWith("Your week")).map((m) => m.to.join()).sort()).toEqual(["owner-a@example.test", "owner-b@example.test"]);
    expect(await t.db.kysely.selectFrom("analytics_weekly_reports").selectAll().execute()).toEqual([
      expect.objectContaining({ week: "2026-11-16", recipients: 2 }),
    ]);

    // The next week compares with this one.
    const next = await sendWeeklyReport(depsB, kolkata("2026-11-30T09:00:00"));
    expect(next).toEqual({ sent: true, week: "2026-11-23", recipients: 2 });
    const nextText = (await weeklyRows()).find((r) => r.subject.includes("2026-11-23"))!.text_body;
    expect(nextText).toContain("Visitors: 1 (down 67% from 3 the week before).");
    void ownerA;
  });

  it("sends nothing once the owner turns it off in Settings, and again once it is back on", async () => {
    const owner = { userId: ownerA, label: "owner-a@example.test", clientIp: "203.0.113.5", access: "owner" as const };
    await expect(saveSettings(deps, { weeklyReport: "sometimes" }, owner)).rejects.toThrow("Weekly report must be on or off.");
    expect(await saveSettings(deps, { weeklyReport: "off" }, owner)).toEqual(["weeklyReport"]);
    // Every process reads the owner's settings at most a second old.
    await new Promise((r) => setTimeout(r, 1_100));
    expect((await siteSettings(depsB)).weeklyReport).toBe("off");
    const before = (await weeklyRows()).length;
    for (const d of [deps, depsB]) expect(await sendWeeklyReport(d, kolkata("2026-12-07T09:00:00"))).toEqual({ sent: false, reason: "off" });
    expect(await weeklyRows()).toHaveLength(before);
    expect(await t.db.kysely.selectFrom("analytics_weekly_reports").select("week").where("week", "=", "2026-11-30").executeTakeFirst()).toBeUndefined();

    await saveSettings(deps, { weeklyReport: "" }, owner);
    await new Promise((r) => setTimeout(r, 1_100));
    expect(await sendWeeklyReport(depsB, kolkata("2026-12-07T09:00:00"))).toMatchObject({ sent: true, week: "2026-11-30" });
  });
});
