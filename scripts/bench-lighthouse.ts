/**
 * `npm run bench:lighthouse`: builds the site into its own directory
 * (WP_BUILD_DIR, default build-lighthouse), starts the production server on a
 * free loopback port with a temporary database (sample blog posts seeded),
 * runs Lighthouse 12 with its default mobile preset in the system Chromium on
 * every public page, prints one table row per page and writes each JSON report
 * under reports/lighthouse-<stamp>/ plus a summary.json.
 *
 * Targets (issue 3): Performance >= 95, Accessibility, Best Practices and SEO
 * 100, CLS < 0.02, home page JavaScript <= 130 KB compressed. The exit code is
 * 1 when a target is missed, so the script can gate a release.
 *
 * Each page is measured three times and the run with the median Performance
 * score is reported and kept (Lighthouse's own advice: single runs of one page
 * swing by up to 10 points on this 2-core machine, mostly through TBT); every
 * run's score is printed, with its timings when it missed the target, and a
 * missing run's full report is kept beside the median one (`<page>.run<N>.json`)
 * so an outlier can be explained. Options: BENCH_RUNS=N (1-9) changes the count;
 * BENCH_SKIP_BUILD=1 reuses the build; BENCH_PAGES=/,/about limits the pages (Hindi ones too: /hi,/hi/about);
 * BENCH_SIGNED_IN=1 measures the pages signed in as a new customer (BENCH_PAGES=/templates: the kit page, issue 41);
 * BENCH_HINDI=1 adds every page's Hindi twin (/hi, /hi/about, …; issue 33), BENCH_HINDI=only measures those alone.
 *
 * Whenever both home pages were measured, the Hindi home's total bytes are printed against the English home's:
 * issue 33's budget is 10% more at most, a miss like the others.
 *
 * BENCH_PROOF=1 fills the owner's proof first (issue 45: customers with logos, testimonial photos and results,
 * metric sources, the team on About; scripts/proof-sample.ts), so / and /about are measured as a real owner's are.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { HINT_COOKIE } from "../server/http/cookies";
import { SITEMAP_PAGES } from "../shared/content/seo";
import { localePath } from "../shared/i18n";
import { startBuiltServer } from "../tests/helpers/built-server";
import { ensureChromium } from "./chromium";
import { fillSampleProof } from "./proof-sample";

const TARGETS = { performance: 95, accessibility: 100, bestPractices: 100, seo: 100, cls: 0.02, homeJsKb: 130, hindiHomeBytesRatio: 1.1 };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

const runs = Math.max(1, Math.min(9, Number(process.env.BENCH_RUNS ?? 3) || 3));
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build-lighthouse");
process.env.WP_BUILD_DIR = buildDir;
const chromePath = ensureChromium();

if (process.env.BENCH_SKIP_BUILD !== "1") {
  console.log(`building into ${path.relative(process.cwd(), buildDir)}...`);
  const build = spawnSync("npm", ["run", "build", "--silent"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, NODE_ENV: "production", WP_BUILD_DIR: buildDir },
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

type Row = {
  page: string;
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  totalKb: number;
  /** Lighthouse's CPU benchmark of this machine during the run (an unloaded laptop scores about 1000-2000). */
  benchmarkIndex: number;
  /** Every run's Performance score, in order (the row reports the median run). */
  performanceRuns: number[];
  /** Every run's timings, in order, to explain a run that scored apart from the others. */
  runTimings: RunTimings[];
  failing: string[];
};

type NetworkItem = { resourceType?: string; transferSize?: number };

type RunTimings = { performance: number; fcpMs: number; lcpMs: number; tbtMs: number; siMs: number; cls: number };
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>["lhr"];

function timingsOf(lhr: Lhr): RunTimings {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    fcpMs: Math.round(audit("first-contentful-paint")),
    lcpMs: Math.round(audit("largest-contentful-paint")),
    tbtMs: Math.round(audit("total-blocking-time")),
    siMs: Math.round(audit("speed-index")),
    cls: Math.round(audit("cumulative-layout-shift") * 1000) / 1000,
  };
}

const server = await startBuiltServer();
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const reportDir = path.resolve("reports", `lighthouse-${stamp}`);
fs.mkdirSync(reportDir, { recursive: true });
const rows: Row[] = [];

try {
  // One real post, so the post page is measured too.
  const seeded = await fetch(`${server.url}/api/blogs/seed`, { method: "POST", headers: { origin: server.url } });
  let pages = SITEMAP_PAGES.map((p) => p.path);
  if (seeded.ok) {
    const listing = (await (await fetch(`${server.url}/api/blogs`)).json()) as { data?: { slug: string }[] };
    const slug = listing.data?.[0]?.slug;
    if (slug) pages.push(`/blog/${encodeURIComponent(slug)}`);
    if (process.env.BENCH_PROOF === "1") await fillSampleProof(server.databaseUrl, `${server.url}/blog/${slug ?? ""}`);
  }
  const hindi = process.env.BENCH_HINDI;
  if (hindi === "only") pages = pages.map((p) => localePath(p, "hi"));
  else if (hindi === "1") pages = pages.flatMap((p) => [p, localePath(p, "hi")]);
  if (process.env.BENCH_PAGES) pages = process.env.BENCH_PAGES.split(",").map((p) => p.trim());

  // BENCH_SIGNED_IN=1: the pages as a signed-in customer sees them (/templates, issue 41), with a fresh account's cookie.
  let extraHeaders: Record<string, string> | undefined;
  if (process.env.BENCH_SIGNED_IN === "1") {
    const email = `lighthouse.${Date.now().toString(36)}@example.com`;
    const registered = await fetch(`${server.url}/api/auth/register`, {
      method: "POST",
      headers: { origin: server.url, "content-type": "application/json" },
      body: JSON.stringify({ name: "Light House", email, password: "measuring the kit page", company: "Lighthouse Realty", industry: "Real Estate" }),
    });
    const { token } = (await registered.json()) as { token?: string };
    if (!token) throw new Error(`sign-up for BENCH_SIGNED_IN answered ${registered.status}`);
    extraHeaders = { Cookie: `wp_session=${token}; ${HINT_COOKIE}=1` };
  }

  for (const page of pages) {
    process.stdout.write(`lighthouse ${page} ... `);
    const results: NonNullable<Awaited<ReturnType<typeof lighthouse>>>[] = [];
    for (let run = 0; run < runs; run++) {
      const result = await lighthouse(`${server.url}${page}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: [...CATEGORIES],
        ...(extraHeaders ? { extraHeaders } : {}),
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${page}`);
      // A run without a Performance score failed: say why instead of only counting it as 0.
      if (result.lhr.categories.performance?.score == null) {
        const why = result.lhr.runtimeError?.message ?? result.lhr.runWarnings.join("; ");
        process.stdout.write(`(run ${run + 1} failed: ${why || "no reason given"}) `);
      }
      results.push(result);
    }
    const runTimings = results.map((r) => timingsOf(r.lhr));
    // The run with the median Performance score (a failed run scores 0 and sorts first).
    const perf = (r: (typeof results)[number]) => r.lhr.categories.performance?.score ?? 0;
    const result = [...results].sort((a, b) => perf(a) - perf(b))[Math.floor(results.length / 2)]!;
    const median = runTimings[results.indexOf(result)]!;
    if (runs > 1) process.stdout.write(`runs [${runTimings.map((t) => t.performance).join(",")}] `);
    const lhr = result.lhr;
    const name = page === "/" ? "home" : page === "/hi" ? "hi_home" : page.replace(/^\//, "").replace(/[^\w-]+/g, "_");
    const save = (file: string, r: (typeof results)[number]) =>
      fs.writeFileSync(path.join(reportDir, file), typeof r.report === "string" ? r.report : JSON.stringify(r.lhr));
    save(`${name}.json`, result);
    results.forEach((r, i) => {
      if (r === result || runTimings[i]!.performance >= TARGETS.performance) return;
      const t = runTimings[i]!;
      save(`${name}.run${i + 1}.json`, r);
      process.stdout.write(`(run ${i + 1}: FCP ${t.fcpMs} LCP ${t.lcpMs} TBT ${t.tbtMs} SI ${t.siMs} CLS ${t.cls}) `);
    });

    const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
    const requests = ((lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined)?.items ?? []) as NetworkItem[];
    const bytes = (filter: (i: NetworkItem) => boolean) => requests.filter(filter).reduce((sum, i) => sum + (i.transferSize ?? 0), 0);
    const failing = CATEGORIES.flatMap((category) =>
      (lhr.categories[category]?.auditRefs ?? [])
        .filter((ref) => ref.weight > 0 && (lhr.audits[ref.id]?.score ?? 1) < 1)
        .map((ref) => `${category}:${ref.id}`),
    );
    const row: Row = {
      page,
      performance: median.performance,
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
      lcpMs: median.lcpMs,
      tbtMs: median.tbtMs,
      cls: median.cls,
      jsKb: Math.round((bytes((i) => i.resourceType === "Script") / 1024) * 10) / 10,
      totalKb: Math.round((bytes(() => true) / 1024) * 10) / 10,
      benchmarkIndex: Math.round(lhr.environment.benchmarkIndex),
      performanceRuns: runTimings.map((t) => t.performance),
      runTimings,
      failing,
    };
    rows.push(row);
    console.log(`done (${row.performance}/${row.accessibility}/${row.bestPractices}/${row.seo})`);
  }
} finally {
  await chrome.kill();
  await server.stop();
}

const header = ["page", "perf", "a11y", "best", "seo", "LCP ms", "TBT ms", "CLS", "JS KB", "total KB", "CPU idx"];
const table = rows.map((r) =>
  [r.page, r.performance, r.accessibility, r.bestPractices, r.seo, r.lcpMs, r.tbtMs, r.cls, r.jsKb, r.totalKb, r.benchmarkIndex].map(String),
);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
const line = (cells: string[]) => `| ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" | ")} |`;
console.log(`\n${line(header)}\n|${widths.map((w, i) => (i === 0 ? `:${"-".repeat(w + 1)}` : `${"-".repeat(w + 1)}:`)).join("|")}|`);
for (const row of table) console.log(line(row));

const misses: string[] = [];
// Issue 33: the Hindi home's first visit weighs at most a tenth more than the English one's.
const englishHome = rows.find((r) => r.page === "/");
const hindiHome = rows.find((r) => r.page === "/hi");
let hindiHomeRatio: number | null = null;
if (englishHome && hindiHome && englishHome.totalKb > 0) {
  hindiHomeRatio = Math.round((hindiHome.totalKb / englishHome.totalKb) * 1000) / 1000;
  const delta = ((hindiHomeRatio - 1) * 100).toFixed(1);
  console.log(
    `\nHindi home total bytes: ${hindiHome.totalKb} KB against the English home's ${englishHome.totalKb} KB: ${delta}% (budget +${Math.round((TARGETS.hindiHomeBytesRatio - 1) * 100)}%)`,
  );
  if (hindiHomeRatio > TARGETS.hindiHomeBytesRatio) misses.push(`/hi: total bytes ${delta}% above the English home's`);
}
for (const r of rows) {
  if (r.performance < TARGETS.performance) misses.push(`${r.page}: performance ${r.performance} < ${TARGETS.performance}`);
  if (r.accessibility < TARGETS.accessibility) misses.push(`${r.page}: accessibility ${r.accessibility}`);
  if (r.bestPractices < TARGETS.bestPractices) misses.push(`${r.page}: best practices ${r.bestPractices}`);
  if (r.seo < TARGETS.seo) misses.push(`${r.page}: SEO ${r.seo}`);
  if (!(r.cls < TARGETS.cls)) misses.push(`${r.page}: CLS ${r.cls} >= ${TARGETS.cls}`);
  if (r.page === "/" && r.jsKb > TARGETS.homeJsKb) misses.push(`/: JavaScript ${r.jsKb} KB > ${TARGETS.homeJsKb} KB`);
  if (r.failing.length > 0) console.log(`  ${r.page} audits below 1: ${r.failing.join(", ")}`);
}
fs.writeFileSync(path.join(reportDir, "summary.json"), JSON.stringify({ when: new Date().toISOString(), targets: TARGETS, rows, hindiHomeRatio, misses }, null, 2));
// Lighthouse slows the CPU 4x on top of whatever else the machine is doing:
// on a busy machine TBT, FCP and LCP (and so Performance) read far worse than a visitor's phone would.
const [load1] = os.loadavg();
if (load1! > os.cpus().length) {
  console.log(`\nnote: load average ${load1!.toFixed(1)} on ${os.cpus().length} CPUs during the run; Performance figures are pessimistic`);
}
console.log(`\nreports: ${path.relative(process.cwd(), reportDir)}`);
if (misses.length > 0) {
  console.log(`targets missed:\n  ${misses.join("\n  ")}`);
  process.exit(1);
}
console.log("all targets met");
