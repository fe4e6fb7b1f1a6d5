/**
 * Two server processes on one PostgreSQL database, as behind a load balancer:
 * likes sent to both at the same moment count once, a rate limit holds across
 * both, and the two lead-delivery workers never deliver a lead twice.
 */
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server";
import { type CrmServer, startCrmServer } from "../helpers/crm-server";
import { createTestDatabase, type TestDatabase } from "../helpers/databases";

const LEAD_LIMIT = 5;

describe.skipIf(!process.env.TEST_DATABASE_URL)("two server processes on one PostgreSQL database", () => {
  let pg: TestDatabase;
  let crm: CrmServer;
  let a: BuiltServer;
  let b: BuiltServer;

  beforeAll(async () => {
    pg = await createTestDatabase("postgres");
    crm = await startCrmServer();
    const env = { DATABASE_URL: pg.url, TRUST_PROXY: "true", CRM_WEB_TO_LEAD_URL: crm.url, LEAD_RATE_LIMIT_PER_HOUR: String(LEAD_LIMIT) };
    [a, b] = await Promise.all([startBuiltServer(env), startBuiltServer(env)]);
    expect((await fetch(`${a.url}/api/blogs/seed`, { method: "POST" })).status).toBe(200);
  });
  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await crm?.close();
    await pg?.drop();
  });

  const post = (server: BuiltServer, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  it("counts a like once per visitor and post, however many processes receive it at once", async () => {
    const posts = ((await (await fetch(`${b.url}/api/blogs`)).json()) as { data: { _id: number }[] }).data.map((p) => Number(p._id));
    const visitors = Array.from({ length: 25 }, () => randomBytes(24).toString("base64url"));
    const answers = await Promise.all(
      visitors.flatMap((v, i) => {
        const id = posts[i % posts.length]!;
        // The same like sent twice to each process simultaneously, each visitor from its own address (S11: new
        // likes of a post are limited per address and day).
        return [a, b, a, b].map(async (server) => {
          const res = await post(server, `/api/blogs/${id}/like`, undefined, { cookie: `wp_visitor=${v}`, "x-forwarded-for": `10.46.0.${i}` });
          expect(res.status).toBe(200);
          return { key: `${id}:${v}`, ...((await res.json()) as { data: { alreadyLiked: boolean; likes: number } }).data };
        });
      }),
    );
    const firsts = new Map<string, number>();
    for (const ans of answers) if (!ans.alreadyLiked) firsts.set(ans.key, (firsts.get(ans.key) ?? 0) + 1);
    // Exactly one of the four answers says "newly liked" for each visitor and post.
    expect(firsts.size).toBe(visitors.length);
    expect([...firsts.values()].every((n) => n === 1)).toBe(true);
    const rows = await pg.db.kysely.selectFrom("blogs").select(["id", "likes"]).execute();
    const recorded = await pg.db.kysely.selectFrom("blog_likes").select(["blog_id"]).execute();
    expect(recorded).toHaveLength(visitors.length);
    for (const row of rows) expect(Number(row.likes)).toBe(recorded.filter((r) => Number(r.blog_id) === Number(row.id)).length);
  });

  it("holds a rate limit across both processes", async () => {
    const ip = "10.44.0.1";
    const statuses = await Promise.all(
      Array.from({ length: LEAD_LIMIT * 3 }, (_, i) =>
        post(i % 2 ? a : b, "/api/leads", { firstName: "Rate", lastName: `Limit ${i}`, email: `rate-${i}@example.com`, phone: "12345", message: "limit" }, { "x-forwarded-for": ip }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 201)).toHaveLength(LEAD_LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(LEAD_LIMIT * 2);
  });

  it("delivers every lead to the CRM exactly once, with both workers running", async () => {
    const emails = Array.from({ length: 30 }, (_, i) => `both-${i}@example.com`);
    const statuses = await Promise.all(
      emails.map((email, i) =>
        post(i % 2 ? a : b, "/api/leads", { firstName: "Both", lastName: `Workers ${i}`, email, phone: "12345", message: "two workers" }, { "x-forwarded-for": `10.45.0.${i}` }).then(
          (r) => r.status,
        ),
      ),
    );
    expect(statuses.every((s) => s === 201)).toBe(true);
    const total = emails.length + LEAD_LIMIT;
    await crm.waitForRequests(total, 60_000);
    // Let both workers poll again: a lead claimed twice would arrive now.
    await new Promise((r) => setTimeout(r, 6_000));
    for (const email of emails) expect(crm.requestsFor(email), email).toHaveLength(1);
    expect(crm.requests).toHaveLength(total);
    const pending = await pg.db.kysely.selectFrom("leads").select(["id", "status"]).where("status", "!=", "delivered").execute();
    expect(pending).toEqual([]);
  });
});
