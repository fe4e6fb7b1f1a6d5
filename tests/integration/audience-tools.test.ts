import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { deliverDueLeads, deliveryOptions } from "../../server/services/leads/delivery";
import { storeLead } from "../../server/services/leads/intake";
import { deliverDueMail, safeReplyTo, settleMailDeliveries } from "../../server/services/mail/outbox";
import { queueDueOptins } from "../../server/services/newsletter/import";
import { drainNewsletterMail } from "../../server/services/newsletter/delivery";
import { sendDueNewsletters } from "../../server/services/newsletter/queue";
import { subscribe } from "../../server/services/newsletter/subscribe";
import { newSinceLastVisit } from "../../server/services/staff/overview";
import { zonedTimeToEpoch } from "../../server/services/wall-clock";
import { type CrmServer, startCrmServer } from "../helpers/crm-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { staffWithSession } from "../helpers/studio-staff";
import { recordQuestion } from "../../server/services/chat/questions";
import { saveSettings } from "../../server/services/content/settings";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const SITE = "https://wise-parrot.example.test";

describe.each(testDatabaseKinds())("the audience's tools on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let crm: CrmServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let owner = "";
  let ownerId = "";
  let editor = "";
  let posts: { id: number; slug: string; title: string; image: string | null }[] = [];
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
  const sub = (email: string) => t.db.kysely.selectFrom("subscribers").selectAll().where("email_normalized", "=", email.toLowerCase()).executeTakeFirst();
  const labelsOf = async (email: string) =>
    (await t.db.kysely.selectFrom("subscriber_labels").innerJoin("subscribers", "subscribers.id", "subscriber_labels.subscriber_id").select("label").where("email_normalized", "=", email).orderBy("label").execute()).map((r) => r.label);
  async function seed(email: string, status: "pending" | "confirmed" | "unsubscribed", at = Date.now() - 86_400_000) {
    await t.db.kysely
      .insertInto("subscribers")
      .values({ email, email_normalized: email.toLowerCase(), status, created_at: at, updated_at: at, confirmed_at: status === "pending" ? null : at, unsubscribed_at: status === "unsubscribed" ? at : null })
      .execute();
  }
  const to = (address: string) => smtp.messages.filter((m) => m.to.includes(address));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    crm = await startCrmServer();
    deps = testDeps(t.db, {
      SMTP_URL: smtp.url,
      PUBLIC_URL: SITE,
      TRUST_PROXY: "true",
      MAIL_SEND_RATE_PER_MINUTE: "0",
      MAIL_REPLY_TO: "replies@example.test",
      LEAD_NOTIFY_EMAILS: "sales@example.test",
      CRM_WEB_TO_LEAD_URL: crm.url,
      SITE_TIME_ZONE: "Asia/Kolkata",
    });
    app = await createApp({ deps });
    await seedSampleBlogs(deps);
    posts = (await t.db.kysely.selectFrom("blogs").select(["id", "slug", "title", "image"]).where("status", "=", "published").orderBy("id").execute()).map((r) => ({ ...r, id: Number(r.id) }));
    expect(posts.length).toBeGreaterThanOrEqual(3);
    // The post with a cover first: the label test sends it, the schedule tests the others.
    posts.sort((a, b) => Number(Boolean(b.image)) - Number(Boolean(a.image)));
    const o = await staffWithSession(deps, `owner.${kind}@example.com`, "owner");
    owner = o.token;
    ownerId = o.userId;
    editor = (await staffWithSession(deps, `editor.${kind}@example.com`, "editor")).token;
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await crm.close();
    await t.drop();
  });

  it("is for owners only, and cross-site writes are refused", async () => {
    for (const [method, path] of [
      ["POST", "/studio/audience/subscribers"],
      ["POST", "/studio/audience/subscribers/import"],
      ["PUT", "/studio/audience/subscribers/1/labels"],
      ["GET", "/studio/audience/labels"],
      ["DELETE", "/studio/audience/newsletters/1"],
      ["POST", "/studio/audience/leads/1/stage"],
    ] as const) {
      expect((await call(method, path, { body: method === "GET" ? undefined : {} })).status, `${method} ${path}`).toBe(404);
      expect((await call(method, path, { token: editor, body: method === "GET" ? undefined : {} })).status, `${method} ${path}`).toBe(403);
    }
    const cross = await call("POST", "/studio/audience/subscribers", { token: owner, body: { email: `x.${kind}@example.com` }, headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(cross.status).toBe(403);
    expect(await sub(`x.${kind}@example.com`)).toBeUndefined();
  });

  it("imports with a statement of consent: confirmed, the statement kept with who and when, no opt-in e-mail; the rest reported and untouched", async () => {
    await seed(`known.${kind}@example.com`, "confirmed");
    await seed(`left.${kind}@example.com`, "unsubscribed");
    const before = { known: await sub(`known.${kind}@example.com`), left: await sub(`left.${kind}@example.com`) };
    const csv = [
      "Email,Name,Labels",
      `ann.${kind}@example.com,Ann,clinic; Pune`,
      `"bob.${kind}@example.com","Bob ""B"" Jones",clinic`,
      `not-an-address,Nobody,`,
      `known.${kind}@example.com,Known,`,
      `LEFT.${kind}@example.com,Left,`,
      `ann.${kind}@example.com,Ann again,`,
    ].join("\r\n");
    const res = await call("POST", "/studio/audience/subscribers/import", { token: owner, body: { csv, labels: "expo", consent: "Signed the paper form at the Pune expo" } });
    expect(res.status).toBe(200);
    const { report } = await json(res);
    expect(report).toMatchObject({ rows: 6, added: 2, confirmed: 2, optin: 0, duplicates: 2, invalid: 1, unsubscribed: 1 });
    expect(report.problems).toEqual([
      { row: 4, email: "not-an-address", reason: "invalid" },
      { row: 5, email: `known.${kind}@example.com`, reason: "duplicate" },
      { row: 6, email: `LEFT.${kind}@example.com`, reason: "unsubscribed" },
      { row: 7, email: `ann.${kind}@example.com`, reason: "duplicateInFile" },
    ]);
    const ann = (await sub(`ann.${kind}@example.com`))!;
    expect(ann).toMatchObject({ status: "confirmed", name: "Ann", source: "import", consent_note: "Signed the paper form at the Pune expo", consent_by: ownerId, optin_due_at: null });
    expect(Number(ann.consent_at)).toBeGreaterThan(Date.now() - 60_000);
    expect((await sub(`bob.${kind}@example.com`))!.name).toBe('Bob "B" Jones');
    expect(await labelsOf(`ann.${kind}@example.com`)).toEqual(["clinic", "expo", "pune"]);
    // Untouched: the known address and the unsubscribed one, and nobody is e-mailed.
    expect(await sub(`known.${kind}@example.com`)).toEqual(before.known);
    expect(await sub(`left.${kind}@example.com`)).toEqual(before.left);
    expect(await queueDueOptins(deps)).toBe(0);
    await deliverDueMail(deps);
    expect(to(`ann.${kind}@example.com`)).toHaveLength(0);
    expect(to(`left.${kind}@example.com`)).toHaveLength(0);
    const audit = await t.db.kysely.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", "subscribers.import").execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]!.detail).not.toContain("@");
  });

  it("imports without consent: pending, and each gets the double opt-in e-mail through the outbox; a file without a header is read too", async () => {
    const csv = `cara.${kind}@example.com,Cara\ndev.${kind}@example.com,Dev,vip\n`;
    const { report } = await json(await call("POST", "/studio/audience/subscribers/import", { token: owner, body: { csv } }));
    expect(report).toMatchObject({ rows: 2, added: 2, optin: 2, confirmed: 0 });
    expect((await sub(`cara.${kind}@example.com`))!.status).toBe("pending");
    expect(await labelsOf(`dev.${kind}@example.com`)).toEqual(["vip"]);
    // Claimed once, however many processes look.
    const other = await openDatabase(t.url, { poolSize: 2 });
    try {
      const claimed = await Promise.all([queueDueOptins(deps), queueDueOptins(testDeps(other, { SMTP_URL: smtp.url, PUBLIC_URL: SITE, MAIL_SEND_RATE_PER_MINUTE: "0" }))]);
      expect(claimed[0] + claimed[1]).toBe(2);
    } finally {
      await other.close();
    }
    await deliverDueMail(deps);
    for (const who of [`cara.${kind}@example.com`, `dev.${kind}@example.com`]) {
      const mails = to(who);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.text).toMatch(new RegExp(`${SITE}/newsletter/confirm\\?token=`));
    }
  });

  it("refuses a bad file or bad fields with a 400 and changes nothing", async () => {
    const count = async () => Number((await t.db.kysely.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const was = await count();
    for (const body of [
      { csv: "" },
      { csv: "name,phone\nAnn,123\n" },
      { csv: `${"x@example.com\n".repeat(10_001)}` },
      { csv: `e.${kind}@example.com`, labels: "<script>" },
      { csv: `e.${kind}@example.com`, consent: "x".repeat(501) },
      { csv: 5 },
    ]) {
      const res = await call("POST", "/studio/audience/subscribers/import", { token: owner, body });
      expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
    expect((await call("POST", "/studio/audience/subscribers", { token: owner, body: { email: "nope" } })).status).toBe(400);
    const known = await json(await call("POST", "/studio/audience/subscribers", { token: owner, body: { email: `KNOWN.${kind}@example.com` } }));
    expect(known).toMatchObject({ success: false, field: "email" });
    const left = await call("POST", "/studio/audience/subscribers", { token: owner, body: { email: `left.${kind}@example.com`, consent: "Asked me in person" } });
    expect(left.status).toBe(400);
    expect((await sub(`left.${kind}@example.com`))!.status).toBe("unsubscribed");
    expect(await count()).toBe(was);
  });

  it("takes a 5,000-row import in one request that does not wait for the e-mails", async () => {
    const csv = ["email,labels", ...Array.from({ length: 5000 }, (_, i) => `bulk${i}.${kind}@example.com,bulk`)].join("\n");
    // The hour's allowance of opt-in e-mails is 5,000 (import-optin-cap.test.ts tests it): this hour starts afresh,
    // without the few the tests above added.
    await t.db.kysely.deleteFrom("rate_limits").where("key", "=", "subscribers:optin:hour").execute();
    const started = performance.now();
    const res = await call("POST", "/studio/audience/subscribers/import", { token: owner, body: { csv } });
    const ms = performance.now() - started;
    expect(res.status).toBe(200);
    expect((await json(res)).report).toMatchObject({ added: 5000, optin: 5000 });
    expect(ms).toBeLessThan(8000);
    // Nothing was sent during the request: the opt-in loop makes the messages afterwards.
    expect(smtp.messages.filter((m) => m.to.some((a) => a.startsWith("bulk"))).length).toBe(0);
    const pending = await t.db.kysely.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).where("optin_due_at", "is not", null).executeTakeFirstOrThrow();
    expect(Number(pending.n)).toBe(5000);
    console.info(`[audience] 5,000-row import on ${kind}: ${Math.round(ms)} ms`);
    await t.db.kysely.deleteFrom("rate_limits").where("key", "=", "subscribers:optin:hour").execute();
    // Leave them owed nothing, so later tests' outbox rounds stay small.
    await t.db.kysely.updateTable("subscribers").set({ optin_due_at: null, status: "unsubscribed" }).where("email", "like", "bulk%").execute();
  }, 60_000);

  it("adds one by hand with labels; labels are set by hand and from the form used", async () => {
    const res = await call("POST", "/studio/audience/subscribers", { token: owner, body: { email: `hand.${kind}@example.com`, name: "Hand", labels: "Doctors", consent: "Business card, asked to be added" } });
    expect(res.status).toBe(201);
    const row = (await sub(`hand.${kind}@example.com`))!;
    expect(row).toMatchObject({ status: "confirmed", source: "studio", consent_note: "Business card, asked to be added" });
    const set = await call("PUT", `/studio/audience/subscribers/${row.id}/labels`, { token: owner, body: { labels: ["Doctors", "Mumbai"] } });
    expect(set.status).toBe(200);
    expect(await labelsOf(`hand.${kind}@example.com`)).toEqual(["doctors", "mumbai"]);
    expect((await call("PUT", `/studio/audience/subscribers/${row.id}/labels`, { token: owner, body: { labels: ["<b>"] } })).status).toBe(400);
    expect((await call("PUT", `/studio/audience/subscribers/99999999/labels`, { token: owner, body: { labels: [] } })).status).toBe(404);
    expect(await labelsOf(`hand.${kind}@example.com`)).toEqual(["doctors", "mumbai"]);
    const list = await json(await call("GET", "/studio/audience/subscribers?label=mumbai", { token: owner }));
    expect(list.subscribers.map((s: Json) => s.email)).toEqual([`hand.${kind}@example.com`]);
    expect(list.subscribers[0].labels).toEqual(["doctors", "mumbai"]);

    await subscribe(deps, `footer.${kind}@example.com`, "203.0.113.50", "footer");
    await subscribe(deps, `odd.${kind}@example.com`, "203.0.113.51", "<made-up>");
    expect(await labelsOf(`footer.${kind}@example.com`)).toEqual(["footer"]);
    expect((await sub(`footer.${kind}@example.com`))!.source).toBe("footer");
    expect(await labelsOf(`odd.${kind}@example.com`)).toEqual([]);
    expect((await call("POST", "/newsletter/subscribe", { body: { email: `blogs.${kind}@example.com`, source: "blogs" } })).status).toBe(200);
    expect(await labelsOf(`blogs.${kind}@example.com`)).toEqual(["blogs"]);
    await settleMailDeliveries();
  });

  it("sends a newsletter to one label only, with the cover image, utm links and the owner's Reply-To", async () => {
    for (const e of [`l1.${kind}@example.com`, `l2.${kind}@example.com`, `other.${kind}@example.com`]) await seed(e, "confirmed");
    for (const e of [`l1.${kind}@example.com`, `l2.${kind}@example.com`]) {
      const id = Number((await sub(e))!.id);
      await call("PUT", `/studio/audience/subscribers/${id}/labels`, { token: owner, body: { labels: ["Partners"] } });
    }
    const post = posts[0]!;
    // The cover as the media library stores it (a path on the site).
    if (!post.image) {
      post.image = "/media/cover-test.webp";
      await t.db.kysely.updateTable("blogs").set({ image: post.image }).where("id", "=", post.id).execute();
    }
    const preview = await json(await call("GET", `/studio/audience/newsletters/preview?post=${post.id}&label=partners`, { token: owner }));
    expect(preview.preview.confirmed).toBe(2);
    const started = await call("POST", "/studio/audience/newsletters", { token: owner, body: { post: post.id, confirm: 2, labels: ["Partners"] } });
    expect(started.status).toBe(201);
    await drainNewsletterMail(deps);
    const mails = smtp.messages.filter((m) => m.subject === post.title);
    expect(mails.map((m) => m.to[0]).sort()).toEqual([`l1.${kind}@example.com`, `l2.${kind}@example.com`]);
    const utm = `${SITE}/blog/${post.slug}?utm_source=newsletter&utm_medium=email&utm_campaign=${post.slug}`;
    for (const m of mails) {
      expect(m.text).toContain(utm);
      expect(m.html).toContain(utm.replace(/&/g, "&amp;"));
      expect(m.html).toContain(`src="${post.image.startsWith("/") ? SITE + post.image : post.image}"`);
      expect(m.headers.get("reply-to")).toBe("replies@example.test");
    }
  });

  it("schedules a newsletter in the site's time zone: sent once by two workers when due, and a scheduled one can be cancelled", async () => {
    await seed(`sched.${kind}@example.com`, "confirmed");
    const id = Number((await sub(`sched.${kind}@example.com`))!.id);
    await call("PUT", `/studio/audience/subscribers/${id}/labels`, { token: owner, body: { labels: ["morning"] } });
    const post = posts[1]!;
    const local = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10) + "T09:00";
    for (const at of ["tomorrow", "2020-01-01T09:00", "2026-02-30T09:00", `${new Date(Date.now() + 400 * 86_400_000).toISOString().slice(0, 10)}T09:00`]) {
      expect((await call("POST", "/studio/audience/newsletters", { token: owner, body: { post: post.id, confirm: 1, labels: ["morning"], at } })).status, at).toBe(400);
    }
    const res = await call("POST", "/studio/audience/newsletters", { token: owner, body: { post: post.id, confirm: 1, labels: ["morning"], at: local } });
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toContain("(Asia/Kolkata)");
    // 09:00 in Kolkata is 03:30 UTC.
    expect(new Date(body.newsletter.scheduledFor).toISOString()).toBe(`${local.slice(0, 10)}T03:30:00.000Z`);
    expect(zonedTimeToEpoch("2026-07-01T09:00", "Europe/London")).toBe(Date.parse("2026-07-01T08:00:00Z"));
    // Not yet.
    expect(await sendDueNewsletters(deps)).toBe(0);
    await drainNewsletterMail(deps);
    expect(smtp.messages.filter((m) => m.subject === post.title)).toHaveLength(0);
    const listed = await json(await call("GET", "/studio/audience/newsletters", { token: owner }));
    expect(listed.newsletters.find((x: Json) => x.id === body.newsletter.issueId)).toMatchObject({ state: "scheduled", labels: ["morning"], done: false });

    // Due: workers of two processes at once send it once (PostgreSQL: a second pool; SQLite: better-sqlite3 blocks
    // its process while it waits for a lock, so two connections in one process cannot take turns: the calls share one).
    const other = kind === "postgres" ? await openDatabase(t.url, { poolSize: 2 }) : null;
    try {
      const otherDeps = other ? testDeps(other, { SMTP_URL: smtp.url, PUBLIC_URL: SITE, MAIL_SEND_RATE_PER_MINUTE: "0" }) : deps;
      const later = Number(body.newsletter.scheduledFor) + 1000;
      const sent = await Promise.all([sendDueNewsletters(deps, later), sendDueNewsletters(otherDeps, later), sendDueNewsletters(deps, later)]);
      expect(sent.reduce((a, b) => a + b, 0)).toBe(1);
      await Promise.all([drainNewsletterMail(deps, { now: () => later + 1000 }), drainNewsletterMail(otherDeps, { now: () => later + 1000 })]);
    } finally {
      await other?.close();
    }
    expect(smtp.messages.filter((m) => m.subject === post.title).map((m) => m.to[0])).toEqual([`sched.${kind}@example.com`]);
    expect((await call("DELETE", `/studio/audience/newsletters/${body.newsletter.issueId}`, { token: owner })).status).toBe(409);

    // Another scheduled, then cancelled: the post may be sent again later, nothing goes out.
    const third = posts[2]!;
    const again = await json(await call("POST", "/studio/audience/newsletters", { token: owner, body: { post: third.id, confirm: 1, labels: ["morning"], at: local } }));
    expect((await call("DELETE", `/studio/audience/newsletters/${again.newsletter.issueId}`, { token: owner })).status).toBe(200);
    expect(await sendDueNewsletters(deps, Date.now() + 3 * 86_400_000)).toBe(0);
    expect(smtp.messages.filter((m) => m.subject === third.title)).toHaveLength(0);
    const actions = (await t.db.kysely.selectFrom("audit_log").select("action").where("action", "like", "newsletter.%").execute()).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(["newsletter.schedule", "newsletter.cancel", "newsletter.send"]));
  });

  it("keeps a status and note per lead, filters by it; the notice's Reply-To is the lead; the owner hears when a lead fails for good", async () => {
    crm.script({ status: 400, body: "Missing required field: oid" });
    const { id } = await storeLead(deps, { firstName: "Lena", lastName: "Rao", email: `lena.${kind}@example.com`, phone: "+91 90000 22222", message: "Call me", leadSource: "Web Research", website: "" } as Parameters<typeof storeLead>[1]);
    await settleMailDeliveries();
    const notice = await smtp.waitForMail((m) => m.to.includes("sales@example.test") && m.subject.includes("Lena"));
    expect(notice.headers.get("reply-to")).toBe(`lena.${kind}@example.com`);

    const options = deliveryOptions(deps)!;
    expect(await deliverDueLeads(deps, options)).toMatchObject({ failed: 1 });
    await settleMailDeliveries();
    const failed = await smtp.waitForMail((m) => m.to.includes("sales@example.test") && m.subject.startsWith("A lead could not be sent to the CRM"));
    expect(failed.subject).toContain("Lena Rao");
    expect(failed.text).toContain("CRM refused the lead (400)");
    expect(failed.text).toContain(`/studio/leads/${id}`);

    const set = await call("POST", `/studio/audience/leads/${id}/stage`, { token: owner, body: { stage: "contacted", note: "Called, sending a quote <b>Friday</b>" } });
    expect(set.status).toBe(200);
    expect((await json(set)).lead).toMatchObject({ stage: "contacted", stageNote: "Called, sending a quote <b>Friday</b>", stageBy: ownerId });
    expect((await call("POST", `/studio/audience/leads/${id}/stage`, { token: owner, body: { stage: "maybe" } })).status).toBe(400);
    expect((await call("POST", `/studio/audience/leads/${id}/stage`, { token: owner, body: { stage: "won", note: "x".repeat(2001) } })).status).toBe(400);
    expect((await call("POST", `/studio/audience/leads/99999999/stage`, { token: owner, body: { stage: "won" } })).status).toBe(404);
    const contacted = await json(await call("GET", "/studio/audience/leads?stage=contacted", { token: owner }));
    expect(contacted.leads.map((l: Json) => l.id)).toEqual([id]);
    expect(contacted.stages.contacted).toBe(1);
    expect((await json(await call("GET", "/studio/audience/leads?stage=won", { token: owner }))).leads).toEqual([]);
    expect((await call("GET", "/studio/audience/leads?stage=bogus", { token: owner })).status).toBe(400);
    const audit = await t.db.kysely.selectFrom("audit_log").select(["detail"]).where("action", "=", "lead.stage").execute();
    expect(audit.map((a) => a.detail)).toEqual(["contacted"]);
  });

  it("a Reply-To never carries a second header or a display name", () => {
    expect(safeReplyTo("ann@example.com")).toBe("ann@example.com");
    for (const bad of ["ann@example.com\r\nBcc: x@evil.example", "ann@example.com\nBcc: x@evil.example", "Ann <ann@example.com>", "a@b.c, d@e.f", ""]) expect(safeReplyTo(bad)).toBeUndefined();
  });

  it("the overview tells what is new since the person's last visit", async () => {
    const t0 = Date.now();
    const first = await newSinceLastVisit(deps, ownerId, t0);
    expect(first).toMatchObject({ since: null, leads: 0, subscribers: 0, handedOver: null });
    // Something arrives, then the person comes back an hour later.
    await storeLead(deps, { firstName: "New", lastName: "Lead", email: `new.${kind}@example.com`, phone: "12345", message: "Hi", leadSource: "Web Research", website: "" } as Parameters<typeof storeLead>[1], t0 + 60_000);
    await seed(`newsub.${kind}@example.com`, "pending", t0 + 60_000);
    // Two chat questions: one the assistant answered, one it handed to a person.
    await recordQuestion(deps, { question: "how much does it cost", topic: "pricing", fellThrough: false, answer: "Plans start free.", handedOver: false, language: "en" }, t0 + 60_000);
    await recordQuestion(deps, { question: "can you print flyers", topic: "handover", fellThrough: false, answer: "A person can help.", handedOver: true, language: "en" }, t0 + 60_000);
    const back = await newSinceLastVisit(deps, ownerId, t0 + 3600_000);
    expect(back).toMatchObject({ since: t0, leads: 1, subscribers: 1, handedOver: 1 });
    // A reload a minute later keeps the same "since".
    expect(await newSinceLastVisit(deps, ownerId, t0 + 3660_000)).toMatchObject({ since: t0, leads: 1, subscribers: 1 });
    await settleMailDeliveries();
  });

  it("schedules in the owner's time zone from Settings, and sends with the owner's sender name and Reply-To", async () => {
    const actor = { userId: ownerId, label: `owner.${kind}@example.com`, clientIp: "203.0.113.9", access: "owner" as const };
    expect(await saveSettings(deps, { timeZone: "America/New_York", senderName: "Olga at Wise Parrot", replyTo: "olga.replies@example.com" }, actor)).toEqual(
      expect.arrayContaining(["timeZone", "senderName", "replyTo"]),
    );
    // Every process reads the owner's settings at most a second old.
    await new Promise((r) => setTimeout(r, 1_100));
    try {
      // The next 15 January (New York on standard time, UTC-5) and 15 July (daylight time, UTC-4), both ahead.
      const next = (month: number) => {
        const today = new Date();
        const year = today.getUTCMonth() + 1 > month || (today.getUTCMonth() + 1 === month && today.getUTCDate() >= 14) ? today.getUTCFullYear() + 1 : today.getUTCFullYear();
        return `${year}-${String(month).padStart(2, "0")}-15`;
      };
      const post = posts[2]!; // scheduled and cancelled above: it may be sent again
      const summer = await call("POST", "/studio/audience/newsletters", { token: owner, body: { post: post.id, confirm: 1, labels: ["morning"], at: `${next(7)}T09:00` } });
      expect(summer.status).toBe(201);
      const july = await json(summer);
      expect(new Date(july.newsletter.scheduledFor).toISOString()).toBe(`${next(7)}T13:00:00.000Z`);
      expect(july.message).toContain("09:00 (America/New_York)");
      expect((await call("DELETE", `/studio/audience/newsletters/${july.newsletter.issueId}`, { token: owner })).status).toBe(200);
      const winter = await json(await call("POST", "/studio/audience/newsletters", { token: owner, body: { post: post.id, confirm: 1, labels: ["morning"], at: `${next(1)}T09:00` } }));
      expect(new Date(winter.newsletter.scheduledFor).toISOString()).toBe(`${next(1)}T14:00:00.000Z`);

      const due = Number(winter.newsletter.scheduledFor) + 1000;
      expect(await sendDueNewsletters(deps, due)).toBe(1);
      await drainNewsletterMail(deps, { now: () => due + 1000 });
      const mails = smtp.messages.filter((m) => m.subject === post.title);
      expect(mails.map((m) => m.to[0])).toEqual([`sched.${kind}@example.com`]);
      expect(mails[0]!.headers.get("from")).toMatch(/^"?Olga at Wise Parrot"? <[^>]+>$/);
      expect(mails[0]!.headers.get("reply-to")).toBe("olga.replies@example.com");
    } finally {
      await saveSettings(deps, { timeZone: "", senderName: "", replyTo: "" }, actor);
      await new Promise((r) => setTimeout(r, 1_100));
    }
  });

  it("reads a wall-clock time across daylight-saving changes the same way on either side of Greenwich", () => {
    // Skipped by the clocks (spring forward): read with the offset before the change, just after the gap.
    expect(new Date(zonedTimeToEpoch("2027-03-14T02:30", "America/New_York")).toISOString()).toBe("2027-03-14T07:30:00.000Z");
    expect(new Date(zonedTimeToEpoch("2027-03-28T01:30", "Europe/London")).toISOString()).toBe("2027-03-28T01:30:00.000Z");
    expect(new Date(zonedTimeToEpoch("2026-10-04T02:30", "Australia/Sydney")).toISOString()).toBe("2026-10-03T16:30:00.000Z");
    // Twice on the clock (fall back): the first time.
    expect(new Date(zonedTimeToEpoch("2026-11-01T01:30", "America/New_York")).toISOString()).toBe("2026-11-01T05:30:00.000Z");
    expect(new Date(zonedTimeToEpoch("2026-10-25T01:30", "Europe/London")).toISOString()).toBe("2026-10-25T00:30:00.000Z");
    expect(new Date(zonedTimeToEpoch("2026-04-05T02:30", "Australia/Sydney")).toISOString()).toBe("2026-04-04T15:30:00.000Z");
    // No change: the zone's one offset, quarter hours included.
    expect(new Date(zonedTimeToEpoch("2026-12-01T09:00", "Asia/Kolkata")).toISOString()).toBe("2026-12-01T03:30:00.000Z");
    expect(new Date(zonedTimeToEpoch("2026-12-01T09:00", "Asia/Kathmandu")).toISOString()).toBe("2026-12-01T03:15:00.000Z");
  });

  it("tells the owner once when a lead's last retry fails, and not at the retries before it", async () => {
    const was = crm.fallback;
    crm.fallback = { status: 503, body: "Service unavailable" };
    try {
      const { id } = await storeLead(deps, { firstName: "Ravi", lastName: "Retry", email: `ravi.${kind}@example.com`, phone: "+91 90000 33333", message: "Hello", leadSource: "Web Research", website: "" } as Parameters<typeof storeLead>[1]);
      const options = { ...deliveryOptions(deps)!, maxAttempts: 2, baseDelayMs: 1000, maxDelayMs: 1000 };
      const failedNotices = () => smtp.messages.filter((m) => m.subject.startsWith("A lead could not be sent to the CRM") && m.subject.includes("Ravi Retry"));
      await deliverDueLeads(deps, options);
      await deliverDueMail(deps);
      await settleMailDeliveries();
      expect((await t.db.kysely.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("pending");
      expect(failedNotices()).toHaveLength(0);
      // The last attempt, once its back-off is over: failed for good, and the owner hears of it.
      await deliverDueLeads(deps, options, Date.now() + 60_000);
      expect((await t.db.kysely.selectFrom("leads").select("status").where("id", "=", id).executeTakeFirstOrThrow()).status).toBe("failed");
      await deliverDueMail(deps);
      await settleMailDeliveries();
      const notice = await smtp.waitForMail((m) => m.subject.startsWith("A lead could not be sent to the CRM") && m.subject.includes("Ravi Retry"));
      expect(notice.to).toEqual(["sales@example.test"]);
      expect(notice.text).toContain("gave up after 2 attempts");
      expect(notice.headers.get("reply-to")).toBe(`ravi.${kind}@example.com`);
      // A retry from the inbox that fails again is not announced twice.
      await t.db.kysely.updateTable("leads").set({ status: "pending", attempts: 1, next_attempt_at: 0 }).where("id", "=", id).execute();
      await deliverDueLeads(deps, options, Date.now() + 120_000);
      await deliverDueMail(deps);
      await settleMailDeliveries();
      expect(failedNotices()).toHaveLength(1);
    } finally {
      crm.fallback = was;
    }
  });
});
