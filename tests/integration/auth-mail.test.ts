import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { type CapturedMail, startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PUBLIC_URL = "https://wise-parrot.example.test";

describe.each(testDatabaseKinds())("reset and verification e-mails on %s", (kind) => {
  let t: TestDatabase;
  let smtp: TestSmtpServer;
  let app: Awaited<ReturnType<typeof createApp>>;
  let n = 0;

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`${PUBLIC_URL.replace("https", "http")}/api/auth${path}`, {
      method,
      // A forged Host must never end up in a link.
      headers: { host: "evil.example.net", "x-forwarded-for": `192.0.2.${++n}`, "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  async function mailTo(address: string, subject: RegExp, after = 0): Promise<CapturedMail> {
    await settleMailDeliveries();
    return smtp.waitForMail((m) => m.to.some((to) => to.toLowerCase() === address.toLowerCase()) && subject.test(m.subject) && smtp.messages.indexOf(m) >= after);
  }

  function linkIn(mail: CapturedMail, path: string): URL {
    const match = new RegExp(`${PUBLIC_URL.replace(/[.]/g, "\\.")}${path}\\?token=[A-Za-z0-9_%-]+`).exec(mail.text);
    expect(match, `a ${path} link built from PUBLIC_URL in:\n${mail.text}`).not.toBeNull();
    return new URL(match![0]);
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    smtp = await startTestSmtpServer();
    app = await createApp({ deps: testDeps(t.db, { SMTP_URL: smtp.url, PUBLIC_URL, TRUST_PROXY: "true" }) });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await smtp.close();
    await t.drop();
  });

  async function register(email: string, password = "first password") {
    const res = await call("POST", "/register", { name: "Ravi Kumar", email, password, company: "RK Clinic", industry: "Healthcare", role: "user" });
    expect(res.status).toBe(201);
    return (await res.json()) as Json;
  }

  it("e-mails a verification link on sign-up; following it verifies the address once", async () => {
    const email = `verify.${kind}@example.com`;
    const { token } = await register(email);
    const mail = await mailTo(email, /Verify your e-mail/);
    const link = linkIn(mail, "/verify-email");
    expect(mail.text).not.toContain("evil.example.net");

    const verified = await call("POST", "/verify-email", { token: link.searchParams.get("token") });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toMatchObject({ success: true, user: { emailVerified: true } });
    const profile = (await (await call("GET", "/profile", undefined, { authorization: `Bearer ${token}` })).json()) as Json;
    expect(profile.user.emailVerified).toBe(true);

    const again = await call("POST", "/verify-email", { token: link.searchParams.get("token") });
    expect(again.status).toBe(400);
  });

  it("resends verification on request; the new link replaces the old one", async () => {
    const email = `resend.${kind}@example.com`;
    const { token } = await register(email);
    const first = linkIn(await mailTo(email, /Verify/), "/verify-email");
    const before = smtp.messages.length;
    const resend = await call("POST", "/verify-email/resend", undefined, { authorization: `Bearer ${token}` });
    expect(resend.status).toBe(200);
    const second = linkIn(await mailTo(email, /Verify/, before), "/verify-email");
    expect(second.href).not.toBe(first.href);
    expect((await call("POST", "/verify-email", { token: first.searchParams.get("token") })).status).toBe(400);
    expect((await call("POST", "/verify-email", { token: second.searchParams.get("token") })).status).toBe(200);
  });

  it("resets the password through the e-mailed link: single use, ends every session, old link replaced", async () => {
    const email = `Reset.${kind}@Example.com`;
    const { token: sessionA } = await register(email);
    const login = await call("POST", "/login", { email, password: "first password" });
    const { token: sessionB } = (await login.json()) as Json;

    const before = smtp.messages.length;
    expect((await call("POST", "/reset-password", { email: email.toLowerCase() })).status).toBe(200);
    const oldLink = linkIn(await mailTo(email, /Reset your/, before), "/reset-password");
    const before2 = smtp.messages.length;
    expect((await call("POST", "/reset-password", { email })).status).toBe(200);
    const link = linkIn(await mailTo(email, /Reset your/, before2), "/reset-password");
    expect(link.href).not.toBe(oldLink.href);

    // A request for the old link fails: the new request replaced it.
    const stale = await call("POST", "/reset-password/confirm", { token: oldLink.searchParams.get("token"), password: "second password" });
    expect(stale.status).toBe(400);

    const weak = await call("POST", "/reset-password/confirm", { token: link.searchParams.get("token"), password: "short" });
    expect(weak.status).toBe(400);

    const done = await call("POST", "/reset-password/confirm", { token: link.searchParams.get("token"), password: "second password" });
    expect(done.status).toBe(200);
    for (const session of [sessionA, sessionB]) {
      expect((await call("GET", "/profile", undefined, { authorization: `Bearer ${session}` })).status).toBe(401);
    }
    expect((await call("POST", "/login", { email, password: "first password" })).status).toBe(401);
    expect((await call("POST", "/login", { email, password: "second password" })).status).toBe(200);

    const reused = await call("POST", "/reset-password/confirm", { token: link.searchParams.get("token"), password: "third password" });
    expect(reused.status).toBe(400);
    expect(await reused.json()).toMatchObject({ success: false, message: expect.stringMatching(/invalid, expired or already used/) });
  });

  it("sends nothing for an unknown address, and a reset link expires after an hour", async () => {
    const before = smtp.messages.length;
    const unknown = await call("POST", "/reset-password", { email: `nobody.${kind}@example.com` });
    expect(unknown.status).toBe(200);
    await settleMailDeliveries();
    expect(smtp.messages.slice(before).some((m) => m.to.includes(`nobody.${kind}@example.com`))).toBe(false);

    const email = `expire.${kind}@example.com`;
    await register(email);
    const before2 = smtp.messages.length;
    await call("POST", "/reset-password", { email });
    const link = linkIn(await mailTo(email, /Reset your/, before2), "/reset-password");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 60 * 60_000 + 1000);
      const late = await call("POST", "/reset-password/confirm", { token: link.searchParams.get("token"), password: "second password" });
      expect(late.status).toBe(400);
    } finally {
      vi.useRealTimers();
    }
  });
});
