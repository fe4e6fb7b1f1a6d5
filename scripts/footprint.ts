/**
 * `npm run bench:footprint [-- --json=file]`: what running the site costs.
 *   - start-up: from spawning `node <build>/host/index.js` on an existing
 *     database to the first 200 on /healthz (median of 5; target under 1 s),
 *     and on to /readyz and the home page answering 200 (pages loaded);
 *   - resident memory when idle after a few page views (target at most 110 MB per process);
 *   - size of node_modules (all, and the production dependencies alone, i.e.
 *     what `npm ci --omit=dev` installs) and of the build.
 * Uses the build in $WP_BUILD_DIR (default build-e2e); loopback only.
 */
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { SERVER_NODE_FLAGS } from "../server/node-flags";
import { freePort, startBuiltServer } from "../tests/helpers/built-server";

export type FootprintResult = {
  startupMs: { median: number; max: number; runs: number[] };
  /** CPU time (user + system) the process had used when /healthz first answered: the figure a busy machine does not inflate. */
  startupCpuMs: { median: number; runs: number[] };
  /** From process start to the first 200 on / and to /readyz saying ready (pages loaded). */
  firstPageMs: { median: number; max: number; runs: number[] };
  /** Median of the runs' readings. */
  rssIdleMb: number;
  rssIdleRunsMb: number[];
  nodeModulesMb: number;
  productionDepsMb: number;
  buildMb: number;
  buildClientMb: number;
};

const RUNS = 5;

function duBytes(target: string): number {
  const r = spawnSync("du", ["-sb", target], { encoding: "utf8" });
  return Number(r.stdout.split(/\s/)[0] ?? 0);
}
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** User + system CPU time of a process so far, from /proc (clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** The process and its descendants (WEB_CONCURRENCY > 1: the primary and its server processes). */
function processTree(pid: number): number[] {
  const children = (p: number): number[] =>
    fs.readdirSync(`/proc/${p}/task`).flatMap((t) => {
      try {
        return fs.readFileSync(`/proc/${p}/task/${t}/children`, "utf8").trim().split(/\s+/).filter(Boolean).map(Number);
      } catch {
        return [];
      }
    });
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...children(tree[i]!));
  return tree;
}

function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0);
  return Math.round((kb / 1024) * 10) / 10;
}

/** The installed folders of the production dependency tree (`npm ls --omit=dev`), deduplicated. */
function productionDepsBytes(): number {
  const r = spawnSync("npm", ["ls", "--omit=dev", "--all", "--parseable"], { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const root = process.cwd();
  const dirs = [...new Set(r.stdout.split("\n").filter((d) => d && d !== root))].sort();
  // A nested package is inside its parent's folder: count only the outermost ones.
  const outer = dirs.filter((d, i) => !dirs.slice(0, i).some((p) => d.startsWith(`${p}/`)));
  return outer.reduce((sum, d) => sum + duBytes(d), 0);
}

export async function measureFootprint(buildDir: string): Promise<FootprintResult> {
  process.env.WP_BUILD_DIR = buildDir;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-footprint-"));
  try {
    // An existing database: created, migrated and seeded by a first run.
    const first = await startBuiltServer({}, { dataDir });
    await fetch(`${first.url}/api/blogs/seed`, { method: "POST" });
    await first.stop();

    const runs: number[] = [];
    const pageRuns: number[] = [];
    const cpuRuns: number[] = [];
    const rssRuns: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const port = await freePort();
      const started = performance.now();
      const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, path.join(buildDir, "host", "index.js")], {
        env: {
          PATH: process.env.PATH,
          NODE_ENV: "production",
          HOST: "127.0.0.1",
          PORT: String(port),
          PUBLIC_URL: `http://127.0.0.1:${port}`,
          DATABASE_URL: path.join(dataDir, "site.db"),
          MAIL_DIR: path.join(dataDir, "mail"),
          LOG_LEVEL: "warn",
          WP_BUILD_DIR: buildDir,
          // Per process: one by default; WEB_CONCURRENCY=2 measures the primary and its two server processes.
          WEB_CONCURRENCY: process.env.WEB_CONCURRENCY ?? "1",
        },
        stdio: "ignore",
      });
      let ms = -1;
      const deadline = started + 20_000;
      while (performance.now() < deadline) {
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.status === 200,
          () => false,
        );
        if (ok) {
          ms = Math.round(performance.now() - started);
          cpuRuns.push(cpuMs(child.pid!));
          break;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      let pageMs = -1;
      while (ms >= 0 && performance.now() < deadline) {
        const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then(
          (r) => r.status === 200,
          () => false,
        );
        const page = ok && (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.status === 200, () => false));
        if (page) {
          pageMs = Math.round(performance.now() - started);
          break;
        }
        await new Promise((r) => setTimeout(r, 5));
      }
      pageRuns.push(pageMs);
      if (ms >= 0) {
        // Idle memory: after a few real page views and API calls, then quiet. Each run, since one reading moves by a
        // few MB with when the collector last ran.
        for (const p of ["/", "/blogs", "/contact", "/api/blogs", "/about"]) await (await fetch(`http://127.0.0.1:${port}${p}`)).text();
        await new Promise((r) => setTimeout(r, 3_000));
        // The largest of the primary and its server processes (each is a process of its own).
        rssRuns.push(Math.max(...processTree(child.pid!).map(rssMb)));
      }
      child.kill("SIGTERM");
      await new Promise((r) => child.once("exit", r));
      if (ms < 0) throw new Error("the server did not answer /healthz within 20 s");
      runs.push(ms);
    }
    const sorted = [...runs].sort((a, b) => a - b);
    const pages = [...pageRuns].sort((a, b) => a - b);
    return {
      startupMs: { median: sorted[Math.floor(sorted.length / 2)]!, max: sorted.at(-1)!, runs },
      startupCpuMs: { median: [...cpuRuns].sort((a, b) => a - b)[Math.floor(cpuRuns.length / 2)] ?? -1, runs: cpuRuns },
      firstPageMs: { median: pages[Math.floor(pages.length / 2)]!, max: pages.at(-1)!, runs: pageRuns },
      rssIdleMb: [...rssRuns].sort((a, b) => a - b)[Math.floor(rssRuns.length / 2)] ?? -1,
      rssIdleRunsMb: rssRuns,
      nodeModulesMb: mb(duBytes("node_modules")),
      productionDepsMb: mb(productionDepsBytes()),
      buildMb: mb(duBytes(buildDir)),
      buildClientMb: mb(duBytes(path.join(buildDir, "client"))),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) {
  const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build-e2e");
  if (!fs.existsSync(path.join(buildDir, "host", "index.js"))) {
    console.error(`No build at ${buildDir}: run the build first (WP_BUILD_DIR=${path.basename(buildDir)} npm run build)`);
    process.exit(1);
  }
  const jsonOut = process.argv.find((a) => a.startsWith("--json="))?.slice("--json=".length);
  measureFootprint(buildDir).then(
    (r) => {
      console.log(`start-up to first /healthz 200: median ${r.startupMs.median} ms, max ${r.startupMs.max} ms (${r.startupMs.runs.join(", ")}) — target < 1000 ms`);
      console.log(`CPU time used by then: median ${r.startupCpuMs.median} ms (${r.startupCpuMs.runs.join(", ")})`);
      console.log(`start-up to ready with pages (/readyz and / both 200): median ${r.firstPageMs.median} ms, max ${r.firstPageMs.max} ms`);
      console.log(`resident memory idle (largest process): median ${r.rssIdleMb} MB (${r.rssIdleRunsMb.join(", ")}) — target ≤ 110 MB`);
      console.log(`node_modules: ${r.nodeModulesMb} MB (production dependencies alone: ${r.productionDepsMb} MB)`);
      console.log(`build: ${r.buildMb} MB (client ${r.buildClientMb} MB)`);
      if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(r, null, 2));
      process.exitCode = r.startupMs.median < 1000 && r.rssIdleMb <= 110 ? 0 : 1;
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
