import { sql } from "kysely";
import { AUDIENCE_MESSAGES, AUDIENCE_RULES } from "../../../shared/content/audience";
import { STUDIO_MESSAGES, type StaffAccess } from "../../../shared/content/studio";
import { mayOpen } from "../../../shared/studio-policy";
import type { Deps } from "../../context";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { leadEvents, leadRowOf, leadsToCsv, type LeadRow, type LeadStatus } from "./intake";
import { notifyAboutLead } from "./notify";
import { type Actor, recordAudit } from "../audit";
import { assertExportAllowed, EXPORT_PAGE } from "../export";
import { anyContainsText, normaliseSearch } from "../text-search";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES, LEAD_STAGES, type LeadStage } from "../../../shared/content/audience-tools";

export type LeadFilter = { search?: string; status?: LeadStatus; stage?: LeadStage; from?: number; to?: number };

export type LeadDetail = LeadRow & {
  crmResponse: string | null;
  /** The owner's follow-up (decision 0030), its note, and who set it when. */
  stage: LeadStage;
  stageNote: string | null;
  stageAt: number | null;
  stageBy: string | null;
};

/** Who is asking: the inbox answers only staff the studio's policy lets into its leads. */
export type LeadViewer = { access: StaffAccess };

function assertMayOpenLeads(viewer: LeadViewer): void {
  if (!mayOpen(viewer.access, "leads")) throw forbidden(STUDIO_MESSAGES.ownersOnly);
}

const STATUSES: readonly LeadStatus[] = ["pending", "sending", "delivered", "failed", "spam"];

export function isLeadStatus(value: unknown): value is LeadStatus {
  return typeof value === "string" && (STATUSES as readonly string[]).includes(value);
}

function toLead(r: Parameters<typeof leadRowOf>[0] & { crm_response: string | null; stage: string; stage_note: string | null; stage_at: number | null; stage_by: string | null }): LeadDetail {
  return {
    ...leadRowOf(r),
    crmResponse: r.crm_response,
    stage: isLeadStage(r.stage) ? r.stage : "new",
    stageNote: r.stage_note,
    stageAt: r.stage_at == null ? null : Number(r.stage_at),
    stageBy: r.stage_by,
  };
}

export function isLeadStage(value: unknown): value is LeadStage {
  return typeof value === "string" && (LEAD_STAGES as readonly string[]).includes(value);
}

/** Whether leads are forwarded anywhere: without a CRM they are kept here, and the inbox says so. */
export function crmConfigured(deps: Deps): boolean {
  return Boolean(deps.config.CRM_WEB_TO_LEAD_URL);
}

/** Leads, newest first, filtered; `before` pages by id. */
export async function searchLeads(deps: Deps, viewer: LeadViewer, filter: LeadFilter & { before?: number; limit?: number } = {}): Promise<LeadDetail[]> {
  assertMayOpenLeads(viewer);
  let q = deps.db.kysely.selectFrom("leads").selectAll().orderBy("id", "desc").limit(Math.min(Math.max(filter.limit ?? AUDIENCE_RULES.pageSize, 1), 10_000));
  if (filter.status) q = q.where("status", "=", filter.status);
  if (filter.stage) q = q.where("stage", "=", filter.stage);
  if (filter.from !== undefined) q = q.where("created_at", ">=", filter.from);
  if (filter.to !== undefined) q = q.where("created_at", "<", filter.to);
  if (filter.before) q = q.where("id", "<", filter.before);
  const search = filter.search?.trim();
  if (search) {
    q = q.where(
      anyContainsText([sql<string>`lower(first_name || ' ' || last_name)`, sql<string>`lower(email)`, sql<string>`lower(phone)`, sql<string>`lower(message)`], normaliseSearch(search)),
    );
  }
  return (await q.execute()).map(toLead);
}

export async function leadDetail(deps: Deps, viewer: LeadViewer, id: number): Promise<LeadDetail> {
  assertMayOpenLeads(viewer);
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(AUDIENCE_MESSAGES.leadNotFound);
  const row = await deps.db.kysely.selectFrom("leads").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) throw notFound(AUDIENCE_MESSAGES.leadNotFound);
  return toLead(row);
}

export async function leadCounts(deps: Deps, viewer: LeadViewer): Promise<Record<LeadStatus, number>> {
  assertMayOpenLeads(viewer);
  const rows = await deps.db.kysely.selectFrom("leads").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute();
  const out = { pending: 0, sending: 0, delivered: 0, failed: 0, spam: 0 } as Record<LeadStatus, number>;
  for (const r of rows) if (isLeadStatus(r.status)) out[r.status] = Number(r.n);
  return out;
}

/** How many leads are at each follow-up stage (spam left out). */
export async function leadStageCounts(deps: Deps, viewer: LeadViewer): Promise<Record<LeadStage, number>> {
  assertMayOpenLeads(viewer);
  const rows = await deps.db.kysely.selectFrom("leads").select(["stage", (eb) => eb.fn.countAll<number>().as("n")]).where("status", "<>", "spam").groupBy("stage").execute();
  const out = { new: 0, contacted: 0, won: 0, lost: 0 } as Record<LeadStage, number>;
  for (const r of rows) if (isLeadStage(r.stage)) out[r.stage] = Number(r.n);
  return out;
}

/** Sets a lead's follow-up stage and note (owners, by the policy table); audited with the stage, never the note. */
export async function setLeadStage(deps: Deps, id: number, input: { stage: unknown; note?: unknown }, actor: Actor & LeadViewer, now = Date.now()): Promise<LeadDetail> {
  assertMayOpenLeads(actor);
  if (!isLeadStage(input.stage)) throw invalid(AUDIENCE_TOOLS_MESSAGES.stageInvalid, "stage");
  if (input.note !== undefined && input.note !== null && typeof input.note !== "string") throw invalid(AUDIENCE_TOOLS_MESSAGES.noteTooLong, "note");
  const note = typeof input.note === "string" ? input.note.trim() : "";
  if (note.length > AUDIENCE_LIMITS.leadNoteLength) throw invalid(AUDIENCE_TOOLS_MESSAGES.noteTooLong, "note");
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(AUDIENCE_MESSAGES.leadNotFound);
  const done = await deps.db.kysely
    .updateTable("leads")
    .set({ stage: input.stage, stage_note: note || null, stage_at: now, stage_by: actor.userId })
    .where("id", "=", id)
    .executeTakeFirst();
  if (Number(done.numUpdatedRows ?? 0) !== 1) throw notFound(AUDIENCE_MESSAGES.leadNotFound);
  await recordAudit(deps, actor, { action: "lead.stage", recordType: "lead", recordId: String(id), detail: input.stage });
  return leadDetail(deps, actor, id);
}

/** Puts a failed lead back in the CRM queue, due now. */
export async function retryLead(deps: Deps, id: number, actor: Actor & LeadViewer): Promise<void> {
  const lead = await leadDetail(deps, actor, id);
  if (lead.status !== "failed") throw invalid(AUDIENCE_MESSAGES.leadNotRetryable, "status");
  const done = await deps.db.kysely
    .updateTable("leads")
    .set({ status: "pending", next_attempt_at: Date.now(), claim_token: null, claimed_until: null })
    .where("id", "=", id)
    .where("status", "=", "failed")
    .executeTakeFirst();
  if (Number(done.numUpdatedRows ?? 0) !== 1) throw conflict(AUDIENCE_MESSAGES.leadNotRetryable, "status");
  await recordAudit(deps, actor, { action: "lead.retry", recordType: "lead", recordId: String(id) });
  leadEvents.emit("queued", id);
}

/**
 * Spam leaves the CRM queue (a lead already delivered stays delivered); "not spam" puts it in the queue, and the
 * people told about leads hear of it then.
 */
export async function markLeadSpam(deps: Deps, id: number, spam: boolean, actor: Actor & LeadViewer): Promise<void> {
  const lead = await leadDetail(deps, actor, id);
  if (spam) {
    if (lead.status === "spam") return;
    if (lead.status === "sending") throw conflict(AUDIENCE_MESSAGES.leadBusy, "status");
    if (lead.status === "delivered") throw invalid("A lead already delivered to the CRM cannot be marked as spam here.", "status");
    await deps.db.kysely.updateTable("leads").set({ status: "spam", claim_token: null, claimed_until: null }).where("id", "=", id).where("status", "in", ["pending", "failed"]).execute();
  } else {
    if (lead.status !== "spam") return;
    await deps.db.kysely.updateTable("leads").set({ status: "pending", next_attempt_at: Date.now(), attempts: 0 }).where("id", "=", id).where("status", "=", "spam").execute();
    leadEvents.emit("queued", id);
    await notifyAboutLead(deps, id);
  }
  await recordAudit(deps, actor, { action: spam ? "lead.spam" : "lead.not-spam", recordType: "lead", recordId: String(id) });
}

export async function exportLeads(deps: Deps, filter: LeadFilter, actor: Actor & LeadViewer): Promise<string> {
  assertMayOpenLeads(actor);
  await assertExportAllowed(deps, actor);
  const rows: LeadDetail[] = [];
  for (let before: number | undefined; ; ) {
    const page = await searchLeads(deps, actor, { ...filter, before, limit: EXPORT_PAGE });
    rows.push(...page);
    if (page.length < EXPORT_PAGE) break;
    before = page[page.length - 1]!.id;
  }
  await recordAudit(deps, actor, { action: "leads.export", recordType: "leads", recordId: "-", detail: `${rows.length} rows` });
  return leadsToCsv(rows);
}
