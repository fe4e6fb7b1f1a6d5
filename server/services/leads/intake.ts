import { EventEmitter } from "node:events";
import { HONEYPOT_FIELD, LEAD_MESSAGES } from "../../../shared/content/contact";
import { type LeadFormData, validateLead } from "../../../shared/schemas/lead";
import type { Deps } from "../../context";
import type { Selectable } from "kysely";
import type { LeadTables } from "../../db/schema";
import { invalid, rateLimited } from "../errors";
import { type CsvColumns, toCsv } from "../export";
import { hitRateLimit } from "../rate-limit";
import { acknowledgeLead, notifyAboutLead } from "./notify";
import type { Locale } from "../../../shared/i18n";

export type LeadStatus = "pending" | "sending" | "delivered" | "failed" | "spam";

export const LEAD_RATE_WINDOW_MS = 60 * 60 * 1000;

/** Tells this process's delivery worker that a lead is waiting, so it need not wait for its next poll. */
export const leadEvents = new EventEmitter();
leadEvents.setMaxListeners(50);

export type SubmitLeadResult = { id: number; spam: boolean };

/**
 * Validates a submission with the form's own rules (`invalid` naming the field),
 * applies the per-address limit (`rate-limited`), and stores the lead. Only after the
 * row is written does the caller answer success, so a lead is never lost; a
 * filled honeypot is stored as spam and never forwarded.
 */
/** `locale`: the language of the contact page the lead was sent from (kept with it; English when not given). */
export async function submitLead(deps: Deps, input: unknown, { clientIp, locale = "en" }: { clientIp: string; locale?: Locale }): Promise<SubmitLeadResult> {
  const checked = validateLead(input);
  if (!checked.ok) {
    throw invalid(checked.message, checked.first, { errors: checked.errors });
  }
  const limit = await hitRateLimit(deps.db, `lead:ip:${clientIp}`, {
    limit: deps.config.LEAD_RATE_LIMIT_PER_HOUR,
    windowMs: LEAD_RATE_WINDOW_MS,
  });
  if (!limit.allowed) {
    deps.log.warn({ clientIp, count: limit.count }, "lead rate limit reached");
    throw rateLimited(LEAD_MESSAGES.rateLimited(Math.ceil(limit.retryAfterSeconds / 60)), limit.retryAfterSeconds);
  }
  return storeLead(deps, checked.data, Date.now(), locale);
}

export async function storeLead(deps: Deps, lead: LeadFormData, now = Date.now(), locale: Locale = "en"): Promise<SubmitLeadResult> {
  const spam = lead[HONEYPOT_FIELD] !== "";
  const row = await deps.db.kysely
    .insertInto("leads")
    .values({
      first_name: lead.firstName,
      last_name: lead.lastName,
      email: lead.email,
      phone: lead.phone,
      message: lead.message,
      lead_source: lead.leadSource,
      status: spam ? "spam" : "pending",
      attempts: 0,
      next_attempt_at: now,
      created_at: now,
      locale,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  // No names, addresses or message text in the logs: the id is enough to find the row.
  deps.log.info({ leadId: id, spam, leadSource: lead.leadSource }, spam ? "lead stored as spam" : "lead stored");
  if (!spam) {
    leadEvents.emit("queued", id);
    // The lead is stored: a notification that cannot be queued is logged, never the visitor's problem.
    await notifyAboutLead(deps, id).catch((err: unknown) => deps.log.warn({ leadId: id, err: { message: (err as Error).message } }, "lead notification not queued"));
    await acknowledgeLead(deps, id).catch((err: unknown) => deps.log.warn({ leadId: id, err: { message: (err as Error).message } }, "lead acknowledgement not queued"));
  }
  return { id, spam };
}

export type LeadRow = {
  id: number;
  createdAt: number;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  leadSource: string;
  status: LeadStatus;
  attempts: number;
  nextAttemptAt: number;
  deliveredAt: number | null;
  crmStatus: number | null;
  lastError: string | null;
  /** The owner's follow-up (decision 0030): new, contacted, won or lost, its note and when it was set. */
  stage: string;
  stageNote: string | null;
  stageAt: number | null;
};

/** Leads, newest first, with their delivery state (for operators). */
export async function listLeads(deps: Pick<Deps, "db">, { limit = 1000, status }: { limit?: number; status?: LeadStatus } = {}): Promise<LeadRow[]> {
  let query = deps.db.kysely.selectFrom("leads").selectAll().orderBy("id", "desc").limit(limit);
  if (status) query = query.where("status", "=", status);
  const rows = await query.execute();
  return rows.map(leadRowOf);
}

/** A stored lead as the command line, the CSV and the studio's inbox show it. */
export function leadRowOf(r: Omit<Selectable<LeadTables["leads"]>, "claim_token" | "claimed_until" | "crm_response">): LeadRow {
  return {
    id: Number(r.id),
    createdAt: Number(r.created_at),
    firstName: r.first_name,
    lastName: r.last_name,
    email: r.email,
    phone: r.phone,
    message: r.message,
    leadSource: r.lead_source,
    status: r.status as LeadStatus,
    attempts: Number(r.attempts),
    nextAttemptAt: Number(r.next_attempt_at),
    deliveredAt: r.delivered_at == null ? null : Number(r.delivered_at),
    crmStatus: r.crm_status == null ? null : Number(r.crm_status),
    lastError: r.last_error,
    stage: r.stage,
    stageNote: r.stage_note,
    stageAt: r.stage_at == null ? null : Number(r.stage_at),
  };
}

/** Puts failed leads (or the given ones) back in the queue, due now. Spam and delivered leads are left alone. */
export async function requeueLeads(deps: Pick<Deps, "db">, ids: number[] | "failed", now = Date.now()): Promise<number> {
  let query = deps.db.kysely
    .updateTable("leads")
    .set({ status: "pending", next_attempt_at: now, claim_token: null, claimed_until: null })
    .where("status", "=", "failed");
  if (ids !== "failed") {
    if (ids.length === 0) return 0;
    query = query.where("id", "in", ids);
  }
  const result = await query.executeTakeFirst();
  return Number(result.numUpdatedRows ?? 0);
}

const CSV_COLUMNS: CsvColumns<LeadRow> = [
  ["id", (r) => r.id],
  ["created_at", (r) => new Date(r.createdAt).toISOString()],
  ["first_name", (r) => r.firstName],
  ["last_name", (r) => r.lastName],
  ["email", (r) => r.email],
  ["phone", (r) => r.phone],
  ["message", (r) => r.message],
  ["lead_source", (r) => r.leadSource],
  ["status", (r) => r.status],
  ["attempts", (r) => r.attempts],
  ["delivered_at", (r) => (r.deliveredAt == null ? null : new Date(r.deliveredAt).toISOString())],
  ["crm_status", (r) => r.crmStatus],
  ["last_error", (r) => r.lastError],
  // The owner's follow-up, after the delivery columns (a reader of the older file finds its columns where they were).
  ["stage", (r) => r.stage],
  ["note", (r) => r.stageNote],
  ["stage_at", (r) => (r.stageAt == null ? null : new Date(r.stageAt).toISOString())],
];

/** Leads as CSV: a header line, then one record per lead, lines ending in CRLF. */
export function leadsToCsv(rows: LeadRow[]): string {
  return toCsv(CSV_COLUMNS, rows);
}
