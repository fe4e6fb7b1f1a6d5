import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";
import { ENGINE, PRODUCT } from "../../../shared/content/site";
import { AUTH_MESSAGES } from "../../../shared/content/auth";
import { unavailable } from "../errors";

/**
 * How guessable a new password is, estimated by zxcvbn-ts (keyboard patterns, l33t, dates, repeats, sequences, the
 * common-password, English and name dictionaries), with the site's words and the person's own as context
 * (ASVS 6.2.11/6.2.12). A password is refused below 10^8 estimated guesses (zxcvbn's score 3 begins there; "Admin@123"
 * is about 10^7.6, "India@123" 10^6): beyond an online attack, and slow offline against scrypt.
 *
 * The dictionaries are large (about 60 MB resident once loaded, 1–2 s of CPU to build) and a password is set
 * rarely (sign-up, reset, a change, an invitation): they live in a worker thread started by the first check, which
 * ends after two idle minutes and gives its memory back. A server process that sets no password never loads them,
 * and the event loop never waits on an estimate. The browser never carries zxcvbn: its forms check only the spec's
 * length rule, and the server's answer reaches the field.
 */
const require = createRequire(import.meta.url);

/** At least 10^8 guesses (log10), the bottom of zxcvbn's score 3; an 8-character random password is just there. */
export const MIN_GUESSES_LOG10 = 8;
const IDLE_MS = 2 * 60_000;
const CHECK_TIMEOUT_MS = 30_000;

/** The site's own words, which an attacker tries on this site first (wiseparrot2026…). */
export const SITE_WORDS = [PRODUCT, ENGINE, PRODUCT.replace(/\s+/g, ""), ENGINE.replace(/\s+/g, ""), "parrot", "wise", "studio", "wise-parrot"];

/** The person's own words: name, e-mail (whole, local part and its pieces), company. */
export function userWordsOf(owner: { email: string; name?: string; company?: string }): string[] {
  const local = owner.email.split("@")[0] ?? "";
  const phrases = [owner.email, local, owner.name ?? "", owner.company ?? ""];
  // Each phrase whole, without its spaces and dots (AshaVerma, vermarealty), and word by word.
  const words = phrases.flatMap((p) => [p, p.replace(/[\s._+-]+/g, ""), ...p.split(/[\s._+@-]+/)]);
  return [...new Set(words.map((w) => w.trim().toLowerCase()).filter((w) => w.length >= 3))];
}

/** The worker's code, inline (the server's bundle needs no second entry file); the packages are resolved here. */
const WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
const { ZxcvbnFactory } = require(workerData.core);
const common = require(workerData.common);
const en = require(workerData.en);
const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...en.dictionary, site: workerData.siteWords },
  graphs: common.adjacencyGraphs,
  translations: en.translations,
});
parentPort.on("message", ({ id, password, userInputs }) => {
  try {
    const result = zxcvbn.check(password, userInputs);
    parentPort.postMessage({ id, score: result.guessesLog10 });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

type Pending = { resolve(score: number): void; reject(error: Error): void };
type Estimator = { worker: Worker; pending: Map<number, Pending>; idle?: NodeJS.Timeout };

/** One estimator per process, shared by the host's bundle and React Router's (each carries a copy of this module). */
const SHARED = Symbol.for("wise-parrot.password-strength");
type Shared = { estimator?: Estimator; nextId: number; starts: number };
const shared: Shared = ((globalThis as Record<symbol, Shared | undefined>)[SHARED] ??= { nextId: 1, starts: 0 });

function estimator(): Estimator {
  if (shared.estimator) return shared.estimator;
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: {
      core: require.resolve("@zxcvbn-ts/core"),
      common: require.resolve("@zxcvbn-ts/language-common"),
      en: require.resolve("@zxcvbn-ts/language-en"),
      siteWords: SITE_WORDS.map((w) => w.toLowerCase()),
    },
  });
  shared.starts++;
  const est: Estimator = { worker, pending: new Map() };
  const fail = (error: Error) => {
    if (shared.estimator === est) shared.estimator = undefined;
    for (const p of est.pending.values()) p.reject(error);
    est.pending.clear();
  };
  worker.on("message", (m: { id: number; score?: number; error?: string }) => {
    const p = est.pending.get(m.id);
    if (!p) return;
    est.pending.delete(m.id);
    if (typeof m.score === "number") p.resolve(m.score);
    else p.reject(new Error(m.error ?? "the password estimate failed"));
    if (est.pending.size === 0) scheduleIdle(est);
  });
  worker.on("error", fail);
  worker.on("exit", () => fail(new Error("the password estimator stopped")));
  // The worker never keeps a process alive by itself (a server shutting down, a test run ending).
  worker.unref();
  shared.estimator = est;
  return est;
}

function scheduleIdle(est: Estimator): void {
  clearTimeout(est.idle);
  est.idle = setTimeout(() => {
    if (est.pending.size > 0) return;
    if (shared.estimator === est) shared.estimator = undefined;
    void est.worker.terminate();
  }, IDLE_MS);
  est.idle.unref();
}

/** zxcvbn's estimate of the guesses a password takes (log10), with these words as context; in the worker thread. */
export function passwordScore(password: string, userInputs: string[]): Promise<number> {
  const est = estimator();
  clearTimeout(est.idle);
  const id = shared.nextId++;
  return new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => {
      est.pending.delete(id);
      reject(new Error("the password estimate took too long"));
    }, CHECK_TIMEOUT_MS);
    timer.unref();
    est.pending.set(id, {
      resolve: (score) => (clearTimeout(timer), resolve(score)),
      reject: (error) => (clearTimeout(timer), reject(error)),
    });
    // zxcvbn looks at the first 256 characters at most; the schemas cap passwords at fewer anyway.
    est.worker.postMessage({ id, password: password.slice(0, 256), userInputs });
  });
}

/** Whether a password is hard enough to guess; `unavailable` (retry) when the estimate cannot be made. */
export async function strongEnough(password: string, userInputs: string[]): Promise<boolean> {
  try {
    return (await passwordScore(password, userInputs)) >= MIN_GUESSES_LOG10;
  } catch {
    throw unavailable(AUTH_MESSAGES.passwordCheckBusy, 2);
  }
}

/** How many estimator threads this process has started (tests: the dictionaries load lazily, once per busy spell). */
export function estimatorStarts(): number {
  return shared.starts;
}
