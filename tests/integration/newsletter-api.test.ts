import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { hashToken } from "../../server/services/tokens";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { type CapturedMail, startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { untilReady } from "../helpers/test-site";

const PUBLIC_URL = "https://parrot.example.com";
const HAVE_BUILD = buildPresent();
const SUCCESS = "Successfully subscribed! Please check your inbox and click the link to confirm your subscription.";

function links(mail: CapturedMail) {
  const confirm = /https:\/\/parrot\.example\.com\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  const unsubscribe = /https:\/\/parrot\.example\.com\/newsletter\/unsubscribe\?token=([A-Za-z0-9_-]+)/.exec(mail.text);
  if (!confirm || !unsubscribe) throw new Error(`links missing in: ${mail.text}`);
  return { confirm: confirm[1]!, unsubscribe: unsubscribe[1]! };
}

describe.each(testDatabaseKinds())("newsletter API on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let app: Awaited<ReturnType<typeof createApp>>;
  let deps: ReturnType<typeof testDeps>;

  const call = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { res, body: (await res.json()) as { success: boolean; message: string; field?: string } };
  };
  const subscribe = (email: unknown) => call("/api/newsletter/subscribe", { email });
  const subscriber = (normalized: string) =>
    t.db.kysely.selectFrom("subscribers").selectAll().where("email_normalized", "=", normalized).executeTakeFirst();
  const to = (address: string) => (m: CapturedMail) => m.to.some((a) => a.toLowerCase() === address.toLowerCase());
  const mailsTo = (address: string) => smtp.messages.filter(to(address));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  it.runIf(HAVE_BUILD)("a confirmation or unsubscribe link opened again says what the first visit did, not 'subscribe again' (issue 31)", async () => {
    const pages = await createApp({ deps, buildDir: buildDir() });
    await untilReady(pages);
    const open = async (path: string) => {
      const res = await pages.request(`${PUBLIC_URL}${path}`);
      const h1 = /<h1[^>]*>([^<]*)<\/h1>/.exec(await res.text())?.[1];
      return { status: res.status, h1 };
    };
    const press = async (path: string, token: string) => {
      const res = await pages.request(`${PUBLIC_URL}${path}?token=${token}`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded", origin: PUBLIC_URL },
        body: new URLSearchParams({ token }).toString(),
      });
      return /<h1[^>]*>([^<]*)<\/h1>/.exec(await res.text())?.[1];
    };
    await subscribe("opened.twice@example.org");
    const { confirm, unsubscribe } = links(await smtp.waitForMail(to("opened.twice@example.org")));
    // Unused: the button (nothing is done by opening the link).
    expect(await open(`/newsletter/confirm?token=${confirm}`)).toEqual({ status: 200, h1: "Newsletter subscription" });
    expect(await press("/newsletter/confirm", confirm)).toBe("Subscription confirmed");
    // Opened again, from the e-mail: still confirmed, in English and in Hindi.
    expect(await open(`/newsletter/confirm?token=${confirm}`)).toEqual({ status: 200, h1: "Subscription confirmed" });
    expect((await open(`/hi/newsletter/confirm?token=${confirm}`)).status).toBe(200);
    expect(await subscriber("opened.twice@example.org")).toMatchObject({ status: "confirmed" });

    expect(await press("/newsletter/unsubscribe", unsubscribe)).toBe("You have been unsubscribed");
    expect(await open(`/newsletter/unsubscribe?token=${unsubscribe}`)).toEqual({ status: 200, h1: "You have been unsubscribed" });
    // The confirmation link of an address that has since unsubscribed does not say it is confirmed.
    expect(await open(`/newsletter/confirm?token=${confirm}`)).toEqual({ status: 400, h1: "This link is not valid" });
    // An unknown link is not valid either.
    expect(await open(`/newsletter/unsubscribe?token=${"A".repeat(43)}`)).toEqual({ status: 400, h1: "This link is not valid" });
    expect(await subscriber("opened.twice@example.org")).toMatchObject({ status: "unsubscribed" });
  });

  it("stores a new address as pending and e-mails a confirmation link built from PUBLIC_URL; the link confirms once", async () => {
    const { res, body } = await subscribe("  Reader.One@Example.org ");
    expect(res.status).toBe(200);
    expect(body).toEqual({ success: true, message: SUCCESS });
    expect(await subscriber("reader.one@example.org")).toMatchObject({ status: "pending", email: "Reader.One@Example.org" });

    const mail = await smtp.waitForMail(to("reader.one@example.org"));
    expect(mail.subject).toBe("Please confirm your Wise Parrot newsletter subscription");
    const { confirm, unsubscribe } = links(mail);
    expect(confirm).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // Only the hash is stored.
    const stored = await t.db.kysely.selectFrom("subscriber_tokens").selectAll().execute();
    expect(stored.map((r) => r.token_hash)).toContain(hashToken(confirm));
    expect(JSON.stringify(stored)).not.toContain(confirm);
    expect(deps.logs.text).not.toContain(confirm);

    const ok = await call("/api/newsletter/confirm", { token: confirm });
    expect(ok.body).toEqual({ success: true, message: "Subscription confirmed" });
    expect(await subscriber("reader.one@example.org")).toMatchObject({ status: "confirmed" });
    // Opened twice, the link says what the first click did (issue 31: it used to tell a confirmed reader to subscribe again).
    const twice = await call("/api/newsletter/confirm", { token: confirm });
    expect(twice.body).toEqual({ success: true, message: "Subscription confirmed" });

    // The unsubscribe link of the same e-mail works, and again (mail clients retry: RFC 8058).
    const off = await call("/api/newsletter/unsubscribe", { token: unsubscribe });
    expect(off.body).toEqual({ success: true, message: "You have been unsubscribed" });
    expect(await subscriber("reader.one@example.org")).toMatchObject({ status: "unsubscribed" });
    expect((await call("/api/newsletter/unsubscribe", { token: unsubscribe })).body).toEqual({ success: true, message: "You have been unsubscribed" });
    const retried = await app.request(`/api/newsletter/one-click?token=${unsubscribe}`, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: "List-Unsubscribe=One-Click" });
    expect(retried.status).toBe(200);
    // Once unsubscribed, the old confirmation link does not subscribe the address again.
    expect((await call("/api/newsletter/confirm", { token: confirm })).res.status).toBe(400);
    expect(await subscriber("reader.one@example.org")).toMatchObject({ status: "unsubscribed" });
  });

  it("answers the same message for a pending, a confirmed and a differently-cased address, with one row each", async () => {
    await subscribe("twice@example.org");
    const again = await subscribe("TWICE@example.org");
    expect(again.body).toEqual({ success: true, message: SUCCESS });
    const rows = await t.db.kysely.selectFrom("subscribers").selectAll().where("email_normalized", "=", "twice@example.org").execute();
    expect(rows).toHaveLength(1);
    await settleMailDeliveries();
    const mails = mailsTo("twice@example.org");
    expect(mails).toHaveLength(2);
    // Each e-mail's own confirmation link works.
    expect((await call("/api/newsletter/confirm", { token: links(mails[0]!).confirm })).body.success).toBe(true);
    const confirmed = await subscribe("twice@example.org");
    expect(confirmed.body).toEqual({ success: true, message: SUCCESS });
    await settleMailDeliveries();
    // A confirmed address gets no new mail.
    expect(mailsTo("twice@example.org")).toHaveLength(2);
  });

  it("puts an unsubscribed address back to pending on a new subscription", async () => {
    await subscribe("back@example.org");
    const mail = await smtp.waitForMail(to("back@example.org"));
    await call("/api/newsletter/unsubscribe", { token: links(mail).unsubscribe });
    expect(await subscriber("back@example.org")).toMatchObject({ status: "unsubscribed" });
    // Unsubscribing retired the confirmation link of the same e-mail.
    expect((await call("/api/newsletter/confirm", { token: links(mail).confirm })).res.status).toBe(400);
    await subscribe("back@example.org");
    expect(await subscriber("back@example.org")).toMatchObject({ status: "pending" });
  });

  it("rejects invalid addresses and bodies with a 400 and a message, storing nothing", async () => {
    const before = await t.db.kysely.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    for (const [email, message] of [
      ["", "Please enter your email address"],
      ["   ", "Please enter your email address"],
      ["not-an-email", "Please enter a valid email address."],
      ["a@b", "Please enter a valid email address."],
      [`${"x".repeat(250)}@example.org`, "Please enter a valid email address."],
      ["'; drop table subscribers; --@x.org", "Please enter a valid email address."],
      [42, "Please enter your email address"],
      [undefined, "Please enter your email address"],
    ] as const) {
      const { res, body } = await subscribe(email);
      expect(res.status, String(email)).toBe(400);
      expect(body, String(email)).toMatchObject({ success: false, message, field: "email" });
    }
    expect((await call("/api/newsletter/subscribe", "{not json")).res.status).toBe(400);
    const wrongType = await app.request("/api/newsletter/subscribe", { method: "POST", body: "email=a@b.org", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(wrongType.status).toBe(415);
    const after = await t.db.kysely.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  it("refuses made-up, malformed and wrong-purpose tokens", async () => {
    await subscribe("tokens@example.org");
    const mail = await smtp.waitForMail(to("tokens@example.org"));
    const { confirm, unsubscribe } = links(mail);
    for (const token of ["A".repeat(43), `${confirm.slice(0, 42)}${confirm.endsWith("A") ? "B" : "A"}`, "x", "' or 1=1 --", unsubscribe]) {
      expect((await call("/api/newsletter/confirm", { token })).res.status, token).toBe(400);
    }
    expect((await call("/api/newsletter/unsubscribe", { token: confirm })).res.status).toBe(400);
    expect((await call("/api/newsletter/confirm", {})).body).toMatchObject({ success: false, field: "token" });
    expect(await subscriber("tokens@example.org")).toMatchObject({ status: "pending" });
  });

  it("limits confirmation e-mails per address and attempts per client", async () => {
    for (let i = 0; i < 5; i++) await subscribe("flood@example.org");
    await settleMailDeliveries();
    expect(mailsTo("flood@example.org")).toHaveLength(3);

    // Every request of this app shares one client address: at most 30 attempts an hour from it.
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await subscribe(`n${i}@example.org`)).res.status);
    expect(statuses.at(-1)).toBe(429);
    const refused = await subscribe("late@example.org");
    expect(refused.body).toMatchObject({ success: false, message: "Too many subscription attempts. Please try again later." });
    expect(refused.res.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});
