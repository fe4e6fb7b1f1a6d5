/**
 * A restored outbox does not send again what was sent after the backup (issue 46, item 6; decision 0057), on SQLite
 * and PostgreSQL (pg_dump / pg_restore): three e-mails are queued, a backup is taken, two of them go out over SMTP;
 * the backup is restored; the two are marked sent (the database the restore replaced says so), the third is still
 * queued and goes out once. The SMTP server receives each e-mail exactly once.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { restoreBackup, takeBackup } from "../../server/services/backup/snapshot";
import { deliverDueMail, enqueueMail, settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const HOUR = 3_600_000;

describe.each(testDatabaseKinds())("the outbox after a restore on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let dir: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-restore-outbox-"));
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("marks what the replaced database had sent, and sends the rest once", async () => {
    const now = Date.now();
    const deps = testDeps(t.db, { SMTP_URL: smtp.url });
    await enqueueMail(deps, { to: "a@example.org", subject: `First ${kind}`, text: "one", kind: "test", notBefore: now + HOUR });
    await enqueueMail(deps, { to: "b@example.org", subject: `Second ${kind}`, text: "two", kind: "test", notBefore: now + HOUR });
    await enqueueMail(deps, { to: "c@example.org", subject: `Third ${kind}`, text: "three", kind: "test", notBefore: now + 10 * HOUR });
    const backup = await takeBackup(t.db, { databaseUrl: t.url, dir: path.join(dir, "backups"), keep: 3 });
    expect(backup.kind).toBe(kind === "sqlite" ? "sqlite" : "pg_dump");

    // After the backup, the site sends the first two.
    expect(await deliverDueMail(deps, now + 2 * HOUR)).toBe(2);
    await settleMailDeliveries();
    expect(smtp.messages.map((m) => m.subject).sort()).toEqual([`First ${kind}`, `Second ${kind}`]);

    // The site stops; the backup comes back.
    await t.db.close();
    const result = await restoreBackup(t.url, backup.file);
    expect(result.outboxDelivered).toBe(2);

    const restored = await openDatabase(t.url);
    try {
      const rows = await restored.kysely.selectFrom("mail_outbox").select(["subject", "status"]).orderBy("id").execute();
      expect(rows).toEqual([
        { subject: `First ${kind}`, status: "sent" },
        { subject: `Second ${kind}`, status: "sent" },
        { subject: `Third ${kind}`, status: "pending" },
      ]);
      const after = testDeps(restored, { SMTP_URL: smtp.url });
      expect(await deliverDueMail(after, now + 11 * HOUR)).toBe(1);
      await settleMailDeliveries();
      expect(await deliverDueMail(after, now + 12 * HOUR)).toBe(0);
      expect(smtp.messages.map((m) => m.subject).sort()).toEqual([`First ${kind}`, `Second ${kind}`, `Third ${kind}`]);
    } finally {
      await restored.close();
    }
  });
});
