import type { Deps } from "../context";

/**
 * Security events (ASVS V16): one JSON line each through the site's logger, with an `event` name an operator greps
 * for (the README's "Operating it" lists them). A line written during a request also carries its `reqId`, client
 * address (`ip`) and signed-in account (`userId`) (server/context.ts). Accounts are named by their id only:
 * never a password, token, code, cookie or e-mail address (an id finds the account in the studio; an address in a
 * log file would be personal data kept for as long as the logs, and a guessed address would be a secret of sorts).
 */
const EVENTS = {
  "auth.sign-up": "info",
  "auth.sign-in": "info",
  "auth.sign-in.failed": "warn",
  "auth.sign-in.locked": "warn",
  "auth.sign-out": "info",
  "auth.token.refused": "warn",
  "auth.password.reset-requested": "info",
  "auth.password.reset": "info",
  "auth.password.changed": "info",
  "auth.password.change-failed": "warn",
  "auth.email.verified": "info",
  "account.reclaimed": "warn",
  "account.disabled": "warn",
  "account.enabled": "info",
  "staff.second-factor.passed": "info",
  "staff.second-factor.failed": "warn",
  "staff.second-factor.locked": "warn",
  "staff.recovery-code.used": "warn",
  "staff.enrolled": "info",
  "staff.granted": "warn",
  "staff.revoked": "warn",
  "staff.invited": "info",
  "staff.accepted": "warn",
  "staff.role.changed": "warn",
  "staff.second-factor.reset": "warn",
  "staff.step-up.refused": "warn",
  "studio.access.refused": "warn",
  "settings.guarded.changed": "warn",
  "data.export": "info",
} as const;

export type SecurityEvent = keyof typeof EVENTS;

/** The names, for documentation and tests. */
export const SECURITY_EVENTS = Object.keys(EVENTS) as SecurityEvent[];

type Facts = {
  /** The account the event is about (or that acted), when known. */
  userId?: string | null;
  [fact: string]: string | number | boolean | null | undefined;
};

/** `message`: the line's words, when they say more than the event's name. */
export function securityEvent(deps: Pick<Deps, "log">, event: SecurityEvent, facts: Facts = {}, message: string = event): void {
  const fields: Record<string, unknown> = { event };
  for (const [key, value] of Object.entries(facts)) if (value !== undefined && value !== null) fields[key] = value;
  deps.log[EVENTS[event]](fields, message);
}

/** The domain of an address (for an invitation, which has no account yet): enough to tell one company from another. */
export function domainOnly(email: string): string {
  const at = email.lastIndexOf("@");
  return at < 0 ? "" : email.slice(at + 1).toLowerCase().slice(0, 100);
}
