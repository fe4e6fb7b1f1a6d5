import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { drainNewsletterMail } from "../../server/services/newsletter/delivery";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { linksOfHtml } from "../../server/services/mail-template";
import { runStaffCommand } from "../../server/staff-command";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { type CapturedMail, startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { markAddressVerified } from "../helpers/verified";
import { untilReady } from "../helpers/test-site";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SITE = "https://wise-parrot.example.test";
const code = (secret: string) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate();

describe.each(testDatabaseKinds())("studio audience on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let owner = "";
  let posts: number[] = [];
  let n = 0;

  const call = (method: string, path: string, { token, body, headers }: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) =>
    app.request(`${SITE}/api${path}`, {
      method,
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (res: Response) => (await res.json()) as Json;

  async function register(email: string, name = "Some Person", password = "an audience passphrase 11") {
    const res = await call("POST", "/auth/register", { body: { name, email, password, company: "C", industry: "Healthcare", role: "user" } });
    expect(res.status).toBe(201);
    return async () => {
      const login = await call("POST", "/auth/login", { body: { email, password } });
      return { status: login.status, body: await json(login) };
    };
  }

  /** A staff session past the second factor. */
  async function staff(email: string, access: "owner" | "editor") {
    const signIn = await register(email);
    await markAddressVerified(deps.db, email);
    await runStaffCommand(deps, ["grant", access, email], () => {}, () => {});
    const token = (await signIn()).body.token as string;
    const enrolment = await json(await call("POST", "/studio/second-factor/enrolment", { token }));
    expect((await call("POST", "/studio/second-factor/enrolment/confirm", { token, body: { code: code(enrolment.secret) } })).status).toBe(200);
    return token;
  }

  async function subscriber(email: string, status: "pending" | "confirmed" | "unsubscribed", at = Date.now()) {
    const row = await t.db.kysely
      .insertInto("subscribers")
      .values({
        email,
        email_normalized: email.toLowerCase(),
        status,
        created_at: at,
        updated_at: at,
        confirmed_at: status === "pending" ? null : at,
        unsubscribed_at: status === "unsubscribed" ? at : null,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return Number(row.id);
  }

  const received = (to: string) => smtp.messages.filter((m) => m.to.includes(to));
  const newsletterMail = (subject: string) => smtp.messages.filter((m) => m.subject === subject);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer({ rejectRecipient: (a) => (a.startsWith("bounce") ? "550 5.1.1 No such user here" : null) });
    deps = testDeps(t.db, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      TRUST_PROXY: "true",
      MAIL_SEND_RATE_PER_MINUTE: "0",
      NEWSLETTER_UNSUBSCRIBE_MAILTO: "unsubscribe@example.test",
      LEAD_NOTIFY_EMAILS: "sales@example.test, boss@example.test",
    });
    app = await createApp({ deps });
    await seedSampleBlogs(deps);
    posts = (await t.db.kysely.selectFrom("blogs").select("id").orderBy("id").execute()).map((r) => Number(r.id));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    owner = await staff(`owner.${kind}@example.com`, "owner");
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  it("is for owners only: 404 (as an unknown address) without a session, 403 for an editor", async () => {
    const editor = await staff(`editor.${kind}@example.com`, "editor");
    for (const [method, path] of [
      ["GET", "/studio/audience/subscribers"],
      ["GET", "/studio/audience/newsletters"],
      ["POST", "/studio/audience/newsletters"],
      ["GET", "/studio/audience/leads"],
      ["GET", "/studio/audience/accounts"],
      ["DELETE", "/studio/audience/subscribers/1"],
    ] as const) {
      expect((await call(method, path, { body: method === "GET" ? undefined : {} })).status, `${method} ${path}`).toBe(404);
      const res = await call(method, path, { token: editor, body: method === "GET" ? undefined : {} });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("sends a post to exactly the confirmed subscribers, once, with both List-Unsubscribe fields", async () => {
    const confirmed = [`a.${kind}@example.com`, `b.${kind}@example.com`, `c.${kind}@example.com`];
    for (const e of confirmed) await subscriber(e, "confirmed");
    await subscriber(`pending.${kind}@example.com`, "pending");
    await subscriber(`gone.${kind}@example.com`, "unsubscribed");
    const post = posts[0]!;

    const preview = await json(await call("GET", `/studio/audience/newsletters/preview?post=${post}`, { token: owner }));
    expect(preview.preview.confirmed).toBe(3);
    expect(preview.preview.html).toContain("<table");
    expect(preview.preview.text).toContain(`${SITE}/blog/`);

    // A stale count is refused; nothing is queued.
    const stale = await call("POST", "/studio/audience/newsletters", { token: owner, body: { post, confirm: 2 } });
    expect(stale.status).toBe(409);
    expect((await json(stale)).message).toContain("now 3");
    expect((await json(await call("GET", "/studio/audience/newsletters", { token: owner }))).newsletters).toHaveLength(0);

    // Double click: two requests at once make one newsletter.
    const [one, two] = await Promise.all([0, 1].map(() => call("POST", "/studio/audience/newsletters", { token: owner, body: { post, confirm: 3 } })));
    expect([one!.status, two!.status].sort()).toEqual([200, 201]);
    const bodies = [await json(one!), await json(two!)];
    const ids = bodies.map((b) => b.newsletter.issueId);
    expect(ids[0]).toBe(ids[1]);
    // The first answer says it is sending; the second tells the truth: nothing more was sent (issue 31).
    const answers = bodies.map((b) => [b.newsletter.created, b.message, b.newsletter.queued]).sort((a, b) => Number(b[0]) - Number(a[0]));
    expect(answers).toEqual([
      [true, "Sending to 3 confirmed subscribers.", 3],
      [false, "This post was already sent as a newsletter, to 3 subscribers: nothing more was sent.", 0],
    ]);
    // And a third click later.
    const third = await call("POST", "/studio/audience/newsletters", { token: owner, body: { post, confirm: 3 } });
    expect(third.status).toBe(200);
    expect((await json(third)).message).not.toMatch(/^Sending/);
    if (buildPresent()) {
      // The studio's form sent again (a second tab): the progress page says nothing more was sent.
      const pages = await createApp({ deps, buildDir: buildDir() });
      await untilReady(pages);
      const form = new URLSearchParams({ post: String(post), confirm: "3", confirmed: "yes", when: "now" });
      const sent = await pages.request(`${SITE}/studio/newsletters/new?post=${post}`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: `__Host-wp_session=${owner}`, origin: SITE, "content-type": "application/x-www-form-urlencoded", "x-forwarded-for": "198.51.100.77" },
        body: form.toString(),
      });
      expect(sent.headers.get("location") ?? (await sent.text()).slice(0, 300)).toBe(`/studio/newsletters/${ids[0]}?already=1`);
      const progress = await pages.request(`${SITE}/studio/newsletters/${ids[0]}?already=1`, { headers: { cookie: `__Host-wp_session=${owner}` } });
      expect(await progress.text()).toContain("This post was already sent as a newsletter, to 3 subscribers: nothing more was sent.");
    }

    await drainNewsletterMail(deps);
    const subject = preview.preview.subject as string;
    const mails = newsletterMail(subject);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([...confirmed].sort());
    for (const m of mails) {
      expect(m.headers.get("list-unsubscribe")).toMatch(new RegExp(`^<${SITE}/api/newsletter/one-click\\?token=[A-Za-z0-9_-]{43}>, <mailto:unsubscribe@example.test\\?subject=unsubscribe>$`));
      expect(m.headers.get("list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
      // Every link of the HTML part is in the plain-text part, and the HTML loads nothing from elsewhere.
      for (const link of linksOfHtml(m.html)) expect(m.text).toContain(link);
      expect(m.text).toMatch(/Unsubscribe: https:\/\/wise-parrot\.example\.test\/newsletter\/unsubscribe\?token=/);
    }
    const progress = await json(await call("GET", `/studio/audience/newsletters/${ids[0]}`, { token: owner }));
    expect(progress.newsletter).toMatchObject({ recipients: 3, sent: 3, queued: 0, failed: 0, done: true });
    // Each message's unsubscribe link works for a year after it was sent.
    const links = await t.db.kysely.selectFrom("subscriber_tokens").select(["created_at", "expires_at"]).where("purpose", "=", "unsubscribe").execute();
    expect(links).toHaveLength(3);
    for (const l of links) expect(Number(l.expires_at) - Number(l.created_at)).toBeGreaterThanOrEqual(365 * 86_400_000);

    // RFC 8058: the mail provider posts from its own origin, without a session: accepted, for that path only.
    const oneClick = /<(https:[^>]+)>/.exec(mails[0]!.headers.get("list-unsubscribe")!)![1]!;
    const crossSite = { origin: "https://mail.provider.example", "sec-fetch-site": "cross-site", "content-type": "application/x-www-form-urlencoded" };
    const res = await app.request(oneClick, { method: "POST", headers: crossSite, body: "List-Unsubscribe=One-Click" });
    expect(res.status).toBe(200);
    const who = mails[0]!.to[0]!;
    expect((await t.db.kysely.selectFrom("subscribers").select("status").where("email", "=", who).executeTakeFirstOrThrow()).status).toBe("unsubscribed");
    // The page link still shows a page (a GET never unsubscribes).
    expect((await app.request(oneClick, { method: "GET" })).status).toBe(303);
    // Every other cross-site write stays refused.
    for (const [path, body] of [
      ["/api/newsletter/unsubscribe", "{}"],
      ["/api/newsletter/subscribe", "{}"],
      ["/api/newsletter/one-click/extra?token=x", ""],
      ["/api/studio/audience/newsletters", "{}"],
      ["/api/leads", "{}"],
      ["/newsletter/unsubscribe?token=x", "token=x"],
    ]) {
      expect((await app.request(`${SITE}${path}`, { method: "POST", headers: crossSite, body })).status, path).toBe(403);
    }
    const after = await json(await call("GET", `/studio/audience/newsletters/${ids[0]}`, { token: owner }));
    expect(after.newsletter.unsubscribesSince).toBe(1);
  });

  it("a permanent 550 for one address: the others are delivered and that one is shown failed", async () => {
    await subscriber(`bounce.${kind}@example.com`, "confirmed");
    const post = posts[1]!;
    const confirmedNow = (await json(await call("GET", `/studio/audience/newsletters/preview?post=${post}`, { token: owner }))).preview.confirmed as number;
    const started = await json(await call("POST", "/studio/audience/newsletters", { token: owner, body: { post, confirm: confirmedNow } }));
    await drainNewsletterMail(deps);
    const progress = (await json(await call("GET", `/studio/audience/newsletters/${started.newsletter.issueId}`, { token: owner }))).newsletter;
    expect(progress).toMatchObject({ failed: 1, sent: confirmedNow - 1, queued: 0 });
    expect(progress.failures).toEqual([{ to: `bounce.${kind}@example.com`, error: expect.stringContaining("550") }]);
    expect(received(`bounce.${kind}@example.com`)).toHaveLength(0);
  });

  it("whoever unsubscribes or is erased after the send started gets nothing more; erasure leaves no address in the audit log", async () => {
    const quitter = `quitter.${kind}@example.com`;
    const erased = `erased.${kind}@example.com`;
    const quitterId = await subscriber(quitter, "confirmed");
    const erasedId = await subscriber(erased, "confirmed");
    const post = posts[2]!;
    const confirmedNow = (await json(await call("GET", `/studio/audience/newsletters/preview?post=${post}`, { token: owner }))).preview.confirmed as number;
    const started = await json(await call("POST", "/studio/audience/newsletters", { token: owner, body: { post, confirm: confirmedNow } }));
    expect(started.newsletter.queued).toBe(confirmedNow);

    await t.db.kysely.updateTable("subscribers").set({ status: "unsubscribed", unsubscribed_at: Date.now() }).where("id", "=", quitterId).execute();
    const erase = await call("DELETE", `/studio/audience/subscribers/${erasedId}`, { token: owner });
    expect(erase.status).toBe(200);
    expect((await call("DELETE", `/studio/audience/subscribers/${erasedId}`, { token: owner })).status).toBe(404);
    expect((await call("DELETE", "/studio/audience/subscribers/abc", { token: owner })).status).toBe(400);

    await drainNewsletterMail(deps);
    const subject = (await t.db.kysely.selectFrom("newsletter_issues").select("subject").where("id", "=", started.newsletter.issueId).executeTakeFirstOrThrow()).subject;
    const to = newsletterMail(subject).map((m) => m.to[0]);
    expect(to).not.toContain(quitter);
    expect(to).not.toContain(erased);
    const progress = (await json(await call("GET", `/studio/audience/newsletters/${started.newsletter.issueId}`, { token: owner }))).newsletter;
    expect(progress.skipped).toBe(1);

    const audit = await json(await call("GET", "/studio/audit", { token: owner }));
    const line = (audit.lines as Json[]).find((l) => l.action === "subscriber.erase");
    expect(line).toMatchObject({ recordType: "subscriber", recordId: String(erasedId) });
    expect(JSON.stringify(audit.lines)).not.toContain(erased);
    expect(await t.db.kysely.selectFrom("subscriber_tokens").select("token_hash").where("subscriber_id", "=", erasedId).execute()).toHaveLength(0);
  });

  it("lists, counts, searches and exports subscribers, with formula-like cells neutralised", async () => {
    await subscriber(`=cmd|' /C calc'!A0@example.com`, "confirmed");
    const list = await json(await call("GET", "/studio/audience/subscribers?status=confirmed&search=CMD", { token: owner }));
    expect(list.subscribers).toHaveLength(1);
    expect(list.counts.confirmed).toBeGreaterThan(3);
    expect(list.growth).toHaveLength(12);
    expect(list.growth.at(-1).subscribed).toBeGreaterThan(0);
    // % and _ in a search match themselves.
    expect((await json(await call("GET", "/studio/audience/subscribers?search=%25", { token: owner }))).subscribers).toHaveLength(0);
    expect((await call("GET", "/studio/audience/subscribers?status=everyone", { token: owner })).status).toBe(400);

    const csv = await call("POST", "/studio/audience/subscribers.csv?search=cmd", { token: owner });
    expect(csv.headers.get("content-type")).toContain("text/csv");
    const text = await csv.text();
    expect(text).toContain(`'=cmd|' /C calc'!A0@example.com`);
    expect(text).not.toMatch(/(^|,)=cmd/m);
  });

  it("tells LEAD_NOTIFY_EMAILS about a lead (escaped), keeps leads visible without a CRM, retries a failed one, marks spam", async () => {
    const res = await call("POST", "/leads", {
      body: { firstName: "<b>Eve</b>", lastName: "O'Hara & <script>x</script>", email: `lead.${kind}@example.com`, phone: "12345", message: "<img src=x onerror=alert(1)> =cmd" },
    });
    expect(res.status).toBe(201);
    await settleMailDeliveries();
    const notes: CapturedMail[] = [await smtp.waitForMail((m) => m.to.includes("sales@example.test")), await smtp.waitForMail((m) => m.to.includes("boss@example.test"))];
    for (const note of notes) {
      expect(note.html).not.toContain("<script>");
      expect(note.html).not.toContain("<img src=x");
      expect(note.html).toContain("&lt;script&gt;x&lt;/script&gt;");
      expect(note.text).toContain("<img src=x onerror=alert(1)> =cmd");
      expect(note.text).toMatch(/\/studio\/leads\/\d+/);
    }

    const inbox = await json(await call("GET", `/studio/audience/leads?search=${encodeURIComponent(`lead.${kind}`)}`, { token: owner }));
    expect(inbox.crmConfigured).toBe(false);
    expect(inbox.leads).toHaveLength(1);
    const id = inbox.leads[0].id as number;
    expect((await call("POST", `/studio/audience/leads/${id}/retry`, { token: owner })).status).toBe(400);
    await t.db.kysely.updateTable("leads").set({ status: "failed", last_error: "CRM refused the lead (400)" }).where("id", "=", id).execute();
    expect((await json(await call("GET", "/studio/audience/leads?status=failed", { token: owner }))).leads.map((l: Json) => l.id)).toEqual([id]);
    expect((await call("POST", `/studio/audience/leads/${id}/retry`, { token: owner })).status).toBe(200);
    expect((await json(await call("GET", `/studio/audience/leads/${id}`, { token: owner }))).lead.status).toBe("pending");
    expect((await call("POST", `/studio/audience/leads/${id}/spam`, { token: owner, body: { spam: true } })).status).toBe(200);
    expect((await json(await call("GET", `/studio/audience/leads/${id}`, { token: owner }))).lead.status).toBe("spam");
    expect((await call("POST", `/studio/audience/leads/${id}/spam`, { token: owner, body: { spam: "yes" } })).status).toBe(400);
    expect((await call("GET", "/studio/audience/leads/999999", { token: owner })).status).toBe(404);
    expect((await call("GET", "/studio/audience/leads?from=yesterday", { token: owner })).status).toBe(400);

    // The owner's follow-up travels with the lead: its stage and note (formula-like text neutralised), when it was set.
    expect((await call("POST", `/studio/audience/leads/${id}/stage`, { token: owner, body: { stage: "won", note: "=SUM(A1) signed, \"gold\" plan" } })).status).toBe(200);
    const csv = await (await call("POST", "/studio/audience/leads.csv", { token: owner })).text();
    expect(csv.split("\r\n")[0]).toBe("id,created_at,first_name,last_name,email,phone,message,lead_source,status,attempts,delivered_at,crm_status,last_error,stage,note,stage_at");
    const line = csv.split("\r\n").find((l) => l.includes(`lead.${kind}@example.com`))!;
    expect(line).toMatch(/,won,"'=SUM\(A1\) signed, ""gold"" plan",\d{4}-\d{2}-\d{2}T[\d:.]+Z$/);
    expect(csv).toContain(`lead.${kind}@example.com`);
  });

  it("disables an account (sessions end at once, sign-in refused without saying more) and re-enables it", async () => {
    const email = `visitor.${kind}@example.com`;
    const signIn = await register(email, "=HYPERLINK(\"http://x\")");
    const session = (await signIn()).body.token as string;
    expect((await call("GET", "/auth/profile", { token: session })).status).toBe(200);
    const accounts = await json(await call("GET", `/studio/audience/accounts?search=${encodeURIComponent(email)}`, { token: owner }));
    expect(accounts.accounts).toHaveLength(1);
    const id = accounts.accounts[0].id as string;

    expect((await call("POST", `/studio/audience/accounts/${id}/disable`, { token: owner })).status).toBe(200);
    expect((await call("GET", "/auth/profile", { token: session })).status).toBe(401);
    const refused = await signIn();
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe("This account has been disabled. Please contact us if you think this is a mistake.");
    // A wrong password on a disabled account says what it says for any wrong password.
    const wrong = await call("POST", "/auth/login", { body: { email, password: "not the passphrase at all" } });
    expect(wrong.status).toBe(401);
    // Staff are not disabled here.
    const ownerId = (await t.db.kysely.selectFrom("users").select("id").where("email", "=", `owner.${kind}@example.com`).executeTakeFirstOrThrow()).id;
    expect((await call("POST", `/studio/audience/accounts/${ownerId}/disable`, { token: owner })).status).toBe(403);
    expect((await call("POST", "/studio/audience/accounts/nobody/disable", { token: owner })).status).toBe(404);

    expect((await call("POST", `/studio/audience/accounts/${id}/enable`, { token: owner })).status).toBe(200);
    expect((await signIn()).status).toBe(200);

    const csv = await (await call("POST", "/studio/audience/accounts.csv", { token: owner })).text();
    expect(csv).toContain(`"'=HYPERLINK(""http://x"")"`);
    const audit = (await json(await call("GET", "/studio/audit", { token: owner }))).lines as Json[];
    expect(audit.map((l) => l.action)).toEqual(expect.arrayContaining(["account.disable", "account.enable", "accounts.export", "leads.export", "subscribers.export", "newsletter.send", "lead.retry", "lead.spam"]));
  });
});
