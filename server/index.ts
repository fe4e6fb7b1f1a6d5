import path from "node:path";
import { loadConfigOrExit } from "./config";
import { startServer } from "./server";

// The production entry: `node build/host/index.js` (npm start builds it first).
// React and React Router are loaded later, on demand: without NODE_ENV they
// would load their development builds, several times slower to render.
process.env.NODE_ENV ??= "production";
const config = loadConfigOrExit();
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build");

startServer(config, buildDir).then(
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
