import { createCipheriv, createDecipheriv, randomBytes, timingSafeEqual } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { Deps } from "../../context";
import { STUDIO_MESSAGES, STUDIO_RULES } from "../../../shared/content/studio";
import { SIGN_IN_TIERS } from "../auth/limits";
import { laneScrypt } from "../auth/password";
import { hashToken } from "../auth/tokens";
import { addressKey, type Counter, hitCounters, resetRateLimit, secondsUntilFree } from "../rate-limit";
import { conflict, invalid, rateLimited, unauthorized } from "../errors";

/**
 * The studio's second factor: TOTP (RFC 6238, SHA-1, 6 digits, 30 s, the parameters every authenticator app
 * reads from a QR code) and single-use recovery codes. A code is accepted once: the step of the last accepted
 * code is stored and a code of that step or an earlier one is refused, on every server process.
 */

const ISSUER = "Wise Parrot studio";

type KeyDeps = { config: Pick<Deps["config"], "TOTP_SECRET_KEY"> };

/**
 * TOTP secrets at rest: sealed with AES-256-GCM under TOTP_SECRET_KEY (decision 0020), bound to their account (the
 * user id is the additional data, so a sealed secret copied to another row does not open). Stored as base64url of
 * IV (12 bytes), tag (16) and the 20 secret bytes: 64 characters, the column's width. A secret written before the
 * key existed is its 32-character base32 text and is read as such (legacy), then sealed at its next accepted code.
 */
const SEALED_LENGTH = 64;
const isSealed = (stored: string) => stored.length === SEALED_LENGTH;

export function sealSecret(deps: KeyDeps, userId: string, base32: string): string {
  const key = deps.config.TOTP_SECRET_KEY;
  if (!key) return base32;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(Buffer.from(`totp:${userId}`));
  const sealed = Buffer.concat([cipher.update(Secret.fromBase32(base32).bytes), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
}

/** The base32 secret of a stored value, or null when it was sealed with a key this server does not have. */
export function openSecret(deps: KeyDeps, userId: string, stored: string): string | null {
  if (!isSealed(stored)) return stored;
  const key = deps.config.TOTP_SECRET_KEY;
  if (!key) return null;
  const bytes = Buffer.from(stored, "base64url");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(`totp:${userId}`));
    decipher.setAuthTag(bytes.subarray(12, 28));
    const secret = Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]);
    return new Secret({ buffer: secret.buffer.slice(secret.byteOffset, secret.byteOffset + secret.length) as ArrayBuffer }).base32;
  } catch {
    return null;
  }
}

function readableSecret(deps: KeyDeps, userId: string, stored: string): string {
  const secret = openSecret(deps, userId, stored);
  // Sealed with another key (rotated) or no key now: only re-enrolment helps; recovery codes still work.
  if (secret === null) throw conflict(STUDIO_MESSAGES.secretUnreadable);
  return secret;
}

function totpFor(secret: string, label: string): TOTP {
  return new TOTP({
    issuer: ISSUER,
    label,
    algorithm: "SHA1",
    digits: STUDIO_RULES.totpDigits,
    period: STUDIO_RULES.totpPeriodSeconds,
    secret: Secret.fromBase32(secret),
  });
}

export type Enrolment = { secret: string; uri: string; qrSvg: string };

/** Starts (or restarts) enrolment: a new secret, not yet in force until `confirmEnrolment` sees a code from it. */
export async function startEnrolment(deps: Pick<Deps, "db" | "config">, user: { id: string; email: string }, now = Date.now()): Promise<Enrolment> {
  const existing = await deps.db.kysely.selectFrom("staff_totp").select("confirmed_at").where("user_id", "=", user.id).executeTakeFirst();
  if (existing?.confirmed_at != null) throw conflict(STUDIO_MESSAGES.alreadyEnrolled);
  const secret = new Secret({ size: 20 }).base32;
  const stored = sealSecret(deps, user.id, secret);
  await deps.db.kysely
    .insertInto("staff_totp")
    .values({ user_id: user.id, secret: stored, created_at: now, confirmed_at: null, last_step: null })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ secret: stored, created_at: now, confirmed_at: null, last_step: null }))
    .execute();
  return enrolmentOf(secret, user.email);
}

/** How long the enrolment page keeps showing the same unconfirmed secret (a reload or a wrong code keeps it). */
const PENDING_ENROLMENT_MS = 30 * 60_000;

/**
 * The enrolment page's secret: the one started in the last half hour and not confirmed yet, so that reloading the
 * page or mistyping the first code does not change the key already scanned into the app; otherwise a new one.
 */
export async function pendingEnrolment(deps: Pick<Deps, "db" | "config">, user: { id: string; email: string }, now = Date.now()): Promise<Enrolment> {
  const row = await deps.db.kysely.selectFrom("staff_totp").select(["secret", "created_at", "confirmed_at"]).where("user_id", "=", user.id).executeTakeFirst();
  if (row?.confirmed_at != null) throw conflict(STUDIO_MESSAGES.alreadyEnrolled);
  const secret = row ? openSecret(deps, user.id, row.secret) : null;
  if (row && secret && now - Number(row.created_at) < PENDING_ENROLMENT_MS) return enrolmentOf(secret, user.email);
  return startEnrolment(deps, user, now);
}

async function enrolmentOf(secret: string, email: string): Promise<Enrolment> {
  const uri = totpFor(secret, email).toString();
  // The QR code library is loaded on the first enrolment only: no server process carries it otherwise.
  const { default: QRCode } = await import("qrcode");
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 1 });
  return { secret, uri, qrSvg };
}

/** Ends enrolment with a first code from the app; returns the recovery codes, shown once. */
export async function confirmEnrolment(
  deps: Pick<Deps, "db" | "config">,
  userId: string,
  code: string,
  clientIp: string,
  now = Date.now(),
  from: CodeSource = {},
): Promise<string[]> {
  const row = await deps.db.kysely.selectFrom("staff_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw invalid(STUDIO_MESSAGES.notEnrolled, "code");
  if (row.confirmed_at != null) throw conflict(STUDIO_MESSAGES.alreadyEnrolled);
  const source = await codeSource(deps, userId, clientIp, from);
  await assertCodeAttemptsAllowed(deps, source, now);
  const step = totpStep(readableSecret(deps, userId, row.secret), code, now);
  if (step === null) {
    await recordCodeFailure(deps, source, now);
    throw invalid(STUDIO_MESSAGES.codeInvalid, "code");
  }
  const codes = Array.from({ length: STUDIO_RULES.recoveryCodes }, newRecoveryCode);
  const salt = randomBytes(RECOVERY_SALT_BYTES);
  // One after another: the hashing lane takes a few at once and refuses the rest.
  const hashes: string[] = [];
  for (const c of codes) hashes.push(await storedRecoveryHash(c, salt));
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("staff_totp").set({ confirmed_at: now, last_step: step }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("staff_recovery_codes")
      .values(hashes.map((code_hash) => ({ code_hash, user_id: userId, created_at: now, used_at: null })))
      .execute();
  });
  await codeAccepted(deps, source, now);
  return codes;
}

export async function isEnrolled(deps: Pick<Deps, "db">, userId: string): Promise<boolean> {
  const row = await deps.db.kysely.selectFrom("staff_totp").select("confirmed_at").where("user_id", "=", userId).executeTakeFirst();
  return row?.confirmed_at != null;
}

/**
 * Checks a code typed at sign-in: a TOTP code (not used before) or an unused recovery code, which is then spent.
 * Wrong codes count against the account and the address, as wrong passwords do.
 */
export async function verifySecondFactor(
  deps: Pick<Deps, "db" | "config">,
  userId: string,
  code: string,
  clientIp: string,
  now = Date.now(),
  from: CodeSource = {},
): Promise<"totp" | "recovery"> {
  const row = await deps.db.kysely.selectFrom("staff_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row || row.confirmed_at == null) throw unauthorized(STUDIO_MESSAGES.notEnrolled);
  const source = await codeSource(deps, userId, clientIp, from);
  await assertCodeAttemptsAllowed(deps, source, now);
  const typed = code.replace(/\s+/g, "");
  let used: "totp" | "recovery" | null = null;
  if (/^\d{6}$/.test(typed)) {
    const secret = readableSecret(deps, userId, row.secret);
    const step = totpStep(secret, typed, now);
    // One conditional update: of two requests with the same code, one wins, on any number of processes.
    if (step !== null) {
      const result = await deps.db.kysely
        .updateTable("staff_totp")
        .set({ last_step: step })
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) {
        used = "totp";
        // A secret stored before TOTP_SECRET_KEY was set is sealed now that it proved itself.
        if (!isSealed(row.secret) && deps.config.TOTP_SECRET_KEY) {
          await deps.db.kysely.updateTable("staff_totp").set({ secret: sealSecret(deps, userId, secret) }).where("user_id", "=", userId).where("secret", "=", row.secret).execute();
        }
      }
    }
  } else if (/^[A-Za-z0-9-]{10,20}$/.test(typed)) {
    const matched = await matchingRecoveryHash(deps, userId, typed);
    if (matched !== null) {
      const result = await deps.db.kysely
        .updateTable("staff_recovery_codes")
        .set({ used_at: now })
        .where("code_hash", "=", matched)
        .where("user_id", "=", userId)
        .where("used_at", "is", null)
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) used = "recovery";
    }
  } else {
    throw invalid(STUDIO_MESSAGES.codeFormat, "code");
  }
  if (!used) {
    await recordCodeFailure(deps, source, now);
    throw invalid(STUDIO_MESSAGES.codeInvalid, "code");
  }
  await codeAccepted(deps, source, now);
  return used;
}

/**
 * Recovery codes at rest: `s1$<salt>$<scrypt>`, scrypt (2^12, r=8, p=1: 4 MiB) of the SHA-256 of the normalised code,
 * with a salt per enrolment (one for the account's ten codes, so a check costs one scrypt, not ten). The SHA-256
 * inside is what codes were stored as before (migration 0016 wrapped those in scrypt). 12 bytes of salt and 32 of
 * hash fit the column's 64 characters. The cost is lower than a password's: a code is 49 random bits already, and
 * the salt and scrypt are what keep a copied table from being checked a code at a time at SHA-256's speed.
 */
const RECOVERY_COST_LOG2 = 12;
const RECOVERY_SALT_BYTES = 12;
const RECOVERY_PREFIX = "s1";

async function recoveryKey(code: string, salt: Buffer): Promise<Buffer> {
  return laneScrypt(hashToken(normaliseRecoveryCode(code)), salt, RECOVERY_COST_LOG2);
}

async function storedRecoveryHash(code: string, salt: Buffer): Promise<string> {
  return [RECOVERY_PREFIX, salt.toString("base64url"), (await recoveryKey(code, salt)).toString("base64url")].join("$");
}

/**
 * The stored hash of the unused recovery code typed, or null. Every unused code of the account is compared, in
 * constant time and without stopping at a match, so the time taken says nothing about which code or how many.
 */
async function matchingRecoveryHash(deps: Pick<Deps, "db">, userId: string, typed: string): Promise<string | null> {
  const rows = await deps.db.kysely.selectFrom("staff_recovery_codes").select("code_hash").where("user_id", "=", userId).where("used_at", "is", null).execute();
  const parsed = rows.flatMap((r) => {
    const [prefix, salt, hash] = r.code_hash.split("$");
    return prefix === RECOVERY_PREFIX && salt && hash ? [{ stored: r.code_hash, salt, hash: Buffer.from(hash, "base64url") }] : [];
  });
  const keys = new Map<string, Buffer>();
  // No codes left still costs one scrypt: the answer's timing does not tell whether any are left.
  if (parsed.length === 0) await recoveryKey(typed, randomBytes(RECOVERY_SALT_BYTES));
  for (const { salt } of parsed) if (!keys.has(salt)) keys.set(salt, await recoveryKey(typed, Buffer.from(salt, "base64url")));
  let matched: string | null = null;
  for (const { stored, salt, hash } of parsed) {
    const key = keys.get(salt)!;
    const same = key.length === hash.length && timingSafeEqual(key, hash);
    if (same) matched = stored;
  }
  return matched;
}

/** How many recovery codes are left unused. */
export async function recoveryCodesLeft(deps: Pick<Deps, "db">, userId: string): Promise<number> {
  const row = await deps.db.kysely
    .selectFrom("staff_recovery_codes")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .where("user_id", "=", userId)
    .where("used_at", "is", null)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** The time step a code belongs to (within one step of now), or null when it matches none. */
function totpStep(secret: string, code: string, now: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const totp = totpFor(secret, "check");
  const delta = totp.validate({ token: code, timestamp: now, window: STUDIO_RULES.totpWindowSteps });
  if (delta === null) return null;
  return totp.counter({ timestamp: now }) + delta;
}

const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";

/** Ten characters from an alphabet without look-alikes, written as xxxxx-xxxxx (about 49 bits). */
function newRecoveryCode(): string {
  const bytes = randomBytes(10);
  const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]);
  return `${chars.slice(0, 5).join("")}-${chars.slice(5).join("")}`;
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, "");
}

/**
 * Where a code comes from: the device cookie's token and the client address. A device or an address where this
 * account passed the second factor before is "trusted" for codes (kept in sign_in_trust as kinds `2fa-dev` and
 * `2fa-addr`, by the account's e-mail, for TRUST_DAYS): its mistakes are counted on its own, and the account-wide
 * allowance that strangers holding the password can use up does not apply to it, so the holder of the phone still
 * gets in (issue 26, item 12).
 */
export type CodeSource = { deviceToken?: string | undefined };
type Source = { userId: string; email: string; clientIp: string; deviceHash: string | null; trusted: "device" | "address" | null };

const looksLikeToken = (token: string | undefined): token is string => Boolean(token && /^[\w-]{20,200}$/.test(token));
const DAY_MS = 24 * 3_600_000;
const TRUST_MS = 90 * DAY_MS;

async function codeSource(deps: Pick<Deps, "db">, userId: string, clientIp: string, from: CodeSource): Promise<Source> {
  const user = await deps.db.kysely.selectFrom("users").select("email_normalized").where("id", "=", userId).executeTakeFirst();
  const email = user?.email_normalized ?? `id:${userId}`;
  const deviceHash = looksLikeToken(from.deviceToken) ? hashToken(from.deviceToken) : null;
  const rows = await deps.db.kysely
    .selectFrom("sign_in_trust")
    .select("kind")
    .where("email_normalized", "=", email)
    .where("expires_at", ">", Date.now())
    .where((eb) =>
      eb.or([
        eb.and([eb("kind", "=", "2fa-addr"), eb("value_hash", "=", hashToken(addressKey(clientIp)))]),
        ...(deviceHash ? [eb.and([eb("kind", "=", "2fa-dev"), eb("value_hash", "=", deviceHash)])] : []),
      ]),
    )
    .execute();
  const trusted = rows.some((r) => r.kind === "2fa-dev") ? "device" : rows.some((r) => r.kind === "2fa-addr") ? "address" : null;
  return { userId, email, clientIp, deviceHash, trusted };
}

// The sign-in tiers for one address (or one trusted device) and one account, with a day's allowance each; for
// strangers also the account-wide tiers and a day's allowance for the account: a code has a million values, so
// guesses are bounded per day, not per quarter hour (whoever guesses already holds the password).
const LOCAL_TIERS = [...SIGN_IN_TIERS.pair, { limit: 50, windowMs: DAY_MS }];
const ACCOUNT_TIERS = [...SIGN_IN_TIERS.account, { limit: 50, windowMs: DAY_MS }];

type Scoped = Counter & { scope: "local" | "account" };

function codeCounters(source: Source, { forCheck }: { forCheck: boolean }): Scoped[] {
  const local =
    source.trusted === "device" && source.deviceHash
      ? `2fa:dev:${source.deviceHash}:${source.userId}`
      : `2fa:pair:${addressKey(source.clientIp)}:${source.userId}`;
  const counters: Scoped[] = LOCAL_TIERS.map(({ limit, windowMs }) => ({ scope: "local", key: `${local}:${windowMs}`, limit, windowMs }));
  // A trusted source's own attempts skip the account's allowance; its failures still count on it, as at sign-in.
  if (!forCheck || source.trusted === null) {
    counters.push(...ACCOUNT_TIERS.map(({ limit, windowMs }) => ({ scope: "account" as const, key: `2fa:acct:${source.userId}:${windowMs}`, limit, windowMs })));
  }
  return counters;
}

async function assertCodeAttemptsAllowed(deps: Pick<Deps, "db">, source: Source, now: number): Promise<void> {
  const wait = await secondsUntilFree(deps.db, codeCounters(source, { forCheck: true }), now);
  if (wait > 0) throw rateLimited(STUDIO_MESSAGES.tooManyCodes, wait);
}

async function recordCodeFailure(deps: Pick<Deps, "db">, source: Source, now: number): Promise<void> {
  await hitCounters(deps.db, codeCounters(source, { forCheck: false }), now);
}

/** A right code: this device and address are trusted for codes from now on, and their own wrong ones are forgotten. */
async function codeAccepted(deps: Pick<Deps, "db">, source: Source, now: number): Promise<void> {
  for (const counter of codeCounters(source, { forCheck: false })) {
    if (counter.scope === "local") await resetRateLimit(deps.db, counter.key);
  }
  const trust: ["2fa-dev" | "2fa-addr", string][] = [["2fa-addr", hashToken(addressKey(source.clientIp))]];
  if (source.deviceHash) trust.push(["2fa-dev", source.deviceHash]);
  for (const [kind, value_hash] of trust) {
    await deps.db.kysely
      .insertInto("sign_in_trust")
      .values({ kind, value_hash, email_normalized: source.email, created_at: now, expires_at: now + TRUST_MS })
      .onConflict((oc) => oc.columns(["kind", "value_hash", "email_normalized"]).doUpdateSet({ expires_at: now + TRUST_MS }))
      .execute();
  }
}
