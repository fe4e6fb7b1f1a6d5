import type { AddressInfo } from "node:net";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import type { Config } from "./config";
import type { Deps } from "./context";
import { openDatabase } from "./db/database";
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

/** Opens and migrates the database, then serves the site and the API. */
export async function startServer(config: Config, buildDir: string): Promise<RunningServer> {
  const log = createLogger(config.LOG_LEVEL);
  const db = await openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
  const { applied } = await migrateToLatest(db);
  if (applied.length) log.info({ applied }, "migrations applied");
  const deps: Deps = { config, db, log };
  const app = await createApp({ deps, buildDir });

  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: app.fetch, hostname: config.HOST, port: config.PORT }, () => resolve(s));
  });
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
      await Promise.all(workers.map((w) => w.stop()));
      await db.close();
      log.info("stopped");
    })();
    return closing;
  };
  return { url, port, deps, shutdown };
}
