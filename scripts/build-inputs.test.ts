import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { BUILD_INPUTS, changedSince } from "./build-inputs";

/**
 * `npm start` rebuilds when anything the build reads changed after the build (issue 40: a change under shared/
 * served the stale build).
 */
const made: string[] = [];
afterEach(() => {
  for (const dir of made.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

/** A checkout's layout with every input in place, all older than the build made at `builtAt`. */
function checkout(builtAt: number): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "wp-inputs-"));
  made.push(root);
  const files = ["app/root.tsx", "server/app.ts", "shared/content/site.ts", "public/favicon.svg", "scripts/postbuild.ts", "scripts/staff.ts",
    "package.json", "package-lock.json", "node_modules/.package-lock.json", "tsconfig.json", "vite.config.ts", "react-router.config.ts", ".env",
    "docs/architecture.md", "tests/e2e/home.spec.ts", "app/lib/seo.test.ts"];
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), "x");
  }
  const old = new Date(builtAt - 60_000);
  const all = (dir: string): string[] => [dir, ...fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? all(path.join(dir, e.name)) : [path.join(dir, e.name)]))];
  for (const entry of all(root)) fs.utimesSync(entry, old, old);
  return root;
}

function touch(file: string, at: number) {
  fs.utimesSync(file, new Date(at), new Date(at));
}

describe("what npm start compares with the build", () => {
  const builtAt = Date.now() - 10_000;

  it("finds the build current when nothing changed after it", () => {
    expect(changedSince(checkout(builtAt), builtAt)).toBeNull();
  });

  it.each(["shared/content/site.ts", "scripts/postbuild.ts", "package-lock.json", "node_modules/.package-lock.json", "tsconfig.json", "vite.config.ts",
    "react-router.config.ts", ".env", "app/root.tsx", "server/app.ts", "public/favicon.svg"])("names %s when it changed after the build", (file) => {
    const root = checkout(builtAt);
    touch(path.join(root, file), builtAt + 1_000);
    expect(changedSince(root, builtAt)).toBe(file);
  });

  it("notices a file deleted from shared/ (its folder's time changes, no file's does)", () => {
    const root = checkout(builtAt);
    fs.rmSync(path.join(root, "shared/content/site.ts"));
    touch(path.join(root, "shared/content"), builtAt + 1_000);
    expect(changedSince(root, builtAt)).toBe("shared/content");
  });

  it("ignores what the build does not read: tests, documents, the other scripts", () => {
    const root = checkout(builtAt);
    for (const file of ["docs/architecture.md", "tests/e2e/home.spec.ts", "app/lib/seo.test.ts", "scripts/staff.ts"]) touch(path.join(root, file), builtAt + 1_000);
    expect(changedSince(root, builtAt)).toBeNull();
  });

  it("covers every top-level entry of this checkout that the build could read", () => {
    // A new folder or config at the top must be sorted here: into BUILD_INPUTS, or into what the build never reads.
    const notRead = new Set([".git", ".ci", ".dockerignore", ".gitignore", ".env.example", ".react-router", "Dockerfile", "compose.yaml", "README.md",
      "deploy", "docs", "tests", "scripts", "eslint.config.js", "playwright.config.ts", "playwright.deploy.config.ts", "vitest.config.ts",
      "vitest.faults.config.ts", "node_modules", "data", "reports", "test-results", "playwright-report"]);
    const tops = new Set(BUILD_INPUTS.map((input) => input.split("/")[0]));
    const unsorted = fs
      .readdirSync(process.cwd())
      .filter((entry) => !tops.has(entry) && !notRead.has(entry) && !/^build/.test(entry) && !entry.endsWith(".log"));
    expect(unsorted).toEqual([]);
  });
});
