/**
 * The owner's archive: everything the business owns in one `.tar.gz` (a manifest, one JSON file per table, the
 * media's bytes as files, CSV lists for people), written from a running site and restored into an empty one on
 * either database. The format is documented in docs/decisions/0026-owners-data.md.
 *
 * This module: the format's names and manifest, the site's archive key, the manifest's signature and its check.
 * Written by archive-export.ts, read by archive-read.ts, restored by archive-import.ts.
 */
import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import type { Db } from "../../db/database";
import { ServiceError } from "../errors";

export const ARCHIVE_FORMAT = "wise-parrot-archive";
export const ARCHIVE_VERSION = 1;
export const MANIFEST = "manifest.json";
/** The manifest's HMAC under the site's archive key; not listed in the manifest (it is made from it). */
export const SIGNATURE = "manifest.sig";

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  database: Db["dialect"];
  /** The last migration of the site that wrote it. */
  schema: string;
  /** Rows per table file (`tables/<name>.json`). */
  tables: Record<string, number>;
  /** SHA-256 (hex) of every other entry. */
  entries: Record<string, string>;
};

export const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Refuses the archive: nothing is imported, the owner is told why. */
export const refuse = (message: string): never => {
  throw new ServiceError("invalid", message, { field: "archive" });
};

/**
 * The key that signs the site's archives, derived from TOTP_SECRET_KEY (the secret the site already keeps out of its
 * database) under its own label, so the two uses never share a key. No secret: archives are written unsigned.
 */
export function archiveKey(siteSecret: Buffer | undefined): Buffer | undefined {
  return siteSecret ? Buffer.from(hkdfSync("sha256", siteSecret, Buffer.alloc(0), "wise-parrot owner's archive signature v1", 32)) : undefined;
}

/** Names the key without revealing it, so an import can tell "another site's key" from "changed after signing". */
const keyId = (key: Buffer) => createHmac("sha256", key).update("key id").digest("hex").slice(0, 16);

type Signature = { algorithm: "HMAC-SHA256"; key: string; mac: string };

export function sign(key: Buffer, manifest: Buffer): Buffer {
  const signature: Signature = { algorithm: "HMAC-SHA256", key: keyId(key), mac: createHmac("sha256", key).update(manifest).digest("hex") };
  return Buffer.from(`${JSON.stringify(signature)}\n`, "utf8");
}

/** Whether the archive's manifest (and so, through its checksums, every entry) was written by a holder of `key`. */
export function verify(key: Buffer | undefined, manifest: Buffer, signatureBytes: Buffer | undefined): { signed: true } | { signed: false; reason: string } {
  if (!signatureBytes) return { signed: false, reason: "the archive is not signed" };
  let signature: Partial<Signature> = {};
  try {
    signature = JSON.parse(signatureBytes.toString("utf8")) as Partial<Signature>;
  } catch {
    // Unreadable: treated as a signature that does not match.
  }
  if (!key) return { signed: false, reason: "this site has no TOTP_SECRET_KEY to check the archive's signature with" };
  if (signature.key !== keyId(key)) return { signed: false, reason: "the archive was signed with another key (another site's TOTP_SECRET_KEY)" };
  const expected = createHmac("sha256", key).update(manifest).digest();
  const given = Buffer.from(typeof signature.mac === "string" && /^[0-9a-f]{64}$/.test(signature.mac) ? signature.mac : "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse("The archive was changed after this site signed it: its manifest does not match its signature. Nothing was imported.");
  }
  return { signed: true };
}
