import { Secret, TOTP } from "otpauth";
import type { StaffAccess } from "../../shared/content/studio";
import type { Deps } from "../../server/context";
import { registerUser } from "../../server/services/auth/accounts";
import { createSession } from "../../server/services/auth/sessions";
import { grantAccess } from "../../server/services/staff/access";
import { COMMAND_LINE } from "../../server/services/audit";
import { startEnrolment } from "../../server/services/staff/second-factor";
import { enrolSession } from "../../server/services/staff/studio-session";

/** The current TOTP code of a base32 secret. */
export function totpCode(secret: string, at = Date.now()): string {
  return new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });
}

export type StaffSession = { token: string; userId: string; secret: string; email: string };

/**
 * A staff member made through the services, as the command line and the studio would: access granted, TOTP
 * enrolled with its first code, and a session that passed the second factor.
 */
export async function staffWithSession(deps: Deps, email: string, access: StaffAccess): Promise<StaffSession> {
  const granted = await grantAccess(deps, email, access, COMMAND_LINE);
  const session = await createSession(deps, granted.userId, { persistent: true });
  const { secret } = await startEnrolment(deps, { id: granted.userId, email });
  await enrolSession(deps, session.token, totpCode(secret), "203.0.113.9");
  return { token: session.token, userId: granted.userId, secret, email };
}

/** A staff member signed in who has not passed the second factor in this session. */
export async function staffWithoutSecondFactor(deps: Deps, email: string, access: StaffAccess): Promise<string> {
  const granted = await grantAccess(deps, email, access, COMMAND_LINE);
  return (await createSession(deps, granted.userId, { persistent: true })).token;
}

/** A visitor's account (access 'user'), signed in. */
export async function visitorSession(deps: Deps, email: string, ip = "203.0.113.77"): Promise<string> {
  const { session } = await registerUser(
    deps,
    { name: "Visiting Reader", email, password: "a long visitor passphrase 12", company: "C", industry: "Healthcare", role: "user" } as Parameters<typeof registerUser>[1],
    { ip },
  );
  return session.token;
}
