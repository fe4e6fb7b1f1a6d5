import type { Deps } from "../../context";
import { intervalWorker, type Worker } from "../interval-worker";
import { pruneRateLimits } from "../rate-limit";
import { hashToken, newToken } from "./tokens";
import { pruneSignInTrust } from "./trust";
import { noteRequestUser } from "../../context";
import { securityEvent } from "../security-events";

/** Without 'Remember me' a session lives in a browser-session cookie and ends sooner on the server too. */
const SHORT_IDLE_MS = 12 * 3600_000;
const SHORT_ABSOLUTE_MS = 24 * 3600_000;
/** The idle deadline is pushed forward at most this often, to spare the database a write per request. */
const TOUCH_EVERY_MS = 5 * 60_000;

export type NewSession = {
  token: string;
  /** How long the browser may keep the session, in seconds; undefined: until the browser closes (no 'Remember me'). */
  expiresInSeconds: number | undefined;
};

function lifetimes(deps: Deps, persistent: boolean) {
  const idle = deps.config.SESSION_IDLE_HOURS * 3600_000;
  const absolute = deps.config.SESSION_ABSOLUTE_DAYS * 86_400_000;
  return persistent
    ? { idle, absolute }
    : { idle: Math.min(idle, SHORT_IDLE_MS), absolute: Math.min(absolute, SHORT_ABSOLUTE_MS) };
}

export async function createSession(deps: Deps, userId: string, { persistent }: { persistent: boolean }): Promise<NewSession> {
  const token = newToken();
  const now = Date.now();
  const { idle, absolute } = lifetimes(deps, persistent);
  await deps.db.kysely
    .insertInto("sessions")
    .values({
      token_hash: hashToken(token),
      user_id: userId,
      created_at: now,
      last_seen_at: now,
      idle_expires_at: now + idle,
      absolute_expires_at: now + absolute,
      persistent: persistent ? 1 : 0,
      revoked_at: null,
    })
    .execute();
  return { token, expiresInSeconds: persistent ? Math.floor(absolute / 1000) : undefined };
}

/** The user id of a live session (not revoked, idle and absolute deadlines ahead), extending its idle deadline. */
export async function resolveSession(deps: Deps, token: string | undefined): Promise<string | null> {
  if (!token || token.length > 200) return null;
  const now = Date.now();
  const tokenHash = hashToken(token);
  const row = await deps.db.kysely
    .selectFrom("sessions")
    .select(["user_id", "last_seen_at", "persistent", "absolute_expires_at"])
    .where("token_hash", "=", tokenHash)
    .where("revoked_at", "is", null)
    .where("idle_expires_at", ">", now)
    .where("absolute_expires_at", ">", now)
    .executeTakeFirst();
  if (!row) return null;
  noteRequestUser(row.user_id);
  if (now - Number(row.last_seen_at) > TOUCH_EVERY_MS) {
    const { idle } = lifetimes(deps, Number(row.persistent) === 1);
    await deps.db.kysely
      .updateTable("sessions")
      .set({ last_seen_at: now, idle_expires_at: Math.min(now + idle, Number(row.absolute_expires_at)) })
      .where("token_hash", "=", tokenHash)
      .execute();
  }
  return row.user_id;
}

export async function revokeSession(deps: Deps, token: string | undefined): Promise<void> {
  if (!token || token.length > 200) return;
  const ended = await deps.db.kysely
    .updateTable("sessions")
    .set({ revoked_at: Date.now() })
    .where("token_hash", "=", hashToken(token))
    .where("revoked_at", "is", null)
    .returning("user_id")
    .executeTakeFirst();
  if (ended) securityEvent(deps, "auth.sign-out", { userId: ended.user_id });
}

/** Ends every session of a user (after a password reset). */
export async function revokeAllSessions(deps: Deps, userId: string): Promise<void> {
  await deps.db.kysely
    .updateTable("sessions")
    .set({ revoked_at: Date.now() })
    .where("user_id", "=", userId)
    .where("revoked_at", "is", null)
    .execute();
}

/** Deletes sessions that can no longer be used (run now and then). */
export async function pruneSessions(deps: Deps, now = Date.now()): Promise<void> {
  await deps.db.kysely
    .deleteFrom("sessions")
    .where((eb) => eb.or([eb("idle_expires_at", "<", now), eb("absolute_expires_at", "<", now), eb("revoked_at", "<", now - 86_400_000)]))
    .execute();
  await deps.db.kysely.deleteFrom("auth_tokens").where("expires_at", "<", now - 86_400_000).execute();
  await deps.db.kysely.deleteFrom("oauth_flows").where("expires_at", "<", now).execute();
  await pruneSignInTrust(deps, now);
}

/** Hourly clean-up of dead sessions, used tokens, abandoned social flows and expired rate-limit counters. */
export function accountCleanupWorker(deps: Deps): Worker {
  return intervalWorker("account-cleanup", deps, 60 * 60_000, async () => {
    await pruneSessions(deps);
    await pruneRateLimits(deps.db);
  });
}
