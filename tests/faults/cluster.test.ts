/**
 * WEB_CONCURRENCY=2: two server processes share one port (node:cluster) on one SQLite file. Both answer; what each
 * keeps in memory (the response cache, view batches) never hides another's write; likes from both count exactly
 * once; a killed process is logged and replaced; SIGTERM lets every process finish its requests in flight.
 */
import http from "node:http";
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, buildPresent, startBuiltServer } from "../helpers/built-server";
import { POST_PAGE_TTL_MS } from "../../server/pages/cached-post-page";

/** One request on a new connection (the primary hands each connection to the next process in turn). */
function get(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { connection: "close", ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
      res.on("error", reject);
    });
    req.on("error", reject);
  });
}

function post(url: string, headers: Record<string, string> = {}): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: "POST", agent: false, headers: { connection: "close", ...headers } }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (d: string) => (body += d));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function pids(server: BuiltServer, tries = 20): Promise<Set<number>> {
  const seen = new Set<number>();
  for (let i = 0; i < tries; i++) seen.add((JSON.parse((await get(`${server.url}/__test/pid`)).body) as { pid: number }).pid);
  return seen;
}

async function until(what: string, check: () => boolean | Promise<boolean>, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const listening = (server: BuiltServer) => server.output().split("\n").filter((l) => l.includes('"msg":"server process listening"')).length;

describe.skipIf(!buildPresent())("two server processes on one port (WEB_CONCURRENCY=2, SQLite)", () => {
  let server: BuiltServer;

  beforeAll(async () => {
    server = await startBuiltServer({ WEB_CONCURRENCY: "2", TRUST_PROXY: "true" });
    await until("both processes to listen", () => listening(server) >= 2);
    expect((await post(`${server.url}/api/blogs/seed`)).status).toBe(200);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers from both processes; the database was migrated once, by the primary", async () => {
    expect((await pids(server)).size).toBe(2);
    expect(server.output().split("\n").filter((l) => l.includes('"msg":"migrations applied"'))).toHaveLength(1);
    expect(server.output()).toContain('"msg":"primary started"');
  });

  it("counts likes sent to both processes at once exactly once, and every process shows them once its cache's lifetime has passed", async () => {
    const list = JSON.parse((await get(`${server.url}/api/blogs?limit=3`)).body) as { data: { _id: number; slug: string; likes: number }[] };
    const target = list.data[0]!;
    const visitors = Array.from({ length: 30 }, () => randomBytes(24).toString("base64url"));
    // Each visitor's like twice, on separate connections (so spread over both processes), all at once.
    const answers = await Promise.all(
      visitors.flatMap((v) => [0, 1].map(() => post(`${server.url}/api/blogs/${target._id}/like`, { cookie: `wp_visitor=${v}`, "x-forwarded-for": `10.9.${visitors.indexOf(v)}.1` }))),
    );
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    const fresh = answers.filter((a) => !(JSON.parse(a.body) as { data: { alreadyLiked: boolean } }).data.alreadyLiked);
    expect(fresh).toHaveLength(visitors.length);
    const expected = target.likes + visitors.length;
    // Whichever process answers, from its cache or not, the listing and the post page show the new count once an
    // answer cached before the likes has expired (the listings 1 s, the post pages 5 s: decision 0007).
    await new Promise((r) => setTimeout(r, POST_PAGE_TTL_MS + 200));
    for (let i = 0; i < 6; i++) {
      const again = JSON.parse((await get(`${server.url}/api/blogs?limit=3`)).body) as { data: { slug: string; likes: number }[] };
      expect(again.data.find((b) => b.slug === target.slug)?.likes).toBe(expected);
      const page = await get(`${server.url}/blog/${target.slug}`);
      expect(page.body).toMatch(new RegExp(`data-testid="likes"[^>]*>${expected}<`));
    }
  });

  it("logs a killed process and starts another in its place", async () => {
    const before = await pids(server);
    expect(before.size).toBe(2);
    const victim = [...before][0]!;
    process.kill(victim, "SIGKILL");
    await until("the crash to be logged", () => server.output().includes('"msg":"server process exited; starting another"'));
    expect(server.output()).toMatch(new RegExp(`"pid":${victim},"code":null,"signal":"SIGKILL"`));
    await until("a new process to listen", () => listening(server) >= 3);
    const after = await pids(server);
    expect(after.size).toBe(2);
    expect(after.has(victim)).toBe(false);
  });

  it("drains every process on SIGTERM: requests in flight on both are answered, then all exit", async () => {
    // Slow requests on separate connections: the primary hands them to both processes.
    const slow = Array.from({ length: 6 }, () => get(`${server.url}/__test/slow?ms=1500`));
    await until("the slow requests to be in flight", async () => {
      const counts = await Promise.all(Array.from({ length: 6 }, () => get(`${server.url}/__test/in-flight`)));
      return counts.some((c) => (JSON.parse(c.body) as { inFlight: number }).inFlight > 0);
    });
    const code = server.stop("SIGTERM");
    const answers = await Promise.all(slow);
    expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
    expect(await code).toBe(0);
    expect(server.output()).toContain('"msg":"all server processes stopped"');
    expect(server.output().split("\n").filter((l) => l.includes('"msg":"stopped"')).length).toBeGreaterThanOrEqual(2);
    await expect(get(`${server.url}/healthz`)).rejects.toThrow();
  });
});
