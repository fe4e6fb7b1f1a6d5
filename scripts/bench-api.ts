/**
 * `npm run bench:api`: seeds 10,000 posts into a temporary SQLite database,
 * starts the production build on a loopback port and measures, with
 * autocannon (50 connections, a bounded time each), the blog endpoints and a
 * static file as the baseline. Needs a build: set WP_BUILD_DIR (default build-e2e).
 *
 * BENCH_SECONDS (default 10) bounds each run; BENCH_POSTS (default 10000) the data; BENCH_DRAFT_SHARE (default 0,
 * e.g. 0.5) makes that share of the posts drafts, spread evenly over the dates (the newest post stays published),
 * as a studio's blog with unpublished work would hold.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { parseConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import { createLogger } from "../server/logger";
import { insertBlogs } from "../server/services/blog/posts";
import type { BlogInput } from "../server/services/blog/types";
import { buildDir, startBuiltServer } from "../tests/helpers/built-server";

// autocannon ships no type declarations; these are the parts used here.
type BenchRequest = { method?: string; path?: string; headers?: Record<string, string> };
type BenchOptions = {
  url: string;
  headers?: Record<string, string>;
  connections?: number;
  duration?: number;
  requests?: Array<BenchRequest & { setupRequest?: (req: BenchRequest) => BenchRequest }>;
};
type BenchResult = {
  "2xx": number;
  requests: { average: number };
  latency: { p50: number; p99: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: BenchOptions) => Promise<BenchResult>;

const POSTS = Number(process.env.BENCH_POSTS ?? 10_000);
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60);
const DRAFT_SHARE = Math.min(Math.max(Number(process.env.BENCH_DRAFT_SHARE ?? 0) || 0, 0), 0.99);
const CONNECTIONS = 50;

const CATEGORIES = ["Growth Strategy", "Case Study", "Healthcare", "Real Estate", "Technology", "Tips & Tricks"];
const WORDS = "lead follow-up booking clinic agency buyer patient reminder visit enquiry whatsapp assistant growth customer conversion pipeline label sequence appointment campaign review referral".split(" ");
const SENTENCES = [
  "Every enquiry deserves an answer within a minute, at any hour of the day.",
  "Qualify leads with two or three natural questions inside the conversation.",
  "A short follow-up sequence keeps you in the customer's mind without being pushy.",
  "Reminders the day before a visit reduce no-shows noticeably.",
  "Label each lead as hot, warm or cold so the team knows where to start.",
  "Measure reply speed, booked next steps and paying customers every week.",
  "Hand over to a person as soon as the customer asks to negotiate.",
  "Keep the assistant's knowledge current with a weekly update of your offers.",
];

function pick<T>(list: readonly T[], n: number): T {
  return list[n % list.length]!;
}

/** Deterministic, varied posts: the searched phrase appears in about 1 post in 100. */
function post(i: number): BlogInput {
  const rare = i % 100 === 7 ? " Pune dental chain" : "";
  return {
    slug: `bench-post-${i}`,
    title: `${pick(WORDS, i)} ${pick(WORDS, i * 7 + 3)} playbook ${i}${rare}`,
    excerpt: `${pick(SENTENCES, i)} ${pick(SENTENCES, i + 3)}`,
    author: "Bench Team",
    date: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000).toISOString(),
    readTime: `${(i % 9) + 3} min read`,
    category: pick(CATEGORIES, i),
    featured: i % 10 === 0,
    tags: [pick(WORDS, i), pick(WORDS, i + 5), pick(WORDS, i + 11), pick(WORDS, i + 13)],
    sections: Array.from({ length: 4 }, (_, s) => ({
      title: `${pick(WORDS, i + s)} step ${s + 1}`,
      content: Array.from({ length: 3 }, (_, p) => `${pick(SENTENCES, i + s + p)} ${pick(SENTENCES, i * 3 + p)} ${pick(SENTENCES, i + 2 * p + 1)}`),
    })),
  };
}

type Row = { name: string; rps: number; p50: number; p99: number; errors: number; non2xx: number; ok: number };

/** What a browser sends: every measured answer may come compressed, as it would to a visitor. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

async function measure(name: string, opts: BenchOptions): Promise<Row> {
  const result = await autocannon({ connections: CONNECTIONS, duration: SECONDS, headers: BROWSER_HEADERS, ...opts });
  return {
    name,
    ok: result["2xx"],
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-bench-"));
  const databaseUrl = path.join(dir, "bench.db");
  try {
    process.stdout.write(`seeding ${POSTS} posts into ${databaseUrl}…\n`);
    const db = await openDatabase(databaseUrl);
    await migrateToLatest(db);
    const deps = { config: parseConfig({ DATABASE_URL: databaseUrl }), db, log: createLogger("warn") };
    const started = performance.now();
    for (let i = 0; i < POSTS; i += 500) {
      await insertBlogs(deps, Array.from({ length: Math.min(500, POSTS - i) }, (_, k) => post(i + k)));
    }
    if (DRAFT_SHARE > 0) {
      // Post i is a draft by a multiplicative hash of i: the share, spread over dates, categories and featured alike.
      const drafts = Array.from({ length: POSTS - 1 }, (_, i) => i).filter((i) => (Math.imul(i + 1, 2654435761) >>> 0) % 1000 < DRAFT_SHARE * 1000);
      for (let k = 0; k < drafts.length; k += 500) {
        await db.kysely
          .updateTable("blogs")
          .set({ status: "draft" })
          .where("slug", "in", drafts.slice(k, k + 500).map((i) => `bench-post-${i}`))
          .execute();
      }
      process.stdout.write(`${drafts.length} of the posts are drafts\n`);
    }
    await db.close();
    process.stdout.write(`seeded in ${Math.round(performance.now() - started)} ms; starting ${buildDir()}…\n`);

    // Every bench request comes from 127.0.0.1: the like run (a new visitor each) would meet the per-address
    // allowance after a handful; it measures the like path itself, the allowance's counter included.
    const server = await startBuiltServer(
      // WEB_CONCURRENCY=2 (or any) runs that many server processes; one by default, as before.
      {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "info",
        LIKES_PER_POST_PER_ADDRESS_PER_DAY: "100000000",
        // Requests without X-Forwarded-For stay 127.0.0.1; the analytics run names an address per request.
        TRUST_PROXY: "true",
        ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
      },
      { dataDir: dir },
    );
    try {
      const slug = `bench-post-${POSTS - 1}`;
      const one = (await (await fetch(`${server.url}/api/blogs/${slug}`)).json()) as { data: { id: number } };
      const check = await (await fetch(`${server.url}/api/blogs?search=pune%20dental&limit=12`)).json() as { data: unknown[] };
      process.stdout.write(`search sample returns ${check.data.length} posts\n`);

      const rows: Row[] = [];
      const run = async (name: string, opts: BenchOptions) => {
        process.stdout.write(`  ${name}…\n`);
        rows.push(await measure(name, opts));
      };
      await run("static /favicon.svg (baseline)", { url: `${server.url}/favicon.svg` });
      await run("GET /api/blogs", { url: `${server.url}/api/blogs` });
      await run("GET /api/blogs?search=pune dental", { url: `${server.url}/api/blogs?search=pune%20dental` });
      await run("GET /api/blogs?category&featured", { url: `${server.url}/api/blogs?category=Healthcare&featured=true` });
      // A GET of the post (API or page), cached page or not, counts one view per client address and hour: here
      // every request comes from 127.0.0.1, whose view the first GET above counted, so none (one if the runs
      // cross the hour).
      const viewsBefore = await views(server.databaseUrl, slug);
      await run(`GET /api/blogs/{slug}`, { url: `${server.url}/api/blogs/${slug}` });
      await run(`GET /blog/{slug} (server-rendered)`, { url: `${server.url}/blog/${slug}` });
      const counted = (await views(server.databaseUrl, slug)) - viewsBefore;
      const answered = rows[4]!.ok + rows[5]!.ok;
      // The same page with first-party analytics off (the browser sends DNT: nothing is recorded) and on (a browser
      // that does not, each request a new visitor: a visit row and an event row per page, the costliest case).
      const DOCUMENT = { "sec-fetch-dest": "document", "user-agent": BENCH_UA };
      // Both runs build each request anew (a new agent each: the client's own cost is the same in both).
      let visitorNo = 0;
      // A new visitor from a new address each time (TRUST_PROXY: the forwarded address counts): one address is held to a
      // few visitors and 60 views a minute (issue 26), and the costliest case is a visitor the bounds let through.
      const newVisitor = (req: BenchRequest): BenchRequest => {
        const n = ++visitorNo;
        return { ...req, headers: { ...req.headers, "user-agent": `${BENCH_UA} bench/${n}`, "x-forwarded-for": `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` } };
      };
      await run(`GET /blog/{slug} analytics off (DNT)`, {
        url: server.url,
        headers: { ...BROWSER_HEADERS, ...DOCUMENT, dnt: "1" },
        requests: [{ method: "GET", path: `/blog/${slug}`, setupRequest: newVisitor }],
      });
      const eventsBefore = await analyticsEvents(server.databaseUrl);
      await run(`GET /blog/{slug} analytics on (new visitor each)`, {
        url: server.url,
        headers: { ...BROWSER_HEADERS, ...DOCUMENT },
        requests: [{ method: "GET", path: `/blog/${slug}`, setupRequest: newVisitor }],
      });
      const analyticsOff = rows[rows.length - 2]!;
      const analyticsOn = rows[rows.length - 1]!;
      await new Promise((r) => setTimeout(r, 1_000));
      const recordedViews = (await analyticsEvents(server.databaseUrl)) - eventsBefore;
      await run(`POST /api/blogs/{id}/like (new visitor each)`, {
        url: server.url,
        requests: [
          {
            method: "POST",
            path: `/api/blogs/${one.data.id}/like`,
            setupRequest: (req) => ({ ...req, headers: { ...req.headers, cookie: `wp_visitor=${randomBytes(24).toString("base64url")}` } }),
          },
        ],
      });

      // The listing's query itself: a request with credentials is never answered from the response cache.
      const uncached = { authorization: "Bearer bench-not-a-session", ...BROWSER_HEADERS };
      await run("GET /api/blogs (uncached)", { url: `${server.url}/api/blogs`, headers: uncached });
      await run("GET /api/blogs?category&page=40 (uncached)", { url: `${server.url}/api/blogs?category=Healthcare&page=40`, headers: uncached });

      const base = rows[0]!.rps || 1;
      const pad = (s: string | number, n: number) => String(s).padStart(n);
      process.stdout.write(
        `\n${POSTS} posts, ${CONNECTIONS} connections, ${SECONDS} s each, Accept-Encoding "${BROWSER_HEADERS["accept-encoding"]}", ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}\n`,
      );
      process.stdout.write(`${"endpoint".padEnd(46)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("errors", 8)}${pad("non-2xx", 9)}${pad("vs static", 11)}\n`);
      for (const r of rows) {
        process.stdout.write(
          `${r.name.padEnd(46)}${pad(r.rps, 8)}${pad(r.p50, 8)}${pad(r.p99, 8)}${pad(r.errors, 8)}${pad(r.non2xx, 9)}${pad(`${((r.rps / base) * 100).toFixed(0)}%`, 11)}\n`,
        );
      }
      const list = rows[1]!;
      const search = rows[2]!;
      const page = rows[5]!;
      const like = rows.find((r) => r.name.startsWith("POST /api/blogs/{id}/like"))!;
      const ratio = (r: { rps: number }) => `${((r.rps / base) * 100).toFixed(0)} % of static`;
      process.stdout.write(
        [
          "",
          `targets: zero errors ${rows.every((r) => r.errors === 0 && r.non2xx === 0) ? "met" : "NOT met"};`,
          `list/search p99 < 50 ms ${list.p99 < 50 && search.p99 < 50 ? "met" : "NOT met"} (${list.p99} / ${search.p99});`,
          `post page >= 3000 req/s ${page.rps >= 3000 ? "met" : "NOT met"} (${page.rps}, ${ratio(page)});`,
          `like >= 2000 req/s ${like.rps >= 2000 ? "met" : "NOT met"} (${like.rps}, ${ratio(like)});`,
          `the post's ${answered} GETs from one address counted once an hour ${counted <= 1 ? "yes" : "NO"} (${counted} more views);`,
          `post page with analytics on >= 90 % of off ${analyticsOn.rps >= 0.9 * analyticsOff.rps ? "met" : "NOT met"} (${analyticsOn.rps} / ${analyticsOff.rps} = ${((analyticsOn.rps / (analyticsOff.rps || 1)) * 100).toFixed(0)} %; ${recordedViews} views recorded for ${analyticsOn.ok} pages answered)`,
          "",
        ].join("\n"),
      );
    } finally {
      await server.stop();
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const BENCH_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Page views and goals the analytics recorded, read from the database file the server uses. */
async function analyticsEvents(databaseUrl: string): Promise<number> {
  const db = await openDatabase(databaseUrl);
  try {
    const row = await db.kysely.selectFrom("analytics_events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    return Number(row.n);
  } finally {
    await db.close();
  }
}

/** The post's stored view count, read from the database file the server uses. */
async function views(databaseUrl: string, slug: string): Promise<number> {
  const db = await openDatabase(databaseUrl);
  try {
    const row = await db.kysely.selectFrom("blogs").select("views").where("slug", "=", slug).executeTakeFirstOrThrow();
    return Number(row.views);
  } finally {
    await db.close();
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`${(error as Error).stack ?? String(error)}\n`);
  process.exit(1);
});
