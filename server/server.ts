import type { Server as HttpServer } from "node:http";
import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import type { Config } from "./config";
import type { Deps } from "./context";
import { openDatabase } from "./db/database";
import { createAdmission } from "./http/admission";
import { HASH_LANE } from "./services/auth/password";
import { trackInFlight } from "./http/in-flight";
import { migrateToLatest } from "./db/migrate";
import { createLogger } from "./logger";
import { startWorkers } from "./workers";

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
  /** Apply pending migrations at start (default); false when the cluster's primary has done it already. */
  migrate?: boolean;
};

/** Health checks, static files and the test-only routes (WP_TEST_ROUTES) never wait in line. */
const STATIC_PATH = /^\/(healthz|readyz)$|^\/(assets|__test)\/|\.[a-z0-9]{2,5}$/i;
const CHAT_PATH = /^\/api\/chat(\/|$)/;
/** Posts that hash a password (sign-in, sign-up, new password), through the API and the pages (and their .data). */
const HASHING_PATH = /^\/api\/auth\/(login|register|reset-password\/confirm)$|^\/(sign-in|get-started|reset-password)(\.data)?$/;

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
  // Password hashing (issue 13, S7) has a narrow line of its own: a storm of sign-ins waits there, not in the places
  // of page and API requests; inside, the hashing lane (services/auth/hash-lane.ts) bounds the hashes at once.
  const hashLine = createAdmission({ concurrency: HASH_LANE.concurrency + 2, maxQueue: 64, maxWaitMs, onShed });
  const inFlight = trackInFlight((request, env) => {
    const path = new URL(request.url).pathname;
    const handle = () => app.fetch(request, env);
    if (request.method === "POST" && HASHING_PATH.test(path)) return hashLine.run(request, handle, () => env.outgoing.destroyed);
    if (STATIC_PATH.test(path)) return handle();
    return (CHAT_PATH.test(path) ? chatLine : line).run(request, handle, () => env.outgoing.destroyed);
  });
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: inFlight.fetch, hostname: config.HOST, port: config.PORT }, () => resolve(s));
  });
  if ("requestTimeout" in server) inFlight.watch(server as HttpServer);
  // Slow clients must not hold sockets forever.
  if ("requestTimeout" in server) {
    server.requestTimeout = 30_000;
    server.headersTimeout = 15_000;
    server.keepAliveTimeout = 5_000;
  }
  const workers = startWorkers(deps);
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${port}`;
  log.info({ url, database: db.dialect }, "listening");

  let closing: Promise<void> | null = null;
  const shutdown = () => {
    closing ??= (async () => {
      const report = inFlight.report();
      log.info(
        { ...report, open: report.open.slice(0, 50), socketsStalled: report.socketsStalled.slice(0, 20), admission: { main: line.stats(), chat: chatLine.stats() } },
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
