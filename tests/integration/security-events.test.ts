/**
 * Security events leave a trace (docs/findings.md, issue 26 item 4, ASVS V16): sign-ins that fail and succeed,
 * lock-outs and other limits, tokens refused, second-factor failures and recovery codes, studio access refused,
 * staff changes, password and address events, exports — each a JSON line with its `event` name, the request id,
 * the client address and the account id where known; request lines carry the address and the account. Nothing
 * secret: no password, token, code or e-mail address in any line.
 */
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { handleError } from "../../app/entry.server";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { runStaffCommand } from "../../server/staff-command";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

type Line = Record<string, unknown> & { event?: string; msg?: string };
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PASSWORD = "Visitor-passphrase-4471";
const OWNER_PASSWORD = "Owner-passphrase-9083";
const NEW_PASSWORD = "Reset-passphrase-5520";
const code = (secret: string, at = Date.now()) => new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

describe.each(testDatabaseKinds())("security events in the log on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  const secrets = new Set<string>();
  const visitor = `visitor.events.${kind}@example.com`;
  const owner = `owner.events.${kind}@example.com`;
  let visitorId = "";
  let ownerId = "";

  const call = async (method: string, path: string, { body, token, ip = "203.0.113.50" }: { body?: unknown; token?: string; ip?: string } = {}) => {
    const res = await app.request(`http://127.0.0.1${path}`, {
      method,
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    return { status: res.status, reqId: res.headers.get("x-request-id") ?? "", body: (text.startsWith("{") ? JSON.parse(text) : {}) as Json };
  };
  const lines = () => deps.logs.lines.map((l) => JSON.parse(l) as Line);
  /** The lines of one event written during the request whose id the answer carried. */
  const eventsOf = (event: string, reqId?: string) => lines().filter((l) => l.event === event && (reqId === undefined || l.reqId === reqId));
  const tokenIn = (text: string, path: string) => decodeURIComponent(new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(text)![1]!);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { TRUST_PROXY: "true", SMTP_URL: smtp.url, PUBLIC_URL: "https://wise-parrot.example.test" });
    app = await createApp({ deps });
    for (const s of [PASSWORD, OWNER_PASSWORD, NEW_PASSWORD, visitor, owner]) secrets.add(s);
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  it("visitors: sign-up, failed and successful sign-ins, the lock-out, a refused token, reset, verification, sign-out", async () => {
    const reg = await call("POST", "/api/auth/register", { body: { name: "Eve Visitor", email: visitor, password: PASSWORD, company: "C", industry: "Healthcare" }, ip: "203.0.113.51" });
    expect(reg.status).toBe(201);
    visitorId = reg.body.user._id as string;
    secrets.add(reg.body.token as string);
    expect(eventsOf("auth.sign-up", reg.reqId)).toEqual([expect.objectContaining({ userId: visitorId, ip: "203.0.113.51", reqId: reg.reqId })]);

    const wrong = await call("POST", "/api/auth/login", { body: { email: visitor, password: "not-the-password-1" }, ip: "203.0.113.52" });
    expect(wrong.status).toBe(401);
    expect(eventsOf("auth.sign-in.failed", wrong.reqId)).toEqual([expect.objectContaining({ userId: visitorId, reason: "password", method: "password", ip: "203.0.113.52" })]);
    const unknown = await call("POST", "/api/auth/login", { body: { email: `nobody.${kind}@example.com`, password: "whatever-pass-1" }, ip: "203.0.113.52" });
    const [noAccount] = eventsOf("auth.sign-in.failed", unknown.reqId);
    expect(noAccount).toMatchObject({ reason: "no-account", ip: "203.0.113.52" });
    expect(noAccount!.userId).toBeUndefined();

    const ok = await call("POST", "/api/auth/login", { body: { email: visitor, password: PASSWORD }, ip: "203.0.113.53" });
    expect(ok.status).toBe(200);
    secrets.add(ok.body.token as string);
    expect(eventsOf("auth.sign-in", ok.reqId)).toEqual([expect.objectContaining({ userId: visitorId, method: "password", ip: "203.0.113.53" })]);

    // The request line of a bearer request names the address and the account.
    const profile = await call("GET", "/api/auth/profile", { token: ok.body.token as string, ip: "203.0.113.54" });
    expect(profile.status).toBe(200);
    expect(lines().find((l) => l.msg === "request" && l.reqId === profile.reqId)).toMatchObject({ ip: "203.0.113.54", userId: visitorId, status: 200, path: "/api/auth/profile" });

    // Wrong passwords from one address until the lock-out: the refusals are events, and the 429s' request lines say so.
    let limited = { status: 0, reqId: "" };
    for (let i = 0; i < 12 && limited.status !== 429; i++) limited = await call("POST", "/api/auth/login", { body: { email: visitor, password: `guess-number-${i}` }, ip: "203.0.113.55" });
    expect(limited.status).toBe(429);
    expect(eventsOf("auth.sign-in.locked", limited.reqId)).toEqual([expect.objectContaining({ ip: "203.0.113.55", method: "password" })]);
    expect(lines().find((l) => l.msg === "request" && l.reqId === limited.reqId)).toMatchObject({ event: "rate-limit.refused", status: 429, ip: "203.0.113.55" });

    const refused = await call("GET", "/api/auth/profile", { token: "a-made-up-token-that-is-no-session-at-all", ip: "203.0.113.56" });
    expect(refused.status).toBe(401);
    expect(eventsOf("auth.token.refused", refused.reqId)).toEqual([expect.objectContaining({ credential: "bearer", ip: "203.0.113.56" })]);

    const verifyMail = await smtp.waitForMail((m) => m.to.includes(visitor) && m.text.includes("/verify-email?token="));
    const verifyToken = tokenIn(verifyMail.text, "/verify-email");
    secrets.add(verifyToken);
    const verified = await call("POST", "/api/auth/verify-email", { body: { token: verifyToken } });
    expect(eventsOf("auth.email.verified", verified.reqId)).toEqual([expect.objectContaining({ userId: visitorId })]);

    const requested = await call("POST", "/api/auth/reset-password", { body: { email: visitor }, ip: "203.0.113.57" });
    expect(requested.status).toBe(200);
    const resetMail = await smtp.waitForMail((m) => m.to.includes(visitor) && m.text.includes("/reset-password?token="));
    expect(eventsOf("auth.password.reset-requested", requested.reqId)).toEqual([expect.objectContaining({ userId: visitorId, ip: "203.0.113.57" })]);
    const resetToken = tokenIn(resetMail.text, "/reset-password");
    secrets.add(resetToken);
    const reset = await call("POST", "/api/auth/reset-password/confirm", { body: { token: resetToken, password: NEW_PASSWORD } });
    expect(reset.status).toBe(200);
    expect(eventsOf("auth.password.reset", reset.reqId)).toEqual([expect.objectContaining({ userId: visitorId })]);

    const again = await call("POST", "/api/auth/login", { body: { email: visitor, password: NEW_PASSWORD }, ip: "203.0.113.58" });
    secrets.add(again.body.token as string);
    const out = await call("POST", "/api/auth/signout", { token: again.body.token as string, ip: "203.0.113.58" });
    expect(eventsOf("auth.sign-out", out.reqId)).toEqual([expect.objectContaining({ userId: visitorId })]);
  });

  it("staff: grants, studio access refused, second-factor failures, lock-out and recovery codes, invitations, revocation, exports", async () => {
    // The owner-to-be registered without verifying: the grant takes the account back first.
    const reg = await call("POST", "/api/auth/register", { body: { name: "Olu Owner", email: owner, password: "Someone-elses-pass-77", company: "C", industry: "Healthcare" } });
    ownerId = reg.body.user._id as string;
    secrets.add(reg.body.token as string);
    const printed: string[] = [];
    expect(await runStaffCommand(deps, ["grant", "owner", owner], (l) => printed.push(l), () => {})).toBe(0);
    expect(eventsOf("account.reclaimed")).toEqual([expect.objectContaining({ userId: ownerId, via: "staff-grant", hadPassword: true, sessionsEnded: 1 })]);
    expect(eventsOf("staff.granted")).toEqual([expect.objectContaining({ recordId: ownerId, actorId: "command line", action: "staff.grant" })]);
    const setToken = new URL(printed.find((l) => l.includes("/reset-password?token="))!).searchParams.get("token")!;
    secrets.add(setToken);
    expect((await call("POST", "/api/auth/reset-password/confirm", { body: { token: setToken, password: OWNER_PASSWORD } })).status).toBe(200);
    const signedIn = await call("POST", "/api/auth/login", { body: { email: owner, password: OWNER_PASSWORD }, ip: "203.0.113.60" });
    const token = signedIn.body.token as string;
    secrets.add(token);
    expect(eventsOf("auth.sign-in", signedIn.reqId)).toEqual([expect.objectContaining({ userId: ownerId, access: "owner" })]);

    // Access refused: no session, a visitor's session, staff before the second factor.
    const anonymous = await call("GET", "/api/studio/staff", { ip: "203.0.113.61" });
    expect(eventsOf("studio.access.refused", anonymous.reqId)).toEqual([expect.objectContaining({ reason: "no-session", ip: "203.0.113.61", path: "/api/studio/staff" })]);
    const visitorToken = (await call("POST", "/api/auth/login", { body: { email: visitor, password: NEW_PASSWORD } })).body.token as string;
    secrets.add(visitorToken);
    const notStaff = await call("GET", "/api/studio/staff", { token: visitorToken, ip: "203.0.113.62" });
    expect(eventsOf("studio.access.refused", notStaff.reqId)).toEqual([expect.objectContaining({ reason: "not-staff", userId: visitorId })]);
    const early = await call("GET", "/api/studio/staff", { token });
    expect(eventsOf("studio.access.refused", early.reqId)).toEqual([expect.objectContaining({ reason: "enrol-first", userId: ownerId })]);

    // Enrolment, a wrong code, the right one, a recovery code, then wrong codes until the lock-out.
    const { secret } = (await call("POST", "/api/studio/second-factor/enrolment", { token })).body as { secret: string };
    secrets.add(secret);
    const enrolled = await call("POST", "/api/studio/second-factor/enrolment/confirm", { token, body: { code: code(secret) } });
    expect(enrolled.status).toBe(200);
    const recoveryCodes = enrolled.body.recoveryCodes as string[];
    for (const c of recoveryCodes) secrets.add(c);
    expect(eventsOf("staff.enrolled", enrolled.reqId)).toEqual([expect.objectContaining({ userId: ownerId })]);

    const second = (await call("POST", "/api/auth/login", { body: { email: owner, password: OWNER_PASSWORD }, ip: "203.0.113.63" })).body.token as string;
    secrets.add(second);
    const wrongCode = await call("POST", "/api/studio/second-factor", { token: second, body: { code: "000000" }, ip: "203.0.113.63" });
    expect(wrongCode.status).toBe(400);
    expect(eventsOf("staff.second-factor.failed", wrongCode.reqId)).toEqual([expect.objectContaining({ userId: ownerId, step: "sign-in", ip: "203.0.113.63" })]);
    const recovered = await call("POST", "/api/studio/second-factor", { token: second, body: { code: recoveryCodes[0] }, ip: "203.0.113.63" });
    expect(recovered.status).toBe(200);
    expect(eventsOf("staff.second-factor.passed", recovered.reqId)).toEqual([expect.objectContaining({ userId: ownerId, method: "recovery" })]);
    expect(eventsOf("staff.recovery-code.used", recovered.reqId)).toEqual([expect.objectContaining({ userId: ownerId, left: recoveryCodes.length - 1 })]);

    const third = (await call("POST", "/api/auth/login", { body: { email: owner, password: OWNER_PASSWORD }, ip: "203.0.113.64" })).body.token as string;
    secrets.add(third);
    let locked = { status: 0, reqId: "" };
    for (let i = 0; i < 12 && locked.status !== 429; i++) locked = await call("POST", "/api/studio/second-factor", { token: third, body: { code: String(100000 + i) }, ip: "203.0.113.64" });
    expect(locked.status).toBe(429);
    expect(eventsOf("staff.second-factor.locked", locked.reqId)).toEqual([expect.objectContaining({ userId: ownerId, ip: "203.0.113.64" })]);

    // Staff changes and an export, by the owner past the second factor.
    const invited = `invited.events.${kind}@example.org`;
    secrets.add(invited);
    const invite = await call("POST", "/api/studio/staff/invitations", { token, body: { email: invited, access: "editor" } });
    expect(invite.status).toBe(201);
    expect(eventsOf("staff.invited", invite.reqId)).toEqual([expect.objectContaining({ actorId: ownerId, userId: ownerId, inviteeDomain: "example.org", detail: "editor" })]);
    const invitationMail = await smtp.waitForMail((m) => m.to.includes(invited));
    const invitationToken = tokenIn(invitationMail.text, "/studio/invitation");
    secrets.add(invitationToken);
    const accepted = await call("POST", "/api/studio/invitation", { body: { token: invitationToken, name: "Ina Editor", password: "Editor-passphrase-3141" } });
    secrets.add("Editor-passphrase-3141");
    expect(accepted.status).toBe(200);
    const [acceptLine] = eventsOf("staff.accepted", accepted.reqId);
    expect(acceptLine).toMatchObject({ detail: "editor" });
    const revoked = await call("POST", "/api/studio/staff/revoke", { token, body: { email: invited } });
    expect(revoked.status).toBe(200);
    expect(eventsOf("staff.revoked", revoked.reqId)).toEqual([expect.objectContaining({ actorId: ownerId, recordId: acceptLine!.recordId, detail: "editor" })]);

    // Exports are posted (issue 26, item 13).
    const exported = await call("POST", "/api/studio/audience/accounts.csv", { token });
    expect(exported.status).toBe(200);
    expect(eventsOf("data.export", exported.reqId)).toEqual([expect.objectContaining({ action: "accounts.export", actorId: ownerId, userId: ownerId })]);
  });

  it("a page's error goes through the logger with the request's id, not to stderr", () => {
    const request = new Request("https://wise-parrot.example.test/blogs");
    handleError(new Error("the loader broke"), { request, params: {}, context: { deps, requestId: "req-page-error-1" } } as never);
    const line = lines().find((l) => l.msg === "page error" && l.reqId === "req-page-error-1");
    expect(line).toMatchObject({ level: 50, path: "/blogs", err: expect.objectContaining({ message: "the loader broke", stack: expect.stringContaining("Error: the loader broke") }) });
  });

  it("every event line names its request and address, and no line holds a password, token, code or e-mail address", () => {
    const events = lines().filter((l) => l.event && l.msg !== "request");
    expect(new Set(events.map((l) => l.event)).size).toBeGreaterThanOrEqual(20);
    for (const line of events) {
      // The command line's events have no request.
      if (line.actorId === "command line" || line.via === "staff-grant") continue;
      expect(line, JSON.stringify(line)).toMatchObject({ reqId: expect.any(String), ip: expect.any(String) });
    }
    const text = deps.logs.text;
    for (const secret of secrets) expect(text.includes(secret) || text.includes(encodeURIComponent(secret)), `${secret.slice(0, 4)}… in the log`).toBe(false);
    expect(text).not.toMatch(/[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[a-z]{2,}/);
  });
});
