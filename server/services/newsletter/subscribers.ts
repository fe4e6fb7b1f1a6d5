import { AUDIENCE_MESSAGES, AUDIENCE_RULES, SUBSCRIBER_STATUSES, type SubscriberStatus } from "../../../shared/content/audience";
import type { Deps } from "../../context";
import { notFound } from "../errors";
import { assertExportAllowed, type CsvColumns, EXPORT_PAGE, toCsv } from "../export";
import { containsText, normaliseSearch } from "../text-search";
import { type Actor, recordAudit } from "../audit";
import { normaliseLabel } from "../../../shared/schemas/subscriber-labels";
import { labelsOf } from "./labels";

export type SubscriberRow = {
  id: number;
  email: string;
  status: SubscriberStatus;
  createdAt: number;
  confirmedAt: number | null;
  unsubscribedAt: number | null;
  name: string | null;
  /** The form it came from, "studio" or "import" (decision 0030). */
  source: string | null;
  /** How consent was obtained, as the owner stated it, and when (added without the opt-in e-mail). */
  consentNote: string | null;
  consentAt: number | null;
  labels: string[];
};

export type SubscriberFilter = { search?: string; status?: SubscriberStatus; label?: string };

const WEEK_MS = 7 * 24 * 3600_000;

export function isSubscriberStatus(value: unknown): value is SubscriberStatus {
  return typeof value === "string" && (SUBSCRIBER_STATUSES as readonly string[]).includes(value);
}

function filtered(deps: Deps, filter: SubscriberFilter) {
  let q = deps.db.kysely.selectFrom("subscribers");
  if (filter.status) q = q.where("status", "=", filter.status);
  const label = filter.label ? normaliseLabel(filter.label) : null;
  if (filter.label) q = q.where("id", "in", (eb) => eb.selectFrom("subscriber_labels").select("subscriber_id").where("label", "=", label ?? ""));
  const search = filter.search?.trim();
  if (search) q = q.where(containsText("email_normalized", normaliseSearch(search)));
  return q;
}

type StoredSubscriber = {
  id: number;
  email: string;
  status: string;
  created_at: number;
  confirmed_at: number | null;
  unsubscribed_at: number | null;
  name: string | null;
  source: string | null;
  consent_note: string | null;
  consent_at: number | null;
};

function toRow(r: StoredSubscriber, labels: string[]): SubscriberRow {
  return {
    id: Number(r.id),
    email: r.email,
    status: r.status as SubscriberStatus,
    createdAt: Number(r.created_at),
    confirmedAt: r.confirmed_at == null ? null : Number(r.confirmed_at),
    unsubscribedAt: r.unsubscribed_at == null ? null : Number(r.unsubscribed_at),
    name: r.name,
    source: r.source,
    consentNote: r.consent_note,
    consentAt: r.consent_at == null ? null : Number(r.consent_at),
    labels,
  };
}

/** One page of subscribers, newest first (`before`: the last id of the previous page). */
export async function listSubscribers(deps: Deps, filter: SubscriberFilter & { before?: number; limit?: number } = {}): Promise<SubscriberRow[]> {
  let q = filtered(deps, filter).selectAll().orderBy("id", "desc").limit(Math.min(Math.max(filter.limit ?? AUDIENCE_RULES.pageSize, 1), 10_000));
  if (filter.before) q = q.where("id", "<", filter.before);
  const rows = await q.execute();
  const labels = await labelsOf(deps, rows.map((r) => Number(r.id)));
  return rows.map((r) => toRow(r, labels.get(Number(r.id)) ?? []));
}

export type SubscriberStats = {
  counts: Record<SubscriberStatus, number>;
  /** New subscriptions and confirmations per week, oldest first (weeks end now). */
  growth: { weekStart: number; subscribed: number; confirmed: number; unsubscribed: number }[];
};

export async function subscriberStats(deps: Deps, now = Date.now()): Promise<SubscriberStats> {
  const rows = await deps.db.kysely
    .selectFrom("subscribers")
    .select(["status", (eb) => eb.fn.countAll<number>().as("n")])
    .groupBy("status")
    .execute();
  const counts = { pending: 0, confirmed: 0, unsubscribed: 0 } as Record<SubscriberStatus, number>;
  for (const r of rows) if (isSubscriberStatus(r.status)) counts[r.status] = Number(r.n);

  const weeks = AUDIENCE_RULES.growthWeeks;
  const from = now - weeks * WEEK_MS;
  const bucket = async (column: "created_at" | "confirmed_at" | "unsubscribed_at") => {
    const times = await deps.db.kysely.selectFrom("subscribers").select(column).where(column, ">=", from).execute();
    const counts = new Array<number>(weeks).fill(0);
    for (const t of times) {
      const i = Math.floor((Number(t[column]) - from) / WEEK_MS);
      if (i >= 0 && i < weeks) counts[i] = (counts[i] ?? 0) + 1;
    }
    return counts;
  };
  const [subscribed, confirmed, unsubscribed] = await Promise.all([bucket("created_at"), bucket("confirmed_at"), bucket("unsubscribed_at")]);
  return {
    counts,
    growth: subscribed.map((n, i) => ({ weekStart: from + i * WEEK_MS, subscribed: n, confirmed: confirmed[i] ?? 0, unsubscribed: unsubscribed[i] ?? 0 })),
  };
}

const CSV_COLUMNS: CsvColumns<SubscriberRow> = [
  ["id", (r) => r.id],
  ["email", (r) => r.email],
  ["status", (r) => r.status],
  ["created_at", (r) => new Date(r.createdAt).toISOString()],
  ["confirmed_at", (r) => (r.confirmedAt == null ? null : new Date(r.confirmedAt).toISOString())],
  ["unsubscribed_at", (r) => (r.unsubscribedAt == null ? null : new Date(r.unsubscribedAt).toISOString())],
  ["name", (r) => r.name],
  ["labels", (r) => r.labels.join("; ")],
  ["source", (r) => r.source],
  ["consent", (r) => r.consentNote],
  ["consent_at", (r) => (r.consentAt == null ? null : new Date(r.consentAt).toISOString())],
];

export async function exportSubscribers(deps: Deps, filter: SubscriberFilter, actor: Actor): Promise<string> {
  await assertExportAllowed(deps, actor);
  const rows: SubscriberRow[] = [];
  // Page by id so a large list never needs one huge query.
  for (let before: number | undefined; ; ) {
    const page = await listSubscribers(deps, { ...filter, before, limit: EXPORT_PAGE });
    rows.push(...page);
    if (page.length < EXPORT_PAGE) break;
    before = page[page.length - 1]!.id;
  }
  await recordAudit(deps, actor, { action: "subscribers.export", recordType: "subscribers", recordId: "-", detail: `${rows.length} rows` });
  return toCsv(CSV_COLUMNS, rows);
}

/**
 * Erasure: the subscriber, their links and their messages still waiting go; messages already sent keep no address.
 * The audit line names the row id only, never the address.
 */
export async function eraseSubscriber(deps: Deps, id: number, actor: Actor): Promise<void> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(AUDIENCE_MESSAGES.subscriberNotFound);
  const erased = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.deleteFrom("subscribers").where("id", "=", id).returning("id").executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("subscriber_tokens").where("subscriber_id", "=", id).execute();
    await trx.deleteFrom("subscriber_labels").where("subscriber_id", "=", id).execute();
    await trx.deleteFrom("mail_outbox").where("subscriber_id", "=", id).where("status", "=", "pending").execute();
    await trx.updateTable("mail_outbox").set({ to_address: "erased", last_error: null }).where("subscriber_id", "=", id).execute();
    return true;
  });
  if (!erased) throw notFound(AUDIENCE_MESSAGES.subscriberNotFound);
  await recordAudit(deps, actor, { action: "subscriber.erase", recordType: "subscriber", recordId: String(id) });
}
