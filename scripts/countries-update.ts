/**
 * `npm run countries:update`: the country tables brought up to date, as the GeoLite2 licence asks (within 30 days of
 * MaxMind's release; decision 0035).
 *
 * - With GEOLITE2_LICENSE_KEY (a free MaxMind account's key) and COUNTRY_DATA_DIR: MaxMind's latest release is
 *   fetched by the package's own updater and written into COUNTRY_DATA_DIR, outside node_modules (so `npm ci` does
 *   not put the older files back). Run it weekly or monthly from cron, then restart the site: each process reads the
 *   tables once, at its start.
 * - Without a key: the latest `geoip-country` from npm, pinned exactly (a change to package.json and the lock file
 *   to test, commit and deploy). npm's package is published far less often than MaxMind's data, so this usually
 *   finds the installed one newest: it then says so, how old the data is, and that only a key brings newer data
 *   (and not "restart the site": nothing changed). A deployment that is no checkout (the Docker image) has no
 *   package to update: the same words, exit 2.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { loadConfigOrExit } from "../server/config";
import { countryDataDate, countryDataSource, useCountryDataDir, warmCountryTable } from "../server/services/analytics/country";
import { countryDataAgeDays, newerCountryDataStep } from "../server/services/analytics/country-age";
import { loadDotEnv } from "../server/env-file";

loadDotEnv();
const config = loadConfigOrExit();
const key = process.env.GEOLITE2_LICENSE_KEY ?? "";

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const result = spawnSync(command, args, { stdio: "inherit", env });
  if (result.status !== 0) {
    console.error(`${command} ${args[0] ?? ""} failed (exit ${result.status ?? result.signal}).`);
    process.exit(1);
  }
}

if (key) {
  if (!config.COUNTRY_DATA_DIR) {
    console.error("Set COUNTRY_DATA_DIR (a folder outside node_modules, e.g. data/countries) for MaxMind's files.");
    process.exit(2);
  }
  const dir = path.resolve(config.COUNTRY_DATA_DIR);
  fs.mkdirSync(dir, { recursive: true });
  const updater = path.join(path.dirname(createRequire(import.meta.url).resolve("geoip-country/package.json")), "scripts", "updatedb.js");
  // The key goes to the updater through its environment only (never on a command line other users can read).
  run(process.execPath, [updater], { ...process.env, GEOLITE2_LICENSE_KEY: key, GEOIP_DATADIR: dir, GEOIP_TMPDATADIR: path.join(dir, ".tmp") });
  useCountryDataDir(dir);
} else {
  useCountryDataDir(config.COUNTRY_DATA_DIR ? path.resolve(config.COUNTRY_DATA_DIR) : "");
  const before = countryDataDate();
  const unchanged = (lead: string) => {
    const age = countryDataAgeDays(before);
    console.log(`${lead} The country data is of ${before ?? "an unknown day"}${age === null ? "" : ` (${age} days old)`}.`);
    console.log(`GEOLITE2_LICENSE_KEY is not set: ${newerCountryDataStep({ source: countryDataSource(), dataDirSet: Boolean(config.COUNTRY_DATA_DIR) })}.`);
  };
  if (!fs.existsSync("package-lock.json")) {
    unchanged("Nothing to update here without a MaxMind licence key (no package-lock.json: this is no checkout).");
    process.exit(2);
  }
  run("npm", ["install", "--save-exact", "--no-audit", "--no-fund", "geoip-country@latest"]);
  if (countryDataDate() === before) {
    unchanged("npm has no newer geoip-country than the installed one: nothing changed.");
    process.exit(0);
  }
}

// Read what is now in place, as a server would at its start: a broken download fails here, not in production.
const loaded = warmCountryTable();
// GeoLite2 Country has over 300,000 ranges per family; far fewer is a download cut short.
if (!loaded || loaded.v4 < 100_000 || loaded.v6 < 100_000) {
  console.error(`The country tables are missing or incomplete after the update (${loaded ? `${loaded.v4} IPv4 and ${loaded.v6} IPv6 ranges` : "unreadable"}).`);
  process.exit(1);
}
console.log(`Country tables of ${countryDataDate() ?? "an unknown day"}: ${loaded.v4} IPv4 and ${loaded.v6} IPv6 ranges. Restart the site to use them.`);
