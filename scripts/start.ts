/**
 * `npm start`: builds when the build is missing or older than the sources,
 * applies migrations (the server does it at start) and serves the site.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { getConfig } from "../server/config";
import { loadDotEnv } from "../server/env-file";
import { SERVER_NODE_FLAGS } from "../server/node-flags";

loadDotEnv();
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build");
const hostEntry = path.join(buildDir, "host", "index.js");

function newestMtime(target: string): number {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target)) newest = Math.max(newest, newestMtime(path.join(target, entry)));
  return newest;
}

// The configuration is checked before a build starts: a bad value is named at once.
getConfig();
const sources = ["app", "server", "public", "package.json", "vite.config.ts", "react-router.config.ts"];
const builtAt = fs.existsSync(hostEntry) ? fs.statSync(hostEntry).mtimeMs : 0;
const stale = sources.some((s) => newestMtime(s) > builtAt);
if (!builtAt || stale) {
  console.log(builtAt ? "Sources changed: rebuilding..." : "No build yet: building...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React picks its production build from NODE_ENV when it is first loaded.
const server = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, hostEntry], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
process.exit(server.status ?? 0);
