import net from "node:net";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Deps } from "../../server/context";
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { COMMAND_LINE } from "../../server/services/audit";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { attemptDelivery, closePooledTransport, deliverDueMail, enqueueMail, settleMailDeliveries } from "../../server/services/mail/outbox";
import { deliverNewsletterMail, drainNewsletterMail } from "../../server/services/newsletter/delivery";
import { startNewsletter } from "../../server/services/newsletter/queue";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

/*
 * Issue 39: an outbox's claim holds while its holder is alive and slow (the lease is renewed while it works), and a
 * holder frozen past its lease can neither mark a row another process took nor send it again.
 */

const PUBLIC_URL = "https://wise-parrot.example.test";

/** An SMTP server that greets only after `delayMs`, and then with `reply` ("421 busy": a slow, temporary failure). */
async function slowRefusingSmtp(delayMs: number, reply = "421 4.3.2 Busy, try again later"): Promise<{ url: string; close(): Promise<void> }> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => {});
    setTimeout(() => socket.end(`${reply}\r\n`), delayMs);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: async () => {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe.each(testDatabaseKinds())("outbox leases on %s", (kind) => {
  let t: TestDatabase;
  let slow: TestSmtpServer;
  let slower: TestSmtpServer;
  let fast: TestSmtpServer;
  const used: Deps[] = [];
  const opened: { close(): Promise<void> }[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    slow = await startTestSmtpServer({ acceptDelayMs: 1_500 });
    slower = await startTestSmtpServer({ acceptDelayMs: 3_000 });
    fast = await startTestSmtpServer();
  });
  afterEach(async () => {
    await settleMailDeliveries();
    for (const d of used.splice(0)) closePooledTransport(d.config);
    await Promise.all(opened.splice(0).map((o) => o.close()));
  });
  afterAll(async () => {
    await slow.close();
    await slower.close();
    await fast.close();
    await t.drop();
  });

  /** A second process's deps: its own connection to the same database. */
  async function otherProcess(smtpUrl: string): Promise<Deps> {
    const db = await openDatabase(t.url);
    opened.push(db);
    const deps = { ...testDeps(db, { SMTP_URL: smtpUrl, PUBLIC_URL }), log: createLogger("silent") };
    used.push(deps);
    return deps;
  }

  /** This process's deps (newsletters keep pooled SMTP connections: closed after each test). */
  function thisProcess(overrides: Record<string, string>) {
    const deps = testDeps(t.db, { PUBLIC_URL, ...overrides });
    used.push(deps);
    return deps;
  }

  async function until(check: () => Promise<boolean>) {
    const by = Date.now() + 10_000;
    while (!(await check())) {
      if (Date.now() > by) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  /** The stale holder has claimed the message (its attempt count moved). */
  const claimedOnce = (id: number) =>
    until(async () => Number((await t.db.kysely.selectFrom("mail_outbox").select("attempts").where("id", "=", id).executeTakeFirstOrThrow()).attempts) === 1);

  const mailRow = (subject: string) => t.db.kysely.selectFrom("mail_outbox").selectAll().where("subject", "=", subject).executeTakeFirstOrThrow();

  it("mail: an SMTP server slower than the lease: the holder renews it, a second process sends nothing, one message", async () => {
    const deps = thisProcess({ SMTP_URL: slow.url });
    const subject = `Slow mail ${kind}`;
    // Queued for the loop (no attempt of its own), due now.
    await enqueueMail(deps, { to: "slow@example.org", subject, text: "Hello", kind: "test", notBefore: Date.now() });
    const { id } = await mailRow(subject);
    const other = await otherProcess(slow.url);
    // The server answers after 1.5 s; the lease is 0.5 s.
    const holder = attemptDelivery(deps, Number(id), Date.now(), 500);
    let done = false;
    void holder.finally(() => (done = true));
    let sentByOther = 0;
    while (!done) {
      sentByOther += await deliverDueMail(other);
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await holder).toBe(true);
    expect(sentByOther).toBe(0);
    await settleMailDeliveries();
    expect(slow.messages.filter((m) => m.subject === subject)).toHaveLength(1);
    expect(await mailRow(subject)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("mail: a holder frozen past its lease cannot put back to pending a message another process sent", async () => {
    const busy = await slowRefusingSmtp(1_500);
    opened.push(busy);
    const deps = thisProcess({ SMTP_URL: busy.url });
    const subject = `Stale mail ${kind}`;
    const now = Date.now();
    await enqueueMail(deps, { to: "stale@example.org", subject, text: "Hello", kind: "test", notBefore: now - 60_000 });
    const { id } = await mailRow(subject);
    // Its clock is far behind: its lease has run out as it is taken, as for a process frozen since.
    const other = await otherProcess(fast.url);
    const stale = attemptDelivery(deps, Number(id), now - 30_000, 1_000);
    await claimedOnce(Number(id));
    // Another process takes the message over and sends it; the stale holder then hears "421 busy".
    expect(await attemptDelivery(other, Number(id))).toBe(true);
    expect(await stale).toBe(false);
    expect(await mailRow(subject)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(await deliverDueMail(deps, Date.now() + 86_400_000)).toBe(0);
    expect(fast.messages.filter((m) => m.subject === subject)).toHaveLength(1);
    expect(deps.logs.text).toContain("mail outcome arrived after the claim was taken over");
  });

  it("mail: a holder frozen past its lease cannot fail a message another process is sending", async () => {
    // The stale holder hears a permanent refusal (554) while the process that took the message over is still sending.
    const refusing = await slowRefusingSmtp(1_000, "554 5.3.0 No service");
    opened.push(refusing);
    const deps = thisProcess({ SMTP_URL: refusing.url });
    const subject = `Stale failure ${kind}`;
    const now = Date.now();
    await enqueueMail(deps, { to: "stale-fail@example.org", subject, text: "Hello", kind: "test", notBefore: now - 60_000 });
    const { id } = await mailRow(subject);
    const other = await otherProcess(slower.url);
    const stale = attemptDelivery(deps, Number(id), now - 30_000, 1_000);
    await claimedOnce(Number(id));
    const taken = attemptDelivery(other, Number(id));
    expect(await stale).toBe(false);
    expect(await taken).toBe(true);
    // Sent, as it was: not "failed" by the holder whose claim had gone.
    expect(await mailRow(subject)).toMatchObject({ status: "sent", attempts: 2, last_error: null });
    expect(slower.messages.filter((m) => m.subject === subject)).toHaveLength(1);
  });

  /** A newsletter of the first sample post to `count` new confirmed subscribers; its messages due at `dueAt`. */
  async function newsletter(deps: ReturnType<typeof testDeps>, tag: string, count: number, dueAt: number) {
    // New readers only, and a post not sent yet (one issue per post).
    await t.db.kysely.updateTable("subscribers").set({ status: "unsubscribed" }).execute();
    if (!(await t.db.kysely.selectFrom("blogs").select("id").executeTakeFirst())) await seedSampleBlogs(deps);
    const post = await t.db.kysely
      .selectFrom("blogs")
      .select(["id", "title"])
      .where("status", "=", "published")
      .where("id", "not in", (eb) => eb.selectFrom("newsletter_issues").select("blog_id"))
      .orderBy("id")
      .executeTakeFirstOrThrow();
    const now = Date.now();
    const emails = Array.from({ length: count }, (_, i) => `${tag}${i}.${kind}@example.com`);
    await t.db.kysely
      .insertInto("subscribers")
      .values(emails.map((e) => ({ email: e, email_normalized: e, status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null })))
      .execute();
    await startNewsletter(deps, Number(post.id), count, COMMAND_LINE);
    await t.db.kysely.updateTable("mail_outbox").set({ next_attempt_at: dueAt }).where("newsletter_id", "is not", null).where("status", "=", "pending").execute();
    return { emails, subject: post.title };
  }

  const received = (smtp: TestSmtpServer, emails: string[], subject: string) =>
    emails.map((e) => smtp.messages.filter((m) => m.subject === subject && m.to.includes(e)).length);

  it("newsletter: a batch sent slower than its lease is not taken by a second process; one message each", async () => {
    const deps = thisProcess({ SMTP_URL: slow.url, MAIL_SEND_RATE_PER_MINUTE: "0" });
    const { emails, subject } = await newsletter(deps, "slow", 3, Date.now());
    const other = await otherProcess(slow.url);
    // One at a time, 1.5 s each: 4.5 s for the batch, against a lease of 0.6 s.
    const holder = deliverNewsletterMail(deps, { concurrency: 1, leaseMs: 600 });
    let done = false;
    void holder.finally(() => (done = true));
    let takenByOther = 0;
    while (!done) {
      takenByOther += (await deliverNewsletterMail(other, { leaseMs: 600 })).claimed;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(await holder).toMatchObject({ claimed: 3, sent: 3, lost: 0 });
    expect(takenByOther).toBe(0);
    expect(received(slow, emails, subject)).toEqual([1, 1, 1]);
  }, 30_000);

  it("newsletter: a holder frozen past its lease sends none of the messages another process took over", async () => {
    const deps = thisProcess({ SMTP_URL: slow.url, MAIL_SEND_RATE_PER_MINUTE: "0" });
    const now = Date.now();
    const { emails, subject } = await newsletter(deps, "stale", 3, now - 60_000);
    // Its clock is far behind (its lease ran out as it was taken); it sends one at a time, 1.5 s each.
    const other = await otherProcess(slower.url);
    const stale = deliverNewsletterMail(deps, { now: now - 30_000, concurrency: 1, leaseMs: 1_000 });
    // Once its first message is handed to SMTP, another process takes the three messages over and sends them, slowly
    // (3 s each, all at once): the stale holder finishes its first (1.5 s) while they are still in flight.
    await until(async () => (await t.db.kysely.selectFrom("mail_outbox").select("id").where("to_address", "in", emails).where("status", "=", "sending").execute()).length === 1);
    const taken = drainNewsletterMail(other);
    // The first was already in the stale holder's hands (marked as handed to SMTP): that one alone goes twice, with
    // the same Message-ID; the other two it leaves to the process that took them.
    expect(await stale).toMatchObject({ claimed: 3, sent: 1, lost: 2 });
    expect(await taken).toBe(3);
    expect(received(slower, emails, subject)).toEqual([1, 1, 1]);
    const firstTwice = slow.messages.filter((m) => m.subject === subject);
    expect(firstTwice).toHaveLength(1);
    const again = slower.messages.find((m) => m.subject === subject && m.to.includes(firstTwice[0]!.to[0]!))!;
    expect(again.headers.get("message-id")).toBe(firstTwice[0]!.headers.get("message-id"));
    const rows = await t.db.kysely.selectFrom("mail_outbox").select(["status", "attempts"]).where("to_address", "in", emails).execute();
    expect(rows.map((r) => [r.status, Number(r.attempts)])).toEqual([
      ["sent", 2],
      ["sent", 2],
      ["sent", 2],
    ]);
  }, 30_000);
});
