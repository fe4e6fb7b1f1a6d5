/**
 * `npm run bench:api`: seeds 10,000 posts into a temporary SQLite database,
 * starts the production build on a loopback port and measures, with
 * autocannon (50 connections, a bounded time each), the blog endpoints, pages, a like and a static file as the
 * baseline: requests/s, latency and the server's CPU per request, in interleaved rounds after a warm-up.
 * Needs a build: set WP_BUILD_DIR (default build-e2e).
 *
 * BENCH_SECONDS (default 3) bounds each row's run in a round, BENCH_ROUNDS (default 5) the rounds,
 * BENCH_WARMUP_SECONDS (default 2) each row's warm-up; BENCH_ROWS (a regular expression) keeps only the rows it
 * names (and the static baseline); BENCH_SERVER_NODE_ARGS passes node flags to the server (e.g. --cpu-prof); BENCH_POSTS (default 10000) the data; BENCH_DRAFT_SHARE (default 0,
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
import { subscribeDomainEvents } from "../server/subscribers";
import { buildDir, startBuiltServer } from "../tests/helpers/built-server";
import { cpuMeter, loadAverage, median } from "./server-cpu";

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
/** Seconds per row and round, rounds, and the warm-up's seconds per row. */
const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 3), 60);
const ROUNDS = Math.min(Math.max(Number(process.env.BENCH_ROUNDS ?? 5), 1), 20);
const WARMUP_SECONDS = Math.min(Number(process.env.BENCH_WARMUP_SECONDS ?? 2), 30);
const DRAFT_SHARE = Math.min(Math.max(Number(process.env.BENCH_DRAFT_SHARE ?? 0) || 0, 0), 0.99);
/** BENCH_CONNECTIONS (default 50): connections per row. */
const CONNECTIONS = Math.min(Math.max(Number(process.env.BENCH_CONNECTIONS ?? 50), 1), 1000);

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

type Sample = { rps: number; p50: number; p99: number; errors: number; non2xx: number; ok: number; total: number; cpuMs: number };
type Row = { name: string; opts: BenchOptions | (() => BenchOptions); samples: Sample[]; around?: { before: () => Promise<void>; after: () => Promise<void> } };

/** What a browser sends: every measured answer may come compressed, as it would to a visitor. */
const BROWSER_HEADERS = { "accept-encoding": "gzip, deflate, br" };

async function measure(opts: BenchOptions, seconds: number): Promise<Omit<Sample, "cpuMs">> {
  const result = await autocannon({ connections: CONNECTIONS, duration: seconds, headers: BROWSER_HEADERS, ...opts });
  return {
    ok: result["2xx"],
    total: result["2xx"] + result.non2xx,
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
    // As the server does at start: a post written here is indexed for the assistant (decision 0059).
    subscribeDomainEvents();
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

    const server = await startBuiltServer(
      // WEB_CONCURRENCY=2 (or any) runs that many server processes; one by default, as before.
      {
        DATABASE_URL: databaseUrl,
        LOG_LEVEL: "info",
        // Requests without X-Forwarded-For stay 127.0.0.1; the analytics and like rows name an address per request.
        TRUST_PROXY: "true",
        ...(process.env.WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.WEB_CONCURRENCY } : {}),
      },
      { dataDir: dir, ...(process.env.BENCH_SERVER_NODE_ARGS ? { nodeArgs: process.env.BENCH_SERVER_NODE_ARGS.split(/\s+/).filter(Boolean) } : {}) },
    );
    // The server logs a line per request: the harness keeps none of it (it would cost this process memory and CPU).
    server.process.stdout?.removeAllListeners("data");
    server.process.stdout?.resume();
    const cpu = cpuMeter(() => [server.process.pid]);
    try {
      const slug = `bench-post-${POSTS - 1}`;
      const one = (await (await fetch(`${server.url}/api/blogs/${slug}`)).json()) as { data: { id: number } };
      const check = await (await fetch(`${server.url}/api/blogs?search=pune%20dental&limit=12`)).json() as { data: unknown[] };
      process.stdout.write(`search sample returns ${check.data.length} posts\n`);

      // The same page with first-party analytics off (the browser sends DNT: nothing is recorded) and on (a browser
      // that does not, each request a new visitor: a visit row and an event row per page, the costliest case).
      const DOCUMENT = { "sec-fetch-dest": "document", "user-agent": BENCH_UA };
      let visitorNo = 0;
      // A new visitor from a new address each time (TRUST_PROXY: the forwarded address counts): one address is held to a
      // few visitors and 60 views a minute (issue 26), and the costliest case is a visitor the bounds let through.
      const address = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const newVisitor = (req: BenchRequest): BenchRequest => {
        const n = ++visitorNo;
        return { ...req, headers: { ...req.headers, "user-agent": `${BENCH_UA} bench/${n}`, "x-forwarded-for": address(n) } };
      };
      // A like as a real new visitor sends it: no cookie yet, from an address not seen before (so the per-address
      // allowance row is created too).
      const newLiker = (req: BenchRequest): BenchRequest => {
        const n = ++visitorNo;
        return { ...req, headers: { ...req.headers, cookie: `wp_visitor=${randomBytes(24).toString("base64url")}`, "x-forwarded-for": address(n) } };
      };
      // A GET of the post (API or page), cached page or not, counts one view per client address and hour: the two
      // rows below come from 127.0.0.1, whose view the first GET above counted, so none (one if the runs cross the hour).
      let counted = 0;
      let answeredGets = 0;
      let viewsBefore = 0;
      const countViews = {
        before: async () => {
          viewsBefore = await views(server.databaseUrl, slug);
        },
        after: async () => {
          counted += (await views(server.databaseUrl, slug)) - viewsBefore;
        },
      };
      let eventsBefore = 0;
      let recordedViews = 0;
      const countEvents = {
        before: async () => {
          eventsBefore = await analyticsEvents(server.databaseUrl);
        },
        after: async () => {
          // The analytics batch is written within a second.
          await new Promise((r) => setTimeout(r, 1_100));
          recordedViews += (await analyticsEvents(server.databaseUrl)) - eventsBefore;
        },
      };
      // The listing's query itself: a request with credentials is never answered from the response cache.
      const uncached = { authorization: "Bearer bench-not-a-session", ...BROWSER_HEADERS };
      const allRows: Row[] = [
        { name: "static /favicon.svg (baseline)", opts: { url: `${server.url}/favicon.svg` }, samples: [] },
        { name: "GET /api/blogs", opts: { url: `${server.url}/api/blogs` }, samples: [] },
        { name: "GET /api/blogs?search=pune dental", opts: { url: `${server.url}/api/blogs?search=pune%20dental` }, samples: [] },
        { name: "GET /api/blogs?search=playbook (all match)", opts: { url: `${server.url}/api/blogs?search=playbook` }, samples: [] },
        { name: "GET /api/blogs?category&featured", opts: { url: `${server.url}/api/blogs?category=Healthcare&featured=true` }, samples: [] },
        { name: "GET /api/blogs/{slug}", opts: { url: `${server.url}/api/blogs/${slug}` }, samples: [], around: countViews },
        { name: "GET /blog/{slug} (server-rendered)", opts: { url: `${server.url}/blog/${slug}` }, samples: [], around: countViews },
        {
          // Each GET a new reader (a new address): its view is written (batched) before it is answered.
          name: "GET /api/blogs/{slug} (new reader)",
          opts: { url: server.url, requests: [{ method: "GET", path: `/api/blogs/${slug}`, setupRequest: newVisitor }] },
          samples: [],
        },
        {
          name: "GET /blog/{slug} analytics off (DNT)",
          opts: { url: server.url, headers: { ...BROWSER_HEADERS, ...DOCUMENT, dnt: "1" }, requests: [{ method: "GET", path: `/blog/${slug}`, setupRequest: newVisitor }] },
          samples: [],
        },
        {
          name: "GET /blog/{slug} analytics on (new visitor)",
          opts: { url: server.url, headers: { ...BROWSER_HEADERS, ...DOCUMENT }, requests: [{ method: "GET", path: `/blog/${slug}`, setupRequest: newVisitor }] },
          samples: [],
          around: countEvents,
        },
        {
          name: "POST /api/blogs/{id}/like (new visitor)",
          opts: { url: server.url, requests: [{ method: "POST", path: `/api/blogs/${one.data.id}/like`, setupRequest: newLiker }] },
          samples: [],
        },
        // Pages that show only the site's content (decision 0024: cached renders keyed by the content version).
        { name: "GET / (home)", opts: { url: `${server.url}/` }, samples: [] },
        { name: "GET /hi (home, Hindi)", opts: { url: `${server.url}/hi` }, samples: [] },
        { name: "GET /about", opts: { url: `${server.url}/about` }, samples: [] },
        { name: "GET /blogs", opts: { url: `${server.url}/blogs` }, samples: [] },
        { name: "GET /contact", opts: { url: `${server.url}/contact` }, samples: [] },
        { name: "GET /rss.xml", opts: { url: `${server.url}/rss.xml` }, samples: [] },
        { name: "GET /api/blogs (uncached)", opts: { url: `${server.url}/api/blogs`, headers: uncached }, samples: [] },
        // A search's own cost (issue 47, item 7): a phrase in 1 post in 100, a phrase in every post.
        { name: "GET /api/blogs?search=pune dental (uncached)", opts: { url: `${server.url}/api/blogs?search=pune%20dental`, headers: uncached }, samples: [] },
        { name: "GET /api/blogs?search=step 1 (all, uncached)", opts: { url: `${server.url}/api/blogs?search=step%201`, headers: uncached }, samples: [] },
        { name: "GET /blogs?search=step 1 (page, all match)", opts: { url: `${server.url}/blogs?search=step%201` }, samples: [] },
        { name: "GET /api/blogs?category&page=40 (uncached)", opts: { url: `${server.url}/api/blogs?category=Healthcare&page=40`, headers: uncached }, samples: [] },
      ];
      // BENCH_ROWS=like|favicon keeps the rows whose names match (the static baseline always stays).
      const only = process.env.BENCH_ROWS ? new RegExp(process.env.BENCH_ROWS, "i") : null;
      const rows = allRows.filter((r, i) => i === 0 || !only || only.test(r.name));

      const runRow = async (row: Row, seconds: number, keep: boolean) => {
        const opts = typeof row.opts === "function" ? row.opts() : row.opts;
        if (keep) await row.around?.before();
        cpu.mark();
        const m = await measure(opts, seconds);
        const cpuMs = cpu.used().total;
        if (keep) {
          await row.around?.after();
          row.samples.push({ ...m, cpuMs });
          if (row.around === countViews) answeredGets += m.ok;
        }
      };
      // The warm-up: every row once (JIT, first renders, caches filled), figures left out.
      process.stdout.write(`warm-up: ${rows.length} rows, ${WARMUP_SECONDS} s each…\n`);
      for (const row of rows) await runRow(row, WARMUP_SECONDS, false);
      // Interleaved rounds: every row once per round, in the same order, so that the rows of one round share the
      // machine's state (other work on a shared machine comes and goes over minutes); the figures are medians over
      // the rounds, the ratios taken within each round.
      const loads: string[] = [];
      for (let round = 1; round <= ROUNDS; round++) {
        process.stdout.write(`round ${round}/${ROUNDS} (load ${loadAverage()})…\n`);
        loads.push(loadAverage());
        for (const row of rows) await runRow(row, SECONDS, true);
      }

      const pid = server.process.pid!;
      const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
      const kbOf = (field: string) => Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0) / 1024);
      const memory = `server resident memory after the rounds ${kbOf("VmRSS")} MB (peak ${kbOf("VmHWM")} MB)`;
      const base = rows[0]!;
      const pad = (s: string | number, n: number) => String(s).padStart(n);
      const cpuPer = (s: Sample) => (s.total ? s.cpuMs / s.total : 0);
      const med = (row: Row, f: (s: Sample, i: number) => number) => median(row.samples.map(f));
      process.stdout.write(
        `\n${POSTS} posts, ${CONNECTIONS} connections, ${ROUNDS} interleaved rounds of ${SECONDS} s per row after ${WARMUP_SECONDS} s of warm-up each, ` +
          `Accept-Encoding "${BROWSER_HEADERS["accept-encoding"]}", ${os.cpus().length} CPUs; load at each round: ${loads.join(" | ")}; now ${loadAverage()}\n` +
          `Medians over the rounds; "vs static" is the round's ratio to the static file, then the median of those. Server CPU is user + system of the server's processes (/proc) over the row's run, divided by its answers.\n`,
      );
      process.stdout.write(
        `${"endpoint".padEnd(46)}${pad("req/s", 8)}${pad("p50 ms", 8)}${pad("p99 ms", 8)}${pad("CPU ms", 8)}${pad("errors", 8)}${pad("non-2xx", 9)}${pad("rps/static", 12)}${pad("CPU/static", 12)}\n`,
      );
      for (const r of rows) {
        const rpsRatio = med(r, (s, i) => s.rps / (base.samples[i]!.rps || 1));
        const cpuRatio = med(r, (s, i) => cpuPer(s) / (cpuPer(base.samples[i]!) || 1));
        const errors = r.samples.reduce((a, s) => a + s.errors, 0);
        const non2xx = r.samples.reduce((a, s) => a + s.non2xx, 0);
        process.stdout.write(
          `${r.name.padEnd(46)}${pad(Math.round(med(r, (s) => s.rps)), 8)}${pad(med(r, (s) => s.p50), 8)}${pad(med(r, (s) => s.p99), 8)}${pad(med(r, cpuPer).toFixed(3), 8)}${pad(errors, 8)}${pad(non2xx, 9)}${pad(`${(rpsRatio * 100).toFixed(0)}%`, 12)}${pad(`${cpuRatio.toFixed(2)}x`, 12)}\n`,
        );
      }
      const find = (prefix: string) => rows.find((r) => r.name.startsWith(prefix));
      const lines = ["", `targets: zero errors ${rows.every((r) => r.samples.every((s) => s.errors === 0 && s.non2xx === 0)) ? "met" : "NOT met"};`];
      const page = find("GET /blog/{slug} (server");
      if (page) lines.push(`post page CPU <= 0.25 ms ${med(page, cpuPer) <= 0.25 ? "met" : "NOT met"} (${med(page, cpuPer).toFixed(3)} ms);`);
      const like = find("POST /api/blogs/{id}/like");
      if (like) lines.push(`like from a new visitor CPU <= 0.4 ms ${med(like, cpuPer) <= 0.4 ? "met" : "NOT met"} (${med(like, cpuPer).toFixed(3)} ms);`);
      if (find("GET /api/blogs/{slug}") || page)
        lines.push(`the post's ${answeredGets} GETs from one address counted once an hour ${counted <= 1 ? "yes" : "NO"} (${counted} more views);`);
      const on = find("GET /blog/{slug} analytics on");
      const off = find("GET /blog/{slug} analytics off");
      if (on && off) {
        const onRps = med(on, (s) => s.rps);
        const offRps = med(off, (s) => s.rps);
        const answered = on.samples.reduce((a, s) => a + s.ok, 0);
        lines.push(
          `post page with analytics on >= 90 % of off ${onRps >= 0.9 * offRps ? "met" : "NOT met"} (${onRps} / ${offRps} = ${((onRps / (offRps || 1)) * 100).toFixed(0)} %; ${recordedViews} views recorded for ${answered} pages answered)`,
        );
      }
      process.stdout.write(`${memory}\n${lines.join("\n")}\n\n`);
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
