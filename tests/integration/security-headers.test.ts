/**
 * Every kind of response carries the security headers and the CSP; every
 * state-changing request from another site is refused with 403 before it
 * reaches a handler; every authenticated answer is `no-store`.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { buildDir, buildPresent } from "../helpers/built-server";
import { expectScriptsAllowed, expectSecurityHeaders } from "../helpers/csp";
import { testDeps } from "../helpers/deps";
import { listTables, snapshot } from "./fuzz-arbitraries";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();
const HAVE_BUILD = buildPresent();

/** Every state-changing route: the API's and the pages' form actions. */
const STATE_CHANGING: { method: string; path: string; body?: string }[] = [
  { method: "POST", path: "/api/newsletter/subscribe", body: JSON.stringify({ email: "cross.site@example.com" }) },
  { method: "POST", path: "/api/newsletter/confirm", body: JSON.stringify({ token: "x".repeat(43) }) },
  { method: "POST", path: "/api/newsletter/unsubscribe", body: JSON.stringify({ token: "x".repeat(43) }) },
  {
    method: "POST",
    path: "/api/leads",
    body: JSON.stringify({ firstName: "Eve", lastName: "Cross", email: "eve@example.com", phone: "123456", message: "hi" }),
  },
  { method: "POST", path: "/api/blogs/seed" },
  { method: "POST", path: "/api/blogs/1/like" },
  { method: "POST", path: "/api/chat", body: JSON.stringify({ message: "hello" }) },
  { method: "POST", path: "/api/chat/intent", body: JSON.stringify({ message: "hello" }) },
  { method: "POST", path: "/api/chat/quick-replies", body: JSON.stringify({ message: "hello" }) },
  {
    method: "POST",
    path: "/api/auth/register",
    body: JSON.stringify({ name: "Eve Cross", email: "eve.cross@example.com", password: "long password 1", company: "X", industry: "Healthcare" }),
  },
  { method: "POST", path: "/api/auth/login", body: JSON.stringify({ email: "owner@example.com", password: "correct horse battery" }) },
  { method: "POST", path: "/api/auth/signout" },
  { method: "PUT", path: "/api/auth/profile", body: JSON.stringify({ name: "Hijacked" }) },
  { method: "POST", path: "/api/auth/reset-password", body: JSON.stringify({ email: "owner@example.com" }) },
  { method: "POST", path: "/api/auth/reset-password/confirm", body: JSON.stringify({ token: "t".repeat(43), password: "new password 1" }) },
  { method: "POST", path: "/api/auth/verify-email", body: JSON.stringify({ token: "t".repeat(43) }) },
  { method: "POST", path: "/api/auth/verify-email/resend" },
  { method: "POST", path: "/api/auth/social", body: JSON.stringify({ provider: "google", idToken: "x".repeat(40) }) },
  { method: "DELETE", path: "/api/blogs/1" },
  { method: "PATCH", path: "/api/auth/profile", body: "{}" },
];

const PAGE_FORMS = ["/contact", "/sign-in", "/get-started", "/forgot-password", "/reset-password", "/blogs", "/newsletter/subscribe", "/templates"];

describe.each(testDatabaseKinds())("security on %s", (kind) => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;
  let token: string;
  let tables: string[];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const deps = testDeps(t.db, { CHAT_RATE_LIMIT_PER_MINUTE: "1" });
    app = await createApp({ deps, ...(HAVE_BUILD ? { buildDir: BUILD_DIR } : {}) });
    // With a build, the page renderer loads in the background; /readyz says when it is in.
    await untilReady(app);
    await app.request("/api/blogs/seed", { method: "POST" });
    const reg = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Owner One", email: "owner@example.com", password: "correct horse battery", company: "Acme", industry: "Healthcare" }),
    });
    expect(reg.status).toBe(201);
    token = ((await reg.json()) as { token: string }).token;
    tables = await listTables(t.db);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("puts the security headers and the CSP on every kind of API answer", async () => {
    const json = { "content-type": "application/json" };
    const cases: [string, () => Response | Promise<Response>, number][] = [
      ["health", () => app.request("/healthz"), 200],
      ["readiness", () => app.request("/readyz"), 200],
      ["JSON 200", () => app.request("/api/blogs"), 200],
      ["JSON 400", () => app.request("/api/blogs?limit=abc"), 400],
      ["JSON 401", () => app.request("/api/auth/profile"), 401],
      ["JSON 403", () => app.request("/api/leads", { method: "POST", headers: { origin: "https://evil.example" } }), 403],
      ["JSON 404", () => app.request("/api/nope"), 404],
      ["JSON 413", () => app.request("/api/leads", { method: "POST", headers: json, body: "x".repeat(70_000) }), 413],
      ["JSON 415", () => app.request("/api/newsletter/subscribe", { method: "POST", body: "email=a" }), 415],
      ["JSON 201", () => app.request("/api/leads", { method: "POST", headers: json, body: STATE_CHANGING[3]!.body }), 201],
      ["authenticated", () => app.request("/api/auth/profile", { headers: { authorization: `Bearer ${token}` } }), 200],
      [
        "event stream",
        () => app.request("/api/chat", { method: "POST", headers: { ...json, accept: "text/event-stream" }, body: '{"message":"hi"}' }),
        200,
      ],
      ["JSON 429", () => app.request("/api/chat", { method: "POST", headers: json, body: '{"message":"hi"}' }), 429],
    ];
    for (const [name, send, status] of cases) {
      const res = await send();
      expect(res.status, name).toBe(status);
      expectSecurityHeaders(res, name);
      await res.text();
    }
  });

  it("gives each response its own CSP nonce", async () => {
    const a = (await app.request("/healthz")).headers.get("content-security-policy");
    const b = (await app.request("/healthz")).headers.get("content-security-policy");
    expect(a).not.toBe(b);
  });

  it("refuses every state-changing request from another site with 403, changing nothing", async () => {
    await settleMailDeliveries();
    const before = await snapshot(t.db, tables);
    for (const route of STATE_CHANGING) {
      for (const headers of [
        { origin: "https://evil.example" },
        { "sec-fetch-site": "cross-site" },
        { origin: "null" },
        { origin: "http://localhost:3000.evil.example" },
        { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
      ] as Record<string, string>[]) {
        const res = await app.request(route.path, {
          method: route.method,
          headers: { "content-type": "application/json", authorization: `Bearer ${token}`, ...headers },
          body: route.body,
        });
        const context = `${route.method} ${route.path} ${JSON.stringify(headers)}`;
        expect(res.status, context).toBe(403);
        expect(await res.json(), context).toEqual({ success: false, message: "Cross-site requests are not allowed." });
        expectSecurityHeaders(res, context);
      }
    }
    expect(await snapshot(t.db, tables)).toEqual(before);
  });

  it("lets the site's own origin through (the guard is not refusing everything)", async () => {
    const res = await app.request("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json", origin: "http://localhost:3000", "sec-fetch-site": "same-origin" },
      body: JSON.stringify({ email: "own.origin@example.com" }),
    });
    expect(res.status).toBe(200);
  });

  it("answers every authenticated API call with Cache-Control: no-store", async () => {
    const auth = { authorization: `Bearer ${token}`, "content-type": "application/json" };
    const calls: [string, RequestInit][] = [
      ["/api/auth/profile", { headers: auth }],
      ["/api/auth/session", { headers: auth }],
      ["/api/auth/profile", { method: "PUT", headers: auth, body: JSON.stringify({ company: "Acme Two" }) }],
      ["/api/auth/profile", { method: "PUT", headers: auth, body: "{bad json" }],
      ["/api/auth/login", { method: "POST", headers: auth, body: JSON.stringify({ email: "owner@example.com", password: "correct horse battery" }) }],
      ["/api/auth/verify-email/resend", { method: "POST", headers: auth }],
    ];
    for (const [p, init] of calls) {
      const res = await app.request(p, init);
      expect(res.status, p).toBeLessThan(500);
      expect(res.headers.get("cache-control") ?? "", `${init.method ?? "GET"} ${p} ${res.status}`).toMatch(/no-store/);
      await res.text();
    }
  });

  describe.skipIf(!HAVE_BUILD)(`pages (build at ${path.relative(process.cwd(), BUILD_DIR)})`, () => {
    it("puts the headers and a strict CSP (a nonce, or the scripts' hashes) on prerendered pages, server-rendered pages, assets and the 404 page", async () => {
      // Prerendered pages and the pages shared from the response cache (/blogs, /contact) allow their own inline
      // scripts by hash: one body serves every visitor; every other page carries a fresh nonce.
      const home = await app.request("/");
      expect(home.status).toBe(200);
      const html = await home.text();
      expectSecurityHeaders(home, "/", "hashes");
      expectScriptsAllowed(home, html, "/");
      expect(html).not.toMatch(/\son[a-z]+=["']/i);

      const hashed = ["/blogs", "/contact", "/ai-help", "/about"];
      for (const p of [...hashed, "/sign-in", "/get-started", "/no-such-page", "/robots.txt", "/sitemap.xml"]) {
        const res = await app.request(p);
        expect(res.status, p).toBeLessThan(500);
        expectSecurityHeaders(res, p, hashed.includes(p) ? "hashes" : "nonce");
        const text = await res.text();
        if (/^text\/html/.test(res.headers.get("content-type") ?? "")) expectScriptsAllowed(res, text, p);
      }
      const asset = /(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/.exec(html)?.[1];
      expect(asset).toBeTruthy();
      const a = await app.request(asset!);
      expect(a.status).toBe(200);
      expectSecurityHeaders(a, asset!);
    });

    it("refuses cross-site form posts to the pages' actions with 403", async () => {
      for (const p of PAGE_FORMS) {
        const res = await app.request(p, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
          body: "email=a%40b.co&password=x",
        });
        expect(res.status, p).toBe(403);
      }
    });

    it("marks a signed-in visitor's pages no-store", async () => {
      const res = await app.request("/templates", { headers: { cookie: `wp_session=${token}; wp_signed_in=1` } });
      expect(res.status).toBe(200);
      expect(res.headers.get("cache-control") ?? "").toMatch(/no-store/);
      await res.text();
    });
  });
});
