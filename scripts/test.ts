/**
 * `npm test`: the one command that proves the project works. Typecheck, lint,
 * unit and integration tests (SQLite, plus PostgreSQL when TEST_DATABASE_URL
 * is set), then the end-to-end tests in Chromium against the production build, and the form journeys again
 * behind nginx and Caddy over https (WP_DEPLOY_PROXIES=nginx for one).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

// One production build serves the integration tests that need real pages (the response cache, security
// headers on rendered pages), the end-to-end tests and the fault tests.
const buildDir = process.env.WP_BUILD_DIR ?? "build-e2e";
const withBuild: NodeJS.ProcessEnv = { WP_BUILD_DIR: buildDir };

const steps: Array<[string, string[], NodeJS.ProcessEnv?]> = [
  ["typecheck", ["npm", "run", "--silent", "typecheck"]],
  ["lint", ["npm", "run", "--silent", "lint"]],
  ["build", ["npm", "run", "--silent", "build"], { ...withBuild, NODE_ENV: "production" }],
  // With the build present, no build-dependent test is skipped.
  ["unit and integration", ["npx", "vitest", "run"], { ...withBuild, WP_REQUIRE_BUILD: "1" }],
  ["end-to-end", ["npm", "run", "--silent", "test:e2e"], { ...withBuild, E2E_SKIP_BUILD: "1" }],
  // The journeys that post forms again, over https behind each real reverse proxy (.ci/run installs them).
  ...(process.env.WP_DEPLOY_PROXIES ?? "nginx,caddy").split(",").filter(Boolean).map(
    (proxy): [string, string[], NodeJS.ProcessEnv] => [
      `deployment behind ${proxy}`,
      ["npm", "run", "--silent", "test:deploy"],
      { ...withBuild, E2E_SKIP_BUILD: "1", WP_PROXY: proxy },
    ],
  ),
];
if (fs.existsSync("vitest.faults.config.ts")) {
  steps.push(["faults", ["npx", "vitest", "run", "--config", "vitest.faults.config.ts"], withBuild]);
}

/**
 * Lines a build must not print (issue 40): a warning every build repeats teaches a newcomer to skip warnings.
 * Only upstream's own notices remain (Vite's `envFile` deprecation, printed by React Router's plugin).
 */
const BUILD_NOISE = /INEFFECTIVE_DYNAMIC_IMPORT|Future Flag Warning/;

const results: Array<{ name: string; ok: boolean; seconds: number }> = [];
for (const [name, [cmd, ...args], extraEnv] of steps) {
  console.log(`\n=== ${name} ===`);
  const started = Date.now();
  // The build's output is read as well as shown, to check it for noise.
  const watched = name === "build";
  const r = spawnSync(cmd!, args, { stdio: watched ? ["inherit", "pipe", "pipe"] : "inherit", env: { ...process.env, ...extraEnv }, maxBuffer: 64 * 1024 * 1024 });
  let ok = r.status === 0;
  if (watched) {
    process.stdout.write(r.stdout);
    process.stderr.write(r.stderr);
    const noise = `${String(r.stdout)}\n${String(r.stderr)}`.split("\n").filter((line) => BUILD_NOISE.test(line));
    if (noise.length > 0) {
      console.error(`The build printed warnings it must not (vite.config.ts, react-router.config.ts):\n${noise.join("\n")}`);
      ok = false;
    }
  }
  results.push({ name, ok, seconds: Math.round((Date.now() - started) / 1000) });
  if (!ok) break;
}
console.log("\n=== summary ===");
for (const r of results) console.log(`${r.ok ? "ok  " : "FAIL"} ${r.name} (${r.seconds} s)`);
const failed = results.filter((r) => !r.ok).length;
console.log(`${results.length - failed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
