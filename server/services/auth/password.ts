import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";
import { availableParallelism } from "node:os";
import { AUTH_MESSAGES } from "../../../shared/content/auth";
import { rateLimited, unavailable } from "../errors";
import { createLane, LaneFullError, type LaneTurn } from "../work-lane";

/**
 * Passwords are hashed with scrypt (memory-hard) at N=2^15, r=8, p=1: 32 MiB
 * and some tens of milliseconds per hash, OWASP's recommended floor. The
 * parameters are stored with each hash so they can be raised later without
 * breaking existing accounts.
 */
const COST_LOG2 = 15;
const BLOCK_SIZE = 8;
const PARALLEL = 1;
const KEY_LENGTH = 32;
const SALT_BYTES = 16;

/**
 * Every hash runs in this lane: at most half the machine's cores at once (one on two cores; never more than two
 * of libuv's four threads, 32 MiB each), plus one place only a known device or address may take (issue 39, item
 * 2: a storm of strangers never makes the owner wait); four waiting per turn at most 5 s, the rest refused at once
 * with a retry-after (see work-lane.ts for why). A sign-in refused is told to slow down (429); anything else that
 * hashes (a sign-up, a new password) is told the service is busy (503).
 */
export const HASH_LANE = {
  concurrency: Math.min(2, Math.max(1, Math.floor(availableParallelism() / 2))),
  reserved: 1,
  maxQueue: 4,
  maxWaitMs: 5_000,
} as const;
export const hashLane = createLane(HASH_LANE);

/** Seconds a caller refused by the lane is told to wait: about the time the queue takes to drain. */
export const HASHING_RETRY_AFTER_S = 2;

function scrypt(password: string, salt: Buffer, keylen: number, options: ScryptOptions, turn: LaneTurn, refusal: "busy" | "slow down"): Promise<Buffer> {
  const work = () =>
    new Promise<Buffer>((resolve, reject) =>
      scryptCallback(password.normalize("NFKC"), salt, keylen, options, (err, key) => (err ? reject(err) : resolve(key))),
    );
  return hashLane.run(work, turn).catch((error: unknown) => {
    if (error instanceof LaneFullError) {
      throw refusal === "busy"
        ? unavailable(AUTH_MESSAGES.hashingBusy, HASHING_RETRY_AFTER_S)
        : rateLimited(AUTH_MESSAGES.hashingBusy, HASHING_RETRY_AFTER_S);
    }
    throw error;
  });
}

function options(logN: number, r: number, p: number): ScryptOptions {
  // Node's default maxmem (32 MiB) is exactly the memory N=2^15, r=8 needs, which it refuses: allow twice that.
  return { N: 2 ** logN, r, p, maxmem: 2 * 128 * r * 2 ** logN + 1024 * 1024 };
}

/** `scrypt$<log2 N>$<r>$<p>$<salt base64url>$<hash base64url>` */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_LENGTH, options(COST_LOG2, BLOCK_SIZE, PARALLEL), "calm", "busy");
  return ["scrypt", COST_LOG2, BLOCK_SIZE, PARALLEL, salt.toString("base64url"), key.toString("base64url")].join("$");
}

/**
 * Checks a password against its stored hash in the lane's `turn` (a sign-in says who asks; others are "calm").
 * Refused by the lane: `rate-limited` with a retry-after, like any other sign-in limit.
 */
export async function verifyPassword(password: string, stored: string, turn: LaneTurn = "calm"): Promise<boolean> {
  const parts = stored.split("$");
  if (parts.length !== 6 || parts[0] !== "scrypt") return false;
  const [logN, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  if (![logN, r, p].every(Number.isInteger) || logN < 10 || logN > 22 || r < 1 || r > 32 || p < 1 || p > 16) return false;
  const salt = Buffer.from(parts[4]!, "base64url");
  const expected = Buffer.from(parts[5]!, "base64url");
  if (expected.length < 16) return false;
  const actual = await scrypt(password, salt, expected.length, options(logN, r, p), turn, "slow down");
  return timingSafeEqual(actual, expected);
}

/**
 * scrypt at a cost of 2^logN (r=8, p=1) in the same lane as passwords: for secrets that are random already and need
 * a salted slow hash, not a password's full cost (the studio's recovery codes).
 */
export function laneScrypt(input: string, salt: Buffer, logN: number, keylen = KEY_LENGTH): Promise<Buffer> {
  return scrypt(input, salt, keylen, options(logN, BLOCK_SIZE, PARALLEL), "calm", "busy");
}

/**
 * What an unknown e-mail's password is checked against: the shape of a stored hash with a random salt and random
 * bytes for the hash, made without hashing. Checking it costs exactly one hash at the current cost, like a real
 * account's; it never matches (no password hashes to random bytes), and it needs no hash of its own first (one made
 * lazily took a place in the lane, and a refusal then would have been kept for every later check).
 */
const DUMMY_HASH = ["scrypt", COST_LOG2, BLOCK_SIZE, PARALLEL, randomBytes(SALT_BYTES).toString("base64url"), randomBytes(KEY_LENGTH).toString("base64url")].join("$");

/**
 * Spends the same time as checking a real password, for an unknown e-mail or
 * an account without a password, so the answer's timing reveals nothing.
 */
export async function burnPasswordCheck(password: string, turn: LaneTurn = "calm"): Promise<false> {
  await verifyPassword(password, DUMMY_HASH, turn);
  return false;
}
