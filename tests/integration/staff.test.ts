import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { ServiceError } from "../../server/services/errors";
import { listAudit } from "../../server/services/audit";
import { acceptInvitation, invitationFor, inviteStaff } from "../../server/services/staff/invitations";
import type { StaffActor } from "../../server/services/audit";
import { confirmEnrolment, isEnrolled, recoveryCodesLeft, startEnrolment, verifySecondFactor } from "../../server/services/staff/second-factor";
import { enrolSession, passSecondFactor, studioSession } from "../../server/services/staff/studio-session";
import { runStaffCommand } from "../../server/staff-command";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { markAddressVerified } from "../helpers/verified";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const PUBLIC_URL = "https://wise-parrot.example.test";

/** The code an authenticator app shows for this secret at `at`. */
function appCode(secret: string, at: number): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

async function refusal(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe.each(testDatabaseKinds())("staff accounts on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let n = 0;

  const api = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`http://127.0.0.1/api/auth${path}`, {
      method,
      headers: { "x-forwarded-for": `198.51.100.${++n}`, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function staffCommand(...args: string[]) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await runStaffCommand(deps, args, (l) => out.push(l), (l) => err.push(l));
    await settleMailDeliveries();
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  const staffUser = (email: string) =>
    t.db.kysely.selectFrom("users").select(["id", "email"]).where("email_normalized", "=", email.toLowerCase()).executeTakeFirstOrThrow();

  const accessOf = async (email: string) =>
    (await t.db.kysely.selectFrom("users").select("access").where("email_normalized", "=", email.toLowerCase()).executeTakeFirst())?.access;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: "true" });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  it("makes the first owner on the command line: a new account with a single-use set-password link, printed and e-mailed", async () => {
    const email = `Owner.${kind}@Example.com`;
    const { code, out } = await staffCommand("grant", "owner", email);
    expect(code).toBe(0);
    expect(out).toContain("is now owner");
    const printed = /https:\/\/wise-parrot\.example\.test\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(out)?.[0];
    expect(printed, out).toBeTruthy();
    const mail = await smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === email.toLowerCase()));
    expect(mail.subject).toBe("Set your Wise Parrot studio password");
    expect(mail.text).toContain(printed!);
    expect(await accessOf(email)).toBe("owner");

    const token = new URL(printed!).searchParams.get("token");
    expect((await api("POST", "/reset-password/confirm", { token, password: "a long owner passphrase 7" })).status).toBe(200);
    // Single use.
    expect((await api("POST", "/reset-password/confirm", { token, password: "another passphrase 8" })).status).toBe(400);
    expect((await api("POST", "/login", { email, password: "a long owner passphrase 7" })).status).toBe(200);

    const listed = await staffCommand("list");
    expect(listed.out).toMatch(new RegExp(`owner\\s+${email.replace(/\./g, "\\.")}\\s+two-step sign-in not set up`));
    const audit = await listAudit(deps);
    expect(audit.map((a) => [a.line.action, a.line.actor, a.line.detail])).toContainEqual(["staff.create", "command line", "owner"]);
  });

  it("raises an existing account; no visitor request raises a role", async () => {
    const email = `editor.${kind}@example.com`;
    const registered = await api("POST", "/register", {
      name: "Meera Shah",
      email,
      password: "editor passphrase 42",
      company: "Shah Homes",
      industry: "Real Estate",
      role: "user",
      access: "owner",
    });
    expect(registered.status).toBe(201);
    expect(await accessOf(email)).toBe("user");
    const { token } = (await registered.json()) as { token: string };
    const profile = await api("PUT", "/profile", { name: "Meera S", access: "owner", role: "owner" }, { authorization: `Bearer ${token}` });
    expect(profile.status).toBeLessThan(500);
    expect(await accessOf(email)).toBe("user");

    // The person verified the address (a verified account keeps its password and sessions when raised).
    const verify = await smtp.waitForMail((m) => m.to.includes(email) && m.text.includes("/verify-email?token="));
    const verifyToken = decodeURIComponent(/verify-email\?token=([A-Za-z0-9_%-]+)/.exec(verify.text)![1]!);
    expect((await api("POST", "/verify-email", { token: verifyToken })).status).toBe(200);
    const { code, out } = await staffCommand("grant", "editor", email);
    expect(code).toBe(0);
    expect(out).not.toContain("reset-password");
    expect(await accessOf(email)).toBe("editor");
    expect((await api("GET", "/profile", undefined, { authorization: `Bearer ${token}` })).status).toBe(200);
  });

  it("granting staff access to an account whose address was never verified takes it back from whoever registered it", async () => {
    // An attacker registers the future owner's address, never verifies it, and keeps a session and the password.
    const email = `future.owner.${kind}@example.com`;
    const attackerPassword = "attacker chosen passphrase 31";
    const registered = await api("POST", "/register", { name: "Not The Owner", email, password: attackerPassword, company: "C", industry: "Healthcare", role: "user" });
    expect(registered.status).toBe(201);
    const { token: attackerSession } = (await registered.json()) as { token: string };
    const user = await staffUser(email);
    // Leftovers of an earlier spell as staff: a second factor and recovery codes the registrant set up.
    const now = Date.now();
    await t.db.kysely.insertInto("staff_totp").values({ user_id: user.id, secret: "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", created_at: now, confirmed_at: now, last_step: null }).execute();
    await t.db.kysely.insertInto("staff_recovery_codes").values({ user_id: user.id, code_hash: "x".repeat(64), created_at: now, used_at: null }).execute();

    const { code, out } = await staffCommand("grant", "owner", email);
    expect(code).toBe(0);
    expect(out).toContain("never verified");
    expect(out).toContain("password removed");
    expect(out).toContain("1 signed-in session ended");
    expect(out).toContain("second factor and recovery codes deleted");
    expect(out).toContain("is now owner");
    const printed = /https:\/\/wise-parrot\.example\.test\/reset-password\?token=[A-Za-z0-9_%-]+/.exec(out)?.[0];
    expect(printed, out).toBeTruthy();
    const mail = await smtp.waitForMail((m) => m.to.includes(email) && m.subject === "Set your Wise Parrot studio password");
    expect(mail.text).toContain(printed!);

    // The registrant holds nothing any more: the old session is dead, the old password fails, no second factor is left.
    expect((await api("GET", "/profile", undefined, { authorization: `Bearer ${attackerSession}` })).status).toBe(401);
    expect(await studioSession(deps, attackerSession)).toBeNull();
    expect((await api("POST", "/login", { email, password: attackerPassword })).status).toBe(401);
    expect(await isEnrolled(deps, user.id)).toBe(false);
    expect(await recoveryCodesLeft(deps, user.id)).toBe(0);
    expect(await t.db.kysely.selectFrom("sign_in_trust").select("email_normalized").where("email_normalized", "=", email).execute()).toEqual([]);

    // Whoever reads the mailbox sets the password, and only then can sign in; the address then counts as verified.
    const setToken = new URL(printed!).searchParams.get("token");
    expect((await api("POST", "/reset-password/confirm", { token: setToken, password: "the real owner's passphrase 8" })).status).toBe(200);
    const signedIn = await api("POST", "/login", { email, password: "the real owner's passphrase 8" });
    expect(signedIn.status).toBe(200);
    expect(((await signedIn.json()) as { user: { emailVerified: boolean } }).user.emailVerified).toBe(true);
    expect(await studioSession(deps, ((await (await api("POST", "/login", { email, password: "the real owner's passphrase 8" })).json()) as { token: string }).token)).toMatchObject({
      access: "owner",
      secondFactor: "enrol",
    });
    const audit = await listAudit(deps, { action: "staff.grant", limit: 5 });
    expect(audit[0]!.line).toMatchObject({ recordId: user.id, actor: "command line" });
    expect(audit[0]!.line.detail).toContain("never verified");

    // Granting again, now that the address is verified, takes nothing away.
    const again = await staffCommand("grant", "owner", email);
    expect(again.out).not.toContain("never verified");
    expect(again.out).not.toContain("reset-password");
  });

  it("refuses bad commands and never leaves the studio without an owner", async () => {
    expect((await staffCommand("grant", "admin", "x@example.com")).code).toBe(2);
    expect((await staffCommand("grant", "owner", "not-an-address")).err).toContain("valid e-mail");
    expect((await staffCommand("revoke", `nobody.${kind}@example.com`)).err).toBe("That account is not staff.");

    const only = `sole.${kind}@example.com`;
    const t2 = await createTestDatabase(kind);
    try {
      const d2 = testDeps(t2.db, { PUBLIC_URL });
      const run = async (...args: string[]) => {
        const err: string[] = [];
        const code = await runStaffCommand(d2, args, () => {}, (l) => err.push(l));
        return { code, err: err.join("\n") };
      };
      expect((await run("grant", "owner", only)).code).toBe(0);
      const refused = await run("revoke", only);
      expect(refused).toEqual({ code: 1, err: "The studio needs at least one owner: make someone else owner first." });
      expect((await run("grant", "editor", only)).err).toContain("at least one owner");
      expect((await run("grant", "owner", `second.${kind}@example.com`)).code).toBe(0);
      expect((await run("revoke", only)).code).toBe(0);
      await settleMailDeliveries();
    } finally {
      await t2.drop();
    }
  });

  it("enrols TOTP, refuses a wrong or replayed code, and spends each recovery code once", async () => {
    const email = `totp.${kind}@example.com`;
    await staffCommand("grant", "editor", email);
    const user = await staffUser(email);
    const ip = "203.0.113.7";
    const now = Date.now();

    const enrolment = await startEnrolment(deps, user, now);
    expect(enrolment.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);
    expect(enrolment.uri).toContain("issuer=Wise%20Parrot%20studio");
    expect(enrolment.qrSvg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(await isEnrolled(deps, user.id)).toBe(false);

    const wrong = String((Number(appCode(enrolment.secret, now)) + 1) % 1_000_000).padStart(6, "0");
    expect((await refusal(confirmEnrolment(deps, user.id, wrong, ip, now))).kind).toBe("invalid");
    const codes = await confirmEnrolment(deps, user.id, appCode(enrolment.secret, now), ip, now);
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    expect(await isEnrolled(deps, user.id)).toBe(true);
    expect((await refusal(startEnrolment(deps, user, now))).kind).toBe("conflict");

    // The code that confirmed enrolment cannot sign in again (same step), nor can the step before it.
    expect((await refusal(verifySecondFactor(deps, user.id, appCode(enrolment.secret, now), ip, now))).kind).toBe("invalid");
    const later = now + 30_000;
    expect(await verifySecondFactor(deps, user.id, appCode(enrolment.secret, later), ip, later)).toBe("totp");
    expect((await refusal(verifySecondFactor(deps, user.id, appCode(enrolment.secret, later), ip, later + 1000))).kind).toBe("invalid");

    expect(await verifySecondFactor(deps, user.id, codes[0]!.toUpperCase(), ip, later)).toBe("recovery");
    expect((await refusal(verifySecondFactor(deps, user.id, codes[0]!, ip, later))).message).toBe(
      "That code is not right. Check your authenticator app and try again.",
    );
    expect(await recoveryCodesLeft(deps, user.id)).toBe(9);
    expect((await refusal(verifySecondFactor(deps, user.id, "12", ip, later))).field).toBe("code");
  });

  it("limits wrong codes as it limits wrong passwords", async () => {
    const email = `guess.${kind}@example.com`;
    await staffCommand("grant", "editor", email);
    const user = await staffUser(email);
    const now = Date.now();
    const { secret } = await startEnrolment(deps, user, now);
    await confirmEnrolment(deps, user.id, appCode(secret, now), "203.0.113.8", now);
    const ip = "203.0.113.9";
    const kinds: string[] = [];
    for (let i = 0; i < 6; i++) kinds.push((await refusal(verifySecondFactor(deps, user.id, "000000", ip, now + 60_000))).kind);
    expect(kinds.slice(0, 5)).toEqual(["invalid", "invalid", "invalid", "invalid", "invalid"]);
    const limited = await refusal(verifySecondFactor(deps, user.id, appCode(secret, now + 60_000), ip, now + 60_000));
    expect(limited.kind).toBe("rate-limited");
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
  });

  it("bounds wrong codes per account and day, whatever the addresses and however slowly they come", async () => {
    const email = `slow.${kind}@example.com`;
    await staffCommand("grant", "editor", email);
    const user = await staffUser(email);
    const day = Math.floor(Date.now() / 86_400_000) * 86_400_000;
    const { secret } = await startEnrolment(deps, user, day);
    await confirmEnrolment(deps, user.id, appCode(secret, day), "203.0.113.11", day);
    // 50 wrong codes, each from its own address, 20 in each quarter hour: under every shorter tier.
    for (let i = 0; i < 50; i++) {
      const at = day + 60_000 + Math.floor(i / 20) * 16 * 60_000;
      expect((await refusal(verifySecondFactor(deps, user.id, "000000", `198.18.${i}.1`, at))).kind).toBe("invalid");
    }
    const later = day + 60 * 60_000;
    const limited = await refusal(verifySecondFactor(deps, user.id, appCode(secret, later), "198.18.200.1", later));
    expect(limited.kind).toBe("rate-limited");
    expect(limited.retryAfterSeconds).toBeGreaterThan(22 * 3600);
  });

  it("revoking studio access deletes the second factor", async () => {
    const email = `leaving.${kind}@example.com`;
    await staffCommand("grant", "editor", email);
    const user = await staffUser(email);
    const now = Date.now();
    const { secret } = await startEnrolment(deps, user, now);
    await confirmEnrolment(deps, user.id, appCode(secret, now), "203.0.113.10", now);
    expect((await staffCommand("revoke", email)).code).toBe(0);
    expect(await accessOf(email)).toBe("user");
    expect(await isEnrolled(deps, user.id)).toBe(false);
    expect(await recoveryCodesLeft(deps, user.id)).toBe(0);
    const audit = await listAudit(deps, { limit: 5 });
    expect(audit[0]!.line).toMatchObject({ action: "staff.revoke", recordId: user.id, detail: "editor", clientIp: "command line" });
  });

  it("invites by e-mail: owners only, single use, seven days, the invited address only", async () => {
    const ownerEmail = `inviter.${kind}@example.com`;
    await staffCommand("grant", "owner", ownerEmail);
    const owner = await t.db.kysely.selectFrom("users").select(["id"]).where("email_normalized", "=", ownerEmail).executeTakeFirstOrThrow();
    const actor: StaffActor = { userId: owner.id, label: ownerEmail, clientIp: "203.0.113.20", access: "owner" };

    expect((await refusal(inviteStaff(deps, "x@example.com", "editor", { ...actor, access: "editor" }))).kind).toBe("forbidden");

    const newcomer = `newcomer.${kind}@example.com`;
    const now = Date.now();
    const { link } = await inviteStaff(deps, newcomer, "editor", actor, now);
    expect(link).toMatch(/^https:\/\/wise-parrot\.example\.test\/studio\/invitation\?token=/);
    const mail = await smtp.waitForMail((m) => m.to.includes(newcomer));
    expect(mail.subject).toBe("You are invited to the Wise Parrot studio");
    expect(mail.text).toContain(link);
    const token = new URL(link).searchParams.get("token")!;
    expect(await invitationFor(deps, token, now)).toEqual({ email: newcomer, access: "editor", accountExists: false });
    // Expired after seven days.
    expect(await invitationFor(deps, token, now + 7 * 24 * 3_600_000 + 1)).toBeNull();
    expect((await refusal(acceptInvitation(deps, token, { name: "New Comer", password: "a fine passphrase 99", clientIp: "x" }, now + 8 * 24 * 3_600_000))).field).toBe("token");

    expect((await refusal(acceptInvitation(deps, token, { name: " ", password: "a fine passphrase 99", clientIp: "x" }, now))).field).toBe("name");
    expect((await refusal(acceptInvitation(deps, token, { name: "New Comer", password: "password", clientIp: "x" }, now))).field).toBe("password");
    const accepted = await acceptInvitation(deps, token, { name: "New Comer", password: "a fine passphrase 99", clientIp: "203.0.113.21" }, now);
    expect(accepted.created).toBe(true);
    expect(await accessOf(newcomer)).toBe("editor");
    expect((await refusal(acceptInvitation(deps, token, { name: "Again", password: "a fine passphrase 99", clientIp: "x" }, now))).kind).toBe("invalid");
    expect((await api("POST", "/login", { email: newcomer, password: "a fine passphrase 99" })).status).toBe(200);

    // An address with an account must be signed in as that account.
    const member = `member.${kind}@example.com`;
    const reg = await api("POST", "/register", { name: "Member", email: member, password: "member passphrase 5", company: "C", industry: "Healthcare", role: "user" });
    const memberId = ((await reg.json()) as { user: { _id: string } }).user._id;
    const second = new URL((await inviteStaff(deps, member, "owner", actor)).link).searchParams.get("token")!;
    expect(await invitationFor(deps, second)).toMatchObject({ accountExists: true, access: "owner" });
    expect((await refusal(acceptInvitation(deps, second, { signedInUserId: null, clientIp: "x" }))).kind).toBe("unauthorized");
    expect((await refusal(acceptInvitation(deps, second, { signedInUserId: accepted.userId, clientIp: "x" }))).kind).toBe("forbidden");
    expect(await accessOf(member)).toBe("user");
    expect(await acceptInvitation(deps, second, { signedInUserId: memberId, clientIp: "x" })).toEqual({ userId: memberId, created: false });
    expect(await accessOf(member)).toBe("owner");
    // The link reached the mailbox and its reader was signed in as the account: the address is proven from now on.
    expect((await t.db.kysely.selectFrom("users").select("email_verified_at").where("id", "=", memberId).executeTakeFirstOrThrow()).email_verified_at).not.toBeNull();

    const actions = (await listAudit(deps, { limit: 10 })).map((a) => a.line.action);
    expect(actions).toEqual(expect.arrayContaining(["staff.invite", "staff.accept"]));
  });

  it("a staff session reaches the studio only after the second factor; a visitor's session is not a studio session", async () => {
    const visitor = `visitor.${kind}@example.com`;
    const reg = await api("POST", "/register", { name: "Visitor", email: visitor, password: "visitor passphrase 3", company: "C", industry: "Healthcare", role: "user" });
    expect(await studioSession(deps, ((await reg.json()) as { token: string }).token)).toBeNull();
    expect(await studioSession(deps, "not-a-session")).toBeNull();
    expect((await refusal(passSecondFactor(deps, "not-a-session", "123456", "x"))).kind).toBe("unauthorized");

    const email = `staffer.${kind}@example.com`;
    await api("POST", "/register", { name: "Staffer", email, password: "staffer passphrase 4", company: "C", industry: "Healthcare", role: "user" });
    await markAddressVerified(t.db, email);
    await staffCommand("grant", "editor", email);
    const signIn = async () => ((await (await api("POST", "/login", { email, password: "staffer passphrase 4" })).json()) as { token: string }).token;
    const first = await signIn();
    expect(await studioSession(deps, first)).toMatchObject({ access: "editor", secondFactor: "enrol" });

    const now = Date.now();
    const user = await staffUser(email);
    const { secret } = await startEnrolment(deps, user, now);
    const codes = await enrolSession(deps, first, appCode(secret, now), "203.0.113.30", now);
    expect(codes).toHaveLength(10);
    expect(await studioSession(deps, first)).toMatchObject({ secondFactor: "passed" });

    // A new sign-in starts without the second factor; a wrong code leaves it so; a right one passes it.
    const second = await signIn();
    expect(await studioSession(deps, second)).toMatchObject({ secondFactor: "needed" });
    expect((await refusal(passSecondFactor(deps, second, "000000", "203.0.113.31", now + 30_000))).kind).toBe("invalid");
    expect(await studioSession(deps, second)).toMatchObject({ secondFactor: "needed" });
    expect(await passSecondFactor(deps, second, codes[3]!, "203.0.113.31", now + 30_000)).toBe("recovery");
    expect(await studioSession(deps, second)).toMatchObject({ secondFactor: "passed" });

    // Revoked access: the passed session is no studio session any more.
    await staffCommand("revoke", email);
    expect(await studioSession(deps, second)).toBeNull();
  });
});
