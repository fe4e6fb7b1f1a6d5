import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createTestDatabase, type TestDatabase } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

describe("the HTTP host (API only, no build)", () => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;

  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    deps = testDeps(t.db);
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await t.drop();
  });

  it("answers /healthz and /readyz with JSON", async () => {
    const health = await app.request("/healthz");
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const ready = await app.request("/readyz");
    expect(ready.status).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready", database: "ok" });
  });

  it("answers unknown API paths with 404 JSON, for every method", async () => {
    for (const method of ["GET", "POST", "PUT", "DELETE", "PATCH"]) {
      const res = await app.request("/api/does-not-exist", { method, headers: { "content-type": "application/json" }, body: method === "GET" ? undefined : "{}" });
      expect(res.status, method).toBe(404);
      expect(await res.json()).toEqual({ success: false, message: "Not found." });
    }
  });

  it("refuses bodies over 64 KiB with 413", async () => {
    const res = await app.request("/api/anything", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ blob: "x".repeat(70 * 1024) }),
    });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, message: expect.stringContaining("64 KiB") });
  });

  it("refuses cross-site state-changing requests with 403", async () => {
    const foreign = await app.request("/api/anything", { method: "POST", headers: { origin: "https://evil.example" } });
    expect(foreign.status).toBe(403);
    const fetchSite = await app.request("/api/anything", { method: "POST", headers: { "sec-fetch-site": "cross-site" } });
    expect(fetchSite.status).toBe(403);
    const own = await app.request("/api/anything", { method: "POST", headers: { origin: "http://localhost:3000", "sec-fetch-site": "same-origin" } });
    expect(own.status).toBe(404);
    const read = await app.request("/api/anything", { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(read.status).toBe(404);
  });

  it("puts the security headers on every response and no X-Powered-By", async () => {
    for (const path of ["/healthz", "/api/nope"]) {
      const res = await app.request(path);
      expect(res.headers.get("content-security-policy")).toMatch(/script-src 'nonce-[^']+' 'strict-dynamic'/);
      expect(res.headers.get("strict-transport-security")).toMatch(/max-age=\d{8}/);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("x-powered-by")).toBeNull();
      expect(res.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("logs one JSON line per request, with the path but never the query string", async () => {
    await app.request("/api/nope?token=super-secret-token-value");
    const line = deps.logs.lines.map((l) => JSON.parse(l) as Record<string, unknown>).find((l) => l.path === "/api/nope");
    expect(line).toMatchObject({ method: "GET", path: "/api/nope", status: 404, msg: "request" });
    expect(typeof line?.ms).toBe("number");
    expect(typeof line?.reqId).toBe("string");
    expect(deps.logs.text).not.toContain("super-secret-token-value");
  });

  it("compresses JSON answers of 1 KiB or more for clients that accept it, and not for others", async () => {
    const { brotliDecompressSync, gunzipSync } = await import("node:zlib");
    await app.request("/api/blogs/seed", { method: "POST" });
    const plain = await app.request("/api/blogs");
    expect(plain.headers.get("content-encoding")).toBeNull();
    const expected = await plain.json();
    expect(JSON.stringify(expected).length).toBeGreaterThan(1024);

    const br = await app.request("/api/blogs", { headers: { "accept-encoding": "gzip, br" } });
    expect(br.headers.get("content-encoding")).toBe("br");
    const brBody = Buffer.from(await br.arrayBuffer());
    expect(Number(br.headers.get("content-length"))).toBe(brBody.length);
    expect(JSON.parse(brotliDecompressSync(brBody).toString())).toEqual(expected);

    const gz = await app.request("/api/blogs", { headers: { "accept-encoding": "gzip" } });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString())).toEqual(expected);

    // Tiny answers are not worth compressing.
    const small = await app.request("/api/nope", { headers: { "accept-encoding": "br" } });
    expect(small.headers.get("content-encoding")).toBeNull();
    expect(await small.json()).toEqual({ success: false, message: "Not found." });
  });

  it("reports not ready (503) when the database is gone", async () => {
    const other = await createTestDatabase("sqlite");
    const otherApp = await createApp({ deps: testDeps(other.db) });
    await other.db.close();
    const res = await otherApp.request("/readyz");
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: "unavailable", database: "unreachable" });
    await other.drop();
  });
});
