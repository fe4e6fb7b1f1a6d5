/**
 * `npm run test:e2e [-- playwright args]`: builds the production bundle into
 * $WP_BUILD_DIR (default build-e2e), finds or installs Chromium, runs Playwright.
 */
import { spawnSync } from "node:child_process";
import { ensureChromium } from "./chromium";

const buildDir = process.env.WP_BUILD_DIR ?? "build-e2e";
const env = { ...process.env, WP_BUILD_DIR: buildDir, CHROMIUM_PATH: ensureChromium() };

if (process.env.E2E_SKIP_BUILD !== "1") {
  const build = spawnSync("npm", ["run", "build", "--silent"], { stdio: "inherit", env: { ...env, NODE_ENV: "production" } });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
const run = spawnSync("npx", ["playwright", "test", ...process.argv.slice(2)], { stdio: "inherit", env });
process.exit(run.status ?? 1);
