import type { Deps } from "../context";
import type { StaffAccess } from "../../shared/content/studio";
import { domainOnly, type SecurityEvent, securityEvent } from "./security-events";

/** Who made a studio write: a signed-in staff member, or the server's command line. */
/** `secondFactorAt`: when the acting session last passed the second factor (a web session), see step-up.ts. */
export type Actor = { userId: string | null; label: string; clientIp: string; secondFactorAt?: number | null };

/** A staff member acting in the studio: an actor whose access the service checks itself. */
export type StaffActor = Actor & { userId: string; access: StaffAccess };

export const COMMAND_LINE: Actor = { userId: null, label: "command line", clientIp: "command line" };

/** The label of a write anyone may make without signing in (the spec's 'Add Sample Blogs'), with the client's address. */
export const ANONYMOUS_ACTOR = "anonymous visitor";

export type AuditEntry = {
  action: string;
  recordType: string;
  recordId: string;
  detail?: string;
};

/**
 * Audit actions that are security events too (ASVS V16): written to the log as well, under the event's name, by
 * the account that acted (`actorId`) about the record (`recordId`: an account id for staff changes; the
 * invitation's address only by its domain). The studio's own audit page keeps the whole line.
 */
const SECURITY_EVENT_OF: Record<string, SecurityEvent> = {
  "staff.create": "staff.granted",
  "staff.grant": "staff.granted",
  "staff.revoke": "staff.revoked",
  "staff.invite": "staff.invited",
  "staff.accept": "staff.accepted",
  "account.disable": "account.disabled",
  "account.enable": "account.enabled",
  "accounts.export": "data.export",
  "subscribers.export": "data.export",
  "leads.export": "data.export",
  "site.export": "data.export",
};

/**
 * Appends one line to the audit log. Callers record after the write succeeded, in the same request. With a
 * logger, a security-relevant action is also logged as its security event.
 */
export async function recordAudit(deps: Pick<Deps, "db"> & Partial<Pick<Deps, "log">>, actor: Actor, entry: AuditEntry, now = Date.now()): Promise<void> {
  const event = SECURITY_EVENT_OF[entry.action];
  if (event && deps.log) {
    securityEvent({ log: deps.log }, event, {
      action: entry.action,
      actorId: actor.userId ?? actor.label,
      ...(entry.recordType === "invitation" ? { inviteeDomain: domainOnly(entry.recordId) } : { recordId: entry.recordId }),
      detail: entry.detail,
    });
  }
  await deps.db.kysely
    .insertInto("audit_log")
    .values({
      at: now,
      user_id: actor.userId,
      actor: actor.label.slice(0, 320),
      action: entry.action,
      record_type: entry.recordType,
      record_id: entry.recordId.slice(0, 100),
      client_ip: actor.clientIp.slice(0, 64),
      detail: (entry.detail ?? "").slice(0, 1000),
    })
    .execute();
}

export type AuditLine = { at: number; actor: string; action: string; recordType: string; recordId: string; clientIp: string; detail: string };

export type AuditQuery = { limit?: number; before?: number; action?: string; actor?: string };

/** The newest lines first, `limit` at a time, older than `before` (an id) when paging, of one action or actor if named. */
export async function listAudit(deps: Pick<Deps, "db">, { limit = 50, before, action, actor }: AuditQuery = {}) {
  let query = deps.db.kysely.selectFrom("audit_log").selectAll().orderBy("id", "desc").limit(Math.min(Math.max(limit, 1), 200));
  if (before !== undefined) query = query.where("id", "<", before);
  if (action) query = query.where("action", "=", action);
  if (actor) query = query.where("actor", "=", actor);
  const rows = await query.execute();
  return rows.map((r) => ({
    id: Number(r.id),
    line: {
      at: Number(r.at),
      actor: r.actor,
      action: r.action,
      recordType: r.record_type,
      recordId: r.record_id,
      clientIp: r.client_ip,
      detail: r.detail,
    } satisfies AuditLine,
  }));
}

/** The actions and actors the log holds, for the audit page's filters (a studio's few hundred at most). */
export async function auditFilterValues(deps: Pick<Deps, "db">): Promise<{ actions: string[]; actors: string[] }> {
  const [actions, actors] = await Promise.all([
    deps.db.kysely.selectFrom("audit_log").select("action").distinct().orderBy("action").limit(200).execute(),
    deps.db.kysely.selectFrom("audit_log").select("actor").distinct().orderBy("actor").limit(200).execute(),
  ]);
  return { actions: actions.map((r) => r.action), actors: actors.map((r) => r.actor) };
}
