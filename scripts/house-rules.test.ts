import fs from "node:fs";
import path from "node:path";
import { ESLint } from "eslint";
import { describe, expect, it } from "vitest";
import { houseFaults, importGraph } from "./house-rules";

const repo = path.resolve(import.meta.dirname, "..");
const probesDir = path.join(repo, "tests/lint-probes");
const IMPORT_RULES = new Set(["import-x/no-restricted-paths", "import-x/no-cycle", "@typescript-eslint/no-restricted-imports"]);

/** A probe: one or more files (each opened by `// at: <path>`) that together import the wrong way. */
function readProbe(name: string): Map<string, string> {
  const files = new Map<string, string>();
  let current: string | null = null;
  for (const line of fs.readFileSync(path.join(probesDir, name), "utf8").split("\n")) {
    const at = /^\/\/ at: (\S+)$/.exec(line);
    if (at) {
      current = at[1]!;
      files.set(current, "");
    } else if (current) files.set(current, files.get(current)! + line + "\n");
  }
  return files;
}

const probes = fs.readdirSync(probesDir).filter((f) => f.endsWith(".probe")).sort();

describe("the house's import rules", () => {
  it("hold on the tree as it is: no direction broken, no circle (type-only imports counted)", () => {
    expect(houseFaults(importGraph(repo))).toEqual([]);
  });

  it("keeps twenty-odd wrong imports to try", () => {
    expect(probes.length).toBeGreaterThanOrEqual(19);
  });

  const eslint = new ESLint({ cwd: repo });
  it.each(probes)("refuses the wrong import of %s", async (name) => {
    const files = readProbe(name);
    expect(files.size).toBeGreaterThan(0);
    for (const rel of files.keys()) expect(fs.existsSync(path.join(repo, rel)), `${rel} must not exist in the tree`).toBe(false);
    const house = houseFaults(importGraph(repo, ["app", "server", "shared"], files)).filter((f) => files.has(f.file) || [...files.keys()].some((k) => f.imports?.includes(k)));
    const lint: string[] = [];
    for (const [rel, text] of files) {
      const [result] = await eslint.lintText(text, { filePath: path.join(repo, rel) });
      for (const m of result?.messages ?? []) if (m.ruleId && IMPORT_RULES.has(m.ruleId)) lint.push(`${m.ruleId}: ${m.message}`);
    }
    expect(house.length + lint.length, `${name}: neither the house rules nor ESLint refused it`).toBeGreaterThan(0);
  });
});
