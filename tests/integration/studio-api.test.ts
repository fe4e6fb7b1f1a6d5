import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { runStaffCommand } from "../../server/staff-command";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const code = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe.each(testDatabaseKinds())("/api/studio on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let n = 0;

  const call = (method: string, path: string, { token, body }: { token?: string; body?: unknown } = {}) =>
    app.request(`http://127.0.0.1/api${path}`, {
      method,
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        "content-type": "application/json",
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function account(email: string, password = "a studio passphrase 11") {
    const res = await call("POST", "/auth/register", { body: { name: "Studio Person", email, password, company: "C", industry: "Healthcare", role: "user" } });
    expect(res.status).toBe(201);
    return async () => ((await (await call("POST", "/auth/login", { body: { email, password } })).json()) as Json).token as string;
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL: "https://wise-parrot.example.test", TRUST_PROXY: "true" });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  const STAFF_PATHS: [string, string, unknown?][] = [
    ["GET", "/studio/session"],
    ["POST", "/studio/second-factor/enrolment", {}],
    ["POST", "/studio/second-factor/enrolment/confirm", { code: "123456" }],
    ["POST", "/studio/second-factor", { code: "123456" }],
    ["GET", "/studio/staff"],
    ["POST", "/studio/staff/invitations", { email: "someone@example.com", access: "owner" }],
    ["POST", "/studio/staff/revoke", { email: "someone@example.com" }],
    ["GET", "/studio/audit"],
  ];

  it("answers 401 without a session and 403 to a visitor's account, on every studio endpoint, privately", async () => {
    const visitor = await (await account(`visitor.${kind}@example.com`))();
    for (const [method, path, body] of STAFF_PATHS) {
      const anonymous = await call(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      expect(anonymous.headers.get("cache-control")).toBe("no-store");
      expect(anonymous.headers.get("x-robots-tag")).toContain("noindex");
      const user = await call(method, path, { token: visitor, body });
      expect(user.status, `${method} ${path}`).toBe(403);
      expect(((await user.json()) as Json).message).toBe("This account has no studio access.");
    }
  });

  it("an owner enrols, passes the second factor on each new session, invites an editor and reads the audit log", async () => {
    const ownerEmail = `owner.${kind}@example.com`;
    const signInOwner = await account(ownerEmail);
    await runStaffCommand(deps, ["grant", "owner", ownerEmail], () => {}, () => {});

    const first = await signInOwner();
    expect(((await (await call("GET", "/studio/session", { token: first })).json()) as Json).secondFactor).toBe("enrol");
    // Nothing but the second-factor steps before enrolment.
    expect((await call("GET", "/studio/staff", { token: first })).status).toBe(403);
    expect((await call("POST", "/studio/second-factor", { token: first, body: { code: "123456" } })).status).toBe(409);

    const enrolment = (await (await call("POST", "/studio/second-factor/enrolment", { token: first })).json()) as Json;
    expect(enrolment.qrSvg).toContain("<svg");
    const wrong = await call("POST", "/studio/second-factor/enrolment/confirm", { token: first, body: { code: "12" } });
    expect(wrong.status).toBe(400);
    expect(((await wrong.json()) as Json).field).toBe("code");
    const confirmed = await call("POST", "/studio/second-factor/enrolment/confirm", { token: first, body: { code: code(enrolment.secret) } });
    expect(confirmed.status).toBe(200);
    const { recoveryCodes } = (await confirmed.json()) as Json;
    expect(recoveryCodes).toHaveLength(10);
    expect((await call("POST", "/studio/second-factor/enrolment", { token: first })).status).toBe(403);
    expect((await call("GET", "/studio/staff", { token: first })).status).toBe(200);

    const second = await signInOwner();
    expect((await call("GET", "/studio/audit", { token: second })).status).toBe(403);
    expect((await call("POST", "/studio/second-factor", { token: second, body: { code: recoveryCodes[0] } })).status).toBe(200);

    const invite = await call("POST", "/studio/staff/invitations", { token: second, body: { email: `ed.${kind}@example.com`, access: "editor" } });
    expect(invite.status).toBe(201);
    const badAccess = await call("POST", "/studio/staff/invitations", { token: second, body: { email: `x.${kind}@example.com`, access: "admin" } });
    expect(badAccess.status).toBe(400);
    expect(((await badAccess.json()) as Json).field).toBe("access");
    await settleMailDeliveries();
    const mail = await smtp.waitForMail((m) => m.to.includes(`ed.${kind}@example.com`));
    const token = /\/studio\/invitation\?token=([A-Za-z0-9_%-]+)/.exec(mail.text)![1]!;

    const opened = (await (await call("GET", `/studio/invitation?token=${token}`)).json()) as Json;
    expect(opened.invitation).toEqual({ email: `ed.${kind}@example.com`, access: "editor", accountExists: false });
    expect((await call("GET", "/studio/invitation?token=nope")).status).toBe(400);
    const accepted = await call("POST", "/studio/invitation", { body: { token, name: "Ed Itor", password: "an editor passphrase 12" } });
    expect(accepted.status).toBe(200);
    expect((await call("POST", "/studio/invitation", { body: { token, name: "Ed Itor", password: "an editor passphrase 12" } })).status).toBe(400);

    // The editor: signed in, enrolled, but not an owner.
    const editor = ((await (await call("POST", "/auth/login", { body: { email: `ed.${kind}@example.com`, password: "an editor passphrase 12" } })).json()) as Json).token;
    const edEnrol = (await (await call("POST", "/studio/second-factor/enrolment", { token: editor })).json()) as Json;
    expect((await call("POST", "/studio/second-factor/enrolment/confirm", { token: editor, body: { code: code(edEnrol.secret) } })).status).toBe(200);
    for (const [method, path, body] of [["GET", "/studio/staff"], ["GET", "/studio/audit"], ["POST", "/studio/staff/revoke", { email: ownerEmail }], ["POST", "/studio/staff/invitations", { email: "z@example.com", access: "owner" }]] as const) {
      const res = await call(method, path, { token: editor, body });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(((await res.json()) as Json).message).toBe("Only an owner can do this.");
    }

    expect((await call("POST", "/studio/staff/revoke", { token: second, body: { email: ownerEmail } })).status).toBe(403);
    expect((await call("POST", "/studio/staff/revoke", { token: second, body: { email: `ed.${kind}@example.com` } })).status).toBe(200);
    expect((await call("GET", "/studio/session", { token: editor })).status).toBe(403);

    const audit = (await (await call("GET", "/studio/audit", { token: second })).json()) as Json;
    const actions = (audit.lines as Json[]).map((l) => `${l.action} by ${l.actor}`);
    expect(actions).toEqual(
      expect.arrayContaining([`staff.grant by command line`, `staff.invite by ${ownerEmail}`, `staff.accept by ed.${kind}@example.com`, `staff.revoke by ${ownerEmail}`]),
    );
  });
});
