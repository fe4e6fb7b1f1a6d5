import { STUDIO_MESSAGES } from "../../shared/content/studio";
import type { Deps } from "../context";
import { ServiceError } from "./errors";
import { securityEvent } from "./security-events";

/**
 * A staff session's second factor is fresh for 15 minutes (issue 26, item 12): what hands the studio or its data to
 * someone else (inviting an owner or raising someone to owner, removing staff, sending a newsletter, a full export)
 * asks for a code again after that, so a session left open or stolen does not carry that power for 30 days.
 */
export const STEP_UP_MS = 15 * 60_000;

/** The machine-readable reason in the API's 403 (`reason`), and what the studio's pages look for. */
export const STEP_UP_REASON = "second-factor-stale";

/**
 * When this session last passed the second factor: a time, null (never), or undefined for an actor that is no web
 * session at all (the command line, run by whoever runs the server).
 */
export type StepUpActor = { userId?: string | null; secondFactorAt?: number | null };

/**
 * Refuses (403, `reason` second-factor-stale) unless this session passed its second factor within STEP_UP_MS. A
 * refusal is a security event (issue 39, item 11): a stolen session trying the weightiest actions shows in the log.
 */
export function assertFreshSecondFactor(deps: Pick<Deps, "log">, actor: StepUpActor, now = Date.now()): void {
  if (actor.secondFactorAt === undefined) return;
  if (actor.secondFactorAt !== null && now - actor.secondFactorAt <= STEP_UP_MS) return;
  const age = actor.secondFactorAt === null ? "never" : Math.round((now - actor.secondFactorAt) / 1000);
  securityEvent(deps, "staff.step-up.refused", { userId: actor.userId, secondFactorAgeSeconds: age }, "fresh second factor asked for, refused");
  throw new ServiceError("forbidden", STUDIO_MESSAGES.stepUp, { facts: { reason: STEP_UP_REASON } });
}

export function isStepUpError(error: unknown): boolean {
  return error instanceof ServiceError && error.facts.reason === STEP_UP_REASON;
}
