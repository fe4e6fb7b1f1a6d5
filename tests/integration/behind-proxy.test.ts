/**
 * The site as it runs behind a TLS-terminating reverse proxy (docs/findings.md S1, S3, S15): Node sees
 * http:// and the proxy's forwarded headers; the visitor's browser is on https://PUBLIC_URL.
 * The whole shape, with a real nginx or Caddy and Chromium, is tests/deploy/ (npm run test:deploy).
 */
import path from "node:path";
import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import type { AppEnv } from "../../server/context";
import { listLeads } from "../../server/services/leads/intake";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { untilReady } from "../helpers/test-site";

const HAVE_BUILD = buildPresent();
const PUBLIC_URL = "https://wp.test";
const FORM = "application/x-www-form-urlencoded";
const lead = (n: number | string) =>
  new URLSearchParams({ firstName: "Asha", lastName: `Proxy ${n}`, email: `proxy.${n}@example.com`, phone: "+91 98765 43210", message: "hi" }).toString();

/** A request as the proxy forwards it: Host kept, X-Forwarded-* added, the peer the proxy itself. */
function viaProxy(app: Hono<AppEnv>, p: string, init: RequestInit & { headers?: Record<string, string> }, peer = "127.0.0.1") {
  return app.request(`http://wp.test${p}`, init, { incoming: { socket: { remoteAddress: peer } } });
}

describe.each(testDatabaseKinds())("behind a reverse proxy on %s", (kind) => {
  let t: TestDatabase;
  let app: Hono<AppEnv>;
  let deps: ReturnType<typeof testDeps>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL, TRUST_PROXY: "true", LEAD_RATE_LIMIT_PER_HOUR: "10" });
    app = await createApp({ deps, ...(HAVE_BUILD ? { buildDir: path.resolve(buildDir()) } : {}) });
    await untilReady(app);
  });
  afterAll(async () => {
    await t?.drop();
  });

  describe.skipIf(!HAVE_BUILD)("page forms (S1)", () => {
    const proxied = { host: "wp.test", origin: PUBLIC_URL, "x-forwarded-proto": "https", "x-forwarded-for": "198.51.100.20", "content-type": FORM };

    it("accepts a page form posted from https://PUBLIC_URL through the proxy, without and with JavaScript (.data)", async () => {
      const plain = await viaProxy(app, "/contact", { method: "POST", headers: proxied, body: lead("plain") });
      expect(plain.status, await plain.clone().text()).toBe(303);
      const data = await viaProxy(app, "/contact.data", { method: "POST", headers: proxied, body: lead("data") });
      expect(data.status, await data.clone().text()).toBeLessThan(400);
      const emails = (await listLeads(deps)).map((l) => l.email);
      expect(emails).toEqual(expect.arrayContaining(["proxy.plain@example.com", "proxy.data@example.com"]));
    });

    it("accepts it when PUBLIC_URL is https on a loopback address (the deployment tests' shape)", async () => {
      const local = await createApp({ deps: testDeps(t.db, { PUBLIC_URL: "https://127.0.0.1:8443", TRUST_PROXY: "true" }), buildDir: path.resolve(buildDir()) });
      await untilReady(local);
      const res = await local.request(
        "http://127.0.0.1:8443/contact",
        { method: "POST", headers: { ...proxied, host: "127.0.0.1:8443", origin: "https://127.0.0.1:8443" }, body: lead("loopback-https") },
        { incoming: { socket: { remoteAddress: "127.0.0.1" } } },
      );
      expect(res.status, await res.clone().text()).toBe(303);
    });

    it("still refuses the form from another origin, and from the site's own name over plain http", async () => {
      for (const origin of ["https://evil.example", "http://wp.test"]) {
        const res = await viaProxy(app, "/contact", { method: "POST", headers: { ...proxied, origin }, body: lead(origin) });
        expect(res.status, origin).toBe(403);
      }
    });
  });

  describe("the cross-site guard (S15, DNS rebinding)", () => {
    it("refuses a foreign Origin even when the Host names the same foreign site", async () => {
      for (const p of ["/api/newsletter/subscribe", "/api/leads"]) {
        const res = await app.request(`http://rebound.example${p}`, {
          method: "POST",
          headers: { host: "rebound.example", origin: "http://rebound.example", "content-type": "application/json", "x-forwarded-for": "198.51.100.30" },
          body: JSON.stringify({ email: "rebound@example.com" }),
        });
        expect(res.status, p).toBe(403);
      }
    });

    it("in development, also takes the loopback name the dev server was opened at, and only a loopback one", async () => {
      const dev = await createApp({ deps: testDeps(t.db, { NODE_ENV: "development" }) });
      const post = (host: string, origin: string) =>
        dev.request(`http://${host}/api/newsletter/subscribe`, {
          method: "POST",
          headers: { host, origin, "content-type": "application/json", "x-forwarded-for": "198.51.100.32" },
          body: JSON.stringify({ email: `dev.${host.replace(/\W/g, "")}@example.com` }),
        });
      expect((await post("127.0.0.1:5173", "http://127.0.0.1:5173")).status).toBe(200);
      expect((await post("localhost:3000", "http://localhost:3000")).status).toBe(200);
      expect((await post("rebound.example:3000", "http://rebound.example:3000")).status).toBe(403);
      expect((await post("127.0.0.1:5173", "http://127.0.0.1:5174")).status).toBe(403);
    });

    it("run locally (PUBLIC_URL on localhost), also takes 127.0.0.1 as opened, and still no foreign name", async () => {
      const local = await createApp({ deps: testDeps(t.db, { NODE_ENV: "production", PUBLIC_URL: "http://localhost:3000" }) });
      const post = (host: string, origin: string) =>
        local.request(`http://${host}/api/newsletter/subscribe`, {
          method: "POST",
          headers: { host, origin, "content-type": "application/json" },
          body: JSON.stringify({ email: `local.${host.replace(/\W/g, "")}@example.com` }),
        });
      expect((await post("127.0.0.1:3000", "http://127.0.0.1:3000")).status).toBe(200);
      expect((await post("rebound.example:3000", "http://rebound.example:3000")).status).toBe(403);
    });

    it("lets PUBLIC_URL's origin through", async () => {
      const res = await app.request("http://127.0.0.1:3000/api/newsletter/subscribe", {
        method: "POST",
        headers: { origin: PUBLIC_URL, "content-type": "application/json", "x-forwarded-for": "198.51.100.31" },
        body: JSON.stringify({ email: "own.origin.proxy@example.com" }),
      });
      expect(res.status).toBe(200);
    });
  });

  describe("limits per client address (S3)", () => {
    // Leads: their limit counts per hour, so a run never straddles a window the way a per-minute one can.
    const sendLead = (forwardedFor: string, n: string) =>
      viaProxy(app, "/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json", origin: PUBLIC_URL, "x-forwarded-for": forwardedFor },
        body: JSON.stringify(Object.fromEntries(new URLSearchParams(lead(n)))),
      });

    it("counts the address the proxy appended, whatever the client wrote before it", async () => {
      const statuses: number[] = [];
      for (let i = 0; i < 14; i++) statuses.push((await sendLead(`10.66.${i}.1, 203.0.113.77`, `spoof-${i}`)).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
      // Another client behind the same proxy is not affected.
      expect((await sendLead("203.0.113.78", "spoof-other")).status).toBe(201);
    });

    it("counts an IPv6 client by its /64: 30 leads from one /64 are not all accepted", async () => {
      const statuses: number[] = [];
      for (let i = 1; i <= 30; i++) statuses.push((await sendLead(`2001:db8:77:1:${i.toString(16)}::${i}`, `v6-${i}`)).status);
      expect(statuses.filter((s) => s === 201)).toHaveLength(10);
      expect(statuses.filter((s) => s === 429)).toHaveLength(20);
      expect((await sendLead("2001:db8:77:2::1", "v6-other")).status).toBe(201);
    });

    it("with a list of trusted proxies, believes X-Forwarded-For only from them", async () => {
      const listed = await createApp({ deps: testDeps(t.db, { PUBLIC_URL, TRUST_PROXY: "10.9.0.0/16", LEAD_RATE_LIMIT_PER_HOUR: "2" }) });
      let n = 0;
      const send = (peer: string, forwardedFor: string) =>
        listed.request(
          "http://wp.test/api/leads",
          {
            method: "POST",
            headers: { "content-type": "application/json", "x-forwarded-for": forwardedFor },
            body: JSON.stringify(Object.fromEntries(new URLSearchParams(lead(`listed-${++n}`)))),
          },
          { incoming: { socket: { remoteAddress: peer } } },
        );
      // A client talking to Node directly cannot pose as many clients.
      const direct = [];
      for (let i = 0; i < 4; i++) direct.push((await send("203.0.113.90", `198.51.100.${i}`)).status);
      expect(direct).toEqual([201, 201, 429, 429]);
      // Through the listed proxy, each forwarded client counts on its own.
      for (let i = 0; i < 4; i++) expect((await send("10.9.0.5", `6.6.6.6, 198.51.100.${100 + i}`)).status).toBe(201);
    });
  });
});
