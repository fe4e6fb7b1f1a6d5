/**
 * `npm run test:load [-- --postgres] [--instances=2] [--warmup=0] [--duration=60] [--connections=200] [--json=file]`
 *
 * WEB_CONCURRENCY server processes per instance (unset: one per CPU, as in production; 1: a single process).
 * With --instances N (N > 1), N instances share one database behind the real reverse proxy of the deployment
 * tests (nginx, or WP_PROXY=caddy), and the clients speak HTTPS to the proxy.
 *
 * Starts the production build on a fresh temporary database (SQLite, or with
 * --postgres a new PostgreSQL database beside TEST_DATABASE_URL's) on a
 * loopback port, drives mixed traffic at a fixed number of concurrent
 * connections for a bounded time, then checks what the clients saw against
 * the database:
 *   - no 5xx and no dropped connection;
 *   - every like answered as newly counted is counted, and no more;
 *   - every subscription and lead answered with success is stored exactly once,
 *     and nothing that was not answered with success was stored.
 * A write whose client gave up (its 30 s timeout) is reconciled apart: "timed out but stored" when the database
 * has it, "lost" when not; a timeout is its own failed check, not a lost write.
 * After the mix, each kind runs alone in short interleaved rounds (--per-kind=S, default 3; 0: none) for its
 * server CPU per request.
 * Prints requests/s, p50/p99 and server CPU per kind; exits 1 when a check fails.
 * Builds into $WP_BUILD_DIR (default build-load) unless E2E_SKIP_BUILD=1.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { openDatabase, type Db } from "../server/db/database";
import { type BuiltServer, startBuiltServer } from "../tests/helpers/built-server";
import { createTestDatabase, type TestDatabase } from "../tests/helpers/databases";
import { startCrmServer } from "../tests/helpers/crm-server";
import { proxyKindFromEnv, startReverseProxy } from "../tests/helpers/reverse-proxy";
import { cpuMeter, loadAverage, machineBusyMs, median, processCpuMs, processTree, rssMb } from "./server-cpu";

type Kind = "page" | "blog-read" | "blog-search" | "like" | "subscribe" | "lead" | "chat";
const KINDS: Kind[] = ["page", "blog-read", "blog-search", "like", "subscribe", "lead", "chat"];
/** The traffic mix: mostly reading, as on a real marketing site. `--mix=page:1,like:1` drives other shares (the kinds not named get none). */
const WEIGHTS: Record<Kind, number> = { page: 30, "blog-read": 20, "blog-search": 10, like: 15, subscribe: 8, lead: 7, chat: 10 };
/** A visitor makes this many requests, then a new one (new address, no cookie) arrives. */
const REQUESTS_PER_VISITOR = 8;
/** A request that takes longer than this counts as dropped. */
const REQUEST_TIMEOUT_MS = 30_000;

function flag(name: string): string | undefined {
  const prefix = `--${name}=`;
  const hit = process.argv.find((a) => a === `--${name}` || a.startsWith(prefix));
  if (!hit) return undefined;
  if (hit !== `--${name}`) return hit.slice(prefix.length);
  // `--instances 2` as well as `--instances=2`.
  const next = process.argv[process.argv.indexOf(hit) + 1];
  return next !== undefined && !next.startsWith("--") ? next : "";
}

const usePostgres = flag("postgres") !== undefined;
const mix = flag("mix");
if (mix) {
  for (const k of KINDS) WEIGHTS[k] = 0;
  for (const part of mix.split(",")) {
    const [kind, weight] = part.split(":");
    if (!KINDS.includes(kind as Kind) || !(Number(weight) >= 0)) throw new Error(`--mix: unknown kind or weight in "${part}" (kinds: ${KINDS.join(", ")})`);
    WEIGHTS[kind as Kind] = Number(weight);
  }
}
const durationS = Math.min(Math.max(Number(flag("duration") ?? 60), 1), 600);
const connections = Math.min(Math.max(Number(flag("connections") ?? 200), 1), 1000);
const jsonOut = flag("json");
/** Instances of the server on one database, behind the reverse proxy (use with --postgres). */
/** Seconds of the same traffic before the measured window (default 10). */
const warmupS = Math.min(Math.max(Number(flag("warmup") ?? 10), 0), 120);
/**
 * Seconds per kind and round of the single-kind phase after the mix (0: none): each kind alone, interleaved over
 * --per-kind-rounds rounds, for its server CPU per request, to compare the mix's with the mean of its kinds'.
 */
const perKindS = Math.min(Math.max(Number(flag("per-kind") ?? 3), 0), 60);
const perKindRounds = Math.min(Math.max(Number(flag("per-kind-rounds") ?? 3), 1), 10);
const instances = Math.min(Math.max(Number(flag("instances") ?? 1), 1), 8);

type Sample = { kind: Kind; status: number; ms: number; error?: string; reused?: boolean; localPort?: number; connectedAt?: number; sentAt?: number };

export type LoadResult = {
  database: "sqlite" | "postgres";
  durationS: number;
  connections: number;
  total: number;
  requestsPerSecond: number;
  perKind: Record<string, { count: number; rps: number; p50: number; p99: number; max: number; statuses: Record<string, number> }>;
  fiveXx: number;
  dropped: number;
  rssIdleMb: number;
  rssAfterMb: number;
  /** Server CPU time per request (user + system). */
  cpuPerRequestMs: number;
  /** The load generator's own CPU time per request: on the same machine it takes cores from the server. */
  clientCpuPerRequestMs: number;
  /** Each kind alone (medians over the single-kind rounds): server CPU per request, req/s, p50, p99. */
  singleKind: Record<string, { cpuPerRequestMs: number; rps: number; p50: number; p99: number }>;
  /** The mix's CPU per request over the mix-weighted and the plain mean of its kinds' single-kind figures. */
  mixOverKinds: { weighted: number; plain: number } | null;
  timedOut: number;
  loadAverage: { mix: string; singleKind: string };
  checks: { name: string; ok: boolean; detail: string }[];
  serverErrors: string[];
};

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

/** Resident memory of every process of the server (the primary first), in MB. */
function rssTree(pid: number | undefined): number[] {
  return processTree(pid).map(rssMb);
}

/** http.request, or https.request behind the proxy (--instances). */
let transport: typeof http.request = http.request;

type Answer = { status: number; body: string; setCookie: string[] };
/** Where a request that got no answer was sent: on a reused keep-alive socket or a new one, and which. */
type SocketInfo = { reused?: boolean; localPort?: number; connectedAt?: number };

function request(
  agent: http.Agent,
  port: number,
  method: string,
  urlPath: string,
  headers: Record<string, string>,
  body?: string,
  info: SocketInfo = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let stage = "before the answer's headers";
    const req = transport(
      { host: "127.0.0.1", port, method, path: urlPath, agent, headers: { ...headers, ...(body ? { "content-length": Buffer.byteLength(body) } : {}) } },
      (res) => {
        stage = `while reading a ${res.statusCode} answer's body`;
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => {
          const sc = res.headers["set-cookie"];
          resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString("utf8"), setCookie: Array.isArray(sc) ? sc : sc ? [sc] : [] });
        });
        res.on("error", reject);
      },
    );
    req.on("socket", (socket) => {
      info.reused = req.reusedSocket;
      if (socket.localPort) info.localPort = socket.localPort;
      else
        socket.once("connect", () => {
          info.localPort = socket.localPort;
          info.connectedAt = Date.now();
        });
    });
    req.setTimeout(REQUEST_TIMEOUT_MS, () => req.destroy(new Error(`timeout ${stage} (${method} ${urlPath.split("?")[0]})`)));
    req.on("error", reject);
    req.end(body);
  });
}

function buildIfNeeded(buildDir: string) {
  if (process.env.E2E_SKIP_BUILD === "1") return;
  console.log(`building into ${buildDir}…`);
  const r = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit", env: { ...process.env, WP_BUILD_DIR: buildDir, NODE_ENV: "production" } });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

async function main(): Promise<void> {
  const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build-load");
  process.env.WP_BUILD_DIR = buildDir;
  buildIfNeeded(buildDir);

  let pg: TestDatabase | undefined;
  if (usePostgres) {
    process.env.TEST_DATABASE_URL ??= "postgres://postgres@127.0.0.1:5432/test";
    pg = await createTestDatabase("postgres");
  }
  // A real CRM endpoint: every stored lead is forwarded by the servers' delivery loops, and must arrive exactly once.
  const crm = await startCrmServer();
  // Server processes per instance: WEB_CONCURRENCY as the server reads it (unset: one per CPU).
  const processes = Number(process.env.WEB_CONCURRENCY || os.availableParallelism());
  const serverEnv = (databaseUrl?: string): Record<string, string> => ({
    // The load generator plays the one proxy in front of the site: the X-Forwarded-For hop it writes (the
    // rightmost, here the only one) is the visitor, so each simulated visitor has its own address. Behind the
    // real proxy that visitor's entry is one hop further out than the proxy's.
    TRUST_PROXY: instances > 1 ? "2" : "1",
    WP_TEST_ROUTES: "0",
    WEB_CONCURRENCY: String(processes),
    CRM_WEB_TO_LEAD_URL: `${crm.url}/lead`,
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    // To try other sizes of the server's request line (server/http/admission.ts).
    ...Object.fromEntries(
      ["MAX_CONCURRENT_REQUESTS", "MAX_QUEUED_REQUESTS", "MAX_QUEUE_WAIT_MS"].flatMap((k) => (process.env[k] ? [[k, process.env[k]!]] : [])),
    ),
  });
  // For profiling the server under load, e.g. LOAD_SERVER_NODE_ARGS="--cpu-prof --cpu-prof-dir=/tmp/prof".
  const nodeArgs = process.env.LOAD_SERVER_NODE_ARGS?.split(/\s+/).filter(Boolean);
  const first: BuiltServer = await startBuiltServer(serverEnv(pg?.url), { nodeArgs });
  // Further instances share the first one's database (PostgreSQL, or its SQLite file).
  const servers = [first, ...(await Promise.all(Array.from({ length: instances - 1 }, () => startBuiltServer(serverEnv(first.databaseUrl), { nodeArgs }))))];
  const server = first;
  for (const s of servers) {
    const deadline = Date.now() + 30_000;
    while (processes > 1 && s.output().split('"msg":"server process listening"').length - 1 < processes && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  // The server logs one line per request; keep only error lines, not hundreds of thousands of lines in memory.
  const serverErrors: string[] = [];
  const serverTimes: number[] = [];
  const shutdownLines: string[] = [];
  // Why a lead was sent again (the servers' warnings: a retry's error, a lease taken over, an answer too late).
  const deliveryNotes = new Map<string, number>();
  for (const s of servers) {
    s.process.stdout?.removeAllListeners("data");
    s.process.stderr?.removeAllListeners("data");
    let carry = "";
    const scan = (d: Buffer) => {
      const text = carry + d.toString();
      const lines = text.split("\n");
      carry = lines.pop() ?? "";
      for (const line of lines) {
        if (/"level":(50|60)/.test(line) && serverErrors.length < 50) serverErrors.push(line.slice(0, 500));
        // How long the server itself took, to tell its own slowness from waiting before or after it.
        const ms = /"msg":"request"/.test(line) ? /"ms":([\d.]+)/.exec(line)?.[1] : undefined;
        if (ms) serverTimes.push(Number(ms));
        if (/"msg":"(requests at shutdown|requests cut at shutdown)"/.test(line)) shutdownLines.push(line);
        const note = /"msg":"(lead delivery will be retried|lead delivery answer arrived after the claim expired|outbox lease[^"]*|worker tick failed)"/.exec(line)?.[1];
        if (note) {
          const error = /"error":"([^"]{0,80})/.exec(line)?.[1];
          const why = error ? `${note}: ${error}` : note;
          deliveryNotes.set(why, (deliveryNotes.get(why) ?? 0) + 1);
        }
      }
    };
    s.process.stdout?.on("data", scan);
    s.process.stderr?.on("data", (d: Buffer) => serverErrors.length < 50 && serverErrors.push(d.toString().slice(0, 500)));
  }

  // Several instances: behind the real reverse proxy of the deployment test (nginx, or WP_PROXY=caddy), over HTTPS.
  const proxy = instances > 1 ? await startReverseProxy({ kind: proxyKindFromEnv(), upstreams: servers.map((s) => s.url) }) : undefined;
  if (proxy) transport = https.request;
  const port = proxy ? proxy.port : server.port;
  const target = proxy ? `${proxy.url} (${proxy.kind} in front of ${instances} instances)` : server.url;
  const agent = proxy
    ? new https.Agent({ keepAlive: true, maxSockets: connections, ca: proxy.certificate })
    : new http.Agent({ keepAlive: true, maxSockets: connections });
  const json = { "content-type": "application/json" };
  const run = Date.now().toString(36);

  try {
    const seed = await request(agent, port, "POST", "/api/blogs/seed", json);
    if (seed.status !== 200) throw new Error(`seeding failed: ${seed.status} ${seed.body}`);
    const list = JSON.parse((await request(agent, port, "GET", "/api/blogs?limit=50", {})).body) as { data: { _id: string | number; slug: string; likes: number }[] };
    const posts = list.data.map((b) => ({ id: Number(b._id), slug: b.slug, likesBefore: b.likes }));
    if (posts.length === 0) throw new Error("no posts to read");
    const pages = ["/", "/blogs", "/contact", ...posts.map((p) => `/blog/${p.slug}`)];
    const terms = ["whatsapp", "ai", "lead", "%", "site visits", "automation", "zzz-not-there"];

    await new Promise((r) => setTimeout(r, 1000));
    const rssIdle = servers.flatMap((s) => rssTree(s.process.pid));
    const rssIdleMb = Math.max(...rssIdle);
    // CPU time of each server process (the primary of a cluster, then its server processes): per request, it
    // compares runs on a busy shared machine.
    const cpuEach = () => new Map(servers.flatMap((s) => processTree(s.process.pid).map((pid) => [pid, processCpuMs(pid)] as const)));
    let cpuBefore = cpuEach();
    // The load generator's own CPU: on one machine it competes with the server for the same cores.
    let clientCpuBefore = process.cpuUsage();
    let machineBefore = machineBusyMs();

    const samples: Sample[] = [];
    const likesAnsweredNew = new Map<number, number>();
    const subscribed = new Set<string>();
    const subscribeAsked = new Set<string>();
    const leadsStored = new Set<string>();
    const leadsAsked = new Set<string>();
    // Writes whose client gave up before the answer (its timeout): reconciled against the database apart.
    const likesTimedOut = new Map<number, number>();
    const subscribeTimedOut = new Set<string>();
    const leadsTimedOut = new Set<string>();
    let visitorSeq = 0;
    let counter = 0;
    const totalWeight = KINDS.reduce((s, k) => s + WEIGHTS[k], 0);
    const pick = (): Kind => {
      let r = Math.random() * totalWeight;
      for (const k of KINDS) if ((r -= WEIGHTS[k]) < 0) return k;
      return "page";
    };
    const any = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)]!;

    // The warm-up (--warmup=S) sends the same traffic first but leaves it out of the figures (JIT, first renders),
    // not out of the checks: every write it made is reconciled too.
    const deadline = Date.now() + (warmupS + durationS) * 1000;
    let started = Date.now() + warmupS * 1000;
    const warmSamples: Sample[] = [];
    const warm = setTimeout(() => {
      cpuBefore = cpuEach();
      clientCpuBefore = process.cpuUsage();
      machineBefore = machineBusyMs();
      started = Date.now();
    }, warmupS * 1000);
    console.log(`driving ${connections} connections for ${warmupS ? `${warmupS} s of warm-up and ` : ""}${durationS} s against ${target}, ${processes} server process(es) each (${usePostgres ? "PostgreSQL" : "SQLite"})…`);

    const worker = async (until: number, choose: () => Kind, keep: (sample: Sample, sentAt: number) => void) => {
      let visitor = { ip: "", cookie: "", left: 0 };
      while (Date.now() < until) {
        if (visitor.left <= 0) {
          const n = ++visitorSeq;
          visitor = { ip: `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`, cookie: "", left: REQUESTS_PER_VISITOR };
        }
        visitor.left--;
        const kind = choose();
        const headers: Record<string, string> = { "x-forwarded-for": visitor.ip, ...(visitor.cookie ? { cookie: visitor.cookie } : {}) };
        const t0 = performance.now();
        let answer: Answer | undefined;
        let error: string | undefined;
        const n = ++counter;
        const info: SocketInfo = {};
        const sentAt = Date.now();
        let key = "";
        let postId = 0;
        try {
          switch (kind) {
            case "page":
              answer = await request(agent, port, "GET", any(pages), { ...headers, "accept-encoding": "br, gzip" }, undefined, info);
              break;
            case "blog-read":
              answer = await request(agent, port, "GET", Math.random() < 0.5 ? "/api/blogs" : `/api/blogs/${any(posts).slug}`, headers, undefined, info);
              break;
            case "blog-search":
              answer = await request(agent, port, "GET", `/api/blogs?search=${encodeURIComponent(any(terms))}`, headers, undefined, info);
              break;
            case "like":
              postId = any(posts).id;
              answer = await request(agent, port, "POST", `/api/blogs/${postId}/like`, headers, undefined, info);
              break;
            case "subscribe":
              key = `load-${run}-${n}@example.com`;
              subscribeAsked.add(key);
              answer = await request(agent, port, "POST", "/api/newsletter/subscribe", { ...headers, ...json }, JSON.stringify({ email: key }), info);
              break;
            case "lead":
              key = `lead-${run}-${n}@example.com`;
              leadsAsked.add(key);
              answer = await request(
                agent,
                port,
                "POST",
                "/api/leads",
                { ...headers, ...json },
                JSON.stringify({ firstName: "Load", lastName: `Visitor ${n}`, email: key, phone: "+91 00000 00000", message: "Interested in the WhatsApp assistant." }),
                info,
              );
              break;
            case "chat":
              answer = await request(agent, port, "POST", "/api/chat", { ...headers, ...json }, JSON.stringify({ message: any(["How much does it cost?", "hi", "Can it integrate with my CRM?", "automate follow-ups"]) }), info);
              break;
          }
        } catch (e) {
          error = (e as Error).message;
        }
        const ms = performance.now() - t0;
        keep({ kind, status: answer?.status ?? 0, ms, error, ...(error ? { ...info, sentAt } : {}) }, sentAt);
        if (!answer) {
          if (error?.startsWith("timeout")) {
            if (kind === "like") likesTimedOut.set(postId, (likesTimedOut.get(postId) ?? 0) + 1);
            if (kind === "subscribe") subscribeTimedOut.add(key);
            if (kind === "lead") leadsTimedOut.add(key);
          }
          continue;
        }
        for (const c of answer.setCookie) {
          const pair = c.split(";")[0]!;
          if (pair.startsWith("wp_visitor=")) visitor.cookie = pair;
        }
        if (kind === "like" && answer.status === 200) {
          const body = JSON.parse(answer.body) as { success: boolean; data: { alreadyLiked: boolean } };
          if (body.success && !body.data.alreadyLiked) likesAnsweredNew.set(postId, (likesAnsweredNew.get(postId) ?? 0) + 1);
        }
        if (kind === "subscribe" && answer.status === 200) subscribed.add(key);
        if (kind === "lead" && answer.status === 201) leadsStored.add(key);
      }
    };
    await Promise.all(
      Array.from({ length: connections }, () => worker(deadline, pick, (sample, sentAt) => (sentAt >= started ? samples : warmSamples).push(sample))),
    );
    clearTimeout(warm);
    const elapsedS = (Date.now() - started) / 1000;
    const mixCpu = [...cpuEach()].map(([pid, ms]) => ms - (cpuBefore.get(pid) ?? 0));
    const mixClientCpu = process.cpuUsage(clientCpuBefore);
    const mixMachineMs = machineBusyMs() - machineBefore;
    const mixLoad = loadAverage();

    // Each kind alone (the kinds of the mix, in the same order each round), for its server CPU per request: the
    // rounds share the machine's state, and the mix's figure can be held against the mean of its kinds'.
    const singleKind = new Map<Kind, { cpuPerRequest: number[]; rps: number[]; p50: number[]; p99: number[] }>();
    const perKindSamples: Sample[] = [];
    const mixKinds = KINDS.filter((k) => WEIGHTS[k] > 0);
    if (perKindS > 0) {
      console.log(`each kind alone: ${perKindRounds} rounds of ${perKindS} s per kind (load ${loadAverage()})…`);
      const meter = cpuMeter(() => servers.map((s) => s.process.pid));
      for (let round = 0; round < perKindRounds; round++) {
        for (const kind of mixKinds) {
          const mine: Sample[] = [];
          meter.mark();
          const t0 = Date.now();
          await Promise.all(Array.from({ length: connections }, () => worker(Date.now() + perKindS * 1000, () => kind, (sample) => mine.push(sample))));
          const seconds = (Date.now() - t0) / 1000;
          const used = meter.used().total;
          perKindSamples.push(...mine);
          const times = mine.map((x) => x.ms).sort((a, b) => a - b);
          const entry = singleKind.get(kind) ?? { cpuPerRequest: [], rps: [], p50: [], p99: [] };
          entry.cpuPerRequest.push(used / Math.max(1, mine.length));
          entry.rps.push(mine.length / seconds);
          entry.p50.push(percentile(times, 50));
          entry.p99.push(percentile(times, 99));
          singleKind.set(kind, entry);
        }
      }
    }
    const perKindLoad = loadAverage();
    const rssAfter = servers.flatMap((s) => rssTree(s.process.pid));
    const rssAfterMb = Math.max(...rssAfter);
    const perRequest = (ms: number) => Math.round((ms / Math.max(1, samples.length)) * 100) / 100;
    const cpuUsed = mixCpu;
    const cpuPerRequestMs = perRequest(cpuUsed.reduce((a, b) => a + b, 0));
    const cpuShares = cpuUsed.map(perRequest);
    const clientCpu = mixClientCpu;
    const clientCpuPerRequestMs = perRequest((clientCpu.user + clientCpu.system) / 1000);
    // Everything else on the machine: the database server (PostgreSQL), the proxy (--instances), other work.
    const machineMsPerRequest = perRequest(mixMachineMs);
    agent.destroy();

    // What the database says, compared with what the clients were told.
    // Every lead stored is forwarded to the CRM by the delivery loops (in every process of every instance).
    const leadDeadline = Date.now() + 30_000;
    const delivered = () => new Set(crm.requests.map((r) => r.form.email).filter((e) => e?.startsWith(`lead-${run}-`))).size;
    while (delivered() < leadsStored.size && Date.now() < leadDeadline) await new Promise((r) => setTimeout(r, 200));
    const proxyOutput = proxy?.output() ?? "";
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    const db: Db = pg ? pg.db : await openDatabase(server.databaseUrl);
    const checks: LoadResult["checks"] = [];
    const everySample = [...warmSamples, ...samples, ...perKindSamples];
    const fiveXx = everySample.filter((s) => s.status >= 500).length;
    const isTimeout = (s: Sample) => Boolean(s.error?.startsWith("timeout"));
    // A client's timeout is counted apart from a connection the server dropped (reset, closed without an answer).
    const timedOut = everySample.filter(isTimeout).length;
    const dropped = everySample.filter((s) => s.error && !isTimeout(s)).length;
    checks.push({
      name: "no 5xx",
      ok: fiveXx === 0,
      detail: `${fiveXx} answers ≥ 500${fiveXx && proxyOutput ? `; the proxy said:\n${proxyOutput.split("\n").filter(Boolean).slice(-5).join("\n")}` : ""}`,
    });
    checks.push({
      name: "no dropped connections",
      ok: dropped === 0,
      detail: `${dropped} requests cut without an answer${dropped ? `: ${[...new Set(everySample.filter((s) => s.error && !isTimeout(s)).map((s) => s.error))].slice(0, 3).join("; ")}` : ""}`,
    });
    checks.push({
      name: `no client timeout (${REQUEST_TIMEOUT_MS / 1000} s)`,
      ok: timedOut === 0,
      detail: `${timedOut} requests the client gave up on${timedOut ? ` (${[...new Set(everySample.filter(isTimeout).map((s) => s.kind))].join(", ")}); their writes are reconciled below` : ""}`,
    });

    const likeRows = await db.kysely.selectFrom("blogs").select(["id", "likes"]).execute();
    const likeProblems: string[] = [];
    let likesStoredAfterTimeout = 0;
    for (const p of posts) {
      const now = Number(likeRows.find((r) => Number(r.id) === p.id)?.likes ?? -1);
      const expected = p.likesBefore + (likesAnsweredNew.get(p.id) ?? 0);
      // A like whose client timed out may have been counted (or found already liked): at most one each.
      const extra = now - expected;
      if (extra >= 0 && extra <= (likesTimedOut.get(p.id) ?? 0)) likesStoredAfterTimeout += extra;
      else likeProblems.push(`post ${p.id}: ${now} counted, ${expected} answered${likesTimedOut.get(p.id) ? ` (+ ${likesTimedOut.get(p.id)} timed out)` : ""}`);
    }
    const likesTotal = [...likesAnsweredNew.values()].reduce((a, b) => a + b, 0);
    const likesTimedOutTotal = [...likesTimedOut.values()].reduce((a, b) => a + b, 0);
    checks.push({
      name: "every like answered is counted, and no more",
      ok: likeProblems.length === 0,
      detail: likeProblems.join("; ") || `${likesTotal} new likes, all counted${likesTimedOutTotal ? `; of ${likesTimedOutTotal} timed out, ${likesStoredAfterTimeout} counted` : ""}`,
    });

    const subRows = await db.kysely
      .selectFrom("subscribers")
      .select(["email_normalized"])
      .where("email_normalized", "like", `load-${run}-%`)
      .execute();
    const subCounts = new Map<string, number>();
    for (const r of subRows) subCounts.set(r.email_normalized, (subCounts.get(r.email_normalized) ?? 0) + 1);
    const subMissing = [...subscribed].filter((e) => subCounts.get(e) !== 1);
    // Reconciled: a subscription whose client timed out is "timed out but stored" when the database holds it once,
    // "lost" when not (the visitor was told nothing either way; only a stored one that was answered with an error is wrong).
    const subStoredAfterTimeout = [...subscribeTimedOut].filter((e) => subCounts.get(e) === 1).length;
    const subExtra = [...subCounts.keys()].filter((e) => !subscribed.has(e) && !(subscribeTimedOut.has(e) && subCounts.get(e) === 1));
    checks.push({
      name: "every subscription answered with success is stored exactly once",
      ok: subMissing.length === 0 && subExtra.length === 0 && (subscribed.size > 0 || WEIGHTS.subscribe === 0),
      detail:
        `${subscribed.size} answered, ${subRows.length} stored, ${subMissing.length} missing/duplicated, ${subExtra.length} stored without a success answer (of ${subscribeAsked.size} sent)` +
        (subscribeTimedOut.size ? `; ${subscribeTimedOut.size} timed out: ${subStoredAfterTimeout} timed out but stored, ${subscribeTimedOut.size - subStoredAfterTimeout} lost` : ""),
    });

    const leadRows = await db.kysely.selectFrom("leads").select(["email"]).where("email", "like", `lead-${run}-%`).execute();
    const leadCounts = new Map<string, number>();
    for (const r of leadRows) leadCounts.set(r.email, (leadCounts.get(r.email) ?? 0) + 1);
    const leadMissing = [...leadsStored].filter((e) => leadCounts.get(e) !== 1);
    const leadsStoredAfterTimeout = [...leadsTimedOut].filter((e) => leadCounts.get(e) === 1);
    const leadExtra = [...leadCounts.keys()].filter((e) => !leadsStored.has(e) && !(leadsTimedOut.has(e) && leadCounts.get(e) === 1));
    checks.push({
      name: "every lead answered with success is stored exactly once",
      ok: leadMissing.length === 0 && leadExtra.length === 0 && (leadsStored.size > 0 || WEIGHTS.lead === 0),
      detail:
        `${leadsStored.size} answered, ${leadRows.length} stored, ${leadMissing.length} missing/duplicated, ${leadExtra.length} stored without a success answer (of ${leadsAsked.size} sent)` +
        (leadsTimedOut.size ? `; ${leadsTimedOut.size} timed out: ${leadsStoredAfterTimeout.length} timed out but stored, ${leadsTimedOut.size - leadsStoredAfterTimeout.length} lost` : ""),
    });
    // A lead stored after its client gave up is delivered like any other.
    for (const e of leadsStoredAfterTimeout) leadsStored.add(e);
    // What the CRM keeps: one lead per idempotency key (a lead sent again with its key is one lead). The requests that
    // carried a key already seen are counted apart: a second request is the at-least-once fallback, not a duplicate.
    const sentTwice = [...leadsStored].filter((e) => crm.leadsFor(e) > 1);
    const neverSent = [...leadsStored].filter((e) => crm.requestsFor(e).length === 0);
    const resent = [...leadsStored].reduce((sum, e) => sum + Math.max(0, crm.requestsFor(e).length - 1), 0);
    const keysShared = new Set([...leadsStored].map((e) => crm.requestsFor(e)[0]?.idempotencyKey).filter(Boolean)).size;
    checks.push({
      name: "every lead stored is delivered to the CRM exactly once",
      ok: sentTwice.length === 0 && neverSent.length === 0 && keysShared === leadsStored.size - neverSent.length,
      detail:
        `${leadsStored.size} stored, ${leadsStored.size - sentTwice.length - neverSent.length} delivered once, ${sentTwice.length} delivered twice or more ` +
        `(distinct idempotency keys), ${neverSent.length} not delivered within 30 s; ${resent} requests repeated a key already sent` +
        (deliveryNotes.size ? ` (the servers said: ${[...deliveryNotes].map(([why, n]) => `${n}× ${why}`).join("; ")})` : ""),
    });
    checks.push({ name: "no error logged by the server", ok: serverErrors.length === 0, detail: serverErrors.slice(0, 3).join("\n") || "none" });
    if (!pg) await db.close();

    const perKind: LoadResult["perKind"] = {};
    for (const kind of KINDS) {
      const mine = samples.filter((s) => s.kind === kind);
      const times = mine.map((s) => s.ms).sort((a, b) => a - b);
      const statuses: Record<string, number> = {};
      for (const s of mine) {
        const label = s.error ? (isTimeout(s) ? "timed out" : "dropped") : String(s.status);
        statuses[label] = (statuses[label] ?? 0) + 1;
      }
      perKind[kind] = {
        count: mine.length,
        rps: Math.round((mine.length / elapsedS) * 10) / 10,
        p50: Math.round(percentile(times, 50) * 10) / 10,
        p99: Math.round(percentile(times, 99) * 10) / 10,
        max: Math.round((times.at(-1) ?? 0) * 10) / 10,
        statuses,
      };
    }
    const r2 = (x: number) => Math.round(x * 100) / 100;
    const singleKindSummary: LoadResult["singleKind"] = Object.fromEntries(
      [...singleKind].map(([kind, e]) => [kind, { cpuPerRequestMs: r2(median(e.cpuPerRequest)), rps: Math.round(median(e.rps)), p50: r2(median(e.p50)), p99: r2(median(e.p99)) }]),
    );
    let mixOverKinds: LoadResult["mixOverKinds"] = null;
    if (singleKind.size) {
      const kinds = Object.entries(singleKindSummary);
      const weight = kinds.reduce((a, [k]) => a + WEIGHTS[k as Kind], 0);
      const weighted = kinds.reduce((a, [k, v]) => a + v.cpuPerRequestMs * WEIGHTS[k as Kind], 0) / weight;
      const plain = kinds.reduce((a, [, v]) => a + v.cpuPerRequestMs, 0) / kinds.length;
      mixOverKinds = { weighted: r2(cpuPerRequestMs / weighted), plain: r2(cpuPerRequestMs / plain) };
    }
    const result: LoadResult = {
      database: usePostgres ? "postgres" : "sqlite",
      durationS: Math.round(elapsedS * 10) / 10,
      connections,
      total: samples.length,
      requestsPerSecond: Math.round(samples.length / elapsedS),
      perKind,
      fiveXx,
      dropped,
      rssIdleMb,
      rssAfterMb,
      cpuPerRequestMs,
      clientCpuPerRequestMs,
      singleKind: singleKindSummary,
      mixOverKinds,
      timedOut,
      loadAverage: { mix: mixLoad, singleKind: perKindLoad },
      checks,
      serverErrors,
    };

    console.log(`\n${result.total} requests in ${result.durationS} s = ${result.requestsPerSecond} req/s (${connections} connections, ${result.database}; load average at the end of the mix ${mixLoad})`);
    console.log(`server RSS per process (MB): ${rssIdle.join(", ")} idle, ${rssAfter.join(", ")} after the load; server CPU ${cpuPerRequestMs} ms per request (all processes: ${cpuShares.join(" + ")}), load generator ${clientCpuPerRequestMs} ms, whole machine ${machineMsPerRequest} ms (${os.cpus().length} cores)`);
    const st = [...serverTimes].sort((a, b) => a - b);
    console.log(`time inside the server (its request log): p50 ${percentile(st, 50)} ms, p99 ${percentile(st, 99)} ms, max ${st.at(-1) ?? 0} ms over ${st.length} requests`);
    console.log("\nkind          count    req/s   p50 ms   p99 ms   max ms  p99/p50  statuses");
    for (const [kind, k] of Object.entries(perKind)) {
      console.log(
        `${kind.padEnd(12)} ${String(k.count).padStart(6)} ${String(k.rps).padStart(8)} ${String(k.p50).padStart(8)} ${String(k.p99).padStart(8)} ${String(k.max).padStart(8)} ${(k.p99 / (k.p50 || 1)).toFixed(1).padStart(8)}  ${JSON.stringify(k.statuses)}`,
      );
    }
    if (singleKind.size) {
      console.log(`\neach kind alone (${connections} connections, medians of ${perKindRounds} interleaved rounds of ${perKindS} s; load average after ${perKindLoad})`);
      console.log("kind        CPU ms/req    req/s   p50 ms   p99 ms  p99/p50");
      for (const [kind, k] of Object.entries(singleKindSummary)) {
        console.log(
          `${kind.padEnd(12)} ${k.cpuPerRequestMs.toFixed(3).padStart(9)} ${String(k.rps).padStart(8)} ${String(k.p50).padStart(8)} ${String(k.p99).padStart(8)} ${(k.p99 / (k.p50 || 1)).toFixed(1).padStart(8)}`,
        );
      }
      console.log(`mix ${cpuPerRequestMs} ms per request = ${mixOverKinds?.weighted}x the mix-weighted mean of its kinds alone, ${mixOverKinds?.plain}x their plain mean`);
    }
    const droppedSamples = everySample.filter((s) => s.error);
    if (droppedSamples.length) {
      const reused = droppedSamples.filter((s) => s.reused).length;
      const when = droppedSamples.map((s) => ((s.sentAt ?? 0) - started) / 1000).sort((a, b) => a - b);
      console.log(
        `\nno answer: ${droppedSamples.length} (${reused} on a reused keep-alive socket, ${droppedSamples.length - reused} on a new one); sent between ${when[0]} s and ${when.at(-1)} s`,
      );
      const serverSockets = new Map<number, { acceptedAt: number; firstRequestAt: number | null; closedAt: number | null }>();
      for (const line of shutdownLines) {
        const parsed = JSON.parse(line) as { slowFirstRequest?: { remotePort: number; acceptedAt: number; firstRequestAt: number | null; closedAt: number | null }[] };
        for (const t of parsed.slowFirstRequest ?? []) serverSockets.set(t.remotePort, t);
      }
      for (const d of droppedSamples.slice(0, 60)) {
        const t = d.localPort ? serverSockets.get(d.localPort) : undefined;
        const rel = (x: number | null | undefined) => (x ? `${((x - started) / 1000).toFixed(2)} s` : "-");
        console.log(
          `  ${d.kind} sent ${rel(d.sentAt)}, connected ${rel(d.connectedAt)}, port ${d.localPort ?? "?"}${d.reused ? " (reused)" : ""}; server: accepted ${rel(t?.acceptedAt)}, first request ${rel(t?.firstRequestAt)}, closed ${rel(t?.closedAt)}`,
        );
      }
    }
    for (const line of shutdownLines) console.log(`server: ${line.replace(/,"slowFirstRequest":\[[^\]]*\]/, "")}`);
    console.log("");
    for (const c of checks) console.log(`${c.ok ? "ok  " : "FAIL"} ${c.name}: ${c.detail}`);
    if (jsonOut) fs.writeFileSync(jsonOut, JSON.stringify(result, null, 2));
    process.exitCode = checks.every((c) => c.ok) ? 0 : 1;
  } finally {
    await proxy?.stop();
    await Promise.all(servers.map((s) => s.stop()));
    await crm.close();
    await pg?.drop();
    if (!usePostgres) for (const s of servers) fs.rmSync(s.dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
