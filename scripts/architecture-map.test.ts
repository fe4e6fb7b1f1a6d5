import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md's map cannot fall behind the tree: every path it names exists, and every folder a newcomer
 * opens first (the repository's top folders; those of app/, server/, server/services/ and shared/) is named.
 */
const repo = path.resolve(import.meta.dirname, "..");
const doc = fs.readFileSync(path.join(repo, "docs/architecture.md"), "utf8");

/** The map's lines: the fenced block that opens with `app/`. */
function mapLines(): string[] {
  const blocks = [...doc.matchAll(/```\n([\s\S]*?)```/g)].map((m) => m[1]!);
  const map = blocks.find((b) => b.startsWith("app/"));
  if (!map) throw new Error("docs/architecture.md has no map (a fenced block opening with app/)");
  return map.split("\n");
}

/** Each named path, resolved against the folder the lines above it open (indentation: two spaces per level). */
function namedPaths(): string[] {
  const named: string[] = [];
  const parents: string[] = [];
  for (const line of mapLines()) {
    const m = /^( *)(\S.*?)(?: {2,}|$)/.exec(line);
    if (!m || m[1]!.length >= 20) continue; // a description's continuation
    const level = m[1]!.length / 2;
    const names = m[2]!.split(" ").filter((n) => /^[\w.*-]+(\/[\w.*-]*)*\/?$/.test(n));
    parents.length = level;
    const base = parents.includes("\u0000") ? null : parents.join("");
    if (base === null) continue;
    for (const name of names) named.push(base + name);
    // The lines below a folder's line are inside it (a line naming several takes none as parent).
    const folder = names.length === 1 && names[0]!.endsWith("/") ? names[0] : undefined;
    parents[level] = folder ?? "\u0000";
  }
  return named;
}

const IGNORED_TOP = new Set(["node_modules", "data", "reports", "test-results", "playwright-report", ".react-router", ".git", ".ci", ".github"]);
const dirs = (rel: string) =>
  fs
    .readdirSync(path.join(repo, rel), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith(".") && !(rel === "." && (IGNORED_TOP.has(e.name) || /^build/.test(e.name))))
    .map((e) => (rel === "." ? `${e.name}/` : `${rel}/${e.name}/`));

describe("the architecture map", () => {
  const named = namedPaths();

  it("names only paths that exist", () => {
    const missing = named.filter((p) => !p.includes("*") && !fs.existsSync(path.join(repo, p)));
    expect(missing, "named in docs/architecture.md's map but not in the tree").toEqual([]);
    expect(named.length).toBeGreaterThan(40);
  });

  it("names every top folder and every folder of app/, server/, server/services/ and shared/", () => {
    const wanted = [...dirs("."), ...dirs("app"), ...dirs("server"), ...dirs("server/services"), ...dirs("shared")];
    const unnamed = wanted.filter((d) => !named.some((p) => p === d || p.startsWith(d)));
    expect(unnamed, "folders the map does not name").toEqual([]);
  });
});
