/**
 * `npm run bench:country [-- --runs=7]`: what the countries' tables cost (decision 0035).
 *   - the first lookup's load: reading both files into typed arrays, in a fresh process each run (median wall and
 *     CPU time: the CPU time is what a busy machine does not inflate);
 *   - the memory they hold: heap, array buffers and resident memory before and after the load, after a full GC;
 *   - a lookup: 200,000 addresses (IPv4, and IPv6 as the server hands it over: the /64), median per lookup over
 *     batches of 1,000;
 *   - for comparison, what the package's own reader holds once loaded (it keeps both files whole and watches them).
 * Prints the load average beside the figures: this machine is shared.
 */
import { spawnSync } from "node:child_process";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const countryModule = path.join(here, "../server/services/analytics/country.ts");
const runs = Number(process.argv.find((a) => a.startsWith("--runs="))?.slice(7) ?? 7);

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};
const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 100) / 100;

/** One fresh process: memory, load, memory again, then (first run only) the lookups. */
const CHILD = `
const gc = globalThis.gc;
const memory = () => { gc(); gc(); const m = process.memoryUsage(); return { rss: m.rss, heap: m.heapUsed, buffers: m.arrayBuffers }; };
const { countryOf, warmCountryTable, countryTableBytes } = await import(${JSON.stringify(countryModule)});
const before = memory();
const cpu = process.cpuUsage();
const loaded = warmCountryTable();
const spent = process.cpuUsage(cpu);
const after = memory();
const result = { loadMs: loaded?.ms ?? -1, loadCpuMs: (spent.user + spent.system) / 1000, v4: loaded?.v4, v6: loaded?.v6, tableBytes: countryTableBytes(), before, after };
if (process.argv.includes("lookups")) {
  let seed = 11;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0);
  const hex = () => (next() & 0xffff).toString(16);
  const addresses = [];
  for (let i = 0; i < 200000; i++) {
    const n = next();
    addresses.push(i % 2 ? [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join(".") : "2" + (next() % 0xfff).toString(16).padStart(3, "0") + ":" + hex() + ":" + hex() + ":" + hex() + "::/64");
  }
  const perLookupUs = [];
  let found = 0;
  for (let b = 0; b < addresses.length; b += 1000) {
    const t0 = performance.now();
    for (let i = b; i < b + 1000; i++) if (countryOf(addresses[i])) found++;
    perLookupUs.push(((performance.now() - t0) * 1000) / 1000);
  }
  perLookupUs.sort((a, b) => a - b);
  result.lookupUs = { p50: perLookupUs[perLookupUs.length >> 1], p99: perLookupUs[Math.floor(perLookupUs.length * 0.99)], withCountry: found, of: addresses.length };
}
if (process.argv.includes("package")) {
  const { createRequire } = await import("node:module");
  const pkgBefore = memory();
  const t0 = performance.now();
  createRequire(${JSON.stringify(countryModule)})("geoip-country").lookup("8.8.8.8");
  result.packageReader = { loadMs: performance.now() - t0, before: pkgBefore, after: memory() };
}
console.log(JSON.stringify(result));
`;

function child(...flags: string[]) {
  const r = spawnSync(process.execPath, ["--expose-gc", "--import", "tsx", "--input-type=module", "-e", CHILD, "--", ...flags], {
    encoding: "utf8",
    cwd: path.join(here, ".."),
  });
  if (r.status !== 0) throw new Error(`bench child failed: ${r.stderr}`);
  return JSON.parse(r.stdout.trim().split("\n").pop()!) as {
    loadMs: number;
    loadCpuMs: number;
    v4: number;
    v6: number;
    tableBytes: number;
    before: { rss: number; heap: number; buffers: number };
    after: { rss: number; heap: number; buffers: number };
    lookupUs?: { p50: number; p99: number; withCountry: number; of: number };
    packageReader?: { loadMs: number; before: { rss: number; heap: number; buffers: number }; after: { rss: number; heap: number; buffers: number } };
  };
}

const loadStart = os.loadavg();
const results = Array.from({ length: runs }, (_, i) => child(...(i === 0 ? ["lookups"] : [])));
const pkg = child("package").packageReader!;
const loadEnd = os.loadavg();
const first = results[0]!;
const delta = (key: "rss" | "heap" | "buffers") => mb(median(results.map((r) => r.after[key] - r.before[key])));

console.log(`countries' tables: ${first.v4} IPv4 and ${first.v6} IPv6 stretches, ${mb(first.tableBytes)} MB of typed arrays`);
console.log(`first lookup's load (fresh process, ${runs} runs): median ${median(results.map((r) => r.loadMs)).toFixed(1)} ms, runs ${results.map((r) => r.loadMs.toFixed(0)).join(", ")} ms`);
console.log(`its CPU time (user + system; load does not inflate it): median ${median(results.map((r) => r.loadCpuMs)).toFixed(1)} ms`);
console.log(`memory after the load, median change: heap ${delta("heap")} MB, array buffers ${delta("buffers")} MB, resident ${delta("rss")} MB`);
console.log(`lookup: p50 ${first.lookupUs!.p50.toFixed(2)} µs, p99 ${first.lookupUs!.p99.toFixed(2)} µs per address (${first.lookupUs!.withCountry} of ${first.lookupUs!.of} random addresses had a country)`);
console.log(
  `the package's own reader (for comparison): load ${pkg.loadMs.toFixed(0)} ms, heap +${mb(pkg.after.heap - pkg.before.heap)} MB, array buffers +${mb(pkg.after.buffers - pkg.before.buffers)} MB, resident +${mb(pkg.after.rss - pkg.before.rss)} MB`,
);
console.log(`load average: ${loadStart.map((x) => x.toFixed(1)).join(" ")} at the start, ${loadEnd.map((x) => x.toFixed(1)).join(" ")} at the end (${os.cpus().length} CPUs)`);
