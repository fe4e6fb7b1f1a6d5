import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../../../tests/helpers/smtp-server";
import { MAIL_MAX_ATTEMPTS, deliverDueMail, enqueueMail, firstNameOf, retryDelayMs, settleMailDeliveries } from "./outbox";

const SECRET = "token-abc123-must-not-be-logged";

describe.each(testDatabaseKinds())("mail outbox on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  it("delivers over SMTP in the background, decoded by the test server, without logging the body", async () => {
    const deps = testDeps(t.db, { SMTP_URL: smtp.url, MAIL_FROM: "Wise Parrot <no-reply@example.com>" });
    const subject = `Confirm — ${kind} ✓`;
    const body = `Héllo! Follow https://example.com/newsletter/confirm?token=${SECRET}\n${"long line ".repeat(20)}`;
    await enqueueMail(deps, { to: "reader@example.org", subject, text: body, kind: "test" });
    const mail = await smtp.waitForMail((m) => m.subject === subject);
    expect(mail.to).toEqual(["reader@example.org"]);
    expect(mail.from).toBe("no-reply@example.com");
    // The site's template: the message, then its footer; the HTML part made from the same text links the same address.
    expect(mail.text.startsWith(body.trimEnd())).toBe(true);
    expect(mail.text).toContain("Wise Parrot · ");
    expect(mail.html).toContain(`href="https://example.com/newsletter/confirm?token=${SECRET}"`);
    await settleMailDeliveries();
    const row = await t.db.kysely.selectFrom("mail_outbox").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();
    expect(row.status).toBe("sent");
    expect(deps.logs.text).toContain("mail sent");
    expect(deps.logs.text).not.toContain(SECRET);
    expect(deps.logs.text).not.toContain("reader@example.org");
  });

  it("keeps a failed send in the outbox and retries it with back-off until it goes through", async () => {
    // A port nothing listens on: the connection is refused.
    const dead = testDeps(t.db, { SMTP_URL: "smtp://127.0.0.1:9" });
    const subject = `Retry ${kind}`;
    await enqueueMail(dead, { to: "later@example.org", subject, text: `x ${SECRET}`, kind: "test" });
    await settleMailDeliveries();
    const failed = await t.db.kysely.selectFrom("mail_outbox").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(Number(failed.next_attempt_at)).toBeGreaterThan(Date.now() + 20_000);
    expect(failed.last_error).toBeTruthy();
    expect(dead.logs.text).not.toContain(SECRET);

    const live = testDeps(t.db, { SMTP_URL: smtp.url });
    // Not due yet: nothing is sent.
    expect(await deliverDueMail(live)).toBe(0);
    expect(await deliverDueMail(live, Number(failed.next_attempt_at) + 1)).toBe(1);
    await smtp.waitForMail((m) => m.subject === subject);
    const sent = await t.db.kysely.selectFrom("mail_outbox").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();
    expect(sent).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("gives up after the maximum number of attempts", async () => {
    const dead = testDeps(t.db, { SMTP_URL: "smtp://127.0.0.1:9" });
    const subject = `Give up ${kind}`;
    await enqueueMail(dead, { to: "never@example.org", subject, text: "x", kind: "test" });
    await settleMailDeliveries();
    for (let i = 1; i < MAIL_MAX_ATTEMPTS; i++) await deliverDueMail(dead, Date.now() + 48 * 3600_000);
    const row = await t.db.kysely.selectFrom("mail_outbox").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: "failed", attempts: MAIL_MAX_ATTEMPTS });
    expect(await deliverDueMail(dead, Date.now() + 96 * 3600_000)).toBe(0);
  });

  it("writes an .eml file and logs its path when no SMTP server is configured", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-mail-"));
    try {
      const deps = testDeps(t.db, { MAIL_DIR: dir });
      await enqueueMail(deps, { to: "file@example.org", subject: "To a file", text: `Body ${SECRET}`, kind: "test" });
      await settleMailDeliveries();
      const files = fs.readdirSync(dir).filter((f) => f.endsWith(".eml"));
      expect(files).toHaveLength(1);
      const raw = fs.readFileSync(path.join(dir, files[0]!), "utf8");
      expect(raw).toMatch(/^Subject: To a file/m);
      expect(raw).toContain(SECRET);
      expect(deps.logs.text).toContain(files[0]);
      expect(deps.logs.text).not.toContain(SECRET);
      expect(fs.readdirSync(dir), "nothing but the message is left in the folder").toEqual(files);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("never shows a reader of the mail folder half a message", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-mail-"));
    const seen: string[] = [];
    // Read each .eml the moment the folder says it appeared, as a folder-watching mail viewer (or a test) would.
    const watcher = fs.watch(dir, (_event, name) => {
      if (!name?.endsWith(".eml")) return;
      try {
        seen.push(fs.readFileSync(path.join(dir, name), "utf8"));
      } catch {
        // Gone again before it was read: nothing was shown.
      }
    });
    try {
      const deps = testDeps(t.db, { MAIL_DIR: dir });
      for (let i = 0; i < 5; i++) await enqueueMail(deps, { to: "file@example.org", subject: `Whole ${i}`, text: `${"a long body line\n".repeat(40_000)}THE END ${i}`, kind: "test" });
      await settleMailDeliveries();
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(seen.length).toBeGreaterThan(0);
      for (const raw of seen) expect(raw, "a message read as it appeared").toMatch(/THE END \d/);
    } finally {
      watcher.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("first name in a greeting", () => {
  it("is the first word, letters only, bounded; nothing usable gives none", () => {
    expect(firstNameOf("Asha Deshpande")).toBe("Asha");
    expect(firstNameOf("  José-María  O'Neil")).toBe("José-María");
    expect(firstNameOf("Bob. Your account is suspended, pay at evil.example")).toBe("Bob");
    expect(firstNameOf("https://evil.example/pay now")).toBe("https");
    expect(firstNameOf("<script>alert(1)</script>")).toBe("scriptalert");
    expect(firstNameOf("12345 ...")).toBe("");
    expect(firstNameOf("")).toBe("");
    expect([...firstNameOf("A".repeat(500))]).toHaveLength(30);
    expect(firstNameOf("名前 太郎")).toBe("名前");
  });
});

describe("retry delay", () => {
  it("doubles from 30 s and is capped at one hour", () => {
    expect([1, 2, 3].map(retryDelayMs)).toEqual([30_000, 60_000, 120_000]);
    expect(retryDelayMs(20)).toBe(3_600_000);
  });
});
