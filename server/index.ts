import path from "node:path";
import { loadConfigOrExit } from "./config";
import { startServer } from "./server";

// The production entry: `node build/host/index.js` (npm start builds it first).
// React and React Router are loaded later, on demand: without NODE_ENV they
// would load their development builds, several times slower to render.
process.env.NODE_ENV ??= "production";
const config = loadConfigOrExit();
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build");

// Tuning of the request line (see server/http/admission.ts); unset means the defaults.
const positive = (name: string): number | undefined => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value > 0 ? value : undefined;
};

startServer(config, buildDir, {
  maxConcurrentRequests: positive("MAX_CONCURRENT_REQUESTS"),
  maxQueuedRequests: positive("MAX_QUEUED_REQUESTS"),
  maxQueueWaitMs: positive("MAX_QUEUE_WAIT_MS"),
}).then(
  (running) => {
    const stop = () => {
      running.shutdown().then(
        () => process.exit(0),
        (err: unknown) => {
          process.stderr.write(`shutdown failed: ${String(err)}\n`);
          process.exit(1);
        },
      );
    };
    process.once("SIGTERM", stop);
    process.once("SIGINT", stop);
  },
  (err: unknown) => {
    process.stderr.write(`Could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  },
);
