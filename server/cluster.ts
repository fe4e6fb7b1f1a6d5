import cluster, { type Worker } from "node:cluster";
import type { Config } from "./config";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { createLogger } from "./logger";

/** Set in the environment of the processes the primary starts: the primary has migrated the database already. */
export const MIGRATED_BY_PRIMARY = "WP_MIGRATED_BY_PRIMARY";

/** A crashed process is started again at once, then after up to 5 s while crashes come faster than one a minute. */
const MAX_RESTART_DELAY_MS = 5_000;

export type ClusterOptions = { log?: ReturnType<typeof createLogger> };

/**
 * The primary of `WEB_CONCURRENCY` server processes sharing one port (node:cluster; the primary hands each new
 * connection to the next process in turn). It migrates the database once, then starts the processes; each one is a
 * whole server (its own request line, response cache, view batches and background loops, all safe side by side:
 * see docs/findings.md, issue 20). A process that dies is logged and replaced. SIGTERM or SIGINT: every process
 * drains (finishes its requests in flight, closes its database) and the primary exits when all have.
 */
export async function runPrimary(config: Config, processes: number, options: ClusterOptions = {}): Promise<void> {
  const log = options.log ?? createLogger(config.LOG_LEVEL);
  const db = await openDatabase(config.DATABASE_URL, { poolSize: 1 });
  try {
    const { applied } = await migrateToLatest(db);
    if (applied.length) log.info({ applied }, "migrations applied");
  } finally {
    await db.close();
  }

  let stopping = false;
  let anyListened = false;
  let recentCrashes = 0;
  let lastCrash = 0;
  const start = (slot: number): Worker => {
    const worker = cluster.fork({ [MIGRATED_BY_PRIMARY]: "1", WP_WORKER_SLOT: String(slot) });
    worker.on("exit", (code, signal) => {
      if (stopping) return;
      if (!anyListened) {
        // Not one process came up (a port in use, a bad build…): starting more would fail the same way.
        log.fatal({ slot, pid: worker.process.pid, code, signal }, "a server process exited before any listened; stopping");
        stopping = true;
        for (const w of Object.values(cluster.workers ?? {})) w?.process.kill("SIGTERM");
        process.exitCode = 1;
        return;
      }
      const now = Date.now();
      recentCrashes = now - lastCrash < 60_000 ? recentCrashes + 1 : 0;
      lastCrash = now;
      const delayMs = Math.min(MAX_RESTART_DELAY_MS, recentCrashes === 0 ? 0 : 100 * 2 ** recentCrashes);
      log.error({ slot, pid: worker.process.pid, code, signal, restartInMs: delayMs }, "server process exited; starting another");
      setTimeout(() => {
        if (!stopping) start(slot);
      }, delayMs).unref();
    });
    return worker;
  };
  cluster.on("listening", (worker, address) => {
    anyListened = true;
    log.info({ pid: worker.process.pid, port: address.port }, "server process listening");
  });
  for (let slot = 1; slot <= processes; slot++) start(slot);
  log.info({ processes, pid: process.pid }, "primary started");

  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    log.info({ signal, processes: workers.length }, "stopping every server process");
    let left = workers.length;
    if (left === 0) process.exit(0);
    let failed = false;
    for (const worker of workers) {
      worker.once("exit", (code) => {
        if (code !== 0) failed = true;
        if (--left === 0) {
          log.info("all server processes stopped");
          process.exit(failed ? 1 : 0);
        }
      });
      // Each process drains on SIGTERM (server/index.ts), as a single server does.
      worker.process.kill("SIGTERM");
    }
  };
  // `on`: a second signal (Ctrl-C, passed on by npm as well) must not end the primary before its processes have.
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
