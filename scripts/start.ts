/**
 * `npm start`: builds when the build is missing or older than the sources,
 * applies migrations (the server does it at start) and serves the site.
 *
 * Signals (issue 40): a process manager stops the site by signalling the main process (`npm start`'s npm, which
 * forwards SIGTERM and SIGINT to this one: package.json runs it with `exec node --import tsx`, no shell or tsx
 * process in between). Node has no exec(), so this process stays, waits on its child without blocking, and hands
 * each signal down: to the server (which drains and exits 0; this process then exits with its code), or to the
 * whole build (its own process group: npm → sh → react-router, postbuild), after which it exits 0 without serving.
 */
import { type ChildProcess, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadConfigOrExit } from "../server/config";
import { loadDotEnv } from "../server/env-file";
import { SERVER_NODE_FLAGS } from "../server/node-flags";
import { changedSince } from "./build-inputs";

loadDotEnv();
const buildDir = path.resolve(process.env.WP_BUILD_DIR ?? "build");
const hostEntry = path.join(buildDir, "host", "index.js");

/** The child running now and how to signal it; a signal that arrives while none runs is remembered. */
let current: { child: ChildProcess; group: boolean } | null = null;
let stopSignal: NodeJS.Signals | null = null;
const forward = (signal: NodeJS.Signals) => {
  stopSignal ??= signal;
  if (!current?.child.pid) return;
  try {
    // The build's shell does not pass a signal on to what it started: its whole process group gets it.
    process.kill(current.group ? -current.child.pid : current.child.pid, signal);
  } catch {
    // Already gone: its exit ends this process.
  }
};
// `on`, not `once`: a second signal (Ctrl-C reaches both this process and the server) must not kill this one
// before its child has stopped.
process.on("SIGTERM", () => forward("SIGTERM"));
process.on("SIGINT", () => forward("SIGINT"));

/** Runs a child to its end; its exit code (128 + the signal's number when a signal ended it). */
function run(command: string, args: string[], env: NodeJS.ProcessEnv, group: boolean): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env,
      // The build in a process group of its own (detached) so that a forwarded signal reaches all of it; the
      // terminal's Ctrl-C then reaches it through this process only.
      stdio: group ? ["ignore", "inherit", "inherit"] : "inherit",
      detached: group,
    });
    current = { child, group };
    child.once("error", (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(1);
    });
    child.once("exit", (code, signal) => {
      current = null;
      resolve(code ?? 128 + (signal ? os.constants.signals[signal] : 0));
    });
  });
}

// The configuration is checked before a build starts: a bad value is named at once.
loadConfigOrExit();
const builtAt = fs.existsSync(hostEntry) ? fs.statSync(hostEntry).mtimeMs : 0;
const changed = builtAt ? changedSince(process.cwd(), builtAt) : null;
if (!builtAt || changed) {
  console.log(builtAt ? `Sources changed (${changed}): rebuilding...` : "No build yet: building...");
  const status = await run("npm", ["run", "build"], { ...process.env, NODE_ENV: "production" }, true);
  // Stopped while building: asked to stop, stopped; nothing to serve.
  if (stopSignal) process.exit(0);
  if (status !== 0) process.exit(status);
}
if (stopSignal) process.exit(0);

// React picks its production build from NODE_ENV when it is first loaded.
const status = await run(process.execPath, [...SERVER_NODE_FLAGS, hostEntry], { ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" }, false);
process.exit(status);
