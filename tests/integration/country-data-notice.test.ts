/**
 * Old country data (issue 40): a fresh install's server warned "country data is older than a month: run npm run
 * countries:update", and that command without a MaxMind key changed nothing (npm's newest geoip-country is the
 * installed one) yet said "Restart the site to use them". Now the server says how old the data is and that only a
 * MaxMind key brings newer data, once per start of the site; the command says when it changed nothing, and where
 * there is no checkout to update (the Docker image) says what would help instead.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { countryDataDate, countryDataSource } from "../../server/services/analytics/country";
import { countryDataAgeDays, staleCountryDataNotice } from "../../server/services/analytics/country-age";
import { buildPresent, startBuiltServer } from "../helpers/built-server";

const TSX = path.resolve("node_modules/.bin/tsx");
const SCRIPT = path.resolve("scripts/countries-update.ts");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true });
});

/** `npm run countries:update` without a key, in `cwd`, with `npm` from `stubBin` when given (never the real one here). */
function countriesUpdate(cwd: string, stubBin?: string) {
  const r = spawnSync(TSX, [SCRIPT], {
    cwd,
    env: { PATH: stubBin ? `${stubBin}:${process.env.PATH}` : process.env.PATH, HOME: cwd, NODE_ENV: "production", DATABASE_URL: path.join(cwd, "site.db") },
    encoding: "utf8",
    timeout: 60_000,
  });
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe("countries:update without GEOLITE2_LICENSE_KEY", () => {
  const date = countryDataDate();
  const age = countryDataAgeDays(date);

  it("says npm had nothing newer, how old the data is and what would bring newer data; no restart asked", () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "wp-countries-"));
    dirs.push(cwd);
    fs.writeFileSync(path.join(cwd, "package-lock.json"), "{}\n");
    // npm as it answers when the installed geoip-country is already its newest: the install changes nothing.
    const bin = path.join(cwd, "bin");
    fs.mkdirSync(bin);
    fs.writeFileSync(path.join(bin, "npm"), `#!/bin/sh\necho "npm $*" >> "${path.join(cwd, "npm-calls")}"\nexit 0\n`, { mode: 0o755 });
    const r = countriesUpdate(cwd, bin);
    expect(r.status, r.out).toBe(0);
    expect(fs.readFileSync(path.join(cwd, "npm-calls"), "utf8")).toContain("install --save-exact --no-audit --no-fund geoip-country@latest");
    expect(r.out).toContain("npm has no newer geoip-country than the installed one: nothing changed.");
    expect(r.out).toContain(`The country data is of ${date} (${age} days old).`);
    expect(r.out).toContain("GEOLITE2_LICENSE_KEY is not set: newer data comes only from MaxMind");
    expect(r.out).not.toContain("Restart the site to use them");
  });

  it("outside a checkout (the Docker image) changes nothing and says what would help, exit 2", () => {
    const cwd = fs.mkdtempSync(path.join(os.tmpdir(), "wp-countries-"));
    dirs.push(cwd);
    const r = countriesUpdate(cwd);
    expect(r.status, r.out).toBe(2);
    expect(r.out).toContain("Nothing to update here without a MaxMind licence key (no package-lock.json: this is no checkout).");
    expect(r.out).toContain(`(${age} days old)`);
    expect(r.out).toContain("set GEOLITE2_LICENSE_KEY and COUNTRY_DATA_DIR");
  });
});

describe.skipIf(!buildPresent())("the server's word on old country data", () => {
  it("is the notice, logged once per start of the site (two processes)", async () => {
    const server = await startBuiltServer({ WEB_CONCURRENCY: "2" });
    try {
      const expected = staleCountryDataNotice({ dataDate: countryDataDate(), source: countryDataSource(), dataDirSet: false });
      const end = Date.now() + 60_000;
      while ((server.output().match(/"msg":"country tables loaded"/g) ?? []).length < 2 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
      expect((server.output().match(/"msg":"country tables loaded"/g) ?? []).length, server.output()).toBe(2);
      const warnings = server
        .output()
        .split("\n")
        .filter((l) => l.includes('"msg":"country data'))
        .map((l) => JSON.parse(l) as { msg: string; level: number; ageDays: number; source: string });
      if (expected === null) return expect(warnings).toEqual([]);
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatchObject({ msg: expected, level: 40, ageDays: countryDataAgeDays(countryDataDate()), source: "package" });
    } finally {
      await server.stop();
    }
  }, 120_000);
});
