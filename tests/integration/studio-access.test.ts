/**
 * The studio's door, across every area: every /api/studio endpoint (read from the app's own router, so endpoints
 * that areas add later are covered without touching this file) refuses whoever is not staff with a private JSON
 * 401/403, refuses a staff session that has not passed the second factor, and refuses cross-site writes. Every
 * /studio page (read from app/routes.ts, so pages added later are covered too) is, for whoever is not staff, the
 * site's ordinary 404, the same as any unknown address, private and unindexed.
 */
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../app/routes";
import { JOB_ROLES } from "../../shared/content/site";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { runStaffCommand } from "../../server/staff-command";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { buildDir, buildPresent } from "../helpers/built-server";
import { markAddressVerified } from "../helpers/verified";
import { untilReady } from "../helpers/test-site";

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
    await markAddressVerified(deps.db, `editor.${kind}@example.com`);
    await runStaffCommand(deps, ["grant", "editor", `editor.${kind}@example.com`], () => {}, () => {});
    editorEnrol = await signInEditor();

    const signInOwner = await account(`owner.${kind}@example.com`);
    await markAddressVerified(deps.db, `owner.${kind}@example.com`);
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

  /**
   * An answer as the caller sees it: status, headers and the body's bytes; but the request's own id and nonce, and
   * `Connection: close` of the upload address, which never reads a refused body and so cannot keep the connection.
   */
  async function seen(res: Response) {
    const headers = [...res.headers.entries()]
      .filter(([name]) => !["x-request-id", "date", "connection"].includes(name))
      .map(([name, value]) => [name, value.replace(/'nonce-[^']+'/g, "'nonce'")]);
    return { status: res.status, headers, body: Buffer.from(await res.arrayBuffer()).toString("hex") };
  }

  // Issue 26, item 13: the answer used to be 401 "Sign in with a studio account first.", naming the studio.
  it("answers an anonymous caller exactly as an unknown API address, and 403 to a visitor's account, on every endpoint", async () => {
    for (const e of endpoints.filter((e) => !OUTSIDE_THE_GUARD.has(e.key))) {
      const unknown = await seen(await call(e.method, `/api/no-such-place-${n}`));
      expect(unknown.status).toBe(404);
      expect(await seen(await call(e.method, e.path)), `${e.key} without a session`).toEqual(unknown);
      const visitor = await expectPrivateJson(await call(e.method, e.path, { token: visitorToken }), 403, `${e.key} as a visitor`);
      expect(visitor.message).toBe("This account has no studio access.");
      // A session cookie that is not (or no longer) a session is no session at all.
      const madeUp = { cookie: `__Host-wp_session=${"x".repeat(43)}` };
      const unknownWithCookie = await seen(await call(e.method, `/api/no-such-place-${n}`, madeUp));
      expect(await seen(await call(e.method, e.path, madeUp)), `${e.key} with a made-up cookie`).toEqual(unknownWithCookie);
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

/** Every page path under /studio in the route table, parameters filled in. */
function studioPagePaths(entries: RouteConfigEntry[] = routes, parent = ""): string[] {
  const paths: string[] = [];
  for (const entry of entries) {
    const full = entry.path ? `${parent}/${entry.path}`.replace(/\/+/g, "/") : parent;
    if ((full === "/studio" || full.startsWith("/studio/")) && (entry.index || (entry.path && !entry.children?.length))) paths.push(full);
    if (entry.children) paths.push(...studioPagePaths(entry.children, full));
  }
  return [...new Set(paths.map((p) => p.replace(/:\w+\??/g, "1").replace(/\*$/, "x")))];
}

/** Opened by people who are not staff yet. */
const OPEN_PAGES = new Set(["/studio/invitation"]);

const BUILD_DIR = buildDir();

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`the studio's pages on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let app: App;
  let n = 0;
  const cookieOf = (token: string) => `__Host-wp_session=${token}`;
  const page = (pathname: string, init: { cookie?: string; method?: string; body?: string } = {}) =>
    app.request(`http://127.0.0.1${pathname}`, {
      method: init.method ?? "GET",
      redirect: "manual",
      headers: {
        "x-forwarded-for": `192.0.2.${(++n % 250) + 1}`,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.body ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: init.body,
    });
  const api = async (method: string, pathname: string, body: unknown, token?: string) =>
    (await app.request(`http://127.0.0.1/api${pathname}`, {
      method,
      headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${(++n % 250) + 1}`, ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })) as Response;
  async function signUp(email: string): Promise<string> {
    expect((await api("POST", "/auth/register", { name: "Page Person", email, password: "a studio passphrase 11", company: "C", industry: "Healthcare", role: "user" })).status).toBe(201);
    return ((await (await api("POST", "/auth/login", { email, password: "a studio passphrase 11" })).json()) as Json).token as string;
  }
  /** The page without what differs between two renders of one page: the CSP nonce. */
  const comparable = (html: string) => html.replace(/nonce="[^"]*"/g, 'nonce=""');

  let deps: ReturnType<typeof testDeps>;
  let visitor: string;
  let editorPassed: string;
  let ownerPassed: string;
  let ownerFirst: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL, TRUST_PROXY: "true" });
    app = await createApp({ deps, buildDir: BUILD_DIR });
    await untilReady(app);
    visitor = await signUp(`page.visitor.${kind}@example.com`);
    const passed = async (email: string, access: "editor" | "owner") => {
      const token = await signUp(email);
      await markAddressVerified(deps.db, email);
      await runStaffCommand(deps, ["grant", access, email], () => {}, () => {});
      const { secret } = (await (await api("POST", "/studio/second-factor/enrolment", {}, token)).json()) as Json;
      expect((await api("POST", "/studio/second-factor/enrolment/confirm", { code: code(secret) }, token)).status).toBe(200);
      return token;
    };
    editorPassed = await passed(`page.editor.${kind}@example.com`, "editor");
    ownerPassed = await passed(`page.owner.${kind}@example.com`, "owner");
    ownerFirst = ((await (await api("POST", "/auth/login", { email: `page.owner.${kind}@example.com`, password: "a studio passphrase 11" })).json()) as Json).token;
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  it("finds the studio's pages in the route table", () => {
    const pages = studioPagePaths();
    expect(pages).toEqual(expect.arrayContaining(["/studio", "/studio/second-factor", "/studio/enrol", "/studio/staff", "/studio/audit", "/studio/invitation"]));
  });

  it("is, for visitors and their accounts, the site's ordinary 404: the same page as any unknown address, private and unindexed", async () => {
    const unknown = await page(`/no-such-page-${Math.random().toString(36).slice(2)}`);
    expect(unknown.status).toBe(404);
    const unknownBody = comparable(await unknown.text());
    const unknownPost = await page(`/no-such-page-${Math.random().toString(36).slice(2)}`, { method: "POST", body: "intent=invite" });
    expect(unknownPost.status).toBe(404);
    const unknownPostBody = comparable(await unknownPost.text());
    const unknownData = await page(`/no-such-page-${Math.random().toString(36).slice(2)}.data`);
    const unknownDataBody = await unknownData.text();
    for (const pathname of studioPagePaths().filter((p) => !OPEN_PAGES.has(p))) {
      for (const [who, cookie] of [
        ["no session", undefined],
        ["a visitor's account", cookieOf(visitor)],
        ["a made-up session", cookieOf("y".repeat(43))],
      ] as const) {
        const res = await page(pathname, { cookie });
        expect(res.status, `${pathname} for ${who}`).toBe(404);
        expect(res.headers.get("cache-control"), `${pathname} for ${who}`).toBe("no-store");
        expect(res.headers.get("x-robots-tag"), `${pathname} for ${who}`).toContain("noindex");
        expect(comparable(await res.text()), `${pathname} for ${who}`).toBe(unknownBody);
        // The client's data request and a form post say no more than the page.
        const dataRes = await page(`${pathname}.data`, { cookie });
        expect(dataRes.status, `${pathname}.data for ${who}`).toBe(unknownData.status);
        expect(await dataRes.text(), `${pathname}.data for ${who}`).toBe(unknownDataBody);
        const posted = await page(pathname, { cookie, method: "POST", body: "intent=invite&email=intruder%40example.com&access=owner" });
        expect(posted.status, `POST ${pathname} for ${who}`).toBe(404);
        expect(comparable(await posted.text()), `POST ${pathname} for ${who}`).toBe(unknownPostBody);
      }
    }
    const invitations = await t.db.kysely.selectFrom("staff_invitations").select("email_normalized").where("email_normalized", "=", "intruder@example.com").execute();
    expect(invitations).toEqual([]);
  });

  it("sends staff without the second factor to it, and keeps owners' pages from editors", async () => {
    for (const pathname of ["/studio", "/studio/staff", "/studio/audit"]) {
      const res = await page(pathname, { cookie: cookieOf(ownerFirst) });
      expect(res.status, pathname).toBe(302);
      expect(res.headers.get("location"), pathname).toBe(pathname === "/studio" ? "/studio/second-factor" : `/studio/second-factor?next=${encodeURIComponent(pathname)}`);
      expect(res.headers.get("cache-control"), pathname).toBe("no-store");
    }
    expect((await page("/studio/second-factor", { cookie: cookieOf(ownerFirst) })).status).toBe(200);
    for (const pathname of ["/studio/staff", "/studio/audit"]) {
      const res = await page(pathname, { cookie: cookieOf(editorPassed) });
      expect(res.status, pathname).toBe(403);
      expect(await res.text()).toContain("Only the owner can open this page.");
    }
    const posted = await page("/studio/staff", { cookie: cookieOf(editorPassed), method: "POST", body: "intent=invite&email=sneaky%40example.com&access=owner" });
    expect(posted.status).toBe(403);
    expect(await t.db.kysely.selectFrom("staff_invitations").selectAll().where("email_normalized", "=", "sneaky@example.com").execute()).toEqual([]);
    for (const pathname of ["/studio", "/studio/staff", "/studio/audit"]) {
      const res = await page(pathname, { cookie: cookieOf(ownerPassed) });
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get("cache-control"), pathname).toBe("no-store");
      expect(res.headers.get("x-robots-tag"), pathname).toContain("noindex");
    }
  });

  it("opens the invitation page to anyone, privately, and says clearly when a link cannot be used", async () => {
    const res = await page("/studio/invitation?token=not-a-real-token");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    expect(res.headers.get("referrer-policy")).toBe("same-origin");
    expect(await res.text()).toContain("This invitation link is invalid or has expired.");
  });

  it("no visitor form raises an account's access: sign-up through the page names no access", async () => {
    const email = `page.signup.${kind}@example.com`;
    const body = new URLSearchParams({
      firstName: "Sign",
      lastName: "Up",
      email,
      password: "a studio passphrase 11",
      company: "C",
      role: JOB_ROLES[0],
      industry: "Healthcare",
      terms: "on",
      access: "owner",
      "user[access]": "owner",
    });
    const res = await page("/get-started", { method: "POST", body: body.toString() });
    expect(res.status).toBe(303);
    const row = await t.db.kysely.selectFrom("users").select("access").where("email_normalized", "=", email).executeTakeFirstOrThrow();
    expect(row.access).toBe("user");
  });
});
