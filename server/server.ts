import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import type { Config } from "./config";
import type { Deps } from "./context";
import { openDatabase } from "./db/database";
import { createAdmission } from "./http/admission";
import { createBodyGate } from "./http/body-gate";
import { MAX_BODY_BYTES, largeBodyOf } from "./http/body-limits";
import { sessionTokenOf } from "./http/cookies";
import { studioSession } from "./services/staff/studio-session";
import { userForSession } from "./services/auth/accounts";
import { HASH_LANE } from "./services/auth/password";
import { LANE_TURNS } from "./services/work-lane";
import { trackInFlight } from "./http/in-flight";
import { migrateToLatest } from "./db/migrate";
import { createLogger } from "./logger";
import { startWorkers } from "./workers";
import { countryDataDate, countryDataSource, warmCountryTable } from "./services/analytics/country";
import { countryDataAgeDays, staleCountryDataNotice } from "./services/analytics/country-age";

export type RunningServer = {
  url: string;
  port: number;
  deps: Deps;
  /** Stops accepting connections, lets requests in flight finish, closes the database. */
  shutdown(): Promise<void>;
};

export type ServerOptions = {
  /** Requests handled at once (the rest wait in line); default 8 on SQLite, the pool size plus 8 on PostgreSQL. */
  maxConcurrentRequests?: number;
  /** Requests allowed to wait in line (default 2000) and how long one may wait before a 503 (default 15 s). */
  maxQueuedRequests?: number;
  maxQueueWaitMs?: number;
  /** How long an ordinary request's body (at most 64 KiB) may take to arrive before a 408 (default 10 s). */
  bodyDeadlineMs?: number;
  /** Apply pending migrations at start (default); false when the cluster's primary has done it already. */
  migrate?: boolean;
};

/** Health checks, static files and the test-only routes (WP_TEST_ROUTES) never wait in line. */
const STATIC_PATH = /^\/(healthz|readyz)$|^\/(assets|__test)\/|\.[a-z0-9]{2,5}$/i;
const CHAT_PATH = /^\/api\/chat(\/|$)/;
/** Posts that hash a password (sign-in, sign-up, new password), through the API and the pages (and their .data). */
const HASHING_PATH = /^\/api\/auth\/(login|register|reset-password\/confirm)$|^\/(sign-in|get-started|reset-password)(\.data)?$/;

/** The ordinary body's deadline; staff writes and uploads (up to 1 MiB and 10 MB) get the longer one. */
export const BODY_DEADLINE_MS = 10_000;
export const LARGE_BODY_DEADLINE_MS = 30_000;
/** Bodies held in memory at once per process (read, or waiting their turn in the request line with them). */
export const MAX_BUFFERED_BODY_BYTES = 64 * 1024 * 1024;

/** Opens and migrates the database, then serves the site and the API. */
export async function startServer(config: Config, buildDir: string, options: ServerOptions = {}): Promise<RunningServer> {
  const log = createLogger(config.LOG_LEVEL);
  const db = await openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  if (options.migrate !== false) {
    const { applied } = await migrateToLatest(db);
    if (applied.length) log.info({ applied }, "migrations applied");
  }
  const deps: Deps = { config, db, log };
  if (config.NODE_ENV === "production" && !config.TOTP_SECRET_KEY) {
    // Decision 0020: the site runs without it (a fresh install, the tests), but the operator is told, every start.
    log.warn("TOTP_SECRET_KEY is not set: the studio's second-factor secrets are stored unsealed (see .env.example)");
  }
  const app = await createApp({ deps, buildDir });

  let lastShedLog = 0;
  const onShed = (request: Request, reason: string) => {
    // At most one line a second: an overloaded server must not also flood its log.
    if (Date.now() - lastShedLog < 1000) return;
    lastShedLog = Date.now();
    log.warn(
      { method: request.method, path: new URL(request.url).pathname, reason, main: line.stats(), chat: chatLine.stats(), hashing: hashLine.stats() },
      "overloaded: request answered 503",
    );
  };
  const concurrency =
    options.maxConcurrentRequests ?? config.MAX_CONCURRENT_REQUESTS ?? (db.dialect === "sqlite" ? 8 : config.DATABASE_POOL_SIZE + 8);
  const maxQueue = options.maxQueuedRequests ?? config.MAX_QUEUED_REQUESTS;
  const maxWaitMs = options.maxQueueWaitMs ?? config.MAX_QUEUE_WAIT_MS;
  const line = createAdmission({ concurrency, maxQueue, maxWaitMs, onShed });
  // The chat waits on the language model (seconds, up to its timeout) while using little CPU: it has its own,
  // wider line, so a slow model never holds the places of page and API requests.
  const chatLine = createAdmission({ concurrency: concurrency * 4, maxQueue, maxWaitMs, onShed });
  // Password hashing (issue 13, S7) has a line of its own: a storm of sign-ins waits there, not in the places of page
  // and API requests. Inside, the hashing lane (services/auth/password.ts, a lane of services/work-lane.ts) bounds
  // the hashes at once and gives each turn (a known device, a stranger…) its own queue, refusing the rest at once;
  // this line has room for every place and queue of the lane and a few refusals on their way out, so a known
  // device's sign-in never stands in this line behind strangers' hashes (issue 39, item 2).
  const lanePlaces = HASH_LANE.concurrency + HASH_LANE.reserved + LANE_TURNS.length * HASH_LANE.maxQueue;
  const hashLine = createAdmission({ concurrency: lanePlaces + 4, maxQueue: 64, maxWaitMs, onShed });
  // A request takes its place in a line only once its whole body has arrived (issue 26, S18): see body-gate.ts.
  const bodyDeadlineMs = options.bodyDeadlineMs ?? BODY_DEADLINE_MS;
  let lastRefusedLog = 0;
  const bodies = createBodyGate({
    limit: MAX_BODY_BYTES,
    deadlineMs: bodyDeadlineMs,
    maxBufferedBytes: MAX_BUFFERED_BODY_BYTES,
    // Only the studio's writes and uploads may be larger (http/body-limits.ts, the list the app's caps read too), and
    // only for staff: the session is looked up once the body is known to exceed 64 KiB (the studio's guards check the
    // role again before anything is read from it).
    larger: async (request) => {
      const large = largeBodyOf(request.method, new URL(request.url).pathname);
      if (!large) return null;
      const token = sessionTokenOf(config, request.headers);
      // A customer's kit file (issue 41) needs a signed-in account; every other larger body a studio session.
      const allowed = large.kind === "customer-upload" ? await userForSession(deps, token) : await studioSession(deps, token);
      if (!allowed) return null;
      return { limit: large.limit, deadlineMs: Math.max(bodyDeadlineMs, LARGE_BODY_DEADLINE_MS) };
    },
    onRefused: (request, reason) => {
      if (Date.now() - lastRefusedLog < 1000) return;
      lastRefusedLog = Date.now();
      log.warn({ method: request.method, path: new URL(request.url).pathname, reason, bodies: bodies.stats() }, "request body refused");
    },
  });
  const inFlight = trackInFlight(async (request, env) => {
    const refused = await bodies.admit(request, env.incoming, (done) => env.outgoing.once("close", done));
    if (refused) return refused;
    const path = new URL(request.url).pathname;
    const handle = () => app.fetch(request, env);
    if (request.method === "POST" && HASHING_PATH.test(path)) return hashLine.run(request, handle, () => env.outgoing.destroyed);
    if (STATIC_PATH.test(path)) return handle();
    return (CHAT_PATH.test(path) ? chatLine : line).run(request, handle, () => env.outgoing.destroyed);
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve(
      {
        fetch: inFlight.fetch,
        hostname: config.HOST,
        port: config.PORT,
        // Node checks the two timeouts below every 30 s by default, so a request could outlive them by as much:
        // checked each second, they hold to within a second.
        serverOptions: { connectionsCheckingInterval: 1_000 },
      },
      () => resolve(s),
    );
  });
  if ("requestTimeout" in server) inFlight.watch(server as HttpServer);
  // Slow clients must not hold sockets forever. The body gate answers a body slower than its deadline first (10 s,
  // 30 s for staff uploads); these are Node's own backstops for the headers and the whole request.
  if ("requestTimeout" in server) {
    server.requestTimeout = 30_000;
    server.headersTimeout = 15_000;
    server.keepAliveTimeout = 5_000;
    // A connection on which nothing moves either way for two minutes (a client that stopped reading its answer,
    // or one that never sends its next byte) is cut. Above the chat's quiet spells (the model's timeout).
    server.timeout = Math.max(120_000, config.LLM_TIMEOUT_MS + 30_000);
  }
  const workers = startWorkers(deps);
  // The countries' tables (decision 0035) take about 90 ms of CPU to read (60-180 ms measured on a busy machine):
  // this process reads them once it listens, so neither the start nor a visitor's first page view waits for them.
  const warm = setTimeout(() => {
    const loaded = warmCountryTable();
    if (!loaded) return log.warn("country tables not readable (is geoip-country installed?): visits get no country");
    const dataDate = countryDataDate();
    log.info({ ms: Math.round(loaded.ms), ipv4Ranges: loaded.v4, ipv6Ranges: loaded.v6, dataDate }, "country tables loaded");
    // The GeoLite2 licence asks for MaxMind's newest data within 30 days of its release (decision 0035). Said once
    // per start of the site: by the only process, or the cluster's first (the others read the same files).
    const source = countryDataSource();
    const notice = staleCountryDataNotice({ dataDate, source, dataDirSet: Boolean(config.COUNTRY_DATA_DIR) });
    const firstProcess = (process.env.WP_WORKER_SLOT ?? "1") === "1";
    if (notice && firstProcess) log.warn({ dataDate, ageDays: countryDataAgeDays(dataDate), source }, notice);
  }, 0);
  warm.unref();
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;
  log.info({ url, database: db.dialect }, "listening");

  let closing: Promise<void> | null = null;
  const shutdown = () => {
    closing ??= (async () => {
      const report = inFlight.report();
      log.info(
        {
          ...report,
          open: report.open.slice(0, 50),
          socketsStalled: report.socketsStalled.slice(0, 20),
          admission: { main: line.stats(), chat: chatLine.stats() },
          bodies: bodies.stats(),
        },
        "requests at shutdown",
      );
      log.info("shutting down");
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeIdleConnections" in server) {
          server.closeIdleConnections();
          // Keep-alive sockets that finish their last request are closed as they go idle;
          // after 10 s anything left is cut so the process always exits.
          const idle = setInterval(() => server.closeIdleConnections(), 100);
          const force = setTimeout(() => server.closeAllConnections(), 10_000);
          idle.unref();
          force.unref();
          server.once("close", () => {
            clearInterval(idle);
            clearTimeout(force);
          });
        }
      });
      const after = inFlight.report();
      inFlight.stop();
      if (after.open.length) log.warn({ open: after.open.slice(0, 50) }, "requests cut at shutdown");
      await Promise.all(workers.map((w) => w.stop()));
      await db.close();
      log.info("stopped");
    })();
    return closing;
  };
  return { url, port, deps, shutdown };
}
