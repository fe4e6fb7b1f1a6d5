import path from "node:path";
import { defineConfig } from "vitest/config";

/**
 * `npm run test:faults`: crash, outage and two-process tests against the
 * production build in $WP_BUILD_DIR (default build-e2e; `npm run test:e2e`
 * makes it). Each file starts real server processes on loopback ports.
 */
export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "@shared": path.resolve(import.meta.dirname, "shared") } },
  test: {
    include: ["tests/faults/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 60_000,
    pool: "forks",
    // Two cores: two files at a time, each mostly waiting on its servers.
    maxWorkers: 2,
  },
});
