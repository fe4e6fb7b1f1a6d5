/**
 * `npx tsx scripts/bench-listing.ts`: the listing's queries themselves, without HTTP or the response cache, on a
 * temporary database (SQLite, or PostgreSQL with BENCH_DATABASE_URL=postgres://…/db, dropped after) holding
 * BENCH_POSTS posts (default 10000) of which BENCH_DRAFT_SHARE (default 0.5) are drafts. Prints p50/p99 of
 * `listBlogs` (first page, a category's 40th page, a search) and `blogStats`, over BENCH_ROUNDS calls each (default
 * 300), and the query plan of the first page. Bounded: one connection, one query at a time.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { parseConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { createLogger } from "../server/logger";
import { blogStats, listBlogs } from "../server/services/blog/listing";
import { insertBlogs } from "../server/services/blog/posts";
import { subscribeDomainEvents } from "../server/subscribers";

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SHARE = Math.min(Math.max(Number(process.env.BENCH_DRAFT_SHARE ?? 0.5) || 0, 0), 0.99);
const ROUNDS = Math.min(Number(process.env.BENCH_ROUNDS ?? 300), 2_000);
const CATEGORIES = ["Growth Strategy", "Case Study", "Healthcare", "Real Estate", "Technology", "Tips & Tricks"];

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-bench-listing-"));
  const pgAdmin = process.env.BENCH_DATABASE_URL;
  const name = `wp_bench_${Date.now().toString(36)}`;
  let url = path.join(dir, "bench.db");
  if (pgAdmin) {
    const admin = await openDatabase(pgAdmin);
    await sql.raw(`create database ${name}`).execute(admin.kysely);
    await admin.close();
    const u = new URL(pgAdmin);
    u.pathname = `/${name}`;
    url = u.href;
  }
  const db = await openDatabase(url, { poolSize: 1 });
  try {
    await migrateToLatest(db);
    const deps = { config: parseConfig({ DATABASE_URL: url }), db, log: createLogger("warn") };
    // As the server does at start: a post written here is indexed for the assistant (decision 0059).
    subscribeDomainEvents();
    for (let i = 0; i < POSTS; i += 500) {
      await insertBlogs(
        deps,
        Array.from({ length: Math.min(500, POSTS - i) }, (_, k) => {
          const n = i + k;
          return {
            slug: `bench-${n}`,
            title: `Playbook ${n}${n % 100 === 7 ? " pune dental" : ""}`,
            excerpt: "Every enquiry deserves an answer within a minute.",
            author: "Bench",
            date: new Date(Date.UTC(2020, 0, 1) + n * 3_600_000).toISOString(),
            readTime: "5 min read",
            category: CATEGORIES[n % CATEGORIES.length]!,
            featured: n % 10 === 0,
            tags: ["lead", "growth"],
            sections: [{ title: "Step", content: ["Reminders the day before a visit reduce no-shows.", "Label each lead as hot, warm or cold."] }],
          };
        }),
      );
    }
    const drafts = Array.from({ length: POSTS - 1 }, (_, i) => i).filter((i) => (Math.imul(i + 1, 2654435761) >>> 0) % 1000 < SHARE * 1000);
    for (let k = 0; k < drafts.length; k += 500) {
      await db.kysely.updateTable("blogs").set({ status: "draft" }).where("slug", "in", drafts.slice(k, k + 500).map((i) => `bench-${i}`)).execute();
    }
    // A database in steady state: PostgreSQL has vacuumed (index-only scans need the visibility map).
    if (db.dialect === "postgres") await sql`vacuum analyze blogs`.execute(db.kysely);
    else await sql`analyze`.execute(db.kysely);

    const time = async (label: string, fn: () => Promise<unknown>) => {
      for (let i = 0; i < 20; i++) await fn();
      const ms: number[] = [];
      for (let i = 0; i < ROUNDS; i++) {
        const t = performance.now();
        await fn();
        ms.push(performance.now() - t);
      }
      ms.sort((a, b) => a - b);
      const q = (p: number) => ms[Math.min(ms.length - 1, Math.floor(p * ms.length))]!.toFixed(2);
      process.stdout.write(`${label.padEnd(40)} p50 ${q(0.5).padStart(7)} ms   p99 ${q(0.99).padStart(7)} ms\n`);
    };
    const first = await listBlogs(deps, {});
    process.stdout.write(`${db.dialect}: ${POSTS} posts, ${drafts.length} drafts; the first page lists ${first.data.length}\n`);
    await time("listBlogs first page", () => listBlogs(deps, {}));
    await time("listBlogs category, page 40", () => listBlogs(deps, { category: "Healthcare", page: 40 }));
    await time("listBlogs featured", () => listBlogs(deps, { featured: true }));
    await time("listBlogs search 'pune dental'", () => listBlogs(deps, { search: "pune dental" }));
    await time("blogStats", () => blogStats(deps));
    const plan =
      db.dialect === "sqlite"
        ? await sql<Record<string, unknown>>`explain query plan select * from blogs where status = 'published' order by published_at desc, id desc limit 13`.execute(db.kysely)
        : await sql<Record<string, unknown>>`explain select * from blogs where status = 'published' order by published_at desc, id desc limit 13`.execute(db.kysely);
    if (process.env.BENCH_EXPLAIN) {
      for (const q of [
        sql`explain analyze select * from blogs where status = 'published' and category = 'Healthcare' order by published_at desc, id desc limit 13 offset 468`,
        sql`explain analyze select count(*), sum(views), sum(likes) from blogs where status = 'published'`,
        sql`explain analyze select * from blogs where status = 'published' and id in (select id from blogs where search_text like '%pune dental%' limit 300) order by published_at desc, id desc limit 13`,
      ]) {
        const r = await q.execute(db.kysely);
        process.stdout.write(`${(r.rows as Record<string, unknown>[]).map((x) => String(x["QUERY PLAN"] ?? x.detail)).join("\n")}\n`);
      }
    }
    process.stdout.write(`plan of the first page: ${plan.rows.map((r) => String(r.detail ?? r["QUERY PLAN"])).join(" | ")}\n`);
  } finally {
    await db.close();
    fs.rmSync(dir, { recursive: true, force: true });
    if (pgAdmin) {
      const admin = await openDatabase(pgAdmin);
      await sql.raw(`drop database if exists ${name} with (force)`).execute(admin.kysely);
      await admin.close();
    }
  }
}

void main();
