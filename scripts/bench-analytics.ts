/**
 * `npm run bench:analytics`: 1,000,000 analytics events (page views and goals) over 90 days, written straight into a
 * fresh database as the recorder would have left them; the finished days rolled up as the worker does; then every
 * dashboard query (7, 30 and 90 days, filtered by a source and by a page, the CSV's data, realtime) timed many times:
 * the first run (the sums of the roll-ups not yet kept by the process), p50 and p99, the target being p99 < 200 ms;
 * then the same 90-day dashboard through the studio's API (GET /api/studio/analytics, in process, as an owner).
 * Each dashboard also reads the period before (its comparison) and the last 30 days' funnel. Also: database size per million events, roll-up time.
 * Each query is timed twice: as it runs (today's raw rows reused for RAW_REUSE_MS across dashboards) and with that
 * reuse dropped before every run ("cold raw"); beside the wall time, this process's CPU time per run, which the
 * machine's load does not inflate (on SQLite the whole query runs in this process; on PostgreSQL only its client side).
 *
 * SQLite always; PostgreSQL too when TEST_DATABASE_URL is set (a new database beside it, dropped afterwards).
 * BENCH_EVENTS (default 1,000,000) and BENCH_REPEAT (default 30 runs per query) bound it.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { sql } from "kysely";
import { parseConfig } from "../server/config";
import type { Deps } from "../server/context";
import { createLogger } from "../server/logger";
import { analyticsDashboard, parseDashboardQuery } from "../server/services/analytics/dashboard";
import { DAY_MS, dayOf } from "../server/services/analytics/record";
import { forgetRawReads } from "../server/services/analytics/reports";
import { rollUpAndPrune } from "../server/services/analytics/rollup";
import { createApp } from "../server/app";
import { createTestDatabase, type TestDatabaseKind } from "../tests/helpers/databases";
import { staffWithSession } from "../tests/helpers/studio-staff";

const EVENTS = Math.min(Number(process.env.BENCH_EVENTS ?? 1_000_000), 5_000_000);
const REPEAT = Math.min(Number(process.env.BENCH_REPEAT ?? 30), 200);
const DAYS = 90;

const PAGES = ["/", "/about", "/blogs", "/contact", "/ai-help", "/templates", "/get-started", "/privacy", ...Array.from({ length: 60 }, (_, i) => `/blog/post-${i}`)];
const SOURCES = [
  "",
  "",
  "",
  "google.com",
  "google.co.in",
  "bing.com",
  "facebook.com",
  "l.facebook.com",
  "linkedin.com",
  "instagram.com",
  "m.instagram.com",
  "l.instagram.com",
  "newsletter",
  "t.co",
  "duckduckgo.com",
  "youtube.com",
  "wa.me",
  "partner.example",
  "news.example",
];
const SYSTEMS = ["Android", "Android", "Android", "iOS", "iOS", "Windows", "Windows", "macOS", "Linux", "Chrome OS", "Other"];
const DEVICES = ["desktop", "desktop", "mobile", "mobile", "mobile", "tablet"];
const BROWSERS = ["Chrome", "Chrome", "Chrome", "Safari", "Safari", "Firefox", "Edge", "Samsung Internet", "Other"];
const GOALS = ["book-demo", "whatsapp", "lead", "newsletter", "signup", "chat"];

let seed = 42;
const rand = (n: number) => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed % n;
};
/** Skewed toward the first items, as real top lists are. */
const skewed = <T>(list: readonly T[]) => list[Math.min(list.length - 1, Math.floor(list.length * Math.random() ** 2.5))]!;

async function seed90Days(deps: Deps, now: number): Promise<void> {
  const db = deps.db.kysely;
  const today = dayOf(now);
  const perDay = Math.ceil(EVENTS / DAYS);
  let total = 0;
  for (let d = DAYS - 1; d >= 0 && total < EVENTS; d--) {
    const day = today - d;
    const dayEnd = Math.min((day + 1) * DAY_MS, now);
    const span = dayEnd - day * DAY_MS;
    const events: { at: number; day: number; visitor: string; name: string; path: string }[] = [];
    const visits: Record<string, string | number>[] = [];
    while (events.length < perDay && total + events.length < EVENTS) {
      const visitor = randomBytes(12).toString("base64url");
      let at = day * DAY_MS + rand(span);
      const views = 1 + (rand(100) < 45 ? 0 : rand(6));
      const source = SOURCES[rand(SOURCES.length)]!;
      let entry = "";
      for (let v = 0; v < views; v++) {
        const path = skewed(PAGES);
        entry ||= path;
        events.push({ at, day, visitor, name: "pageview", path });
        at = Math.min(dayEnd - 1, at + 30_000 + rand(120_000));
      }
      if (rand(100) < 6) events.push({ at, day, visitor, name: GOALS[rand(GOALS.length)]!, path: skewed(PAGES) });
      visits.push({
        day,
        visitor,
        started_at: day * DAY_MS,
        entry_path: entry,
        source,
        referrer: source === "newsletter" ? "" : source,
        utm_source: source === "newsletter" ? "newsletter" : "",
        utm_medium: source === "newsletter" ? "email" : "",
        utm_campaign: source === "newsletter" ? `issue-${day % 12}` : "",
        device: DEVICES[rand(DEVICES.length)]!,
        browser: BROWSERS[rand(BROWSERS.length)]!,
        os: SYSTEMS[rand(SYSTEMS.length)]!,
        views,
      });
    }
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < visits.length; i += 500) await trx.insertInto("analytics_visits").values(visits.slice(i, i + 500) as never).execute();
      for (let i = 0; i < events.length; i += 1000) await trx.insertInto("analytics_events").values(events.slice(i, i + 1000)).execute();
    });
    total += events.length;
    if (d % 15 === 0) process.stdout.write(`  ${total} events…\n`);
  }
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function benchOne(kind: TestDatabaseKind) {
  const t = await createTestDatabase(kind);
  try {
    const deps: Deps = { config: parseConfig({ DATABASE_URL: t.url, ANALYTICS_RAW_DAYS: String(DAYS), TRUST_PROXY: "true" }), db: t.db, log: createLogger("warn") };
    const now = Date.now();
    process.stdout.write(`\n${kind}: seeding ${EVENTS} events over ${DAYS} days…\n`);
    let started = performance.now();
    await seed90Days(deps, now);
    const seeded = performance.now() - started;
    started = performance.now();
    const rolled = await rollUpAndPrune(deps, now);
    const rollupMs = performance.now() - started;
    // The planner's statistics, as PostgreSQL's autovacuum and SQLite's optimize would have them.
    await sql`analyze`.execute(t.db.kysely);

    const count = Number((await t.db.kysely.selectFrom("analytics_events").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    let bytes: number;
    if (kind === "sqlite") {
      await sql`pragma wal_checkpoint(truncate)`.execute(t.db.kysely);
      bytes = fs.statSync(t.url).size;
    } else {
      const row = await sql<{ b: string }>`select sum(pg_total_relation_size(c.oid))::bigint as b from pg_class c where c.relname in ('analytics_events','analytics_visits','analytics_daily','analytics_salts')`.execute(t.db.kysely);
      bytes = Number(row.rows[0]?.b ?? 0);
    }

    const top = await analyticsDashboard(deps, parseDashboardQuery({ period: "90d" }, now), now);
    const topSource = top.sources.find((s) => s.source !== "")?.source ?? "";
    const topPage = top.pages[0]?.path ?? "/";
    const queries: Array<[string, Record<string, string>]> = [
      ["7 days", { period: "7d" }],
      ["30 days", { period: "30d" }],
      ["90 days", { period: "90d" }],
      [`90 days, source=${topSource}`, { period: "90d", source: topSource }],
      [`90 days, page=${topPage}`, { period: "90d", page: topPage }],
      ["30 days, page=/blog/post-30", { period: "30d", page: "/blog/post-30" }],
      ["7 days, source=news.example", { period: "7d", source: "news.example" }],
      ["30 days, source=instagram (grouped)", { period: "30d", source: "instagram" }],
    ];
    const lines: string[] = [];
    let worst = 0;
    let worstCold = 0;
    const ms = (n: number) => `${n.toFixed(1).padStart(7)} ms`;
    for (const [name, input] of queries) {
      const run = async (cold: boolean) => {
        const times: number[] = [];
        const cpu: number[] = [];
        for (let i = 0; i < REPEAT; i++) {
          if (cold) forgetRawReads(t.db);
          const c = process.cpuUsage();
          const s = performance.now();
          await analyticsDashboard(deps, parseDashboardQuery(input, now), now);
          times.push(performance.now() - s);
          const used = process.cpuUsage(c);
          cpu.push((used.user + used.system) / 1000);
        }
        const first = times[0]!;
        times.sort((a, b) => a - b);
        cpu.sort((a, b) => a - b);
        return { first, p50: percentile(times, 50), p99: percentile(times, 99), cpu50: percentile(cpu, 50) };
      };
      const warm = await run(false);
      const cold = await run(true);
      worst = Math.max(worst, warm.p99);
      worstCold = Math.max(worstCold, cold.p99);
      lines.push(
        `  ${name.padEnd(40)} first ${ms(warm.first)}   p50 ${ms(warm.p50)}   p99 ${ms(warm.p99)}   cpu p50 ${ms(warm.cpu50)}   | cold raw: p50 ${ms(cold.p50)}   p99 ${ms(cold.p99)}   cpu p50 ${ms(cold.cpu50)}`,
      );
    }
    // The same dashboard as the studio asks for it: GET /api/studio/analytics through the whole server (session, second
    // factor, guards, JSON), in this process (no network), signed in as an owner.
    const app = await createApp({ deps });
    const owner = await staffWithSession(deps, `bench.owner.${kind}@example.com`, "owner");
    const api: number[] = [];
    for (let i = 0; i < REPEAT; i++) {
      const s = performance.now();
      const res = await app.request("http://127.0.0.1/api/studio/analytics?period=90d", { headers: { authorization: `Bearer ${owner.token}`, "x-forwarded-for": "203.0.113.9" } });
      const body = await res.text();
      api.push(performance.now() - s);
      if (res.status !== 200) throw new Error(`GET /api/studio/analytics answered ${res.status}: ${body.slice(0, 200)}`);
    }
    api.sort((a, b) => a - b);
    worst = Math.max(worst, percentile(api, 99));
    lines.push(`  ${"GET /api/studio/analytics?period=90d".padEnd(40)} p50 ${ms(percentile(api, 50))}   p99 ${ms(percentile(api, 99))}   (the whole request: session, guards, JSON)`);

    process.stdout.write(
      [
        `${kind}: ${count} events (${top.totals.visitors} visits, ${top.totals.views} views in 90 days) seeded in ${(seeded / 1000).toFixed(1)} s;` +
          ` roll-up of ${rolled.rolledUp.length} days in ${(rollupMs / 1000).toFixed(1)} s`,
        `  analytics tables: ${(bytes / 1024 / 1024).toFixed(0)} MiB, ${((bytes / 1024 / 1024) * (1_000_000 / count)).toFixed(0)} MiB per million events` +
          (kind === "sqlite" ? " (the whole SQLite file)" : ""),
        `  dashboard (whole dashboard per query: every report, posts, realtime), ${REPEAT} runs each:`,
        ...lines,
        `  target p99 < 200 ms: ${worst < 200 ? "met" : "NOT met"} (worst p99 ${worst.toFixed(1)} ms; cold raw ${worstCold.toFixed(1)} ms); ${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(1)).join(" ")}`,
        "",
      ].join("\n"),
    );
  } finally {
    await t.drop();
  }
}

async function main() {
  await benchOne("sqlite");
  if (process.env.TEST_DATABASE_URL) await benchOne("postgres");
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).stack ?? String(err)}\n`);
  process.exit(1);
});
