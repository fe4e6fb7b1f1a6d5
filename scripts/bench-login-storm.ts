/**
 * `npm run bench:login-storm` (issue 13, S7): does a storm of wrong sign-ins
 * slow the site down? Starts the production build on a loopback port with a
 * temporary SQLite database, measures `/blogs` and `/api/blogs` while idle,
 * then again while 20 clients keep posting wrong passwords to
 * `/api/auth/login` (each attempt from its own forwarded address and for its
 * own unknown e-mail, so the sign-in limits never stop them: only the
 * hashing lane bounds them). Meanwhile a real user signs in again and again
 * with the right password, from its own address and with the device cookie
 * its first sign-in set (issue 39, item 2: it must not wait behind the
 * storm). Prints p50/p99 idle and under the storm for the pages and the real
 * sign-in, the storm's answers by status, and whether `/blogs` p99 stayed
 * under 3× idle.
 * A benchmark, not a test: on this shared machine read it with the load
 * average it prints. Needs a build: WP_BUILD_DIR (default build-e2e).
 *
 * BENCH_SECONDS (default 10, at most 60) bounds each phase; BENCH_STORM (default 20) the concurrent sign-ins.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { buildDir, startBuiltServer } from "../tests/helpers/built-server";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60);
const STORM = Math.min(Number(process.env.BENCH_STORM ?? 20), 100);
/** Page and API probes run one after another from this many clients: a visitor's view of the latency. */
const PROBES = 2;
const TARGETS = ["/blogs", "/api/blogs"] as const;
const BAR = 3;

type Sample = { path: string; ms: number; status: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function summarize(samples: Sample[], target: string) {
  const ms = samples.filter((s) => s.path === target).map((s) => s.ms).sort((a, b) => a - b);
  return { n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99) };
}

async function probe(base: string, until: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  let i = 0;
  while (Date.now() < until) {
    const target = TARGETS[i++ % TARGETS.length]!;
    const started = performance.now();
    const res = await fetch(`${base}${target}`, { headers: { "accept-encoding": "gzip, br" } });
    await res.arrayBuffer();
    samples.push({ path: target, ms: performance.now() - started, status: res.status });
  }
  return samples;
}

async function stormClient(base: string, until: number, id: number, statuses: Map<number, number>): Promise<void> {
  let n = 0;
  while (Date.now() < until) {
    n += 1;
    const res = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        // A fresh address and an unknown account each time: neither the per-address nor the per-account limit applies.
        "x-forwarded-for": `10.${id}.${(n >> 8) & 255}.${n & 255}`,
      },
      body: JSON.stringify({ email: `storm.${id}.${n}@example.com`, password: "not the password" }),
    });
    await res.arrayBuffer();
    statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  }
}

/** The real user: an account of its own, signed in once for its device cookie. */
type RealUser = { email: string; password: string; cookie: string };
const REAL_ADDRESS = "192.0.2.10";
const SIGN_IN = "real sign-in";

async function makeRealUser(base: string): Promise<RealUser> {
  const email = `real.user.${Date.now()}@example.com`;
  const password = "a real user's long password";
  const headers = { "content-type": "application/json", "x-forwarded-for": REAL_ADDRESS };
  const body = { name: "Asha Verma", email, password, company: "Verma Realty", industry: "Real Estate" };
  const made = await fetch(`${base}/api/auth/register`, { method: "POST", headers, body: JSON.stringify(body) });
  if (made.status !== 201) throw new Error(`register answered ${made.status}: ${await made.text()}`);
  const signedIn = await fetch(`${base}/api/auth/login`, { method: "POST", headers, body: JSON.stringify({ email, password }) });
  const device = signedIn.headers.getSetCookie().find((c) => /^(__Host-)?wp_device=/.test(c));
  if (signedIn.status !== 200 || !device) throw new Error(`sign-in answered ${signedIn.status} without a device cookie`);
  return { email, password, cookie: device.split(";")[0]! };
}

/** The real user signs in (right password, device cookie) one attempt after another; answers other than 200 count too. */
async function realSignIns(base: string, until: number, user: RealUser): Promise<Sample[]> {
  const samples: Sample[] = [];
  while (Date.now() < until) {
    const started = performance.now();
    const res = await fetch(`${base}/api/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": REAL_ADDRESS, cookie: user.cookie },
      body: JSON.stringify({ email: user.email, password: user.password }),
    });
    await res.arrayBuffer();
    samples.push({ path: SIGN_IN, ms: performance.now() - started, status: res.status });
    // A person signs in now and then, not in a loop: a pause keeps the user from being a storm of its own.
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return samples;
}

/**
 * The storm runs in a process of its own (as attackers are other machines): in this one, its thousands of answers
 * would delay the reading of the server's log pipe, and a full pipe stops the server's event loop (writes to a pipe
 * are synchronous on Linux), which is the harness's doing, not the server's. Resolves with its answers by status.
 */
function runStorm(base: string, until: number): Promise<Map<number, number>> {
  const child = spawn(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url)], {
    env: { ...process.env, BENCH_STORM_OF: JSON.stringify({ base, until }) },
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout.on("data", (d: Buffer) => (out += d.toString()));
  return new Promise((resolve, reject) =>
    child.once("exit", (code) => (code === 0 ? resolve(new Map(JSON.parse(out) as [number, number][])) : reject(new Error(`storm exited ${code}`)))),
  );
}

async function stormProcess({ base, until }: { base: string; until: number }) {
  const statuses = new Map<number, number>();
  await Promise.all(Array.from({ length: STORM }, (_, id) => stormClient(base, until, id + 1, statuses)));
  process.stdout.write(JSON.stringify([...statuses]));
}

async function phase(base: string, storm: boolean, user: RealUser) {
  const until = Date.now() + SECONDS * 1000;
  const stormers = storm ? [runStorm(base, until)] : [];
  const probes = [...Array.from({ length: PROBES }, () => probe(base, until)), realSignIns(base, until, user)];
  const samples = (await Promise.all(probes)).flat();
  const statuses = (await Promise.all(stormers))[0] ?? new Map<number, number>();
  return { samples, statuses };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-bench-login-"));
  const server = await startBuiltServer({ TRUST_PROXY: "true" }, { dataDir: dir });
  try {
    // Warm up: the page renderer, the first queries, the dummy hash.
    const user = await makeRealUser(server.url);
    await phase(server.url, false, user).then(() => undefined);
    const idle = await phase(server.url, false, user);
    const storm = await phase(server.url, true, user);
    const lines = [
      `\nLogin storm (${buildDir()}): ${STORM} concurrent wrong sign-ins, ${PROBES} probing clients, ${SECONDS} s per phase, ` +
        `${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
      "",
      "| path | idle n | idle p50 | idle p99 | storm n | storm p50 | storm p99 | p99 storm/idle |",
      "|---|---|---|---|---|---|---|---|",
    ];
    const verdicts: string[] = [];
    for (const target of [...TARGETS, SIGN_IN]) {
      const a = summarize(idle.samples, target);
      const b = summarize(storm.samples, target);
      const ratio = b.p99 / a.p99;
      lines.push(
        `| ${target} | ${a.n} | ${a.p50.toFixed(1)} ms | ${a.p99.toFixed(1)} ms | ${b.n} | ${b.p50.toFixed(1)} ms | ${b.p99.toFixed(1)} ms | ${ratio.toFixed(2)}× |`,
      );
      if (target === "/blogs") verdicts.push(`/blogs p99 under the storm is ${ratio.toFixed(2)}× idle: ${ratio < BAR ? "within" : "OVER"} the ${BAR}× bar`);
    }
    const other = (samples: Sample[], real: boolean) => samples.filter((s) => (s.path === SIGN_IN) === real && s.status !== 200).length;
    lines.push("");
    lines.push(`probe answers other than 200: ${other(idle.samples, false) + other(storm.samples, false)}`);
    const realStatuses = new Map<number, number>();
    for (const s of storm.samples) if (s.path === SIGN_IN) realStatuses.set(s.status, (realStatuses.get(s.status) ?? 0) + 1);
    lines.push(`real sign-ins under the storm by status: ${[...realStatuses].sort().map(([s, n]) => `${s}×${n}`).join(", ")} (idle: ${other(idle.samples, true)} not 200)`);
    lines.push(`storm answers by status: ${[...storm.statuses].sort().map(([s, n]) => `${s}×${n}`).join(", ")}`);
    lines.push(...verdicts);
    console.log(lines.join("\n"));
  } finally {
    await server.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

const stormOf = process.env.BENCH_STORM_OF;
(stormOf ? stormProcess(JSON.parse(stormOf) as { base: string; until: number }) : main()).catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
