/**
 * The studio's access pages through the built app (loaders and actions as a browser without JavaScript uses them):
 * the second factor, enrolment, the overview, staff, the audit log and the invitation page, on SQLite and PostgreSQL.
 */
import path from "node:path";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { COMMAND_LINE, listAudit, recordAudit } from "../../server/services/audit";
import { inviteStaff } from "../../server/services/staff/invitations";
import { pendingEnrolment } from "../../server/services/staff/second-factor";
import { runStaffCommand } from "../../server/staff-command";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { markAddressVerified } from "../helpers/verified";
import { untilReady } from "../helpers/test-site";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof createApp>>;

const PUBLIC_URL = "https://wise-parrot.example.test";
const PASSWORD = "a studio passphrase 11";
const BUILD_DIR = buildDir();

const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, "")) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

/** The text of the page without its markup, for "the page says …" checks. */
/** The audit table's rows only (the filters list every action too). */
const tableOf = (html: string) => /<tbody[\s\S]*?<\/tbody>/.exec(html)?.[0] ?? "";

const textOf = (html: string) =>
  html
    .replace(/<script[\s\S]*?<\/script>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`studio access pages on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: App;
  let n = 0;
  const ip = () => `198.18.0.${(++n % 250) + 1}`;

  const page = (pathname: string, { token, form, json }: { token?: string; form?: Record<string, string>; json?: unknown } = {}) =>
    app.request(`http://127.0.0.1${pathname}`, {
      method: form || json !== undefined ? "POST" : "GET",
      redirect: "manual",
      headers: {
        "x-forwarded-for": "198.18.1.1",
        ...(token ? { cookie: `__Host-wp_session=${token}` } : {}),
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : json !== undefined ? JSON.stringify(json) : undefined,
    });
  const api = (method: string, pathname: string, body?: unknown, token?: string) =>
    app.request(`http://127.0.0.1/api${pathname}`, {
      method,
      headers: { "content-type": "application/json", "x-forwarded-for": ip(), ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const login = async (email: string, password = PASSWORD) => ((await (await api("POST", "/auth/login", { email, password })).json()) as Json).token as string;
  async function account(email: string, name = "Page Person") {
    expect((await api("POST", "/auth/register", { name, email, password: PASSWORD, company: "C", industry: "Healthcare", role: "user" })).status).toBe(201);
  }
  const userId = async (email: string) =>
    (await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", email).executeTakeFirstOrThrow()).id;

  let ownerEmail: string;
  let ownerSecret: string;
  let owner: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: "true" });
    app = await createApp({ deps, buildDir: BUILD_DIR });
    await untilReady(app);
    ownerEmail = `pages.owner.${kind}@example.com`;
    await account(ownerEmail, "Olive Owner");
    await markAddressVerified(deps.db, ownerEmail);
    await runStaffCommand(deps, ["grant", "owner", ownerEmail], () => {}, () => {});
    owner = await login(ownerEmail);
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t?.drop();
  });

  it("enrolment: the same key until it is confirmed, a wrong code next to its field, the recovery codes once", async () => {
    const first = await page("/studio/enrol", { token: owner });
    expect(first.status).toBe(200);
    const html = await first.text();
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(html)?.[1]?.replace(/\s+/g, "");
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(html).toContain("<svg");
    // A reload shows the key already scanned into the app, not a new one.
    expect((await (await page("/studio/enrol", { token: owner })).text()).replace(/\s+/g, "")).toContain(secret!);
    // Pages before the second factor send here.
    expect((await page("/studio", { token: owner })).headers.get("location")).toBe("/studio/enrol");

    const wrong = await page("/studio/enrol", { token: owner, form: { code: "12" } });
    expect(wrong.status).toBe(400);
    const wrongHtml = await wrong.text();
    expect(wrongHtml).toMatch(/aria-invalid="true"[^>]*aria-describedby="[^"]*-error"|aria-describedby="[^"]*-error"[^>]*aria-invalid="true"/);
    expect(textOf(wrongHtml)).toContain("Enter the 6-digit code from your authenticator app, or a recovery code.");

    const done = await page("/studio/enrol", { token: owner, form: { code: appCode(secret!) } });
    expect(done.status).toBe(200);
    const codes = [...(await done.text()).matchAll(/<li[^>]*>([a-z2-9]{5}-[a-z2-9]{5})<\/li>/g)].map((m) => m[1]);
    expect(codes).toHaveLength(10);
    ownerSecret = secret!;
    // Shown once: the page now only says it is set up.
    const again = textOf(await (await page("/studio/enrol", { token: owner })).text());
    expect(again).toContain("Two-step sign-in is already set up for this account.");
    expect(again).not.toContain(codes[0]);
    await expect(pendingEnrolment(deps, { id: await userId(ownerEmail), email: ownerEmail })).rejects.toMatchObject({ kind: "conflict" });
  });

  it("second factor: a wrong code says so at the field, too many say how long to wait, a right one opens the studio", async () => {
    const session = await login(ownerEmail);
    // The code leads back to the page asked for.
    expect((await page("/studio/audit", { token: session })).headers.get("location")).toBe("/studio/second-factor?next=%2Fstudio%2Faudit");
    expect((await page("/studio/second-factor", { token: session })).status).toBe(200);
    const wrong = await page("/studio/second-factor", { token: session, form: { code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(textOf(await wrong.text())).toContain("That code is not right. Check your authenticator app and try again.");
    // Not a form at all: a 4xx, never a 500.
    expect((await page("/studio/second-factor", { token: session, json: { code: "000000" } })).status).toBeLessThan(500);

    let limited: Response | undefined;
    for (let i = 0; i < 30 && !limited; i++) {
      const res = await page("/studio/second-factor", { token: session, form: { code: "000001" } });
      if (res.status === 429) limited = res;
      else expect(res.status).toBe(400);
    }
    expect(limited, "wrong codes are limited").toBeDefined();
    expect(Number(limited!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(textOf(await limited!.text())).toMatch(/Too many wrong codes\. Try again in (\d+ seconds|about \d+ minutes)\./);

    // Another address (the per-address tier) with a right code still gets in, once.
    await t.db.kysely.deleteFrom("rate_limits").execute();
    const right = await page("/studio/second-factor", { token: session, form: { code: appCode(ownerSecret, 1) } });
    expect(right.status).toBe(303);
    expect(right.headers.get("location")).toBe("/studio");
    expect((await page("/studio/second-factor", { token: session })).headers.get("location")).toBe("/studio");
    owner = session;
  });

  it("the overview shows what waits: drafts and scheduled posts with links, staff without a second factor", async () => {
    const now = Date.now();
    const post = (slug: string, status: string, scheduledAt: number | null) => ({
      slug,
      title: `Title of ${slug}`,
      excerpt: "e",
      author: "A",
      published_at: now,
      read_time: "1 min read",
      category: "Technology",
      featured: 0,
      image: null,
      tags: "[]",
      content: JSON.stringify({ sections: [] }),
      search_text: slug,
      created_at: now,
      updated_at: now,
      status,
      scheduled_at: scheduledAt,
    });
    await t.db.kysely
      .insertInto("blogs")
      .values([post("draft-one", "draft", null), post("draft-two", "draft", null), post("later-one", "scheduled", now + 3_600_000), post("out-one", "published", null)])
      .execute();
    await account(`pages.pending.${kind}@example.com`);
    await markAddressVerified(deps.db, `pages.pending.${kind}@example.com`);
    await runStaffCommand(deps, ["grant", "editor", `pages.pending.${kind}@example.com`], () => {}, () => {});
    const res = await page("/studio", { token: owner });
    expect(res.status).toBe(200);
    const html = await res.text();
    const text = textOf(html);
    expect(text).toContain("Welcome, Olive Owner");
    expect(text).toMatch(/Drafts\s*2/);
    expect(text).toMatch(/Scheduled\s*1/);
    expect(text).toContain("Title of draft-one");
    expect(text).toContain("Title of later-one");
    expect(html).toContain('href="/studio/posts?status=draft"');
    expect(text).toContain("1 staff member has not set up two-step sign-in yet.");
  });

  it("staff: invite (checked next to the field, limited per hour), remove with confirmation, never yourself", async () => {
    const list = textOf(await (await page("/studio/staff", { token: owner })).text());
    expect(list).toContain(ownerEmail);
    expect(list).toContain(`pages.pending.${kind}@example.com`);

    const bad = await page("/studio/staff", { token: owner, form: { intent: "invite", email: "not-an-address", access: "admin" } });
    expect(bad.status).toBe(400);
    const badText = textOf(await bad.text());
    expect(badText).toContain("Enter a valid e-mail address.");
    expect(badText).toContain("Choose editor or owner.");

    const invited = `pages.invited.${kind}@example.com`;
    const ok = await page("/studio/staff", { token: owner, form: { intent: "invite", email: invited, access: "editor" } });
    expect(ok.status).toBe(200);
    expect(textOf(await ok.text())).toContain(`Invitation sent to ${invited}.`);
    await settleMailDeliveries();
    expect((await smtp.waitForMail((m) => m.to.includes(invited))).text).toContain("/studio/invitation?token=");

    const confirm = textOf(await (await page(`/studio/staff?revoke=${encodeURIComponent(`pages.pending.${kind}@example.com`)}`, { token: owner })).text());
    expect(confirm).toContain(`Remove studio access for pages.pending.${kind}@example.com?`);
    // Yourself: no confirmation offered, and the action refuses.
    expect(textOf(await (await page(`/studio/staff?revoke=${encodeURIComponent(ownerEmail)}`, { token: owner })).text())).not.toContain("Remove studio access for");
    const self = await page("/studio/staff", { token: owner, form: { intent: "revoke", email: ownerEmail.toUpperCase() } });
    expect(self.status).toBe(403);
    expect(textOf(await self.text())).toContain("You cannot remove your own studio access.");
    const removed = await page("/studio/staff", { token: owner, form: { intent: "revoke", email: `pages.pending.${kind}@example.com` } });
    expect(removed.status).toBe(200);
    expect(textOf(await removed.text())).toContain(`Studio access removed for pages.pending.${kind}@example.com.`);
    const unknown = await page("/studio/staff", { token: owner, form: { intent: "revoke", email: `nobody.${kind}@example.com` } });
    expect(unknown.status).toBe(404);
    expect((await page("/studio/staff", { token: owner, json: { intent: "invite" } })).status).toBeLessThan(500);

    // An owner's invitations are bounded per hour (each is an e-mail sent in the site's name).
    const actor = { userId: await userId(ownerEmail), label: ownerEmail, clientIp: "198.18.1.1", access: "owner" as const };
    let refused: unknown;
    for (let i = 0; i < 25 && !refused; i++) {
      await inviteStaff(deps, `bulk.${i}.${kind}@example.com`, "editor", actor).catch((e: unknown) => (refused = e));
    }
    expect(refused).toMatchObject({ kind: "rate-limited" });
    await t.db.kysely.deleteFrom("rate_limits").execute();
  });

  it("the audit log: newest first, filtered by action or actor, paged", async () => {
    const all = textOf(await (await page("/studio/audit", { token: owner })).text());
    expect(all).toContain("staff.revoke");
    expect(all).toContain("staff.invite");
    const revokes = await (await page("/studio/audit?action=staff.revoke", { token: owner })).text();
    expect(textOf(tableOf(revokes))).toContain("staff.revoke");
    expect(textOf(tableOf(revokes))).not.toContain("staff.invite");
    const byCommandLine = textOf(tableOf(await (await page(`/studio/audit?actor=${encodeURIComponent("command line")}`, { token: owner })).text()));
    expect(byCommandLine).toContain("staff.grant");
    expect(byCommandLine).not.toContain("staff.invite");
    // An action the log does not hold is no filter; a silly page cursor is none either.
    expect((await page("/studio/audit?action=%3Cscript%3E&before=-4&actor=x", { token: owner })).status).toBe(200);

    // Paging: more than a page of lines gives an "Older entries" link that continues below the last one shown.
    for (let i = 0; i < 60; i++) await recordAudit(deps, COMMAND_LINE, { action: "test.filler", recordType: "test", recordId: String(i) });
    const lines = await listAudit(deps, { limit: 200 });
    expect(lines.length).toBeGreaterThan(50);
    const first = await (await page("/studio/audit", { token: owner })).text();
    const older = /href="(\/studio\/audit\?before=(\d+))"/.exec(first);
    expect(older).not.toBeNull();
    expect(Number(older![2])).toBe(lines[49]!.id);
    const second = await page(older![1]!.replace(/&amp;/g, "&"), { token: owner });
    expect(second.status).toBe(200);
    expect(textOf(await second.text())).toContain("Newest entries");
  });

  it("the invitation page: a new person sets a name and a password; an existing account signs in as itself first", async () => {
    const actor = { userId: await userId(ownerEmail), label: ownerEmail, clientIp: "198.18.1.1", access: "owner" as const };
    const tokenOf = (link: string) => new URL(link).searchParams.get("token")!;

    const newcomer = `pages.newcomer.${kind}@example.com`;
    const fresh = tokenOf((await inviteStaff(deps, newcomer, "editor", actor)).link);
    const form = await page(`/studio/invitation?token=${fresh}`);
    expect(form.status).toBe(200);
    expect(form.headers.get("cache-control")).toBe("no-store");
    const formText = textOf(await form.text());
    expect(formText).toContain(`This invitation makes ${newcomer} an editor of the studio.`);
    const short = await page(`/studio/invitation?token=${fresh}`, { form: { token: fresh, name: "New Person", password: "short" } });
    expect(short.status).toBe(400);
    expect(textOf(await short.text())).toMatch(/[Pp]assword/);
    const noName = await page(`/studio/invitation?token=${fresh}`, { form: { token: fresh, name: " ", password: "a long enough passphrase 33" } });
    expect(noName.status).toBe(400);
    expect(textOf(await noName.text())).toContain("Enter your name.");
    const created = await page(`/studio/invitation?token=${fresh}`, { form: { token: fresh, name: "New Person", password: "a long enough passphrase 33" } });
    expect(created.status).toBe(200);
    expect(textOf(await created.text())).toContain("Your account is ready.");
    expect(await login(newcomer, "a long enough passphrase 33")).toBeTruthy();
    // Used once.
    expect(textOf(await (await page(`/studio/invitation?token=${fresh}`)).text())).toContain("This invitation link is invalid or has expired.");
    const reused = await page(`/studio/invitation?token=${fresh}`, { form: { token: fresh, name: "Again", password: "a long enough passphrase 33" } });
    expect(reused.status).toBe(400);

    const member = `pages.member.${kind}@example.com`;
    await account(member);
    const existing = tokenOf((await inviteStaff(deps, member, "owner", actor)).link);
    const anonymous = await (await page(`/studio/invitation?token=${existing}`)).text();
    expect(anonymous).toContain(`href="/sign-in?redirectTo=${encodeURIComponent(`/studio/invitation?token=${existing}`)}"`);
    const other = await login(newcomer, "a long enough passphrase 33");
    expect(textOf(await (await page(`/studio/invitation?token=${existing}`, { token: other })).text())).toContain("You are signed in as another account.");
    const refused = await page(`/studio/invitation?token=${existing}`, { token: other, form: { token: existing } });
    expect(refused.status).toBe(403);
    const self = await login(member);
    const accepted = await page(`/studio/invitation?token=${existing}`, { token: self, form: { token: existing } });
    expect(accepted.status).toBe(303);
    expect(accepted.headers.get("location")).toBe("/studio");
    expect((await t.db.kysely.selectFrom("users").select("access").where("email_normalized", "=", member).executeTakeFirstOrThrow()).access).toBe("owner");
    // Now staff: the studio sends the new owner to set up two-step sign-in.
    expect((await page("/studio", { token: self })).headers.get("location")).toBe("/studio/enrol");
  });
});
