import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type Db } from "../../server/db/database";
import { drainNewsletterMail } from "../../server/services/newsletter/delivery";
import { startNewsletter } from "../../server/services/newsletter/queue";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { COMMAND_LINE } from "../../server/services/audit";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

/**
 * Issue 26 item 8: a post title reached the newsletter's SQL inside a string literal. With PostgreSQL's
 * `standard_conforming_strings` off, a backslash escapes the closing quote, so `x\'` broke out of it.
 */
describe.each(testDatabaseKinds())("newsletter SQL carries data as parameters only on %s", (kind) => {
  let t: TestDatabase;
  let db: Db;
  let smtp: TestSmtpServer;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    // On PostgreSQL every connection of this test runs with the old string syntax, where `\'` is a quote.
    db = kind === "postgres" ? await openDatabase(`${t.url}?options=${encodeURIComponent("-c standard_conforming_strings=off")}`) : t.db;
    smtp = await startTestSmtpServer();
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    if (db !== t.db) await db.close();
    await t.drop();
  });

  it("a title ending in a backslash and a quote is sent as it is written", async () => {
    if (kind === "postgres") {
      const setting = await db.kysely.selectNoFrom((eb) => eb.fn<string>("current_setting", [eb.val("standard_conforming_strings")]).as("v")).executeTakeFirstOrThrow();
      expect(setting.v).toBe("off");
    }
    const deps = testDeps(db, { SMTP_URL: smtp.url, PUBLIC_URL: "https://wise-parrot.example.test", MAIL_SEND_RATE_PER_MINUTE: "0" });
    await seedSampleBlogs(deps);
    const post = await db.kysely.selectFrom("blogs").select("id").orderBy("id").executeTakeFirstOrThrow();
    const title = "x\\' || (select 'injected') || '";
    await db.kysely.updateTable("blogs").set({ title }).where("id", "=", post.id).execute();
    const now = Date.now();
    await db.kysely
      .insertInto("subscribers")
      .values({ email: "reader@example.com", email_normalized: "reader@example.com", status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null })
      .execute();

    const started = await startNewsletter(deps, Number(post.id), 1, COMMAND_LINE);
    expect(started.queued).toBe(1);
    const queued = await db.kysely.selectFrom("mail_outbox").select(["subject", "kind", "status", "attempts", "newsletter_id", "idempotency_key"]).executeTakeFirstOrThrow();
    expect(queued).toMatchObject({ subject: title, kind: "newsletter", status: "pending", attempts: 0, newsletter_id: started.issueId });
    expect(queued.idempotency_key).toMatch(new RegExp(`^newsletter:${started.issueId}:\\d+$`));
    await drainNewsletterMail(deps);
    expect(smtp.messages.map((m) => m.subject)).toEqual([title]);
  });
});
