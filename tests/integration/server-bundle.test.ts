/**
 * What the build prepares for the server processes (scripts/postbuild.ts, issue 20): bundles in ASCII (V8 keeps each
 * loaded module's text in memory, and one character outside Latin-1 anywhere in it makes the whole text two bytes a
 * character), and the common passwords' fingerprints, so no process reads the list itself.
 */
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUILT_FINGERPRINTS_FILE, computeFingerprints } from "../../server/services/auth/password-policy";
import { buildDir, buildPresent } from "../helpers/built-server";

const BUILD_DIR = buildDir();

function scripts(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const abs = path.join(dir, e.name);
    return e.isDirectory() ? scripts(abs) : e.name.endsWith(".js") ? [abs] : [];
  });
}

describe.skipIf(!buildPresent())(`the server bundles (build at ${path.relative(process.cwd(), BUILD_DIR)})`, () => {
  it("are ASCII, so their text takes one byte a character in every server process", () => {
    const files = [path.join(BUILD_DIR, "host", "index.js"), ...scripts(path.join(BUILD_DIR, "server"))];
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const text = fs.readFileSync(file, "utf8");
      const first = /[^\t\n\r\x20-\x7e]/u.exec(text);
      expect(first ? `${path.relative(BUILD_DIR, file)}: ${JSON.stringify(text.slice(Math.max(0, first.index - 60), first.index + 20))}` : "ascii").toBe("ascii");
    }
  });

  it("holds the common passwords' fingerprints, the same as reading the list gives", async () => {
    const bytes = fs.readFileSync(path.join(BUILD_DIR, BUILT_FINGERPRINTS_FILE));
    const computed = await computeFingerprints();
    expect(computed.length).toBeGreaterThan(100_000);
    expect(bytes.length).toBe(computed.byteLength);
    expect(Buffer.from(computed.buffer, computed.byteOffset, computed.byteLength).equals(bytes)).toBe(true);
  });
});
