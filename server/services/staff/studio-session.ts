import type { Deps } from "../../context";
import { resolveSession } from "../auth/sessions";
import { hashToken } from "../auth/tokens";
import { conflict, unauthorized } from "../errors";
import { STUDIO_MESSAGES, type StaffAccess } from "../../../shared/content/studio";
import { isStaffAccess } from "./access";
import { type Actor, recordAudit } from "../audit";
import { confirmEnrolment, recoveryCodesLeft, verifySecondFactor } from "./second-factor";

/**
 * Who a session is in the studio. `null` for no session and for visitor accounts: the doors answer those
 * as if the studio did not exist. A staff session reaches the studio only with `secondFactor: "passed"`.
 */
export type StudioSession = {
  userId: string;
  email: string;
  name: string;
  access: StaffAccess;
  /** "enrol": TOTP is not set up yet; "needed": set up, not passed in this session; "passed". */
  secondFactor: "enrol" | "needed" | "passed";
};

export async function studioSession(deps: Deps, sessionToken: string | undefined): Promise<StudioSession | null> {
  const userId = await resolveSession(deps, sessionToken);
  if (!userId || !sessionToken) return null;
  const row = await deps.db.kysely
    .selectFrom("users")
    .innerJoin("sessions", "sessions.user_id", "users.id")
    .leftJoin("staff_totp", "staff_totp.user_id", "users.id")
    .select(["users.id", "users.email", "users.name", "users.access", "sessions.second_factor_at", "staff_totp.confirmed_at"])
    .where("sessions.token_hash", "=", hashToken(sessionToken))
    .where("users.id", "=", userId)
    .executeTakeFirst();
  if (!row || !isStaffAccess(row.access)) return null;
  const enrolled = row.confirmed_at !== null && row.confirmed_at !== undefined;
  return {
    userId: row.id,
    email: row.email,
    name: row.name,
    access: row.access,
    secondFactor: !enrolled ? "enrol" : row.second_factor_at != null ? "passed" : "needed",
  };
}

/** Checks a second-factor code for this session's account and, when right, marks the session as passed. */
export async function passSecondFactor(deps: Deps, sessionToken: string, code: string, clientIp: string, now = Date.now()): Promise<"totp" | "recovery"> {
  const session = await studioSession(deps, sessionToken);
  if (!session) throw unauthorized(STUDIO_MESSAGES.signInFirst);
  if (session.secondFactor === "enrol") throw conflict(STUDIO_MESSAGES.notEnrolled);
  const used = await verifySecondFactor(deps, session.userId, code, clientIp, now);
  await markPassed(deps, sessionToken, now);
  // A recovery code spent is a phone lost, or someone else holding the codes: the owners should see it.
  if (used === "recovery") {
    const left = await recoveryCodesLeft(deps, session.userId);
    await recordAudit(deps, actorOf(session, clientIp), { action: "staff.recovery-code", recordType: "user", recordId: session.userId, detail: `${left} left` }, now);
  }
  return used;
}

/** Ends enrolment with the first code and marks this session as passed; returns the recovery codes. */
export async function enrolSession(deps: Deps, sessionToken: string, code: string, clientIp: string, now = Date.now()): Promise<string[]> {
  const session = await studioSession(deps, sessionToken);
  if (!session) throw unauthorized(STUDIO_MESSAGES.signInFirst);
  if (session.secondFactor !== "enrol") throw conflict(STUDIO_MESSAGES.alreadyEnrolled);
  const codes = await confirmEnrolment(deps, session.userId, code, clientIp, now);
  await markPassed(deps, sessionToken, now);
  await recordAudit(deps, actorOf(session, clientIp), { action: "staff.enrol", recordType: "user", recordId: session.userId, detail: session.access }, now);
  return codes;
}

const actorOf = (session: StudioSession, clientIp: string): Actor => ({ userId: session.userId, label: session.email, clientIp });

async function markPassed(deps: Deps, sessionToken: string, now: number): Promise<void> {
  await deps.db.kysely.updateTable("sessions").set({ second_factor_at: now }).where("token_hash", "=", hashToken(sessionToken)).execute();
}
