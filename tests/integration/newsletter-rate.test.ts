import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { drainNewsletterMail } from "../../server/services/newsletter/delivery";
import { startNewsletter } from "../../server/services/newsletter/queue";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { COMMAND_LINE } from "../../server/services/audit";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

describe.each(testDatabaseKinds())("newsletter rate and retries on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let busy = true;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    // A server that says "try later" (451) until told otherwise.
    smtp = await startTestSmtpServer({ rejectRecipient: () => (busy ? "451 4.3.2 Try again later" : null) });
  });
  afterAll(async () => {
    await smtp.close();
    await t.drop();
  });

  it("spreads a send over MAIL_SEND_RATE_PER_MINUTE, retries a transient refusal with back-off, then delivers", async () => {
    const deps = testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL: "https://wise-parrot.example.test", MAIL_SEND_RATE_PER_MINUTE: "120" });
    await seedSampleBlogs(deps);
    const post = await t.db.kysely.selectFrom("blogs").select(["id", "title"]).orderBy("id").executeTakeFirstOrThrow();
    const now = Date.now();
    await t.db.kysely
      .insertInto("subscribers")
      .values([0, 1, 2, 3].map((i) => ({ email: `r${i}@example.com`, email_normalized: `r${i}@example.com`, status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null })))
      .execute();
    const at = Date.now();
    await startNewsletter(deps, Number(post.id), 4, COMMAND_LINE, at);
    const due = (await t.db.kysely.selectFrom("mail_outbox").select("next_attempt_at").where("newsletter_id", "is not", null).orderBy("next_attempt_at").execute()).map((r) => Number(r.next_attempt_at) - at);
    // 120 a minute: one every half second, whichever process sends them.
    expect(due).toEqual([0, 500, 1000, 1500]);

    // Everything due; the server answers 451: nothing is lost, each waits for its next attempt.
    expect(await drainNewsletterMail(deps, { now: () => at + 2000, maxRounds: 1 })).toBe(0);
    const waiting = await t.db.kysely.selectFrom("mail_outbox").select(["status", "attempts", "next_attempt_at", "last_error"]).where("newsletter_id", "is not", null).execute();
    for (const row of waiting) {
      expect(row).toMatchObject({ status: "pending", attempts: 1 });
      expect(row.last_error).toContain("451");
      expect(Number(row.next_attempt_at)).toBeGreaterThanOrEqual(at + 25_000);
    }
    // Not due yet: nothing is tried.
    expect(await drainNewsletterMail(deps, { now: () => at + 3000 })).toBe(0);

    busy = false;
    expect(await drainNewsletterMail(deps, { now: () => Date.now() + 31_000 })).toBe(4);
    expect(smtp.messages.filter((m) => m.subject === post.title).map((m) => m.to[0]).sort()).toEqual(["r0@example.com", "r1@example.com", "r2@example.com", "r3@example.com"]);
  });
});
