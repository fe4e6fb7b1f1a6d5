import type { Context, Next } from "hono";
import { STUDIO_MESSAGES } from "../../shared/content/studio";
import { mayOpenPath } from "../../shared/studio-policy";
import type { AppEnv } from "../context";
import { sessionTokenOf } from "../http/cookies";
import { resolveSession } from "../services/auth/sessions";
import { forbidden, unauthorized } from "../services/errors";
import type { StaffActor } from "../services/audit";
import { type StudioSession, studioSession } from "../services/staff/studio-session";
import { securityEvent } from "../services/security-events";

/** What every /api/studio handler sees once the guards have let it through. */
export type StudioEnv = AppEnv & { Variables: AppEnv["Variables"] & { studio: StudioSession; sessionToken: string } };

/** 401 without a session, 403 for a visitor's account; otherwise sets `studio` and `sessionToken`. */
export async function staffSession(c: Context<StudioEnv>, next: Next) {
  const deps = c.get("deps");
  const token = sessionTokenOf(deps.config, c.req.raw.headers);
  const studio = token ? await studioSession(deps, token) : null;
  if (!studio || !token) {
    // A visitor's own account is signed in but is not staff: 403; no session at all: 401.
    if (token && (await resolveSession(deps, token))) {
      securityEvent(deps, "studio.access.refused", { reason: "not-staff", path: c.req.path });
      throw forbidden(STUDIO_MESSAGES.staffOnly);
    }
    securityEvent(deps, "studio.access.refused", { reason: "no-session", path: c.req.path });
    throw unauthorized(STUDIO_MESSAGES.signInFirst);
  }
  c.set("studio", studio);
  c.set("sessionToken", token);
  await next();
}

/** The studio's policy table (shared/studio-policy.ts), by the API path: 403 to staff it does not let in. */
export async function studioPolicy(c: Context<StudioEnv>, next: Next) {
  if (!mayOpenPath(c.get("studio").access, c.req.path)) {
    securityEvent(c.get("deps"), "studio.access.refused", { reason: "not-allowed", access: c.get("studio").access, path: c.req.path });
    throw forbidden(STUDIO_MESSAGES.ownersOnly);
  }
  await next();
}

export function actorOf(c: Context<StudioEnv>): StaffActor {
  const studio = c.get("studio");
  return { userId: studio.userId, label: studio.email, clientIp: c.get("clientIp"), access: studio.access, secondFactorAt: studio.secondFactorAt };
}
