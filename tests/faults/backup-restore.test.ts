/**
 * Backups taken while 200 connections write (issue 32): `npm run backup` runs in the middle of a stream of leads,
 * subscriptions and likes, the server is then killed with SIGKILL, and `npm run restore` brings the backup back into
 * a new database. Every write acknowledged before the backup started is there, the like counters agree with the
 * likes, and the database passes its integrity check; the restored site starts and serves. SQLite always,
 * PostgreSQL (pg_dump) when TEST_DATABASE_URL is set.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { type BuiltServer, startBuiltServer } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind, testDatabaseKinds } from "../helpers/databases";

const CONNECTIONS = 200;
const TSX = path.resolve("node_modules/.bin/tsx");

type Ack = { kind: "lead" | "subscriber" | "like"; key: string; at: number };

/** Runs an npm script's file as the operator would, without blocking the writers in this process. */
function script(name: string, args: string[], env: Record<string, string>): Promise<{ status: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(TSX, [`scripts/${name}.ts`, ...args], { env: { ...process.env, ...env, NODE_ENV: "production" } });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    const timer = setTimeout(() => child.kill("SIGKILL"), 120_000);
    child.on("close", (status) => {
      clearTimeout(timer);
      resolve({ status, out });
    });
  });
}

async function waitReady(url: string) {
  for (let i = 0; i < 200; i++) {
    if ((await fetch(`${url}/readyz`).catch(() => null))?.status === 200) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("the server never became ready");
}

describe.each(testDatabaseKinds())("backup under load, SIGKILL, restore (%s)", (kind: TestDatabaseKind) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-backup-"));
  const cleanup: Array<() => Promise<unknown>> = [];
  let server: BuiltServer | undefined;
  afterAll(async () => {
    await server?.stop("SIGKILL").catch(() => {});
    for (const c of cleanup) await c().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it(`keeps every write acknowledged before the backup (${CONNECTIONS} connections)`, async () => {
    let source: TestDatabase | undefined;
    let restored: TestDatabase | undefined;
    if (kind === "postgres") {
      source = await createTestDatabase("postgres");
      restored = await createTestDatabase("postgres", { migrate: false });
      cleanup.push(() => source!.drop(), () => restored!.drop());
      await source.db.close();
      await restored.db.close();
    }
    const sourceUrl = source?.url ?? path.join(dir, "site", "site.db");
    const restoredUrl = restored?.url ?? path.join(dir, "restored", "site.db");
    const env = { TRUST_PROXY: "true", LEAD_RATE_LIMIT_PER_HOUR: "1000000", DATABASE_URL: sourceUrl };
    server = await startBuiltServer(env, { dataDir: path.join(dir, "site") });
    await waitReady(server.url);
    expect((await fetch(`${server.url}/api/blogs/seed`, { method: "POST" })).status).toBe(200);
    const blogIds = ((await (await fetch(`${server.url}/api/blogs?limit=50`)).json()) as { data: { _id: number }[] }).data.map((b) => Number(b._id));

    const acks: Ack[] = [];
    let alive = true;
    let sent = 0;
    const post = (p: string, body: unknown, ip: string) =>
      fetch(`${server!.url}${p}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": ip },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
    const writer = async (w: number) => {
      while (alive) {
        const n = ++sent;
        const ip = `10.${w % 250}.${Math.floor(n / 250) % 250}.${n % 250}`;
        try {
          if (n % 3 === 0) {
            const email = `backup-${n}@example.com`;
            const res = await post("/api/leads", { firstName: "Backup", lastName: `Lead ${n}`, email, phone: "9876543210", message: `write ${n}` }, ip);
            if (res.status === 201) acks.push({ kind: "lead", key: email, at: Date.now() });
          } else if (n % 3 === 1) {
            const email = `backup-sub-${n}@example.com`;
            const res = await post("/api/newsletter/subscribe", { email }, ip);
            if (res.status === 200) acks.push({ kind: "subscriber", key: email, at: Date.now() });
          } else {
            const blogId = blogIds[n % blogIds.length]!;
            const res = await post(`/api/blogs/${blogId}/like`, undefined, ip);
            const visitor = /wp_visitor=([^;]+)/.exec(res.headers.get("set-cookie") ?? "")?.[1];
            const body = (await res.json()) as { data?: { alreadyLiked: boolean } };
            if (res.status === 200 && visitor && body.data?.alreadyLiked === false) acks.push({ kind: "like", key: `${blogId}:${visitor}`, at: Date.now() });
          }
        } catch {
          // The connection died with the process: never acknowledged.
        }
      }
    };
    const writers = Array.from({ length: CONNECTIONS }, (_, w) => writer(w));
    // Until a good number of writes are in (bounded: the machine may be slow).
    for (const until = Date.now() + 20_000; acks.length < 150 && Date.now() < until; ) await new Promise((r) => setTimeout(r, 100));

    const backupDir = path.join(dir, "backups");
    const backupStarted = Date.now();
    const backup = await script("backup", [], { DATABASE_URL: sourceUrl, BACKUP_DIR: backupDir, BACKUP_KEEP: "3" });
    expect(backup.status, backup.out).toBe(0);
    const writtenDuring = acks.filter((a) => a.at >= backupStarted).length;
    await new Promise((r) => setTimeout(r, 500));
    await server.stop("SIGKILL");
    server = undefined;
    alive = false;
    await Promise.all(writers);

    const files = fs.readdirSync(backupDir);
    expect(files).toHaveLength(1);
    expect(files[0]).toMatch(kind === "sqlite" ? /^wise-parrot-\d{8}T\d{9}Z\.db$/ : /^wise-parrot-\d{8}T\d{9}Z\.pgdump$/);
    const restore = await script("restore", [path.join(backupDir, files[0]!)], { DATABASE_URL: restoredUrl });
    expect(restore.status, restore.out).toBe(0);

    const before = acks.filter((a) => a.at < backupStarted);
    // The stream really wrote before and while the backup ran.
    expect(before.length).toBeGreaterThan(50);
    expect(writtenDuring).toBeGreaterThan(0);

    const db = await openDatabase(restoredUrl);
    try {
      if (kind === "sqlite") {
        const check = await sql<{ integrity_check: string }>`pragma integrity_check`.execute(db.kysely);
        expect(check.rows.map((r) => r.integrity_check)).toEqual(["ok"]);
      }
      const k = db.kysely;
      const leads = new Set((await k.selectFrom("leads").select("email").execute()).map((r) => r.email));
      const subs = new Set((await k.selectFrom("subscribers").select("email_normalized").execute()).map((r) => r.email_normalized));
      const likes = new Set((await k.selectFrom("blog_likes").select(["blog_id", "visitor_id"]).execute()).map((r) => `${r.blog_id}:${r.visitor_id}`));
      const have = { lead: leads, subscriber: subs, like: likes };
      expect(before.filter((a) => !have[a.kind].has(a.key)), "writes acknowledged before the backup but missing").toEqual([]);
      const drift = await sql<{ id: number }>`select b.id from blogs b where b.likes <> (select count(*) from blog_likes l where l.blog_id = b.id)`.execute(k);
      expect(drift.rows, "like counters out of step with the likes").toEqual([]);
    } finally {
      await db.close();
    }

    // The restored database serves.
    server = await startBuiltServer({ DATABASE_URL: restoredUrl }, { dataDir: path.join(dir, "restored") });
    await waitReady(server.url);
    const list = (await (await fetch(`${server.url}/api/blogs?limit=50`)).json()) as { data: unknown[] };
    expect(list.data).toHaveLength(blogIds.length);
    await server.stop();
    server = undefined;
  }, 180_000);
});
