import { createHash, randomBytes } from "node:crypto";

/** A 256-bit random secret, URL-safe (43 characters): session, reset, verification and newsletter tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** How a secret is stored: its SHA-256 (the secret has full entropy, so no salt or slow hash is needed). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Random bytes drawn this many at a time for `randomText`: one system call per 256 nonces of 16 bytes. */
const POOL_BYTES = 4096;
let pool = Buffer.alloc(0);
let used = 0;

/**
 * `bytes` random bytes (at most 256) as text, from a pool refilled by `randomBytes` 4 KiB at a time: each byte is
 * given out once. For the values made on every request (the CSP nonce, a chat conversation's and answer's ids), where
 * one `randomBytes` call each was 3% of a chat request's CPU; secrets that guard an account use `newToken`.
 */
export function randomText(bytes: number, encoding: "base64" | "base64url"): string {
  if (!Number.isInteger(bytes) || bytes < 1 || bytes > 256) throw new RangeError("randomText takes 1 to 256 bytes");
  if (used + bytes > pool.length) {
    pool = randomBytes(POOL_BYTES);
    used = 0;
  }
  const text = pool.toString(encoding, used, used + bytes);
  // The bytes given out are wiped, so what stays in memory is only what has not been used.
  pool.fill(0, used, used + bytes);
  used += bytes;
  return text;
}
