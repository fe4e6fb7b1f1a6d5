/**
 * Property-based tests for every API endpoint: hostile bodies, paths and
 * query strings never produce a 5xx; every refusal is a JSON 4xx with a
 * message; and a refused request changes nothing in the database.
 */
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { hostileBody, hostileQuery, hostileSearch, listTables, nastyString, type RawBody, rowCounts, snapshot } from "./fuzz-arbitraries";

const RUNS = Number(process.env.FUZZ_RUNS ?? 60);
// Seconds here; PostgreSQL on a busy shared machine can take far longer.
vi.setConfig({ testTimeout: 180_000 });

type Endpoint = {
  method: "POST" | "PUT";
  path: string;
  fields: string[];
  required: string[];
  /** Sends the signed-in user's bearer token, so the body check is reached. */
  auth?: boolean;
  /**
   * Rate-limit counters that count every attempt, refused ones included: that
   * is their job (a flood of bad requests is still a flood), so only the
   * rate_limits table may change.
   */
  countsAttempts?: boolean;
};

const LEAD_FIELDS = ["firstName", "lastName", "email", "phone", "message", "leadSource", "website"];

const JSON_ENDPOINTS: Endpoint[] = [
  { method: "POST", path: "/api/newsletter/subscribe", fields: ["email"], required: ["email"] },
  { method: "POST", path: "/api/newsletter/confirm", fields: ["token"], required: ["token"] },
  { method: "POST", path: "/api/newsletter/unsubscribe", fields: ["token"], required: ["token"] },
  { method: "POST", path: "/api/leads", fields: LEAD_FIELDS, required: ["firstName", "lastName", "email", "phone", "message"] },
  { method: "POST", path: "/api/chat", fields: ["message", "history", "industry"], required: ["message"], countsAttempts: true },
  { method: "POST", path: "/api/chat/intent", fields: ["message", "industry"], required: ["message"], countsAttempts: true },
  { method: "POST", path: "/api/chat/quick-replies", fields: ["message", "history"], required: ["message"], countsAttempts: true },
  {
    method: "POST",
    path: "/api/auth/register",
    fields: ["name", "email", "password", "company", "industry", "role"],
    required: ["name", "email", "password", "company", "industry"],
  },
  { method: "POST", path: "/api/auth/login", fields: ["email", "password"], required: ["email", "password"], countsAttempts: true },
  { method: "POST", path: "/api/auth/reset-password", fields: ["email"], required: ["email"], countsAttempts: true },
  { method: "POST", path: "/api/auth/reset-password/confirm", fields: ["token", "password"], required: ["token", "password"] },
  { method: "POST", path: "/api/auth/verify-email", fields: ["token"], required: ["token"] },
  { method: "POST", path: "/api/auth/social", fields: ["provider", "idToken", "nonce"], required: ["provider", "idToken", "nonce"] },
  { method: "PUT", path: "/api/auth/profile", fields: ["name", "company", "industry"], required: ["name", "company", "industry"], auth: true },
];

/** Endpoints whose body is not read: any body gets their normal answer and changes nothing (after the first seeding). */
const BODYLESS: { method: "POST" | "GET"; path: string }[] = [
  { method: "POST", path: "/api/blogs/seed" },
  { method: "POST", path: "/api/auth/signout" },
  { method: "POST", path: "/api/auth/verify-email/resend" },
  { method: "GET", path: "/api/auth/profile" },
  { method: "GET", path: "/api/auth/session" },
];

async function expectJsonError(res: Response, context: string): Promise<{ message: string }> {
  expect(res.status, context).toBeGreaterThanOrEqual(400);
  expect(res.status, context).toBeLessThan(500);
  expect(res.headers.get("content-type") ?? "", context).toMatch(/^application\/json/);
  const body = (await res.json()) as { success?: unknown; message?: unknown };
  expect(body.success, context).toBe(false);
  expect(typeof body.message, context).toBe("string");
  expect((body.message as string).length, context).toBeGreaterThan(0);
  return body as { message: string };
}

function describeBody(b: RawBody): string {
  return `${b.label} [${b.contentType}] ${b.body.length > 200 ? `${b.body.slice(0, 200)}… (${b.body.length} chars)` : b.body}`;
}

describe.each(testDatabaseKinds())("API fuzzing on %s", (kind) => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;
  let tables: string[];
  let token: string;
  let ipCounter = 0;
  // Each request comes from its own address, so the per-address limits never
  // stop a request before its body is checked.
  const nextIp = () => `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter++ & 255}`;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const deps = testDeps(t.db, { TRUST_PROXY: "true" });
    app = await createApp({ deps });
    await seedSampleBlogs(deps);
    const reg = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": nextIp() },
      body: JSON.stringify({ name: "Fuzz Owner", email: "fuzz.owner@example.com", password: "correct horse battery", company: "Acme", industry: "Healthcare" }),
    });
    expect(reg.status).toBe(201);
    token = ((await reg.json()) as { token: string }).token;
    // The verification mail is sent in the background; let it settle before the snapshots.
    await settleMailDeliveries();
    tables = await listTables(t.db);
    expect(tables).toEqual(expect.arrayContaining(["blogs", "leads", "subscribers", "users", "sessions", "mail_outbox", "rate_limits"]));
  });
  afterAll(async () => {
    await t?.drop();
  });

  for (const endpoint of JSON_ENDPOINTS) {
    it(`${endpoint.method} ${endpoint.path}: hostile bodies → JSON 4xx with a message, nothing stored`, async () => {
      const except = endpoint.countsAttempts ? ["rate_limits"] : [];
      const start = await snapshot(t.db, tables, { except });
      await fc.assert(
        fc.asyncProperty(hostileBody(endpoint.fields, endpoint.required), async (raw) => {
          const before = await rowCounts(t.db, tables, { except });
          const headers: Record<string, string> = { "x-forwarded-for": nextIp() };
          if (raw.contentType) headers["content-type"] = raw.contentType;
          if (endpoint.auth) headers.authorization = `Bearer ${token}`;
          const res = await app.request(endpoint.path, { method: endpoint.method, headers, body: raw.body });
          const context = `${endpoint.method} ${endpoint.path} ← ${describeBody(raw)}`;
          await expectJsonError(res, context);
          if (raw.label === "over the body cap") expect(res.status, context).toBe(413);
          // The body cap is checked before the content type.
          if (raw.label === "wrong content type") expect(res.status, context).toBe(Buffer.byteLength(raw.body) > 64 * 1024 ? 413 : 415);
          expect(await rowCounts(t.db, tables, { except }), context).toEqual(before);
        }),
        { numRuns: RUNS },
      );
      expect(await snapshot(t.db, tables, { except })).toEqual(start);
    });
  }

  for (const endpoint of BODYLESS) {
    it(`${endpoint.method} ${endpoint.path}: any body or query is ignored safely`, async () => {
      const start = await snapshot(t.db, tables);
      await fc.assert(
        fc.asyncProperty(hostileBody(["x"], ["x"]), hostileQuery, async (raw, query) => {
          const before = await rowCounts(t.db, tables);
          const headers: Record<string, string> = { "x-forwarded-for": nextIp() };
          if (raw.contentType) headers["content-type"] = raw.contentType;
          const res = await app.request(`${endpoint.path}?${query}`, {
            method: endpoint.method,
            headers,
            body: endpoint.method === "GET" ? undefined : raw.body,
          });
          const context = `${endpoint.method} ${endpoint.path}?${query.slice(0, 200)} ← ${describeBody(raw)}`;
          expect(res.status, context).toBeLessThan(500);
          expect(res.headers.get("content-type") ?? "", context).toMatch(/^application\/json/);
          const body = (await res.json()) as { success: boolean; message?: string };
          if (res.status >= 400) expect(typeof body.message, context).toBe("string");
          expect(await rowCounts(t.db, tables), context).toEqual(before);
        }),
        { numRuns: Math.ceil(RUNS / 2) },
      );
      expect(await snapshot(t.db, tables)).toEqual(start);
    });
  }

  it("GET /api/blogs: hostile query strings → 200 or a JSON 400 naming the problem, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(hostileQuery, async (query) => {
        const res = await app.request(`/api/blogs?${query}`);
        const context = `GET /api/blogs?${query.slice(0, 300)}`;
        expect(res.status, context).toBeLessThan(500);
        const body = (await res.json()) as { success: boolean; message?: string; data?: unknown[] };
        if (res.status === 200) expect(Array.isArray(body.data), context).toBe(true);
        else await expectJsonError(new Response(JSON.stringify(body), { status: res.status, headers: res.headers }), context);
      }),
      { numRuns: RUNS },
    );
  });

  it("GET /api/blogs?search=: NUL, control characters and FTS5 syntax → 200 with a list, never a 4xx or 5xx (S12)", async () => {
    await fc.assert(
      fc.asyncProperty(hostileSearch, async (search) => {
        const res = await app.request(`/api/blogs?search=${encodeURIComponent(search)}`);
        const context = `GET /api/blogs?search=${JSON.stringify(search)}`;
        expect(res.status, context).toBe(200);
        const body = (await res.json()) as { success: boolean; data?: unknown[] };
        expect(body.success && Array.isArray(body.data), context).toBe(true);
      }),
      { numRuns: RUNS },
    );
  });

  it("GET /api/blogs: a query string near the body cap (many keys, long values) is refused or answered, never a 5xx", async () => {
    const many = Array.from({ length: 3000 }, (_, i) => `k${i}=${"%25".repeat(5)}`).join("&");
    for (const q of [many, `search=${"%25".repeat(20_000)}`, `category=${"a".repeat(60_000)}`, `cursor=${"_".repeat(99)}`]) {
      const res = await app.request(`/api/blogs?${q}`);
      expect(res.status, q.slice(0, 80)).toBeLessThan(500);
      await res.body?.cancel();
    }
  });

  it("GET /api/blogs/:slug and POST /api/blogs/:id/like: hostile path segments → JSON 4xx, no view or like counted", async () => {
    const start = await snapshot(t.db, tables);
    await fc.assert(
      fc.asyncProperty(nastyString, fc.boolean(), async (segment, like) => {
        const encoded = encodeURIComponent(segment.replace(/[\ud800-\udfff]/g, "\ufffd"));
        if (encoded === "" || encoded === "seed") return;
        const before = await rowCounts(t.db, tables);
        const path = like ? `/api/blogs/${encoded}/like` : `/api/blogs/${encoded}`;
        const res = await app.request(path, { method: like ? "POST" : "GET", headers: { "x-forwarded-for": nextIp() } });
        await expectJsonError(res, path.slice(0, 200));
        expect(await rowCounts(t.db, tables), path.slice(0, 200)).toEqual(before);
      }),
      { numRuns: RUNS },
    );
    // Views and likes are counters inside rows: only the full snapshot sees them.
    expect(await snapshot(t.db, tables)).toEqual(start);
  });

  it("unknown API paths and methods → JSON 404/405-style 4xx, never a 5xx", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"),
        fc.array(nastyString, { minLength: 1, maxLength: 3 }),
        async (method, parts) => {
          const path = `/api/${parts.map((p) => encodeURIComponent(p.replace(/[\ud800-\udfff]/g, "\ufffd")) || "x").join("/")}`;
          const res = await app.request(path, { method, headers: { "content-type": "application/json", "x-forwarded-for": nextIp() }, body: method === "GET" ? undefined : "{}" });
          expect(res.status, `${method} ${path}`).toBeLessThan(500);
          await res.body?.cancel();
        },
      ),
      { numRuns: RUNS },
    );
  });
});
