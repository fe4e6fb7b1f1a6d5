/**
 * `npm run bench`: every measurement in one go, summarised in one Markdown
 * file under reports/ (bench-<time>.md):
 *   - bench:lighthouse (page quality and weight),
 *   - bench:api (API latency),
 *   - the load test on SQLite, and on PostgreSQL when TEST_DATABASE_URL is set,
 *   - the footprint (start-up, memory, install and build sizes).
 * One production build (WP_BUILD_DIR, default build-bench) serves them all.
 * BENCH_LOAD_SECONDS shortens the load runs (default 60). Loopback only.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { FootprintResult } from "./footprint";
import type { LoadResult } from "./load";

const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build-bench");
const loadSeconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const stamp = new Date().toISOString().replace(/[:.]/g, "-");
const work = fs.mkdtempSync(path.join(os.tmpdir(), "wp-bench-"));
const env = { ...process.env, WP_BUILD_DIR: buildDir, BENCH_SKIP_BUILD: "1", E2E_SKIP_BUILD: "1" };

type Step = { name: string; ok: boolean; seconds: number; output: string };
const steps: Step[] = [];

function run(name: string, args: string[], extraEnv: Record<string, string> = {}): Step {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  const r = spawnSync(args[0]!, args.slice(1), { env: { ...env, ...extraEnv }, encoding: "utf8", maxBuffer: 64 * 1024 * 1024 });
  const output = `${r.stdout ?? ""}${r.stderr ?? ""}`.replace(/^npm warn .*\n/gm, "");
  process.stdout.write(output);
  const step = { name, ok: r.status === 0, seconds: Math.round((Date.now() - started) / 1000), output };
  steps.push(step);
  return step;
}

const readJson = <T>(file: string): T | undefined => (fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as T) : undefined);

console.log(`building into ${path.relative(process.cwd(), buildDir)}…`);
const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production", WP_BUILD_DIR: buildDir } });
if (build.status !== 0) process.exit(build.status ?? 1);

run("Lighthouse", ["npx", "tsx", "scripts/bench-lighthouse.ts"]);
run("API", ["npx", "tsx", "scripts/bench-api.ts"]);
const loads: LoadResult[] = [];
for (const db of process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"]) {
  const out = path.join(work, `load-${db}.json`);
  run(`Load (${db})`, ["npx", "tsx", "scripts/load.ts", `--duration=${loadSeconds}`, `--json=${out}`, ...(db === "postgres" ? ["--postgres"] : [])]);
  const result = readJson<LoadResult>(out);
  if (result) loads.push(result);
}
const footprintFile = path.join(work, "footprint.json");
run("Footprint", ["npx", "tsx", "scripts/footprint.ts", `--json=${footprintFile}`]);
const footprint = readJson<FootprintResult>(footprintFile);

const lines: string[] = [];
lines.push(`# Wise Parrot benchmark summary`, "");
lines.push(`- When: ${new Date().toISOString()}`);
lines.push(`- Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 1024 ** 3)} GB, Node ${process.version}, load average at the end ${os.loadavg().map((l) => l.toFixed(1)).join(" / ")}`);
lines.push(`- Build: ${path.relative(process.cwd(), buildDir)}`, "");
lines.push("| step | result | time |", "|---|---|---|");
for (const s of steps) lines.push(`| ${s.name} | ${s.ok ? "ok" : "**missed a target or failed**"} | ${s.seconds} s |`);
lines.push("");

if (footprint) {
  lines.push("## Footprint", "", "| measure | value | target |", "|---|---|---|");
  lines.push(`| start to first 200 on /healthz (existing database, median of ${footprint.startupMs.runs.length}) | ${footprint.startupMs.median} ms (max ${footprint.startupMs.max}) | < 1000 ms |`);
  lines.push(`| CPU time used by the first /healthz 200 (independent of machine load) | ${footprint.startupCpuMs.median} ms | |`);
  lines.push(`| start to ready with pages (/readyz and / both 200) | ${footprint.firstPageMs.median} ms (max ${footprint.firstPageMs.max}) | |`);
  lines.push(`| resident memory, idle | ${footprint.rssIdleMb} MB | < 120 MB |`);
  for (const l of loads) lines.push(`| resident memory at the end of the load run (${l.database}) | ${l.rssAfterMb} MB | < 250 MB |`);
  lines.push(`| node_modules (everything installed) | ${footprint.nodeModulesMb} MB | |`);
  lines.push(`| production dependencies (\`npm ci --omit=dev\`) | ${footprint.productionDepsMb} MB | |`);
  lines.push(`| build (client ${footprint.buildClientMb} MB) | ${footprint.buildMb} MB | |`, "");
}

for (const l of loads) {
  lines.push(`## Load on ${l.database}: ${l.connections} connections, ${l.durationS} s`, "");
  lines.push(`${l.total} requests, **${l.requestsPerSecond} req/s**, ${l.fiveXx} answers ≥ 500, ${l.dropped} dropped.`, "");
  lines.push("| kind | requests | req/s | p50 ms | p99 ms | max ms | statuses |", "|---|---|---|---|---|---|---|");
  for (const [kind, k] of Object.entries(l.perKind)) lines.push(`| ${kind} | ${k.count} | ${k.rps} | ${k.p50} | ${k.p99} | ${k.max} | ${Object.entries(k.statuses).map(([s, n]) => `${s}: ${n}`).join(", ")} |`);
  lines.push("", "| check | result |", "|---|---|");
  for (const c of l.checks) lines.push(`| ${c.name} | ${c.ok ? "ok" : "**FAIL**"}: ${c.detail.replace(/\n/g, " ").replace(/\|/g, "\\|").slice(0, 300)} |`);
  lines.push("");
}

for (const s of steps.filter((x) => x.name === "Lighthouse" || x.name === "API")) {
  lines.push(`## ${s.name} (console output)`, "", "```", s.output.trim().split("\n").slice(-60).join("\n"), "```", "");
}

fs.mkdirSync("reports", { recursive: true });
const file = path.join("reports", `bench-${stamp}.md`);
fs.writeFileSync(file, `${lines.join("\n")}\n`);
fs.rmSync(work, { recursive: true, force: true });
console.log(`\nsummary: ${file}`);
process.exit(steps.every((s) => s.ok) ? 0 : 1);
