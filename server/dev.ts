/**
 * `npm run dev`: the same Hono host, with pages rendered by Vite's dev server
 * (hot reload for the React app, restart-free).
 */
import http from "node:http";
import { getRequestListener } from "@hono/node-server";
import { createRequestHandler, type ServerBuild } from "react-router";
import { createServer as createViteServer } from "vite";
import { createApp } from "./app";
import { parseConfig, ConfigError } from "./config";
import type { Deps } from "./context";
import { openDatabase } from "./db/database";
import { migrateToLatest } from "./db/migrate";
import { createLogger } from "./logger";
import { loadDotEnv } from "./env-file";
import { startWorkers } from "./workers";

loadDotEnv();
let config;
try {
  config = parseConfig({ ...process.env, NODE_ENV: "development" });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const log = createLogger(config.LOG_LEVEL);
const db = await openDatabase(config.DATABASE_URL, { poolSize: config.DATABASE_POOL_SIZE });
await migrateToLatest(db);
const deps: Deps = { config, db, log };

// Vite's hot-reload WebSocket: on the page's own server and port unless DEV_HMR_PORT names one (Vite's fixed
// default, 24678, made a second developer's `npm run dev` on the same machine fail or reach the first one's).
const server = http.createServer();
const hmr = config.DEV_HMR_PORT === undefined ? { server } : { port: config.DEV_HMR_PORT, host: config.HOST };
const vite = await createViteServer({ server: { middlewareMode: true, hmr }, appType: "custom" });
const app = await createApp({
  deps,
  pageHandler: async (request, context) => {
    const build = (await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild;
    return createRequestHandler(build, "development")(request, context);
  },
});
const listener = getRequestListener(app.fetch);
server.on("request", (req, res) => vite.middlewares(req, res, () => void listener(req, res)));
startWorkers(deps);
server.listen(config.PORT, config.HOST, () => {
  console.log(`Wise Parrot (development) on http://${config.HOST}:${config.PORT}`);
});
