import { randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import type { Deps } from "../../context";
import { STUDIO_MESSAGES, STUDIO_RULES } from "../../../shared/content/studio";
import { SIGN_IN_TIERS } from "../auth/limits";
import { hashToken } from "../auth/tokens";
import { addressKey, type Counter, hitCounters, resetRateLimit, secondsUntilFree } from "../rate-limit";
import { conflict, invalid, rateLimited, unauthorized } from "../errors";

/**
 * The studio's second factor: TOTP (RFC 6238, SHA-1, 6 digits, 30 s, the parameters every authenticator app
 * reads from a QR code) and single-use recovery codes. A code is accepted once: the step of the last accepted
 * code is stored and a code of that step or an earlier one is refused, on every server process.
 */

const ISSUER = "Wise Parrot studio";

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
export async function startEnrolment(deps: Pick<Deps, "db">, user: { id: string; email: string }, now = Date.now()): Promise<Enrolment> {
  const existing = await deps.db.kysely.selectFrom("staff_totp").select("confirmed_at").where("user_id", "=", user.id).executeTakeFirst();
  if (existing?.confirmed_at != null) throw conflict(STUDIO_MESSAGES.alreadyEnrolled);
  const secret = new Secret({ size: 20 }).base32;
  await deps.db.kysely
    .insertInto("staff_totp")
    .values({ user_id: user.id, secret, created_at: now, confirmed_at: null, last_step: null })
    .onConflict((oc) => oc.column("user_id").doUpdateSet({ secret, created_at: now, confirmed_at: null, last_step: null }))
    .execute();
  return enrolmentOf(secret, user.email);
}

/** How long the enrolment page keeps showing the same unconfirmed secret (a reload or a wrong code keeps it). */
const PENDING_ENROLMENT_MS = 30 * 60_000;

/**
 * The enrolment page's secret: the one started in the last half hour and not confirmed yet, so that reloading the
 * page or mistyping the first code does not change the key already scanned into the app; otherwise a new one.
 */
export async function pendingEnrolment(deps: Pick<Deps, "db">, user: { id: string; email: string }, now = Date.now()): Promise<Enrolment> {
  const row = await deps.db.kysely.selectFrom("staff_totp").select(["secret", "created_at", "confirmed_at"]).where("user_id", "=", user.id).executeTakeFirst();
  if (row?.confirmed_at != null) throw conflict(STUDIO_MESSAGES.alreadyEnrolled);
  if (row && now - Number(row.created_at) < PENDING_ENROLMENT_MS) return enrolmentOf(row.secret, user.email);
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
export async function confirmEnrolment(deps: Pick<Deps, "db">, userId: string, code: string, clientIp: string, now = Date.now()): Promise<string[]> {
  const row = await deps.db.kysely.selectFrom("staff_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw invalid(STUDIO_MESSAGES.notEnrolled, "code");
  if (row.confirmed_at != null) throw conflict(STUDIO_MESSAGES.alreadyEnrolled);
  await assertCodeAttemptsAllowed(deps, userId, clientIp, now);
  const step = totpStep(row.secret, code, now);
  if (step === null) {
    await recordCodeFailure(deps, userId, clientIp, now);
    throw invalid(STUDIO_MESSAGES.codeInvalid, "code");
  }
  const codes = Array.from({ length: STUDIO_RULES.recoveryCodes }, newRecoveryCode);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("staff_totp").set({ confirmed_at: now, last_step: step }).where("user_id", "=", userId).execute();
    await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
    await trx
      .insertInto("staff_recovery_codes")
      .values(codes.map((c) => ({ code_hash: hashToken(normaliseRecoveryCode(c)), user_id: userId, created_at: now, used_at: null })))
      .execute();
  });
  await clearCodeFailures(deps, userId, clientIp);
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
  deps: Pick<Deps, "db">,
  userId: string,
  code: string,
  clientIp: string,
  now = Date.now(),
): Promise<"totp" | "recovery"> {
  const row = await deps.db.kysely.selectFrom("staff_totp").selectAll().where("user_id", "=", userId).executeTakeFirst();
  if (!row || row.confirmed_at == null) throw unauthorized(STUDIO_MESSAGES.notEnrolled);
  await assertCodeAttemptsAllowed(deps, userId, clientIp, now);
  const typed = code.replace(/\s+/g, "");
  let used: "totp" | "recovery" | null = null;
  if (/^\d{6}$/.test(typed)) {
    const step = totpStep(row.secret, typed, now);
    // One conditional update: of two requests with the same code, one wins, on any number of processes.
    if (step !== null) {
      const result = await deps.db.kysely
        .updateTable("staff_totp")
        .set({ last_step: step })
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("last_step", "is", null), eb("last_step", "<", step)]))
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) === 1) used = "totp";
    }
  } else if (/^[A-Za-z0-9-]{10,20}$/.test(typed)) {
    const result = await deps.db.kysely
      .updateTable("staff_recovery_codes")
      .set({ used_at: now })
      .where("code_hash", "=", hashToken(normaliseRecoveryCode(typed)))
      .where("user_id", "=", userId)
      .where("used_at", "is", null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 1) used = "recovery";
  } else {
    throw invalid(STUDIO_MESSAGES.codeFormat, "code");
  }
  if (!used) {
    await recordCodeFailure(deps, userId, clientIp, now);
    throw invalid(STUDIO_MESSAGES.codeInvalid, "code");
  }
  await clearCodeFailures(deps, userId, clientIp);
  return used;
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

// Wrong codes: the sign-in tiers for one address and one account ("pair") and for the account from anywhere, plus a
// day's allowance for the account: a code has a million values, so guesses are bounded per day, not per quarter hour
// (whoever guesses already holds the password).
const CODE_TIERS = [
  ...SIGN_IN_TIERS.pair.map((t) => ({ ...t, scope: "pair" as const })),
  ...SIGN_IN_TIERS.account.map((t) => ({ ...t, scope: "account" as const })),
  { limit: 50, windowMs: 24 * 3_600_000, scope: "account" as const },
];

function codeCounters(userId: string, clientIp: string): (Counter & { scope: "pair" | "account" })[] {
  return CODE_TIERS.map(({ scope, limit, windowMs }) => ({
    scope,
    key: scope === "pair" ? `2fa:pair:${addressKey(clientIp)}:${userId}:${windowMs}` : `2fa:acct:${userId}:${windowMs}`,
    limit,
    windowMs,
  }));
}

async function assertCodeAttemptsAllowed(deps: Pick<Deps, "db">, userId: string, clientIp: string, now: number): Promise<void> {
  const wait = await secondsUntilFree(deps.db, codeCounters(userId, clientIp), now);
  if (wait > 0) throw rateLimited(STUDIO_MESSAGES.tooManyCodes, wait);
}

async function recordCodeFailure(deps: Pick<Deps, "db">, userId: string, clientIp: string, now: number): Promise<void> {
  await hitCounters(deps.db, codeCounters(userId, clientIp), now);
}

async function clearCodeFailures(deps: Pick<Deps, "db">, userId: string, clientIp: string): Promise<void> {
  // A right code forgets this address's wrong ones on this account, not the account's.
  for (const counter of codeCounters(userId, clientIp)) {
    if (counter.scope === "pair") await resetRateLimit(deps.db, counter.key);
  }
}
