/**
 * No secret reaches the logs: a whole visit (sign-up, e-mail verification,
 * sign-in, a wrong password, password reset, newsletter double opt-in, a
 * lead, chat through a configured language model, sign-out) runs with the
 * logs captured, then every line is searched for every password, token,
 * API key and e-mail body that went by.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { type LlmServer, startLlmServer } from "../helpers/llm-server";
import { startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";

const LLM_KEY = "sk-reliability-7c1d9e5a0b3f-secret";
const PASSWORD = "Tr0ub4dor&3-first-password";
const NEW_PASSWORD = "correct-horse-battery-staple-2";
const WRONG_PASSWORD = "wrong-guess-password-99";
const LEAD_MESSAGE = "Private lead message: our budget is 12345 rupees";
const LEAD_PHONE = "+91 98765 43210";

/** Every place a secret could hide in a log line: as is, URL-encoded, JSON-escaped. */
function forms(secret: string): string[] {
  return [...new Set([secret, encodeURIComponent(secret), JSON.stringify(secret).slice(1, -1)])];
}

describe.each(testDatabaseKinds())("secrets stay out of the logs on %s", (kind) => {
  let t: TestDatabase;
  let llm: LlmServer;
  let smtp: TestSmtpServer;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  const secrets = new Map<string, string>();
  let ip = 0;

  const call = async (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await app.request(path, {
      method,
      headers: { "content-type": "application/json", "x-forwarded-for": `10.7.0.${++ip}`, ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    // A streamed answer (server-sent events, which may open with a comment) has no JSON body.
    const streamed = res.headers.get("content-type")?.startsWith("text/event-stream") ?? false;
    return { status: res.status, headers: res.headers, body: text && !streamed ? (JSON.parse(text) as Record<string, unknown>) : {}, text };
  };

  /** The single-use tokens in every mail sent so far; the mail bodies themselves are secrets too. */
  const harvestMail = async () => {
    await settleMailDeliveries();
    const rows = await t.db.kysely.selectFrom("mail_outbox").select(["id", "text_body"]).execute();
    for (const row of rows) {
      secrets.set(`mail body ${row.id}`, row.text_body);
      for (const m of row.text_body.matchAll(/token=([A-Za-z0-9_%-]{16,})/g)) secrets.set(`mail token ${m[1]!.slice(0, 6)}`, decodeURIComponent(m[1]!));
    }
    return rows.map((r) => r.text_body);
  };
  const tokenIn = (body: string | undefined, path: string) => {
    const m = body ? new RegExp(`${path}\\?token=([A-Za-z0-9_%-]+)`).exec(body) : null;
    if (!m) throw new Error(`no ${path} link in ${body}`);
    return decodeURIComponent(m[1]!);
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    llm = await startLlmServer();
    smtp = await startTestSmtpServer();
    deps = testDeps(t.db, { TRUST_PROXY: "true", LLM_API_KEY: LLM_KEY, LLM_BASE_URL: llm.url, SMTP_URL: smtp.url });
    app = await createApp({ deps });
    for (const [name, value] of [
      ["password", PASSWORD],
      ["new password", NEW_PASSWORD],
      ["wrong password", WRONG_PASSWORD],
      ["LLM key", LLM_KEY],
      ["lead message", LEAD_MESSAGE],
      ["lead phone", LEAD_PHONE],
    ] as const)
      secrets.set(name, value);

    // Sign up, verify the address, sign in (once wrongly).
    const reg = await call("POST", "/api/auth/register", { name: "Log Scan", email: "log.scan@example.com", password: PASSWORD, company: "Acme", industry: "Healthcare" });
    expect(reg.status).toBe(201);
    secrets.set("register token", String(reg.body.token));
    for (const cookie of reg.headers.getSetCookie()) secrets.set(`cookie ${cookie.slice(0, 12)}`, cookie.split(";")[0]!.split("=")[1] ?? "");
    const [verifyMail] = await harvestMail();
    const verified = await call("POST", "/api/auth/verify-email", { token: tokenIn(verifyMail, "/verify-email") });
    expect(verified.status).toBe(200);
    expect((await call("POST", "/api/auth/login", { email: "log.scan@example.com", password: WRONG_PASSWORD })).status).toBe(401);
    const login = await call("POST", "/api/auth/login", { email: "log.scan@example.com", password: PASSWORD });
    expect(login.status).toBe(200);
    secrets.set("login token", String(login.body.token));
    const bearer = { authorization: `Bearer ${String(login.body.token)}` };
    expect((await call("GET", "/api/auth/profile", undefined, bearer)).status).toBe(200);
    expect((await call("GET", "/api/auth/profile", undefined, { authorization: "Bearer not-a-real-token-but-secret-looking" })).status).toBe(401);
    secrets.set("bogus bearer", "not-a-real-token-but-secret-looking");

    // Password reset through the e-mailed link, then sign in with the new password.
    expect((await call("POST", "/api/auth/reset-password", { email: "log.scan@example.com" })).status).toBe(200);
    const resetMail = (await harvestMail()).find((b) => b.includes("/reset-password?token="));
    const reset = await call("POST", "/api/auth/reset-password/confirm", { token: tokenIn(resetMail, "/reset-password"), password: NEW_PASSWORD });
    expect(reset.status).toBe(200);
    const again = await call("POST", "/api/auth/login", { email: "log.scan@example.com", password: NEW_PASSWORD });
    expect(again.status).toBe(200);
    secrets.set("second login token", String(again.body.token));

    // Newsletter double opt-in.
    expect((await call("POST", "/api/newsletter/subscribe", { email: "reader@example.com" })).status).toBe(200);
    const newsMail = (await harvestMail()).find((b) => b.includes("/newsletter/confirm?token="));
    expect((await call("POST", "/api/newsletter/confirm", { token: tokenIn(newsMail, "/newsletter/confirm") })).status).toBe(200);

    // A lead, and chat answered by the language model (plain and streamed).
    const lead = await call("POST", "/api/leads", { firstName: "Lena", lastName: "Lead", email: "lena@example.com", phone: LEAD_PHONE, message: LEAD_MESSAGE });
    expect(lead.status).toBe(201);
    expect((await call("POST", "/api/chat", { message: "How do I automate my workflow?" })).status).toBe(200);
    expect((await call("POST", "/api/chat", { message: "Tell me about pricing" }, { accept: "text/event-stream" })).status).toBe(200);
    expect(llm.requests.some((r) => r.headers.authorization === `Bearer ${LLM_KEY}`)).toBe(true);

    expect((await call("POST", "/api/auth/signout", undefined, bearer)).status).toBe(200);
    await harvestMail();
  });
  afterAll(async () => {
    await llm?.close();
    await smtp?.close();
    await t?.drop();
  });

  it("captured a real run (requests and mail were logged)", () => {
    expect(deps.logs.lines.length).toBeGreaterThan(20);
    expect(deps.logs.text).toContain('"path":"/api/auth/login"');
    expect(smtp.messages.length).toBeGreaterThanOrEqual(3);
    expect(secrets.size).toBeGreaterThan(12);
  });

  it("logs no password, token, cookie, API key, mail body or lead text", () => {
    const text = deps.logs.text;
    const leaks: string[] = [];
    for (const [name, secret] of secrets) {
      if (secret.length < 8) continue;
      for (const form of forms(secret)) if (text.includes(form)) leaks.push(name);
    }
    expect([...new Set(leaks)]).toEqual([]);
  });

  it("logs no field named like a credential with a value", () => {
    const bad: string[] = [];
    const walk = (value: unknown, path: string) => {
      if (value && typeof value === "object") {
        for (const [k, v] of Object.entries(value)) {
          if (/pass(word)?|secret|authorization|cookie|api[-_]?key|^token$|bearer/i.test(k) && typeof v === "string" && v.length > 0) bad.push(`${path}.${k}`);
          walk(v, `${path}.${k}`);
        }
      }
    };
    for (const line of deps.logs.lines) walk(JSON.parse(line), "");
    expect(bad).toEqual([]);
  });
});
