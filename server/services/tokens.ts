import { createHash, randomBytes } from "node:crypto";

/** A 256-bit random secret, URL-safe (43 characters): session, reset, verification and newsletter tokens. */
export function newToken(): string {
  return randomBytes(32).toString("base64url");
}

/** How a secret is stored: its SHA-256 (the secret has full entropy, so no salt or slow hash is needed). */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}
