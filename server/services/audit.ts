import type { Deps } from "../context";

/** Who made a studio write: a signed-in staff member, or the server's command line. */
export type Actor = { userId: string | null; label: string; clientIp: string };

export const COMMAND_LINE: Actor = { userId: null, label: "command line", clientIp: "command line" };

export type AuditEntry = {
  action: string;
  recordType: string;
  recordId: string;
  detail?: string;
};

/** Appends one line to the audit log. Callers record after the write succeeded, in the same request. */
export async function recordAudit(deps: Pick<Deps, "db">, actor: Actor, entry: AuditEntry, now = Date.now()): Promise<void> {
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
