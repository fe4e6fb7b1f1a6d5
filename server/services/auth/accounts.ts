import type { Selectable } from "kysely";
import { AUTH_EMAILS, AUTH_MESSAGES, AUTH_RULES } from "../../../shared/content/auth";
import { AUTH_EMAILS_HI } from "../../../shared/content/hi/auth";
import { type Locale, isLocale, localePath } from "../../../shared/i18n";
import type { ProfileUpdate, RegisterInput } from "../../../shared/schemas/auth";
import type { Deps } from "../../context";
import type { AccountTables } from "../../db/schema";
import { AUDIENCE_MESSAGES } from "../../../shared/content/audience";
import { conflict, forbidden, invalid, ServiceError, unauthorized } from "../errors";
import { enqueueSiteMail, firstNameOf, mailAfterAnswer } from "../mail/outbox";
import { assertSignInAllowed, clearSignInFailures, hitMailLimit, hitSignUpLimit, recordSignInFailure, STRANGERS_BUDGET } from "./limits";
import type { LaneTurn } from "../work-lane";
import { burnPasswordCheck, hashPassword, verifyPassword } from "./password";
import { assertPasswordAllowed } from "./password-policy";
import { createSession, type NewSession, resolveSession, revokeAllSessions } from "./sessions";
import { hashToken, newToken, newUserId } from "./tokens";
import { forgetSignInTrust, rememberSignIn, signInSource } from "./trust";
import { securityEvent } from "../security-events";
import { CUSTOMER_ORDER_HOOKS, notifySignUpInBackground } from "../onboarding/notify";
import { startWaitingOrder } from "../onboarding/orders";

/** A user as the account code reads and writes it (`disabled_at` is read only by the sign-in checks and the studio). */
export type UserRow = Omit<Selectable<AccountTables["users"]>, "disabled_at" | "locale">;

/** The user as the API and the pages see it (the spec's User entity plus the verified state). */
export type PublicUser = {
  _id: string;
  email: string;
  name: string;
  role: "user";
  industry: string;
  company: string;
  createdAt: string;
  lastLogin: string | null;
  emailVerified: boolean;
  profilePicture?: string;
};

export function toPublicUser(row: UserRow): PublicUser {
  return {
    _id: row.id,
    email: row.email,
    name: row.name,
    role: "user",
    industry: row.industry,
    company: row.company,
    createdAt: new Date(Number(row.created_at)).toISOString(),
    lastLogin: row.last_login_at === null ? null : new Date(Number(row.last_login_at)).toISOString(),
    emailVerified: row.email_verified_at !== null,
    ...(row.profile_picture ? { profilePicture: row.profile_picture } : {}),
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function findUserById(deps: Deps, id: string): Promise<UserRow | undefined> {
  return deps.db.kysely.selectFrom("users").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findUserByEmail(deps: Deps, email: string): Promise<UserRow | undefined> {
  return deps.db.kysely.selectFrom("users").selectAll().where("email_normalized", "=", normalizeEmail(email)).executeTakeFirst();
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/** `created`: this sign-in made the account (a first social sign-in), which counts as a sign-up. */
export type SignedIn = { user: PublicUser; session: NewSession; created?: true };

/**
 * Creates an account (role is always 'user'), signs it in and e-mails a verification link. `locale`: the language of
 * the page the account was made on, kept with it; the verification e-mail is in it.
 */
export async function registerUser(
  deps: Deps,
  input: RegisterInput,
  { ip, persistent = true, locale = "en" }: { ip: string; persistent?: boolean; locale?: Locale },
): Promise<SignedIn> {
  await hitSignUpLimit(deps.db, ip, deps.config.SIGNUP_RATE_LIMIT_PER_HOUR);
  await assertPasswordAllowed(input.password, { email: input.email, name: input.name, company: input.company });
  const now = Date.now();
  const row: UserRow = {
    id: newUserId(),
    email: input.email,
    email_normalized: normalizeEmail(input.email),
    name: input.name,
    role: "user",
    access: "user",
    industry: input.industry,
    company: input.company,
    password_hash: await hashPassword(input.password),
    email_verified_at: null,
    profile_picture: null,
    created_at: now,
    last_login_at: now,
  };
  try {
    await deps.db.kysely.insertInto("users").values({ ...row, locale }).execute();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(AUTH_MESSAGES.emailTaken, "email");
    throw error;
  }
  await sendVerificationMail(deps, row, locale);
  const session = await createSession(deps, row.id, { persistent });
  securityEvent(deps, "auth.sign-up", { userId: row.id }, "account created");
  // The business is told (issue 41): queued in the background, so the sign-up never waits for nor fails with it.
  notifySignUpInBackground(deps, row.id);
  return { user: toPublicUser(row), session };
}

/**
 * How long a storm's refusal (the hashing lane full, the strangers' budget used up) is held before it is answered.
 * Answered at once, a client that asks again as soon as it is answered (a storm of them) turned refusals into a
 * flood of requests that took the pages' share of the process: bench:login-storm's visitor p99 went 0.3 → 3–4 s
 * while the hashing itself was bounded. Held, each connection asks at most about once a second; the wait costs a
 * timer, no CPU. The per-address and per-account limits answer at once (their refusals are one address's or one
 * account's, not a storm's).
 */
export const STORM_REFUSAL_HOLD_MS = 1_000;
const holdRefusal = () => new Promise((resolve) => setTimeout(resolve, STORM_REFUSAL_HOLD_MS));

/**
 * Checks e-mail and password. An unknown address and a wrong password get the
 * same `unauthorized` after the same amount of hashing; repeated failures are `rate-limited`.
 */
export async function signIn(
  deps: Deps,
  { email, password }: { email: string; password: string },
  { ip, persistent = true, deviceToken }: { ip: string; persistent?: boolean; deviceToken?: string },
): Promise<SignedIn & { deviceToken: string }> {
  const normalized = normalizeEmail(email);
  const source = await signInSource(deps, normalized, ip, deviceToken);
  const locked = (reason: string) =>
    securityEvent(deps, "auth.sign-in.locked", { method: "password", reason, trustedDevice: source.trustedDevice !== null, trustedAddress: source.trustedAddress });
  let turn: LaneTurn;
  try {
    turn = await assertSignInAllowed(deps.db, normalized, ip, source, deps.config.SIGN_IN_STRANGER_FAILURES_PER_10S);
  } catch (error) {
    const budget = error instanceof ServiceError && error.facts.reason === STRANGERS_BUDGET;
    locked(budget ? STRANGERS_BUDGET : "limit");
    if (budget) await holdRefusal();
    throw error;
  }
  const row = await findUserByEmail(deps, normalized);
  // The hash waits in this sign-in's turn of the lane (work-lane.ts): a known device's never behind strangers'.
  let ok: boolean;
  try {
    ok = row?.password_hash ? await verifyPassword(password, row.password_hash, turn) : await burnPasswordCheck(password, turn);
  } catch (error) {
    // The lane is full for this turn: refused (429) at once rather than queued, and not counted as a failure.
    if (error instanceof ServiceError && error.kind === "rate-limited") {
      locked("hashing lane full");
      await holdRefusal();
    }
    throw error;
  }
  if (!row || !ok) {
    await recordSignInFailure(deps.db, normalized, ip, source);
    // The account when there is one (attacks on one account show as its id); the address tried is never written.
    securityEvent(deps, "auth.sign-in.failed", { method: "password", userId: row?.id, reason: !row ? "no-account" : row.password_hash ? "password" : "no-password" });
    throw unauthorized(AUTH_MESSAGES.invalidCredentials);
  }
  await clearSignInFailures(deps.db, normalized, ip, source);
  // This device (the cookie the door sets) and this address are the owner's from now on: the account-wide limit
  // that strangers can fill never applies to them.
  const trustedDevice = await rememberSignIn(deps, normalized, ip, deviceToken);
  const signedIn = await startSession(deps, row, persistent);
  securityEvent(deps, "auth.sign-in", { method: "password", userId: row.id, access: row.access });
  return { ...signedIn, deviceToken: trustedDevice };
}

/** Records the sign-in time and opens a session. */
export async function startSession(deps: Deps, row: UserRow, persistent: boolean): Promise<SignedIn> {
  // Only someone who proved the account (password, provider) gets here, so saying "disabled" reveals nothing.
  const disabled = async () =>
    (await deps.db.kysely.selectFrom("users").select("disabled_at").where("id", "=", row.id).executeTakeFirst())?.disabled_at != null;
  if (await disabled()) {
    securityEvent(deps, "auth.sign-in.failed", { userId: row.id, reason: "disabled" });
    throw forbidden(AUDIENCE_MESSAGES.disabledSignIn);
  }
  const now = Date.now();
  await deps.db.kysely.updateTable("users").set({ last_login_at: now }).where("id", "=", row.id).execute();
  const session = await createSession(deps, row.id, { persistent });
  // Disabled while this sign-in was under way: the disabling ended the sessions it saw, this one ends here.
  if (await disabled()) {
    await revokeAllSessions(deps, row.id);
    throw forbidden(AUDIENCE_MESSAGES.disabledSignIn);
  }
  return { user: toPublicUser({ ...row, last_login_at: now }), session };
}

export async function updateProfile(deps: Deps, userId: string, changes: ProfileUpdate): Promise<PublicUser> {
  const set: Partial<UserRow> = {};
  if (changes.name !== undefined) set.name = changes.name;
  if (changes.company !== undefined) set.company = changes.company;
  if (changes.industry !== undefined) set.industry = changes.industry;
  await deps.db.kysely.updateTable("users").set(set).where("id", "=", userId).execute();
  const row = await findUserById(deps, userId);
  if (!row) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
  return toPublicUser(row);
}

type Purpose = "reset" | "verify";

/** A new single-use token; any older unused one of the same purpose stops working. */
export async function issueToken(deps: Deps, userId: string, purpose: Purpose, ttlMs: number): Promise<string> {
  const token = newToken();
  const now = Date.now();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("auth_tokens").where("user_id", "=", userId).where("purpose", "=", purpose).execute();
    await trx
      .insertInto("auth_tokens")
      .values({ token_hash: hashToken(token), user_id: userId, purpose, created_at: now, expires_at: now + ttlMs, used_at: null })
      .execute();
  });
  return token;
}

/** Marks a token used and returns its user, or null when it is unknown, expired or already used (one atomic update). */
async function consumeToken(deps: Deps, token: string, purpose: Purpose): Promise<string | null> {
  const now = Date.now();
  const row = await deps.db.kysely
    .updateTable("auth_tokens")
    .set({ used_at: now })
    .where("token_hash", "=", hashToken(token))
    .where("purpose", "=", purpose)
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .returning("user_id")
    .executeTakeFirst();
  return row?.user_id ?? null;
}

/** Whether a token would still work, without using it (to show the right form). */
export async function tokenIsUsable(deps: Deps, token: string, purpose: Purpose): Promise<boolean> {
  return Boolean(await tokenOwner(deps, token, purpose));
}

/** The account a still-usable token belongs to, without using the token. */
async function tokenOwner(deps: Deps, token: string, purpose: Purpose): Promise<UserRow | undefined> {
  if (!token || token.length > 200) return undefined;
  return deps.db.kysely
    .selectFrom("auth_tokens")
    .innerJoin("users", "users.id", "auth_tokens.user_id")
    .selectAll("users")
    .where("auth_tokens.token_hash", "=", hashToken(token))
    .where("auth_tokens.purpose", "=", purpose)
    .where("auth_tokens.used_at", "is", null)
    .where("auth_tokens.expires_at", ">", Date.now())
    .executeTakeFirst();
}

// Links come from the configured public URL, never from the request's Host header.
export function link(deps: Deps, path: string, token: string): string {
  return `${deps.config.PUBLIC_URL}${path}?token=${encodeURIComponent(token)}`;
}

/** The account e-mails of a language (the links in them open that language's pages). */
function accountMails(locale: Locale) {
  return locale === "hi" ? AUTH_EMAILS_HI : AUTH_EMAILS;
}

/** The language an account was made in ('en' for accounts made before it was kept, or anything unexpected). */
async function accountLocale(deps: Deps, userId: string): Promise<Locale> {
  const row = await deps.db.kysely.selectFrom("users").select("locale").where("id", "=", userId).executeTakeFirst();
  return isLocale(row?.locale) ? row.locale : "en";
}

async function sendVerificationMail(deps: Deps, row: UserRow, locale: Locale): Promise<void> {
  const token = await issueToken(deps, row.id, "verify", AUTH_RULES.verifyTokenHours * 3600_000);
  const mail = accountMails(locale).verify;
  await enqueueSiteMail(deps, {
    to: row.email,
    subject: mail.subject,
    content: { blocks: mail.blocks(firstNameOf(row.name), link(deps, localePath("/verify-email", locale), token)), locale },
    kind: "verify-email",
  });
}

/**
 * Sends a new verification link to a signed-in user whose address is not verified yet: in the language of the page
 * that asked (`locale`), else the account's.
 */
export async function resendVerification(deps: Deps, userId: string, ip: string, locale?: Locale): Promise<void> {
  const row = await findUserById(deps, userId);
  if (!row) throw unauthorized(AUTH_MESSAGES.notAuthenticated);
  if (row.email_verified_at !== null) return;
  await hitMailLimit(deps.db, "verify", row.email_normalized, ip);
  await sendVerificationMail(deps, row, locale ?? (await accountLocale(deps, row.id)));
}

/**
 * Sends a reset link if the address has an account; answers the same either
 * way, in words and in time: the answer waits only for the limit, which counts
 * known and unknown addresses alike, and the lookup, the link and the e-mail
 * follow after it.
 */
export async function requestPasswordReset(deps: Deps, email: string, ip: string, locale: Locale = "en"): Promise<void> {
  const normalized = normalizeEmail(email);
  await hitMailLimit(deps.db, "reset", normalized, ip);
  mailAfterAnswer(deps, "password-reset", () => sendResetLink(deps, normalized, locale));
}

/**
 * The reset e-mail is in the account's language (the one it signed up in), its link to that language's page, not
 * the language of the page it was asked from (issue 44: a Hindi account asking on an English page reads Hindi).
 * `pageLocale` is only for an account whose stored language is unknown.
 */
async function sendResetLink(deps: Deps, normalized: string, pageLocale: Locale): Promise<void> {
  const row = await findUserByEmail(deps, normalized);
  if (!row) return;
  const stored = await deps.db.kysely.selectFrom("users").select("locale").where("id", "=", row.id).executeTakeFirst();
  const locale: Locale = isLocale(stored?.locale) ? stored.locale : pageLocale;
  const token = await issueToken(deps, row.id, "reset", AUTH_RULES.resetTokenMinutes * 60_000);
  securityEvent(deps, "auth.password.reset-requested", { userId: row.id });
  const mail = accountMails(locale).reset;
  await enqueueSiteMail(deps, {
    to: row.email,
    subject: mail.subject,
    content: { blocks: mail.blocks(firstNameOf(row.name), link(deps, localePath("/reset-password", locale), token)), locale },
    kind: "password-reset",
  });
}

/**
 * Sets a new password from a reset link and ends every session of the account.
 * Following the link also proves the mailbox is the user's, so the address
 * counts as verified.
 */
export async function confirmPasswordReset(deps: Deps, token: string, password: string): Promise<void> {
  // The new password is checked before the link is used up, so a refused password can be corrected with the same link.
  const owner = await tokenOwner(deps, token, "reset");
  if (owner) await assertPasswordAllowed(password, { email: owner.email, name: owner.name, company: owner.company });
  const userId = await consumeToken(deps, token, "reset");
  if (!userId) throw invalid(AUTH_MESSAGES.resetInvalid, "token");
  const row = await findUserById(deps, userId);
  await deps.db.kysely
    .updateTable("users")
    .set({ password_hash: await hashPassword(password), email_verified_at: row?.email_verified_at ?? Date.now() })
    .where("id", "=", userId)
    .execute();
  await revokeAllSessions(deps, userId);
  if (row) await forgetSignInTrust(deps, row.email_normalized);
  if (row && row.email_verified_at === null) await startOrderAfterVerification(deps, row);
  securityEvent(deps, "auth.password.reset", { userId }, "password reset; all sessions ended");
}

/**
 * A brief submitted before the address was verified becomes its kit order now (issue 41, decision 0050), its clock
 * starting at verification. A failure is logged, never the verification's: the customer's page makes the order too.
 */
async function startOrderAfterVerification(deps: Deps, row: Pick<UserRow, "id" | "email">): Promise<void> {
  try {
    await startWaitingOrder(deps, row.id, { userId: row.id, label: row.email, clientIp: "e-mail verification" }, { hooks: CUSTOMER_ORDER_HOOKS });
  } catch (err) {
    deps.log.warn({ userId: row.id, err: { message: (err as Error).message } }, "waiting kit order not started");
  }
}

export async function verifyEmail(deps: Deps, token: string): Promise<PublicUser> {
  const userId = await consumeToken(deps, token, "verify");
  if (!userId) throw invalid(AUTH_MESSAGES.verifyInvalid, "token");
  await deps.db.kysely
    .updateTable("users")
    .set({ email_verified_at: Date.now() })
    .where("id", "=", userId)
    .where("email_verified_at", "is", null)
    .execute();
  const row = await findUserById(deps, userId);
  if (!row) throw invalid(AUTH_MESSAGES.verifyInvalid, "token");
  securityEvent(deps, "auth.email.verified", { userId });
  await startOrderAfterVerification(deps, row);
  return toPublicUser(row);
}

/** The signed-in user of a session token, or null. */
export async function userForSession(deps: Deps, token: string | undefined): Promise<PublicUser | null> {
  const userId = await resolveSession(deps, token);
  if (!userId) return null;
  const row = await findUserById(deps, userId);
  return row ? toPublicUser(row) : null;
}
