import type { Deps } from "../../context";
import { AUTH_MESSAGES } from "../../../shared/content/auth";
import { type ChangePasswordInput } from "../../../shared/schemas/auth";
import { invalid, rateLimited, ServiceError } from "../errors";
import { type Counter, hitCounters, secondsUntilFree } from "../rate-limit";
import { hashPassword, verifyPassword } from "./password";
import { assertPasswordAllowed } from "./password-policy";
import { hashToken } from "./tokens";
import { securityEvent } from "../security-events";

/**
 * A signed-in person changes their password (ASVS 6.2.2/6.2.3): the current password is required, the new one
 * passes the same policy as at sign-up, and every other session of the account ends while this one stays. Wrong
 * current passwords are bounded per account (a stolen session cookie must not become a password-guessing oracle).
 */
const CHANGE_TIERS = [
  { limit: 5, windowMs: 15 * 60_000 },
  { limit: 20, windowMs: 24 * 3_600_000 },
];

function changeCounters(userId: string): Counter[] {
  return CHANGE_TIERS.map((t) => ({ key: `pwchange:${userId}:${t.windowMs}`, ...t }));
}

export async function changePassword(deps: Deps, userId: string, sessionToken: string, input: ChangePasswordInput, now = Date.now()): Promise<void> {
  const user = await deps.db.kysely
    .selectFrom("users")
    .select(["id", "email", "name", "company", "password_hash"])
    .where("id", "=", userId)
    .executeTakeFirst();
  if (!user) throw invalid(AUTH_MESSAGES.notAuthenticated);
  if (!user.password_hash) throw invalid(AUTH_MESSAGES.noPasswordYet, "currentPassword");
  const wait = await secondsUntilFree(deps.db, changeCounters(userId), now);
  if (wait > 0) throw rateLimited(AUTH_MESSAGES.tooManyPasswordChanges, wait);
  if (!(await verifyPassword(input.currentPassword, user.password_hash))) {
    await hitCounters(deps.db, changeCounters(userId), now);
    securityEvent(deps, "auth.password.change-failed", { userId, reason: "current password wrong" });
    throw invalid(AUTH_MESSAGES.currentPasswordWrong, "currentPassword");
  }
  if (input.newPassword === input.currentPassword) throw invalid(AUTH_MESSAGES.passwordUnchanged, "newPassword");
  try {
    await assertPasswordAllowed(input.newPassword, { email: user.email, name: user.name, company: user.company });
  } catch (error) {
    // The policy names "password"; this form's field is the new one.
    if (error instanceof ServiceError && error.field === "password") throw invalid(error.message, "newPassword");
    throw error;
  }
  const passwordHash = await hashPassword(input.newPassword);
  const keep = hashToken(sessionToken);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ password_hash: passwordHash }).where("id", "=", userId).execute();
    await trx.updateTable("sessions").set({ revoked_at: now }).where("user_id", "=", userId).where("token_hash", "!=", keep).where("revoked_at", "is", null).execute();
  });
  securityEvent(deps, "auth.password.changed", { userId }, "password changed; the account's other sessions ended");
}
