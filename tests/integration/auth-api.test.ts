import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { pruneSessions } from "../../server/services/auth/sessions";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

type App = Awaited<ReturnType<typeof createApp>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

let counter = 0;
function uniqueEmail(prefix = "user") {
  counter += 1;
  return `${prefix}.${Date.now().toString(36)}.${counter}@example.com`;
}

function payload(overrides: Json = {}): Json {
  return {
    name: "Asha Verma",
    email: uniqueEmail(),
    password: "correct horse battery",
    company: "Verma Realty",
    industry: "Real Estate",
    role: "user",
    ...overrides,
  };
}

describe.each(testDatabaseKinds())("auth API on %s", (kind) => {
  let t: TestDatabase;
  let app: App;
  let deps: ReturnType<typeof testDeps>;

  // Distinct client addresses per test, so one test's failed sign-ins never limit another's.
  let ipCounter = 0;
  const nextIp = () => `203.0.113.${++ipCounter}`;

  function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}, ip = "198.51.100.1") {
    return app.request(`/api/auth${path}`, {
      method,
      headers: {
        "x-forwarded-for": ip,
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });
  }
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

  async function register(overrides: Json = {}) {
    const body = payload(overrides);
    // Each from its own address, so the sign-up limit (tested on its own below) never gets in the way.
    const res = await call("POST", "/register", body, {}, nextIp());
    expect(res.status).toBe(201);
    return { body, json: (await res.json()) as Json };
  }

  let mailDir = "";
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    mailDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-auth-mail-"));
    // The per-address and per-account limits are tested here, the strangers' global budget in login-storm.test.ts.
    deps = testDeps(t.db, { TRUST_PROXY: "true", MAIL_DIR: mailDir, SIGN_IN_STRANGER_FAILURES_PER_10S: "1000" });
    app = await createApp({ deps });
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t.drop();
    fs.rmSync(mailDir, { recursive: true, force: true });
  });

  it("registers with the spec's answer shape, role always 'user', no-store", async () => {
    const body = payload({ role: "admin", email: uniqueEmail("Mixed.Case") });
    const res = await call("POST", "/register", body);
    expect(res.status).toBe(201);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const json = (await res.json()) as Json;
    expect(json).toMatchObject({ success: true, message: expect.any(String), token: expect.any(String) });
    expect(json.user).toMatchObject({
      _id: expect.stringMatching(/^[0-9a-f]{24}$/),
      email: body.email,
      name: "Asha Verma",
      role: "user",
      industry: "Real Estate",
      company: "Verma Realty",
      emailVerified: false,
    });
    expect(new Date(json.user.createdAt).getTime()).toBeGreaterThan(0);
    expect(Object.keys(json.user)).not.toContain("password_hash");
    // 256-bit token, base64url.
    expect(Buffer.from(json.token, "base64url")).toHaveLength(32);
    const row = await t.db.kysely.selectFrom("users").selectAll().where("id", "=", json.user._id).executeTakeFirstOrThrow();
    expect(row.role).toBe("user");
    expect(row.password_hash).toMatch(/^scrypt\$15\$8\$1\$/);
    // Only the hash of the session token is stored.
    const sessions = await t.db.kysely.selectFrom("sessions").select("token_hash").where("user_id", "=", row.id).execute();
    expect(sessions.map((s) => s.token_hash)).not.toContain(json.token);
    expect(deps.logs.text).not.toContain(body.password);
    expect(deps.logs.text).not.toContain(json.token);
  });

  it("refuses a duplicate e-mail, whatever its case", async () => {
    const { body } = await register();
    const again = await call("POST", "/register", payload({ email: body.email.toUpperCase() }));
    expect(again.status).toBe(409);
    expect(await again.json()).toMatchObject({ success: false, field: "email", message: expect.stringMatching(/already exists/) });
  });

  it("signs in with any case of the e-mail", async () => {
    const { body } = await register();
    const res = await call("POST", "/login", { email: body.email.toUpperCase(), password: body.password }, {}, nextIp());
    expect(res.status).toBe(200);
    const json = (await res.json()) as Json;
    expect(json).toMatchObject({ success: true, message: expect.any(String), token: expect.any(String) });
    expect(json.user.email).toBe(body.email);
    expect(json.user.lastLogin).not.toBeNull();
  });

  it.each([
    ["short", "seven77", /at least 8/],
    ["over-long", "x".repeat(129), /at most 128/],
  ])("refuses a %s password with a 400 naming the field", async (_label, password, message) => {
    const res = await call("POST", "/register", payload({ password }));
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ success: false, field: "password", message: expect.stringMatching(message) });
  });

  it("accepts exactly 8 and 128 characters", async () => {
    await register({ password: "k7#mPq2z" });
    // 128 characters that are not one letter repeated (issue 26, item 10: "yyy…" is refused as too easy to guess).
    await register({ password: "violet harbour kettle drums 42 ".repeat(5).slice(0, 128) });
  });

  it("answers bad input with 4xx JSON, never 500", async () => {
    const cases: [unknown, number][] = [
      ["{not json", 400],
      [[], 400],
      [{ ...payload(), email: "not-an-email" }, 400],
      [{ ...payload(), industry: "Space Travel" }, 400],
      [{ ...payload(), name: 42 }, 400],
      [{ ...payload(), company: "" }, 400],
    ];
    for (const [body, status] of cases) {
      const res = await call("POST", "/register", body);
      expect(res.status).toBe(status);
      expect(((await res.json()) as Json).success).toBe(false);
    }
    const wrongType = await app.request("/api/auth/login", { method: "POST", headers: { "content-type": "text/plain" }, body: "x" });
    expect(wrongType.status).toBe(415);
  });

  it("answers an unknown e-mail and a wrong password the same way, in about the same time", async () => {
    const { body } = await register();
    const ip = nextIp();
    const time = async (email: string) => {
      const started = performance.now();
      const res = await call("POST", "/login", { email, password: "wrong password!" }, {}, ip);
      return { ms: performance.now() - started, status: res.status, json: await res.json() };
    };
    // Warm up (the dummy hash for unknown addresses is made once).
    await time(uniqueEmail("nobody"));
    const unknowns = [];
    const wrongs = [];
    // Interleaved samples and medians, so a burst of load on a shared machine does not decide the result.
    for (let i = 0; i < 3; i++) {
      unknowns.push(await time(uniqueEmail("nobody")));
      wrongs.push(await time(body.email));
    }
    for (const r of [...unknowns, ...wrongs]) {
      expect(r.status).toBe(401);
      expect(r.json).toEqual(wrongs[0]!.json);
    }
    const median = (rs: { ms: number }[]) => rs.map((r) => r.ms).sort((a, b) => a - b)[1]!;
    const [u, w] = [median(unknowns), median(wrongs)];
    // Both spend one scrypt hash: within a factor of 3 of each other (a skipped hash would be >10x faster).
    expect(Math.max(u, w) / Math.min(u, w)).toBeLessThan(3);
    expect(Math.min(u, w)).toBeGreaterThan(10);
  });

  it("reads and updates the profile with a bearer token; refuses other fields", async () => {
    const { json } = await register();
    const token = json.token as string;
    const profile = await call("GET", "/profile", undefined, bearer(token));
    expect(profile.status).toBe(200);
    expect(profile.headers.get("cache-control")).toBe("no-store");
    expect(((await profile.json()) as Json).user._id).toBe(json.user._id);

    const put = await call("PUT", "/profile", { name: "Asha V.", company: "AV Homes", industry: "Healthcare" }, bearer(token));
    expect(put.status).toBe(200);
    expect(((await put.json()) as Json).user).toMatchObject({ name: "Asha V.", company: "AV Homes", industry: "Healthcare" });

    for (const body of [{ role: "admin" }, { name: "x", email: "evil@example.com" }, { _id: "abc" }, { id: "abc" }, {}]) {
      const res = await call("PUT", "/profile", body, bearer(token));
      expect(res.status).toBe(400);
      expect(((await res.json()) as Json).success).toBe(false);
    }
    const after = (await (await call("GET", "/profile", undefined, bearer(token))).json()) as Json;
    expect(after.user).toMatchObject({ role: "user", email: json.user.email, name: "Asha V." });

    const anonymous = await call("PUT", "/profile", { name: "x" });
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ success: false, message: "Not authenticated" });
  });

  it("answers 401 for a missing, malformed, revoked or expired token", async () => {
    expect((await call("GET", "/profile")).status).toBe(401);
    expect((await call("GET", "/profile", undefined, { authorization: "Bearer nonsense" })).status).toBe(401);
    expect((await call("GET", "/profile", undefined, { authorization: "Basic abc" })).status).toBe(401);

    const { json } = await register();
    const token = json.token as string;
    const out = await call("POST", "/signout", undefined, bearer(token));
    expect(out.status).toBe(200);
    expect((await call("GET", "/profile", undefined, bearer(token))).status).toBe(401);

    const second = await register();
    await t.db.kysely.updateTable("sessions").set({ idle_expires_at: Date.now() - 1 }).where("user_id", "=", second.json.user._id).execute();
    expect((await call("GET", "/profile", undefined, bearer(second.json.token))).status).toBe(401);

    const third = await register();
    await t.db.kysely.updateTable("sessions").set({ absolute_expires_at: Date.now() - 1 }).where("user_id", "=", third.json.user._id).execute();
    expect((await call("GET", "/profile", undefined, bearer(third.json.token))).status).toBe(401);
  });

  it("ends idle sessions after SESSION_IDLE_HOURS and all sessions after SESSION_ABSOLUTE_DAYS", async () => {
    const { json } = await register();
    const token = json.token as string;
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = Date.now();
    // Active every 6 days: the idle deadline (7 days) keeps moving…
    for (let day = 6; day <= 24; day += 6) {
      vi.setSystemTime(start + day * 86_400_000);
      expect((await call("GET", "/profile", undefined, bearer(token))).status).toBe(200);
    }
    // …but the absolute deadline (30 days) does not.
    vi.setSystemTime(start + 30 * 86_400_000 + 1000);
    expect((await call("GET", "/profile", undefined, bearer(token))).status).toBe(401);

    const other = await register();
    vi.setSystemTime(Date.now() + 7 * 86_400_000 + 1000);
    expect((await call("GET", "/profile", undefined, bearer(other.json.token))).status).toBe(401);
  });

  it("tells the browser who is signed in from the session cookie, and clears a stale hint", async () => {
    const { json } = await register();
    const withCookie = await call("GET", "/session", undefined, { cookie: `wp_signed_in=1; wp_session=${json.token}` });
    expect(withCookie.status).toBe(200);
    expect(withCookie.headers.get("cache-control")).toBe("no-store");
    expect(((await withCookie.json()) as Json).user).toMatchObject({ _id: json.user._id, name: "Asha Verma" });

    await call("POST", "/signout", undefined, { cookie: `wp_session=${json.token}` });
    const stale = await call("GET", "/session", undefined, { cookie: `wp_signed_in=1; wp_session=${json.token}` });
    expect(stale.status).toBe(200);
    expect(await stale.json()).toEqual({ success: true, user: null });
    expect(stale.headers.getSetCookie().some((c) => c.startsWith("wp_signed_in=;") && c.includes("Max-Age=0"))).toBe(true);
  });

  it("prunes dead sessions but keeps live ones", async () => {
    const live = await register();
    const dead = await register();
    await call("POST", "/signout", undefined, bearer(dead.json.token));
    await pruneSessions(deps, Date.now() + 2 * 86_400_000);
    const left = await t.db.kysely.selectFrom("sessions").select("user_id").where("user_id", "in", [live.json.user._id, dead.json.user._id]).execute();
    expect(left.map((r) => r.user_id)).toEqual([live.json.user._id]);
  });

  it("limits failed sign-ins per account and address with 429 + Retry-After, then recovers", async () => {
    const { body } = await register();
    const ip = nextIp();
    vi.useFakeTimers({ toFake: ["Date"] });
    // Start of a minute, so the one-minute window is whole.
    const t0 = Math.ceil(Date.now() / 3_600_000) * 3_600_000;
    vi.setSystemTime(t0);
    for (let i = 0; i < 5; i++) {
      expect((await call("POST", "/login", { email: body.email, password: "wrong password" }, {}, ip)).status).toBe(401);
    }
    const limited = await call("POST", "/login", { email: body.email, password: body.password }, {}, ip);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(limited.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    expect(await limited.json()).toMatchObject({ success: false, retryAfter: expect.any(Number) });

    // The same account from another address is not locked by this one.
    expect((await call("POST", "/login", { email: body.email, password: body.password }, {}, nextIp())).status).toBe(200);

    // A minute later the real password works again.
    vi.setSystemTime(t0 + 61_000);
    expect((await call("POST", "/login", { email: body.email, password: body.password }, {}, ip)).status).toBe(200);

    // Growing delay: ten failures within 15 minutes wait out the longer window.
    for (let i = 0; i < 5; i++) await call("POST", "/login", { email: body.email, password: "wrong" }, {}, ip);
    vi.setSystemTime(t0 + 122_000);
    for (let i = 0; i < 5; i++) await call("POST", "/login", { email: body.email, password: "wrong" }, {}, ip);
    vi.setSystemTime(t0 + 190_000);
    const longer = await call("POST", "/login", { email: body.email, password: body.password }, {}, ip);
    expect(longer.status).toBe(429);
    expect(Number(longer.headers.get("retry-after"))).toBeGreaterThan(60);
    vi.setSystemTime(t0 + 15 * 60_000 + 1000);
    expect((await call("POST", "/login", { email: body.email, password: body.password }, {}, ip)).status).toBe(200);
  });

  it("limits one address trying many accounts", async () => {
    const ip = nextIp();
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.ceil(Date.now() / 3_600_000) * 3_600_000);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      statuses.push((await call("POST", "/login", { email: uniqueEmail("spray"), password: "password1" }, {}, ip)).status);
    }
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
  });

  it("limits reset e-mails per address, answering the same for unknown addresses", async () => {
    const { body } = await register();
    const unknown = uniqueEmail("ghost");
    const answers: Json[] = [];
    for (const email of [body.email, unknown]) {
      const res = await call("POST", "/reset-password", { email }, {}, nextIp());
      expect(res.status).toBe(200);
      answers.push((await res.json()) as Json);
    }
    expect(answers[0]).toEqual(answers[1]);
    for (const email of [body.email, unknown]) {
      for (let i = 0; i < 2; i++) expect((await call("POST", "/reset-password", { email }, {}, nextIp())).status).toBe(200);
      const limited = await call("POST", "/reset-password", { email }, {}, nextIp());
      expect(limited.status).toBe(429);
      expect(limited.headers.get("retry-after")).toBeTruthy();
    }
  });

  it("limits sign-ups per client address with 429 + Retry-After; a refused one stores and mails nothing", async () => {
    const ip = nextIp();
    const limit = deps.config.SIGNUP_RATE_LIMIT_PER_HOUR;
    for (let i = 0; i < limit; i++) expect((await call("POST", "/register", payload({ email: uniqueEmail("many") }), {}, ip)).status).toBe(201);
    const email = uniqueEmail("one-too-many");
    const refused = await call("POST", "/register", payload({ email }), {}, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.json()).toMatchObject({ success: false, message: "Too many accounts were created from your network. Please try again later." });
    const stored = await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", email.toLowerCase()).execute();
    expect(stored).toEqual([]);
    await settleMailDeliveries();
    const mailed = fs.readdirSync(mailDir).filter((f) => fs.readFileSync(path.join(mailDir, f), "utf8").includes(email));
    expect(mailed).toEqual([]);
    // Another address is not held back.
    expect((await call("POST", "/register", payload({ email: uniqueEmail("elsewhere") }), {}, nextIp())).status).toBe(201);
  });

  it("refuses verify-email and reset confirmations with unknown tokens", async () => {
    const verify = await call("POST", "/verify-email", { token: "x".repeat(43) });
    expect(verify.status).toBe(400);
    expect(await verify.json()).toMatchObject({ success: false, field: "token" });
    const reset = await call("POST", "/reset-password/confirm", { token: "x".repeat(43), password: "new password 1" });
    expect(reset.status).toBe(400);
    expect((await call("POST", "/verify-email", {})).status).toBe(400);
  });

  it("refuses a bare e-mail and name on /social: only a provider-issued ID token", async () => {
    const bare = await call("POST", "/social", { provider: "google", email: "victim@example.com", name: "Victim" });
    expect(bare.status).toBe(400);
    expect(await bare.json()).toMatchObject({ success: false, field: "idToken" });
    const notConfigured = await call("POST", "/social", { provider: "google", idToken: "a.b.c".padEnd(40, "x"), nonce: "n".repeat(43) });
    expect(notConfigured.status).toBe(503);
    expect(await notConfigured.json()).toMatchObject({ message: "Google sign-in is not configured on this site yet." });
    expect((await call("POST", "/social", { provider: "facebook", idToken: "x".repeat(40) })).status).toBe(400);
  });
});
