import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CACHE_POLICY } from "./cache-policy";

const SERVER = path.resolve(__dirname, "..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

describe("the cache policy table", () => {
  const files = sources(SERVER).map((file) => ({ file: path.relative(SERVER, file), text: fs.readFileSync(file, "utf8") }));

  it("says of every cache what it holds, its key, its lifetime and why", () => {
    for (const [name, row] of Object.entries(CACHE_POLICY)) {
      expect(row.what.length, name).toBeGreaterThan(10);
      expect(row.key.length, name).toBeGreaterThan(3);
      expect(row.why.length, name).toBeGreaterThan(20);
      expect(row.lifetimeMs, name).toBeGreaterThan(0);
    }
  });

  it("is where every response and file cache the server makes takes its lifetime and bounds", () => {
    const made = files.flatMap(({ file, text }) =>
      [...text.matchAll(/new (?:ResponseCache|MediaFileCache)\(([^;]*)/g)].filter((m) => !m[0].includes("constructor")).map((m) => ({ file, args: m[1]! })),
    );
    expect(made.length).toBeGreaterThanOrEqual(9);
    for (const { file, args } of made) expect(args, file).toMatch(/CACHE_POLICY\.\w+/);
  });

  it("has no row that no cache reads", () => {
    const all = files.map((f) => f.text).join("\n");
    for (const name of Object.keys(CACHE_POLICY)) expect(all, name).toContain(`CACHE_POLICY.${name}`);
  });
});
