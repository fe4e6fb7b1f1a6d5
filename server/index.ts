import cluster from "node:cluster";
import os from "node:os";
import path from "node:path";
import { MIGRATED_BY_PRIMARY, runPrimary } from "./cluster";
import { loadConfigOrExit } from "./config";
import { loadDotEnv } from "./env-file";
import { startServer } from "./server";

// The production entry: `node build/host/index.js` (npm start builds it first).
// React and React Router are loaded later, on demand: without NODE_ENV they
// would load their development builds, several times slower to render.
loadDotEnv();
process.env.NODE_ENV ??= "production";
const config = loadConfigOrExit();
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build");
const processes = config.WEB_CONCURRENCY ?? os.availableParallelism();

if (cluster.isPrimary && processes > 1) {
  runPrimary(config, processes).catch((err: unknown) => {
    process.stderr.write(`Could not start: ${err instanceof Error ? err.message : String(err)}\n`);
    process.exit(1);
  });
} else {
  startServer(config, buildDir, { migrate: process.env[MIGRATED_BY_PRIMARY] !== "1" }).then(
    (running) => {
      let stopping = false;
      const stop = () => {
        if (stopping) return;
        stopping = true;
        running.shutdown().then(
          () => process.exit(0),
          (err: unknown) => {
            process.stderr.write(`shutdown failed: ${String(err)}\n`);
            process.exit(1);
          },
        );
      };
      // `on`, not `once`: a signal can come twice (Ctrl-C reaches every process and npm passes it on as well), and
      // without a listener the second would end the process in the middle of its drain.
      process.on("SIGTERM", stop);
      // Under the cluster, Ctrl-C reaches every process; the primary asks each to stop, so one signal is enough.
      process.on("SIGINT", cluster.isWorker ? () => {} : stop);
    },
    (err: unknown) => {
      process.stderr.write(`Could not start: ${err instanceof Error ? err.message : String(err)}\n`);
      process.exit(1);
    },
  );
}
