/**
 * The server is killed with SIGKILL at a random moment during a stream of
 * writes, 20 times over one SQLite database. After each kill the database
 * passes `pragma integrity_check`, every write the clients saw acknowledged
 * is there, and the next start opens it and serves.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server";

const KILLS = Number(process.env.FAULT_KILLS ?? 20);
const WRITERS = 6;

type Acked = { leads: string[]; subscribers: string[]; likes: { blogId: number; visitor: string }[] };

async function post(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

describe("SIGKILL during writes (SQLite)", () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-kill-"));
  const dbFile = path.join(dataDir, "site.db");
  let server: BuiltServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it(`loses no acknowledged write and never corrupts the file (${KILLS} kills)`, async () => {
    const acked: Acked = { leads: [], subscribers: [], likes: [] };
    let blogIds: number[] = [];
    let sent = 0;

    for (let round = 0; round < KILLS; round++) {
      // Each start is also the restart after the previous kill: it must open and migrate the database.
      server = await startBuiltServer({ TRUST_PROXY: "true", LEAD_RATE_LIMIT_PER_HOUR: "100000" }, { dataDir }).catch(
        (e: unknown) => {
          throw new Error(`round ${round}: the server did not start after the kill: ${(e as Error).message}`);
        },
      );
      // Ready once the database answers and the pages are loaded (a second or so after listening).
      const readyBy = Date.now() + 20_000;
      let ready = 0;
      while (ready !== 200 && Date.now() < readyBy) {
        ready = (await fetch(`${server.url}/readyz`)).status;
        if (ready !== 200) await new Promise((r) => setTimeout(r, 50));
      }
      expect(ready, `round ${round}: /readyz`).toBe(200);
      if (round === 0) {
        expect((await post(`${server.url}/api/blogs/seed`, undefined)).status).toBe(200);
        const list = (await (await fetch(`${server.url}/api/blogs?limit=50`)).json()) as { data: { _id: number }[] };
        blogIds = list.data.map((b) => Number(b._id));
      }

      // Writers run until the process dies under them.
      let alive = true;
      const writer = async (w: number) => {
        while (alive) {
          const n = ++sent;
          const ip = `10.${round}.${w}.${n % 250}`;
          const kind = n % 3;
          try {
            if (kind === 0) {
              const email = `kill-${n}@example.com`;
              const res = await post(
                `${server!.url}/api/leads`,
                { firstName: "Kill", lastName: `Test ${n}`, email, phone: "12345", message: `write ${n}` },
                { "x-forwarded-for": ip },
              );
              if (res.status === 201) acked.leads.push(email);
            } else if (kind === 1) {
              const email = `kill-sub-${n}@example.com`;
              const res = await post(`${server!.url}/api/newsletter/subscribe`, { email }, { "x-forwarded-for": ip });
              if (res.status === 200) acked.subscribers.push(email);
            } else {
              const blogId = blogIds[n % blogIds.length]!;
              const res = await post(`${server!.url}/api/blogs/${blogId}/like`, undefined, { "x-forwarded-for": ip });
              const visitor = /wp_visitor=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
              const body = (await res.json()) as { data?: { alreadyLiked: boolean } };
              if (res.status === 200 && visitor && body.data?.alreadyLiked === false) acked.likes.push({ blogId, visitor });
            }
          } catch {
            // The connection died with the process: this write was never acknowledged.
          }
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, w) => writer(w));
      await new Promise((r) => setTimeout(r, 150 + Math.random() * 600));
      await server.stop("SIGKILL");
      alive = false;
      await Promise.all(writers);

      // The file as the dead process left it: intact, and holding every acknowledged write.
      const db = new Database(dbFile);
      try {
        expect(db.pragma("integrity_check", { simple: true }), `round ${round}`).toBe("ok");
        const leads = new Set(db.prepare("select email from leads").pluck().all() as string[]);
        const subs = new Set(db.prepare("select email_normalized from subscribers").pluck().all() as string[]);
        const likes = new Set((db.prepare("select blog_id || ':' || visitor_id from blog_likes").pluck().all() as string[]));
        expect(acked.leads.filter((e) => !leads.has(e)), `round ${round}: acknowledged leads missing`).toEqual([]);
        expect(acked.subscribers.filter((e) => !subs.has(e)), `round ${round}: acknowledged subscriptions missing`).toEqual([]);
        expect(acked.likes.filter((l) => !likes.has(`${l.blogId}:${l.visitor}`)), `round ${round}: acknowledged likes missing`).toEqual([]);
        // A like counter never disagrees with the likes recorded.
        const drift = db
          .prepare("select b.id from blogs b where b.likes != (select count(*) from blog_likes l where l.blog_id = b.id)")
          .pluck()
          .all();
        expect(drift, `round ${round}: like counters out of step`).toEqual([]);
      } finally {
        db.close();
      }
    }
    // The stream really wrote while it was being killed.
    expect(acked.leads.length + acked.subscribers.length + acked.likes.length).toBeGreaterThan(KILLS * 3);

    // And a final restart serves normally.
    server = await startBuiltServer({}, { dataDir });
    expect((await fetch(`${server.url}/api/blogs`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/blogs`)).status).toBe(200);
    await server.stop();
  }, 240_000);
});
