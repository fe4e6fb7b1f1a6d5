import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";

/**
 * A bad setting stops every entry point with the same short message naming the variable, in words (issue 40:
 * `npm start` printed an uncaught ConfigError with its stack, and PORT was "expected number, received NaN").
 */
const ROOT = process.cwd();
const TSX = path.join(ROOT, "node_modules", ".bin", "tsx");
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "wp-config-"));
afterAll(() => fs.rmSync(scratch, { recursive: true, force: true }));

const EXPECTED = "Invalid configuration:\n  - PORT: must be a number\n  - LOG_LEVEL: must be one of: fatal, error, warn, info, debug, trace, silent\n";

// npm start, npm run serve (the server's entry, as built), npm run db:migrate, npm run dev.
describe.each(["scripts/start.ts", "server/index.ts", "scripts/migrate.ts", "server/dev.ts"])("%s with a bad setting", (entry) => {
  it("prints the variables and what they must be, no stack, and exits 1 before building or opening anything", () => {
    const run = spawnSync(TSX, [path.join(ROOT, entry)], {
      // A folder of its own: no .env read, and nothing built or migrated there if the check let it through.
      cwd: scratch,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, PORT: "eighty", LOG_LEVEL: "loud", WP_BUILD_DIR: path.join(scratch, "build"), DATABASE_URL: path.join(scratch, "site.db") },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.stderr).toBe(EXPECTED);
    expect(run.stdout).toBe("");
    expect(run.status).toBe(1);
    expect(fs.readdirSync(scratch)).toEqual([]);
  }, 90_000);
});
