/**
 * `npm start`: builds when the build is missing or older than the sources,
 * applies migrations (the server does it at start) and serves the site.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { loadConfigOrExit } from "../server/config";
import { loadDotEnv } from "../server/env-file";
import { SERVER_NODE_FLAGS } from "../server/node-flags";
import { changedSince } from "./build-inputs";

loadDotEnv();
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build");
const hostEntry = path.join(buildDir, "host", "index.js");

// The configuration is checked before a build starts: a bad value is named at once.
loadConfigOrExit();
const builtAt = fs.existsSync(hostEntry) ? fs.statSync(hostEntry).mtimeMs : 0;
const changed = builtAt ? changedSince(process.cwd(), builtAt) : null;
if (!builtAt || changed) {
  console.log(builtAt ? `Sources changed (${changed}): rebuilding...` : "No build yet: building...");
  const result = spawnSync("npm", ["run", "build"], { stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

// React picks its production build from NODE_ENV when it is first loaded.
const server = spawnSync(process.execPath, [...SERVER_NODE_FLAGS, hostEntry], {
  stdio: "inherit",
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" },
});
process.exit(server.status ?? 0);
