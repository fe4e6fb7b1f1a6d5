import type { Deps } from "../../context";
import { safeRedirect } from "../../../shared/schemas/auth";
import { STAFF_NAME_MAX } from "../../../shared/content/studio-access";
import { type Access, STAFF_ACCESS, STUDIO_EMAILS, STUDIO_MESSAGES, STUDIO_RULES, type StaffAccess } from "../../../shared/content/studio";
import { findUserByEmail, issueToken, link, normalizeEmail } from "../auth/accounts";
import { type Reclaimed, reclaimUnverifiedAccount } from "../auth/reclaim";
import { newUserId } from "../auth/tokens";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { securityEvent } from "../security-events";
import { enqueueSiteMail } from "../mail/outbox";
import { type Actor, recordAudit } from "../audit";
import { assertFreshSecondFactor } from "../step-up";

const STUDIO_HOME = "/studio";

export function isStaffAccess(value: unknown): value is StaffAccess {
  return (STAFF_ACCESS as readonly unknown[]).includes(value);
}

/** The account's studio access, or null for a visitor account (or none). */
export async function staffAccessOf(deps: Pick<Deps, "db">, userId: string): Promise<StaffAccess | null> {
  const row = await deps.db.kysely.selectFrom("users").select("access").where("id", "=", userId).executeTakeFirst();
  return row && isStaffAccess(row.access) ? row.access : null;
}

/**
 * Where someone lands after signing in: where `redirectTo` says (same-site paths only), else the studio for staff
 * and /templates for everyone else.
 */
export async function landingAfterSignIn(deps: Pick<Deps, "db">, userId: string, redirectTo: string | null | undefined): Promise<string> {
  if (redirectTo) return safeRedirect(redirectTo);
  return (await staffAccessOf(deps, userId)) ? STUDIO_HOME : safeRedirect(null);
}

export function accessOf(value: string): Access {
  return isStaffAccess(value) ? value : "user";
}

export type StaffMember = { id: string; email: string; name: string; access: StaffAccess; secondFactor: boolean; lastLoginAt: number | null };

export type Granted = {
  userId: string;
  email: string;
  /** True when the account did not exist and was made now. */
  created: boolean;
  /** For a new account, or one taken back: the single-use link that sets its password (also e-mailed). */
  setPasswordLink?: string;
  /**
   * The account existed with an address nobody ever proved owning: before it got access it was taken away from
   * whoever registered it (what was removed).
   */
  reclaimed?: Reclaimed;
};

/**
 * Makes an account editor or owner. An address with no account gets one, without a password: a single-use
 * set-password link is returned (the command line prints it) and e-mailed. An existing account whose address was
 * never verified may have been registered by anyone (the owner's public address is an obvious guess): it is
 * first taken back (password, sessions, links, second factor and recovery codes removed) and gets the same link,
 * so only whoever reads the mailbox can use the access.
 */
export async function grantAccess(deps: Deps, email: string, access: StaffAccess, actor: Actor): Promise<Granted> {
  const normalized = normalizeEmail(email);
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(normalized) || normalized.length > 320) throw invalid("Enter a valid e-mail address.", "email");
  let row = await findUserByEmail(deps, normalized);
  let created = false;
  let reclaimed: Reclaimed | undefined;
  if (!row) {
    const now = Date.now();
    const user = {
      id: newUserId(),
      email: email.trim(),
      email_normalized: normalized,
      name: normalized.split("@")[0]!.slice(0, 100),
      role: "",
      access,
      industry: "",
      company: "",
      password_hash: null,
      email_verified_at: null,
      profile_picture: null,
      created_at: now,
      last_login_at: null,
    };
    await deps.db.kysely.insertInto("users").values(user).execute();
    row = { ...user };
    created = true;
  } else {
    if (row.access === "owner" && access !== "owner") await assertAnotherOwner(deps, row.id);
    // Taken back before the access is given, so that no moment exists where the registrant holds a staff session.
    if (row.email_verified_at === null) {
      reclaimed = await reclaimUnverifiedAccount(deps, row);
      securityEvent(deps, "account.reclaimed", { userId: row.id, via: "staff-grant", ...reclaimed }, "staff access granted to an account whose e-mail was never verified: taken back first");
    }
    if (row.access !== access) await deps.db.kysely.updateTable("users").set({ access }).where("id", "=", row.id).execute();
  }
  await recordAudit(deps, actor, {
    action: created ? "staff.create" : "staff.grant",
    recordType: "user",
    recordId: row.id,
    detail: reclaimed ? `${access}; address never verified: password, ${reclaimed.sessionsEnded} live sessions and second factor removed` : access,
  });
  // An account with no way in (no password, no Google or Microsoft sign-in: one restored from an archive, which
  // carries no passwords) gets the link too, or its only way in would be "Forgot password".
  const noWayIn = !created && !reclaimed && row.password_hash === null && !(await hasSocialSignIn(deps, row.id));
  if (!created && !reclaimed && !noWayIn) return { userId: row.id, email: row.email, created };
  const setPasswordLink = await sendSetPasswordLink(deps, row, access);
  return { userId: row.id, email: row.email, created, setPasswordLink, ...(reclaimed ? { reclaimed } : {}) };
}

async function hasSocialSignIn(deps: Pick<Deps, "db">, userId: string): Promise<boolean> {
  return Boolean(await deps.db.kysely.selectFrom("social_identities").select("user_id").where("user_id", "=", userId).limit(1).executeTakeFirst());
}

/** A single-use set-password link for a staff account: e-mailed to its address, and returned for the command line. */
async function sendSetPasswordLink(deps: Deps, row: { id: string; email: string }, access: StaffAccess): Promise<string> {
  const token = await issueToken(deps, row.id, "reset", STUDIO_RULES.setPasswordHours * 3_600_000);
  const setPasswordLink = link(deps, "/reset-password", token);
  await enqueueSiteMail(deps, {
    to: row.email,
    subject: STUDIO_EMAILS.setPassword.subject,
    content: { blocks: STUDIO_EMAILS.setPassword.blocks(access, setPasswordLink) },
    kind: "staff-set-password",
  });
  return setPasswordLink;
}

/**
 * After an archive was restored (`npm run import`): every editor and owner with no way in (the archive carries no
 * passwords; an account with a Google or Microsoft sign-in keeps that way) gets a set-password link, e-mailed and
 * returned for the command line to print. Audited per account.
 */
export async function setPasswordLinksForStaff(deps: Deps, actor: Actor): Promise<{ email: string; access: StaffAccess; link: string }[]> {
  const rows = await deps.db.kysely
    .selectFrom("users")
    .select(["id", "email", "access"])
    .where("access", "in", [...STAFF_ACCESS])
    .where("password_hash", "is", null)
    .where((eb) => eb.not(eb.exists(eb.selectFrom("social_identities").select("user_id").whereRef("social_identities.user_id", "=", "users.id"))))
    .orderBy("access", "desc")
    .orderBy("email_normalized")
    .execute();
  const out: { email: string; access: StaffAccess; link: string }[] = [];
  for (const row of rows) {
    const access = row.access as StaffAccess;
    out.push({ email: row.email, access, link: await sendSetPasswordLink(deps, row, access) });
    await recordAudit(deps, actor, { action: "staff.set-password-link", recordType: "user", recordId: row.id, detail: `${access}; after an import` });
  }
  return out;
}

/**
 * Takes studio access away: the account stays a visitor account; its second factor and recovery codes are
 * deleted and its sessions lose the second factor. The last owner cannot be revoked.
 */
export async function revokeAccess(deps: Deps, email: string, actor: Actor): Promise<void> {
  assertFreshSecondFactor(deps, actor);
  const row = await findUserByEmail(deps, normalizeEmail(email));
  if (!row || !isStaffAccess(row.access)) throw notFound(STUDIO_MESSAGES.notStaff);
  if (row.access === "owner") await assertAnotherOwner(deps, row.id);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.updateTable("users").set({ access: "user" }).where("id", "=", row.id).execute();
    await trx.deleteFrom("staff_totp").where("user_id", "=", row.id).execute();
    await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", row.id).execute();
    await trx.updateTable("sessions").set({ second_factor_at: null }).where("user_id", "=", row.id).execute();
  });
  await recordAudit(deps, actor, { action: "staff.revoke", recordType: "user", recordId: row.id, detail: row.access });
}

async function assertAnotherOwner(deps: Deps, exceptUserId: string): Promise<void> {
  const other = await deps.db.kysely
    .selectFrom("users")
    .select("id")
    .where("access", "=", "owner")
    .where("id", "!=", exceptUserId)
    .limit(1)
    .executeTakeFirst();
  if (!other) throw conflict(STUDIO_MESSAGES.lastOwner);
}

/** Every editor and owner, owners first. */
export async function listStaff(deps: Pick<Deps, "db">): Promise<StaffMember[]> {
  const rows = await deps.db.kysely
    .selectFrom("users")
    .leftJoin("staff_totp", "staff_totp.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.access", "users.last_login_at", "staff_totp.confirmed_at"])
    .where("users.access", "in", [...STAFF_ACCESS])
    .orderBy("users.access", "desc")
    .orderBy("users.email_normalized")
    .execute();
  return rows.map((r) => ({
    id: r.id,
    email: r.email,
    name: r.name,
    access: accessOf(r.access) as StaffAccess,
    secondFactor: r.confirmed_at !== null && r.confirmed_at !== undefined,
    lastLoginAt: r.last_login_at === null ? null : Number(r.last_login_at),
  }));
}

export { STAFF_NAME_MAX };

/** The staff member named by an address, or `notFound` when that address has no studio access. */
async function staffMember(deps: Deps, email: string) {
  const row = await findUserByEmail(deps, normalizeEmail(email));
  if (!row || !isStaffAccess(row.access)) throw notFound(STUDIO_MESSAGES.notStaff);
  return { ...row, access: row.access };
}

/**
 * Changes a staff member's role (owner only: the studio's policy keeps the staff area to owners). A fresh second
 * factor is asked for, as for every action that hands the studio to someone; the last owner cannot be made editor,
 * and nobody changes their own role here (an owner who wants to step down makes another owner first, who then does it).
 * Answers whether anything changed; the same role again changes nothing and writes no audit line.
 */
export async function changeRole(deps: Deps, email: string, access: StaffAccess, actor: Actor): Promise<boolean> {
  if (!isStaffAccess(access)) throw invalid(STUDIO_MESSAGES.roleInvalid, "access");
  assertFreshSecondFactor(deps, actor);
  const row = await staffMember(deps, email);
  if (actor.userId !== null && row.id === actor.userId) throw forbidden(STUDIO_MESSAGES.notYourRole);
  if (row.access === access) return false;
  if (row.access === "owner") await assertAnotherOwner(deps, row.id);
  await deps.db.kysely.updateTable("users").set({ access }).where("id", "=", row.id).where("access", "=", row.access).execute();
  // Re-checked after the write: two owners demoting each other at once must not leave the studio without one.
  if (row.access === "owner") {
    const owners = await deps.db.kysely.selectFrom("users").select("id").where("access", "=", "owner").limit(1).execute();
    if (owners.length === 0) {
      await deps.db.kysely.updateTable("users").set({ access: "owner" }).where("id", "=", row.id).execute();
      throw conflict(STUDIO_MESSAGES.lastOwner);
    }
  }
  securityEvent(deps, "staff.role.changed", { userId: row.id, from: row.access, to: access });
  await recordAudit(deps, actor, { action: "staff.role", recordType: "user", recordId: row.id, detail: `${row.access} -> ${access}` });
  return true;
}

/**
 * Resets a staff member's second factor: their authenticator secret and recovery codes are deleted and every
 * session of theirs loses its second factor, so at their next step into the studio they enrol again. A fresh
 * second factor is asked of the owner doing it (the command line, run by whoever runs the server, is not asked).
 * Nobody resets their own in the studio: one who can pass it has no need to. With nothing to reset (no
 * authenticator, no recovery codes, no session that passed it) nothing is written: no event, no audit line
 * (`nothingToReset`, issue 39).
 */
export async function resetSecondFactor(
  deps: Deps,
  email: string,
  actor: Actor,
): Promise<{ userId: string; email: string; hadSecondFactor: boolean; sessions: number; nothingToReset: boolean }> {
  assertFreshSecondFactor(deps, actor);
  const row = await staffMember(deps, email);
  if (actor.userId !== null && row.id === actor.userId) throw forbidden(STUDIO_MESSAGES.notYourSecondFactor);
  const done = await deps.db.kysely.transaction().execute(async (trx) => {
    const held =
      (await trx.selectFrom("staff_totp").select("user_id").where("user_id", "=", row.id).executeTakeFirst()) ??
      (await trx.selectFrom("staff_recovery_codes").select("user_id").where("user_id", "=", row.id).executeTakeFirst()) ??
      (await trx.selectFrom("sessions").select("user_id").where("user_id", "=", row.id).where("second_factor_at", "is not", null).executeTakeFirst());
    if (!held) return null;
    const totp = await trx.deleteFrom("staff_totp").where("user_id", "=", row.id).executeTakeFirst();
    await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", row.id).execute();
    const sessions = await trx.updateTable("sessions").set({ second_factor_at: null }).where("user_id", "=", row.id).executeTakeFirst();
    return { hadSecondFactor: Number(totp.numDeletedRows) > 0, sessions: Number(sessions.numUpdatedRows) };
  });
  if (!done) return { userId: row.id, email: row.email, hadSecondFactor: false, sessions: 0, nothingToReset: true };
  securityEvent(deps, "staff.second-factor.reset", { userId: row.id, by: actor.userId ?? "command-line" });
  await recordAudit(deps, actor, {
    action: "staff.second-factor.reset",
    recordType: "user",
    recordId: row.id,
    detail: done.hadSecondFactor ? "enrols again at next sign-in" : "had none set up",
  });
  return { userId: row.id, email: row.email, ...done, nothingToReset: false };
}

/** A name as a person may give it: trimmed, spaces collapsed, no control characters, 1 to STAFF_NAME_MAX characters. */
export function cleanStaffName(raw: unknown): string | null {
  if (typeof raw !== "string") return null;
  const name = raw.replace(/\s+/gu, " ").trim();
  if (!name || name.length > STAFF_NAME_MAX || /[\p{Cc}\p{Cf}\p{Co}\p{Cn}]/u.test(name)) return null;
  return name;
}

/** A staff member's own name (shown on the staff page and in the studio). Audited; the same name again changes nothing. */
export async function renameSelf(deps: Deps, userId: string, rawName: unknown, actor: Actor): Promise<string> {
  const name = cleanStaffName(rawName);
  if (name === null) throw invalid(STUDIO_MESSAGES.nameInvalid(STAFF_NAME_MAX), "name");
  const row = await deps.db.kysely.selectFrom("users").select(["name", "access"]).where("id", "=", userId).executeTakeFirst();
  if (!row || !isStaffAccess(row.access)) throw notFound(STUDIO_MESSAGES.notStaff);
  if (row.name === name) return name;
  await deps.db.kysely.updateTable("users").set({ name }).where("id", "=", userId).execute();
  await recordAudit(deps, actor, { action: "staff.name", recordType: "user", recordId: userId, detail: "own name changed" });
  return name;
}
