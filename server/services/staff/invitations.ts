import type { Deps } from "../../context";
import { STUDIO_EMAILS, STUDIO_MESSAGES, STUDIO_RULES, type StaffAccess } from "../../../shared/content/studio";
import { AUTH_VALIDATION } from "../../../shared/content/auth";
import { STAFF_PAGE } from "../../../shared/content/studio-access";
import { NewPasswordSchema, PersonNameSchema } from "../../../shared/schemas/auth";
import { STAFF_EMAIL_MAX, STAFF_EMAIL_PATTERN } from "../../../shared/schemas/studio-staff";
import { findUserByEmail, normalizeEmail } from "../auth/accounts";
import { hashPassword } from "../auth/password";
import { assertPasswordAllowed } from "../auth/password-policy";
import { hashToken, newToken, newUserId } from "../auth/tokens";
import { forbidden, invalid, rateLimited, unauthorized } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { enqueueSiteMail } from "../mail/outbox";
import { recordAudit, type StaffActor } from "../audit";
import { assertFreshSecondFactor } from "../step-up";


const DAY_MS = 24 * 3_600_000;
const INVITATIONS_PER_HOUR = 20;

/**
 * An owner invites someone by e-mail to be editor or owner: a single-use link, valid for seven days. A newer
 * invitation to the same address replaces an unused older one.
 */
export async function inviteStaff(deps: Deps, email: string, access: StaffAccess, actor: StaffActor, now = Date.now()): Promise<{ link: string }> {
  if (actor.access !== "owner") throw forbidden(STUDIO_MESSAGES.ownersOnly);
  // An owner (new, or an editor raised by accepting) holds the whole studio: a fresh code first.
  if (access === "owner") assertFreshSecondFactor(deps, actor, now);
  const normalized = normalizeEmail(email);
  // No control characters (a NUL cannot be stored in PostgreSQL): refused as any malformed address is.
  if (!STAFF_EMAIL_PATTERN.test(normalized) || normalized.length > STAFF_EMAIL_MAX) throw invalid(STAFF_PAGE.emailInvalid, "email");
  // Each invitation is an e-mail sent in the site's name: an owner's session (or a stolen one) sends a bounded number.
  const limit = await hitRateLimit(deps.db, `staff-invite:${actor.userId}`, { limit: INVITATIONS_PER_HOUR, windowMs: 3_600_000, now });
  if (!limit.allowed) throw rateLimited(STUDIO_MESSAGES.tooManyInvitations, limit.retryAfterSeconds);
  const token = newToken();
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("staff_invitations").where("email_normalized", "=", normalized).where("used_at", "is", null).execute();
    await trx
      .insertInto("staff_invitations")
      .values({
        token_hash: hashToken(token),
        email_normalized: normalized,
        access,
        invited_by: actor.userId,
        created_at: now,
        expires_at: now + STUDIO_RULES.invitationDays * DAY_MS,
        used_at: null,
      })
      .execute();
  });
  const link = `${deps.config.PUBLIC_URL}/studio/invitation?token=${encodeURIComponent(token)}`;
  await enqueueSiteMail(deps, {
    to: email.trim(),
    subject: STUDIO_EMAILS.invitation.subject,
    content: { blocks: STUDIO_EMAILS.invitation.blocks(actor.label, access, link) },
    kind: "staff-invitation",
  });
  await recordAudit(deps, actor, { action: "staff.invite", recordType: "invitation", recordId: normalized, detail: access }, now);
  return { link };
}

export type PendingInvitation = { email: string; access: StaffAccess; accountExists: boolean };

/** What an unused, unexpired invitation offers, without using it (to show the right form); null otherwise. */
export async function invitationFor(deps: Pick<Deps, "db">, token: string, now = Date.now()): Promise<PendingInvitation | null> {
  const row = await pending(deps, token, now);
  if (!row) return null;
  const account = await findUserByEmail(deps as Deps, row.email_normalized);
  return { email: row.email_normalized, access: row.access as StaffAccess, accountExists: Boolean(account) };
}

/**
 * Accepts an invitation. An address that already has an account must be signed in as that account; a new one
 * gives a name and a password and gets an account whose address counts as verified (the link proved it).
 * Returns the account's id. The invitation is used once, even under two requests at the same moment.
 */
export async function acceptInvitation(
  deps: Deps,
  token: string,
  input: { signedInUserId?: string | null; name?: string; password?: string; clientIp: string },
  now = Date.now(),
): Promise<{ userId: string; created: boolean }> {
  const invitation = await pending(deps, token, now);
  if (!invitation) throw invalid(STUDIO_MESSAGES.invitationInvalid, "token");
  const access = invitation.access as StaffAccess;
  const account = await findUserByEmail(deps, invitation.email_normalized);
  let name = "";
  if (account) {
    if (!input.signedInUserId) throw unauthorized(STUDIO_MESSAGES.invitationSignIn);
    if (input.signedInUserId !== account.id) throw forbidden(STUDIO_MESSAGES.invitationOtherAccount);
  } else {
    if (!(input.name ?? "").trim()) throw invalid(STUDIO_MESSAGES.nameRequired, "name");
    // The same rule as every other name: one line, no control characters, no direction overrides.
    const named = PersonNameSchema.safeParse(input.name);
    if (!named.success) throw invalid(named.error.issues[0]?.message ?? STUDIO_MESSAGES.nameRequired, "name");
    name = named.data;
    // The length rules of every new password (sign-up and reset check them in their schemas), then the policy.
    const length = NewPasswordSchema.safeParse(input.password ?? "");
    if (!length.success) throw invalid(length.error.issues[0]?.message ?? AUTH_VALIDATION.passwordTooShort, "password");
    await assertPasswordAllowed(input.password ?? "", { email: invitation.email_normalized, name });
  }
  const passwordHash = account ? null : await hashPassword(input.password ?? "");
  const userId = account?.id ?? newUserId();
  const used = await deps.db.kysely.transaction().execute(async (trx) => {
    const claimed = await trx
      .updateTable("staff_invitations")
      .set({ used_at: now })
      .where("token_hash", "=", hashToken(token))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst();
    if (Number(claimed.numUpdatedRows) !== 1) return false;
    if (account) {
      // An owner invited as editor stays owner: an invitation never lowers access.
      if (account.access !== "owner") await trx.updateTable("users").set({ access }).where("id", "=", account.id).execute();
      // The link reached the mailbox and its reader is signed in as the account: the address is proven.
      await trx.updateTable("users").set({ email_verified_at: now }).where("id", "=", account.id).where("email_verified_at", "is", null).execute();
    } else {
      await trx
        .insertInto("users")
        .values({
          id: userId,
          email: invitation.email_normalized,
          email_normalized: invitation.email_normalized,
          name,
          role: "",
          access,
          industry: "",
          company: "",
          password_hash: passwordHash,
          email_verified_at: now,
          profile_picture: null,
          created_at: now,
          last_login_at: null,
        })
        .execute();
    }
    return true;
  });
  if (!used) throw invalid(STUDIO_MESSAGES.invitationInvalid, "token");
  await recordAudit(
    deps,
    { userId, label: invitation.email_normalized, clientIp: input.clientIp },
    { action: "staff.accept", recordType: "user", recordId: userId, detail: access },
    now,
  );
  return { userId, created: !account };
}

async function pending(deps: Pick<Deps, "db">, token: string, now: number) {
  if (!token || token.length > 200) return undefined;
  return deps.db.kysely
    .selectFrom("staff_invitations")
    .selectAll()
    .where("token_hash", "=", hashToken(token))
    .where("used_at", "is", null)
    .where("expires_at", ">", now)
    .executeTakeFirst();
}
