/**
 * The studio's door, across every area: every /api/studio endpoint (read from the app's own router, so endpoints
 * that areas add later are covered without touching this file) refuses whoever is not staff with a private JSON
 * 401/403, refuses a staff session that has not passed the second factor, and refuses cross-site writes.
 */
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail";
import { runStaffCommand } from "../../server/staff-command";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof createApp>>;
type Endpoint = { method: string; path: string; key: string };

const PUBLIC_URL = "https://wise-parrot.example.test";
const STUDIO_API = "/api/studio";

/** Opened by people who are not staff yet: outside the guard on purpose. */
const OUTSIDE_THE_GUARD = new Set(["GET /api/studio/invitation", "POST /api/studio/invitation"]);
/** A staff session's own second-factor steps, reachable before the second factor is passed. */
const SECOND_FACTOR_STEPS = new Set([
  "GET /api/studio/session",
  "POST /api/studio/second-factor/enrolment",
  "POST /api/studio/second-factor/enrolment/confirm",
  "POST /api/studio/second-factor",
]);

const code = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

/** A value for a route parameter that its pattern (if any) accepts. */
function sampleParam(pattern: string | undefined): string {
  if (!pattern) return "1";
  const candidates = ["1", "x", "a".repeat(64), "0".repeat(64), "sample-slug", "a.webp", "1/2"];
  return candidates.find((c) => new RegExp(`^(?:${pattern})$`).test(c)) ?? "1";
}

/** Every endpoint (not middleware) the app answers under /api/studio, with its parameters filled in. */
function studioEndpoints(app: App): Endpoint[] {
  const seen = new Map<string, Endpoint>();
  for (const route of app.routes) {
    if (!route.path.startsWith(STUDIO_API)) continue;
    // `use()` registers middleware as ALL on a wildcard path: that is the guard, not an endpoint.
    if (route.method === "ALL" && route.path.endsWith("*")) continue;
    const path = route.path
      .replace(/:(\w+)(?:\{((?:[^{}]|\{[^{}]*\})*)\})?\??/g, (_, _name: string, pattern?: string) => sampleParam(pattern))
      .replace(/\*$/, "x");
    const methods = route.method === "ALL" ? ["GET", "POST"] : [route.method];
    for (const method of methods) {
      const key = `${method} ${route.path}`;
      if (!seen.has(key)) seen.set(key, { method, path, key });
    }
  }
  return [...seen.values()];
}

const WRITE = (method: string) => !["GET", "HEAD", "OPTIONS"].includes(method);

describe.each(testDatabaseKinds())("the studio's door on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: App;
  let endpoints: Endpoint[];
  let n = 0;

  const call = (method: string, path: string, { token, cookie, headers = {} }: { token?: string; cookie?: string; headers?: Record<string, string> } = {}) =>
    app.request(`http://127.0.0.1${path}`, {
      method,
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        ...(WRITE(method) ? { "content-type": "application/json" } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      body: WRITE(method) ? "{}" : undefined,
    });

  async function account(email: string, password = "a studio passphrase 11") {
    const res = await app.request("http://127.0.0.1/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${(++n % 250) + 1}` },
      body: JSON.stringify({ name: "Studio Person", email, password, company: "C", industry: "Healthcare", role: "user" }),
    });
    expect(res.status).toBe(201);
    return async () => {
      const login = await app.request("http://127.0.0.1/api/auth/login", {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${(++n % 250) + 1}` },
        body: JSON.stringify({ email, password }),
      });
      expect(login.status).toBe(200);
      return ((await login.json()) as Json).token as string;
    };
  }

  async function expectPrivateJson(res: Response, status: number, what: string): Promise<Json> {
    expect(res.status, what).toBe(status);
    expect(res.headers.get("content-type"), what).toMatch(/^application\/json/);
    expect(res.headers.get("cache-control"), what).toBe("no-store");
    expect(res.headers.get("x-robots-tag"), what).toContain("noindex");
    const body = (await res.json()) as Json;
    expect(body.success, what).toBe(false);
    expect(typeof body.message, what).toBe("string");
    return body;
  }

  let visitorToken: string;
  let editorEnrol: string;
  let ownerNeeded: string;
  let ownerPassed: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL, TRUST_PROXY: "true" });
    app = await createApp({ deps });
    endpoints = studioEndpoints(app);

    visitorToken = await (await account(`visitor.${kind}@example.com`))();

    const signInEditor = await account(`editor.${kind}@example.com`);
    await runStaffCommand(deps, ["grant", "editor", `editor.${kind}@example.com`], () => {}, () => {});
    editorEnrol = await signInEditor();

    const signInOwner = await account(`owner.${kind}@example.com`);
    await runStaffCommand(deps, ["grant", "owner", `owner.${kind}@example.com`], () => {}, () => {});
    const first = await signInOwner();
    const { secret } = (await (await call("POST", "/api/studio/second-factor/enrolment", { token: first })).json()) as Json;
    const confirm = await app.request("http://127.0.0.1/api/studio/second-factor/enrolment/confirm", {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${first}` },
      body: JSON.stringify({ code: code(secret) }),
    });
    expect(confirm.status).toBe(200);
    ownerPassed = first;
    // A second session of the enrolled owner has not passed the second factor yet.
    ownerNeeded = await signInOwner();
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t.drop();
  });

  it("finds the studio's endpoints in the app's router", () => {
    const keys = endpoints.map((e) => e.key);
    // The ones the access area itself serves; other areas' endpoints join this list as they are mounted.
    expect(keys).toEqual(expect.arrayContaining([...OUTSIDE_THE_GUARD, ...SECOND_FACTOR_STEPS, "GET /api/studio/staff", "GET /api/studio/audit"]));
    expect(keys.length).toBeGreaterThanOrEqual(10);
  });

  it("answers 401 without a session and 403 to a visitor's account, on every endpoint, as private JSON", async () => {
    for (const e of endpoints.filter((e) => !OUTSIDE_THE_GUARD.has(e.key))) {
      const anonymous = await expectPrivateJson(await call(e.method, e.path), 401, `${e.key} without a session`);
      expect(anonymous.message).toBe("Sign in with a studio account first.");
      const visitor = await expectPrivateJson(await call(e.method, e.path, { token: visitorToken }), 403, `${e.key} as a visitor`);
      expect(visitor.message).toBe("This account has no studio access.");
      // A session cookie that is not (or no longer) a session is no session at all.
      await expectPrivateJson(await call(e.method, e.path, { cookie: `__Host-wp_session=${"x".repeat(43)}` }), 401, `${e.key} with a made-up cookie`);
    }
  });

  it("before the second factor, a staff session reaches only its own second-factor steps", async () => {
    for (const [token, state] of [
      [editorEnrol, "enrol"],
      [ownerNeeded, "needed"],
    ] as const) {
      for (const e of endpoints.filter((e) => !OUTSIDE_THE_GUARD.has(e.key) && !SECOND_FACTOR_STEPS.has(e.key))) {
        const body = await expectPrivateJson(await call(e.method, e.path, { token }), 403, `${e.key} in state ${state}`);
        expect(body.message).toBe(state === "enrol" ? "Set up two-step sign-in first." : "Enter the code from your authenticator app first.");
      }
    }
    // Its own steps answer (an empty body is a field error, not a door closed).
    const session = await call("GET", "/api/studio/session", { token: ownerNeeded });
    expect(session.status).toBe(200);
    expect(((await session.json()) as Json).secondFactor).toBe("needed");
    expect((await expectPrivateJson(await call("POST", "/api/studio/second-factor", { token: ownerNeeded }), 400, "empty code")).field).toBe("code");
    expect((await expectPrivateJson(await call("POST", "/api/studio/second-factor/enrolment/confirm", { token: editorEnrol }), 400, "empty code")).field).toBe("code");
    // The second session is still without the second factor after all that.
    expect(((await (await call("GET", "/api/studio/session", { token: ownerNeeded })).json()) as Json).secondFactor).toBe("needed");
  });

  it("refuses every cross-site write, even with a session that passed the second factor, and changes nothing", async () => {
    const auditRows = async () => Number((await t.db.kysely.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    const before = await auditRows();
    const cookie = `__Host-wp_session=${ownerPassed}`;
    const writes = endpoints.filter((e) => WRITE(e.method));
    expect(writes.length).toBeGreaterThan(0);
    for (const e of writes) {
      for (const headers of [{ "sec-fetch-site": "cross-site" }, { origin: "https://evil.example" }] as Record<string, string>[]) {
        const res = await call(e.method, e.path, { cookie, headers });
        expect(res.status, `${e.key} with ${JSON.stringify(headers)}`).toBe(403);
        expect(((await res.json()) as Json).message).toBe("Cross-site requests are not allowed.");
      }
    }
    expect(await auditRows()).toBe(before);
    // The same cookie from the site itself is a passed owner session: the refusals above were the cross-site guard's.
    const own = await call("GET", "/api/studio/staff", { cookie });
    expect(own.status).toBe(200);
  });
});
