import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The Node.js versions the site supports (issue 40): what the toolchain supports (Vite and Rolldown: ^20.19.0 ||
 * >=22.12.0), typed for the lowest of them, and no API the newer lines removed. The tests run on the machine's
 * Node (20 here), so what Node 22 and 24 dropped is checked in the sources.
 */
const ROOT = process.cwd();
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, "package.json"), "utf8")) as {
  engines: { node: string };
  devDependencies: Record<string, string>;
};

/** APIs removed in Node 22, 23 or 24 (or runtime-deprecated there), as they would be written in this code. */
const REMOVED = [
  { pattern: /\bimport\s[^;]*\bfrom\s*["'][^"']+["']\s*assert\s*\{/, what: "import assertions (`assert {…}`): removed in Node 22, use `with {…}`" },
  { pattern: /\butil\.(isArray|isBoolean|isBuffer|isDate|isError|isFunction|isNull|isNullOrUndefined|isNumber|isObject|isPrimitive|isRegExp|isString|isSymbol|isUndefined|_extend|log)\b/, what: "util.is*/util._extend/util.log: removed in Node 23" },
  { pattern: /\bnew Buffer\(|\bSlowBuffer\b/, what: "new Buffer()/SlowBuffer: removed in Node 24" },
  { pattern: /\bprocess\.binding\(|\bcreateCipher\(|\bcreateDecipher\(|\btls\.createSecurePair\b/, what: "removed in Node 22-24" },
  { pattern: /\bfs\.(rmdir|rmdirSync)\([^)]*recursive/, what: "fs.rmdir's recursive: removed in Node 22+ (fs.rm)" },
  { pattern: /from\s*["']punycode["']|require\(["']punycode["']\)/, what: "the punycode module: deprecated at run time in Node 22" },
  { pattern: /\burl\.parse\(/, what: "url.parse(): deprecated at run time in Node 24 (new URL)" },
];

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === "node_modules" ? [] : sources(abs);
    return /\.(ts|tsx|js|mjs|cjs)$/.test(e.name) ? [abs] : [];
  });
}

describe("Node.js versions", () => {
  it("supports what the toolchain supports, and is typed for the lowest of them", () => {
    expect(pkg.engines.node).toBe("^20.19.0 || >=22.12.0");
    // @types/node of a newer line would let code use an API the lowest supported Node lacks.
    expect(pkg.devDependencies["@types/node"]).toMatch(/^20\.19\.\d+$/);
    // The engines of what the build and the server run on agree (a bump of one of them must be seen here).
    for (const dep of ["vite", "rolldown"]) {
      const engines = (JSON.parse(fs.readFileSync(path.join(ROOT, "node_modules", dep, "package.json"), "utf8")) as { engines: { node: string } }).engines;
      expect(engines.node, dep).toBe(pkg.engines.node);
    }
  });

  it("uses no API that Node 22 or 24 removed", () => {
    const found: string[] = [];
    for (const dir of ["app", "server", "shared", "scripts", "tests"]) {
      for (const file of sources(path.join(ROOT, dir))) {
        if (file === path.join(ROOT, "server", "node-support.test.ts")) continue;
        const text = fs.readFileSync(file, "utf8");
        for (const { pattern, what } of REMOVED) if (pattern.test(text)) found.push(`${path.relative(ROOT, file)}: ${what}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("says in the README which versions are supported and which are tested", () => {
    const readme = fs.readFileSync(path.join(ROOT, "README.md"), "utf8");
    expect(readme).toContain("Node.js 20.19 or later on the 20 line, or 22.12 or later");
  });
});
