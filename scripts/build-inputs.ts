/**
 * What `npm run build` reads, for `npm start`'s question "is the build older than its sources?" (issue 40: only
 * app, server and public were compared, so a change under shared/ served a stale build). Directories count with
 * their own times too: deleting or renaming a file changes its folder's time, not any file's.
 */
import fs from "node:fs";
import path from "node:path";

/** Read by the build: React Router and Vite (app, shared, public, the configs), postbuild (server, the lock file's packages), .env (the prerendered pages carry the settings). */
export const BUILD_INPUTS = [
  "app",
  "server",
  "shared",
  "public",
  "scripts/postbuild.ts",
  "package.json",
  "package-lock.json",
  // npm rewrites it on every install: packages changed without the lock file (npm install in node_modules only).
  "node_modules/.package-lock.json",
  "tsconfig.json",
  "vite.config.ts",
  "react-router.config.ts",
  ".env",
];

/** Tests are never part of a build: editing one does not make it stale. */
const NOT_BUILT = /\.test\.tsx?$/;

/** The newest modification time under `target` (0 when it does not exist), and the file or folder that has it. */
function newest(target: string): { ms: number; at: string } {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch {
    return { ms: 0, at: target };
  }
  if (!stat.isDirectory()) return { ms: NOT_BUILT.test(target) ? 0 : stat.mtimeMs, at: target };
  let found = { ms: stat.mtimeMs, at: target };
  for (const entry of fs.readdirSync(target)) {
    if (entry === "node_modules") continue; // not inside app/ or server/; the packages are the line above
    const inner = newest(path.join(target, entry));
    if (inner.ms > found.ms) found = inner;
  }
  return found;
}

/** The first input under `root` changed after `builtAtMs` (relative to root), or null when the build is current. */
export function changedSince(root: string, builtAtMs: number): string | null {
  for (const input of BUILD_INPUTS) {
    const { ms, at } = newest(path.join(root, input));
    if (ms > builtAtMs) return path.relative(root, at) || input;
  }
  return null;
}
