/**
 * `npm run bench:slow-bodies` (issue 26 item 1, S18 in docs/findings.md): do connections that send a request's
 * headers and then trickle its body take the site down? Starts the server from this checkout's sources (API only,
 * one process, a temporary SQLite database), registers an account, then measures `GET /api/blogs` and a real sign-in
 * (`POST /api/auth/login`, right password) while idle and while BENCH_SLOW (default 50) connections stay open that
 * each send their headers and then one body byte every 2 s (a connection the server closes is opened again at once).
 * It does so directly against Node, behind nginx and behind Caddy (tests/helpers/reverse-proxy.ts starts them with a
 * certificate made at start), and prints p50/p99 idle and under attack, the answers other than 200, and whether the
 * p99 under attack stayed under 3× idle. A benchmark, not a test: on this shared machine read it with the load
 * average it prints.
 *
 * BENCH_SECONDS (default 10, at most 60) bounds each phase; BENCH_PROXIES (default "nginx,caddy"; "" for Node alone)
 * which proxies to run behind.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import tls from "node:tls";
import { freePort } from "../tests/helpers/built-server";
import { type ProxyKind, type ReverseProxy, findProxyBinary, startReverseProxy } from "../tests/helpers/reverse-proxy";

const SECONDS = Math.min(Number(process.env.BENCH_SECONDS ?? 10), 60);
const SLOW = Math.min(Number(process.env.BENCH_SLOW ?? 50), 500);
const PROXIES = (process.env.BENCH_PROXIES ?? "nginx,caddy").split(",").filter(Boolean) as ProxyKind[];
const BAR = 3;
const EMAIL = "bench.slow.bodies@example.com";
const PASSWORD = "Tq7#vW2m!pLx9zR4 bench";
/** Where the trickling connections post: the main request line and the sign-in line, 4 to 1. */
const SLOW_TARGETS = ["/api/newsletter/subscribe", "/api/newsletter/subscribe", "/api/newsletter/subscribe", "/api/newsletter/subscribe", "/api/auth/login"];

type Target = { name: string; url: string; certificate?: string };
type Sample = { ms: number; status: number };

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** One request over a kept-alive agent; the status (0 when it failed) and the time to the end of the body. */
function request(
  target: Target,
  agent: http.Agent,
  method: string,
  pathname: string,
  body?: string,
): Promise<{ status: number; text: string; ms: number }> {
  const url = new URL(pathname, target.url);
  const started = performance.now();
  return new Promise((resolve) => {
    const req = (url.protocol === "https:" ? https : http).request(
      url,
      {
        method,
        agent,
        timeout: 30_000,
        headers: body ? { "content-type": "application/json", "content-length": Buffer.byteLength(body) } : {},
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text, ms: performance.now() - started }));
        res.on("error", () => resolve({ status: 0, text, ms: performance.now() - started }));
      },
    );
    req.on("timeout", () => req.destroy(new Error("timeout")));
    req.on("error", () => resolve({ status: 0, text: "", ms: performance.now() - started }));
    req.end(body);
  });
}

const agentFor = (target: Target) =>
  target.url.startsWith("https:") ? new https.Agent({ keepAlive: true, ca: target.certificate }) : new http.Agent({ keepAlive: true });

/** One client asking for `GET /api/blogs` again and again, one signing in again and again, until `until`. */
async function probe(target: Target, until: number) {
  const blogs: Sample[] = [];
  const signIns: Sample[] = [];
  const loop = async (samples: Sample[], ask: (agent: http.Agent) => ReturnType<typeof request>) => {
    const agent = agentFor(target);
    while (Date.now() < until) {
      const { status, ms } = await ask(agent);
      samples.push({ status, ms });
    }
    agent.destroy();
  };
  await Promise.all([
    loop(blogs, (agent) => request(target, agent, "GET", "/api/blogs")),
    loop(signIns, (agent) => request(target, agent, "POST", "/api/auth/login", JSON.stringify({ email: EMAIL, password: PASSWORD }))),
  ]);
  return { blogs, signIns };
}

/** Keeps `count` connections open that send headers and then one body byte every 2 s; reopens those the server closes. */
function attack(target: Target, count: number) {
  const url = new URL(target.url);
  const port = Number(url.port);
  const body = JSON.stringify({ email: "slow@example.com", password: "x".repeat(200) });
  let stopped = false;
  let opened = 0;
  let closedByServer = 0;
  const statuses = new Map<string, number>();
  const sockets = new Set<net.Socket>();
  const open = (i: number) => {
    if (stopped) return;
    opened += 1;
    const pathname = SLOW_TARGETS[i % SLOW_TARGETS.length]!;
    const socket: net.Socket =
      url.protocol === "https:" ? tls.connect({ host: "127.0.0.1", port, rejectUnauthorized: false }) : net.connect(port, "127.0.0.1");
    sockets.add(socket);
    let sent = 0;
    let answer = "";
    const timer = setInterval(() => {
      if (sent < body.length) socket.write(body[sent++]!);
    }, 2_000);
    socket.setEncoding("latin1");
    socket.on("data", (c: string) => (answer += c));
    socket.on("error", () => {});
    socket.on("close", () => {
      clearInterval(timer);
      sockets.delete(socket);
      if (stopped) return;
      closedByServer += 1;
      const status = /^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? "closed without an answer";
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      open(i);
    });
    socket.write(
      `POST ${pathname} HTTP/1.1\r\nHost: ${url.host}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
    );
    socket.write(body[sent++]!);
  };
  for (let i = 0; i < count; i++) open(i);
  return {
    stop() {
      stopped = true;
      for (const s of sockets) s.destroy();
    },
    summary: () => ({ opened, closedByServer, statuses: [...statuses].map(([s, n]) => `${s}×${n}`).join(", ") || "none" }),
  };
}

function summarize(samples: Sample[]) {
  const ms = samples.map((s) => s.ms).sort((a, b) => a - b);
  return { n: ms.length, p50: percentile(ms, 50), p99: percentile(ms, 99), bad: samples.filter((s) => s.status !== 200).length };
}

async function startServer(dir: string): Promise<{ url: string; child: ChildProcess; output: () => string }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["--max-semi-space-size=8", "--max-old-space-size=192", "--import", "tsx", "server/index.ts"], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(port),
      PUBLIC_URL: url,
      DATABASE_URL: path.join(dir, "site.db"),
      MAIL_DIR: path.join(dir, "mail"),
      WP_BUILD_DIR: path.join(dir, "no-build"),
      WEB_CONCURRENCY: "1",
      LOG_LEVEL: "error",
      // The proxies are on loopback; directly, the client is too.
      TRUST_PROXY: "loopback",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d: Buffer) => (out += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (out += d.toString()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited:\n${out}`);
    const res = await fetch(`${url}/healthz`).catch(() => null);
    if (res?.status === 200) break;
    if (Date.now() > deadline) throw new Error(`the server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, child, output: () => out };
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-bench-slow-"));
  const server = await startServer(dir);
  const proxies: ReverseProxy[] = [];
  try {
    const direct: Target = { name: "Node directly", url: server.url };
    const agent = agentFor(direct);
    const registered = await request(
      direct,
      agent,
      "POST",
      "/api/auth/register",
      JSON.stringify({ name: "Bench Slow", email: EMAIL, password: PASSWORD, company: "C", industry: "Healthcare", role: "user" }),
    );
    agent.destroy();
    if (registered.status !== 201) throw new Error(`register: ${registered.status} ${registered.text}`);

    const targets: Target[] = [direct];
    for (const kind of PROXIES) {
      if (!findProxyBinary(kind)) {
        console.log(`(${kind} is not installed: skipped)`);
        continue;
      }
      const proxy = await startReverseProxy({ kind, upstreams: [server.url] });
      proxies.push(proxy);
      targets.push({ name: `behind ${kind}`, url: proxy.url, certificate: proxy.certificate });
    }

    const rows: string[] = [];
    const verdicts: string[] = [];
    const attacks: string[] = [];
    for (const target of targets) {
      // Warm up (the first queries, the password hash's first run), then idle, then under attack.
      await probe(target, Date.now() + 2_000);
      const idle = await probe(target, Date.now() + SECONDS * 1000);
      const slow = attack(target, SLOW);
      // Every connection has sent its headers and a first byte.
      await new Promise((r) => setTimeout(r, 1_500));
      const underAttack = await probe(target, Date.now() + SECONDS * 1000);
      const { opened, closedByServer, statuses } = slow.summary();
      slow.stop();
      attacks.push(`${target.name}: ${opened} slow connections opened, ${closedByServer} closed by the server (answers: ${statuses})`);
      for (const [what, a, b] of [
        ["GET /api/blogs", summarize(idle.blogs), summarize(underAttack.blogs)],
        ["sign-in", summarize(idle.signIns), summarize(underAttack.signIns)],
      ] as const) {
        const ratio = b.p99 / a.p99;
        rows.push(
          `| ${target.name} | ${what} | ${a.n} | ${a.p50.toFixed(1)} | ${a.p99.toFixed(1)} | ${b.n} | ${b.p50.toFixed(1)} | ${b.p99.toFixed(1)} | ${ratio.toFixed(2)}× | ${a.bad} / ${b.bad} |`,
        );
        verdicts.push(`${target.name}, ${what}: p99 under attack ${ratio.toFixed(2)}× idle: ${ratio < BAR && b.bad === 0 ? "within" : "OVER"} the ${BAR}× bar`);
      }
      // Let the server settle before the next target.
      await new Promise((r) => setTimeout(r, 2_000));
    }
    console.log(
      [
        `\nSlow request bodies (${process.cwd()}): ${SLOW} connections sending one body byte every 2 s, ${SECONDS} s per phase, ` +
          `${os.cpus().length} CPUs, load ${os.loadavg().map((l) => l.toFixed(2)).join(" ")}`,
        "",
        "| where | request | idle n | idle p50 ms | idle p99 ms | attack n | attack p50 ms | attack p99 ms | p99 attack/idle | not 200 (idle / attack) |",
        "|---|---|---|---|---|---|---|---|---|---|",
        ...rows,
        "",
        ...attacks,
        ...verdicts,
      ].join("\n"),
    );
  } finally {
    for (const proxy of proxies) await proxy.stop();
    server.child.kill("SIGTERM");
    await new Promise((r) => setTimeout(r, 500));
    if (server.child.exitCode === null) server.child.kill("SIGKILL");
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
