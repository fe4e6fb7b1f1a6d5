import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app"), "@shared": path.resolve(import.meta.dirname, "shared") } },
  test: {
    include: ["app/**/*.test.{ts,tsx}", "shared/**/*.test.ts", "server/**/*.test.ts", "tests/integration/**/*.test.ts", "scripts/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**", "build/**"],
    // Hindi words are fetched by Hindi pages in the browser; the tests have them all, as the server does.
    setupFiles: ["tests/helpers/hindi-words-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});
