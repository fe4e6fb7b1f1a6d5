import { AUDIENCE_LIMITS } from "../../../shared/content/audience-tools";
import { readLabels } from "../../../shared/schemas/subscriber-labels";
import { AUDIENCE_MESSAGES } from "../../../shared/content/audience";
import type { Deps } from "../../context";
import type { Database } from "../../db/schema";
import type { Kysely } from "kysely";
import { invalid, notFound } from "../errors";
import { type Actor, recordAudit } from "../audit";

/**
 * Subscribers' labels: set by hand, on import and by the form a subscription came from. What a label is, and a
 * list's limits, are shared/schemas/subscriber-labels.ts (the studio's labels form checks by them too).
 */

/** Labels typed as a list ("a, b; c"), checked and without repeats; throws `invalid` on `field` for a bad one. */
export function parseLabels(raw: string | readonly string[] | undefined | null, field = "labels", max: number = AUDIENCE_LIMITS.labelsPerSubscriber): string[] {
  if (raw == null) return [];
  const read = readLabels(raw, max);
  if (read.problem !== null) throw invalid(read.problem, field);
  return read.labels;
}

/** Adds labels to subscribers (what they have stays). */
export async function addLabels(db: Kysely<Database>, pairs: { subscriberId: number; label: string }[]): Promise<void> {
  for (let i = 0; i < pairs.length; i += 400) {
    const chunk = pairs.slice(i, i + 400).map((p) => ({ subscriber_id: p.subscriberId, label: p.label }));
    if (chunk.length) await db.insertInto("subscriber_labels").values(chunk).onConflict((oc) => oc.columns(["subscriber_id", "label"]).doNothing()).execute();
  }
}

/** The labels of these subscribers, by id. */
export async function labelsOf(deps: Pick<Deps, "db">, ids: number[]): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (!chunk.length) continue;
    const rows = await deps.db.kysely.selectFrom("subscriber_labels").select(["subscriber_id", "label"]).where("subscriber_id", "in", chunk).orderBy("label").execute();
    for (const r of rows) {
      const id = Number(r.subscriber_id);
      out.set(id, [...(out.get(id) ?? []), r.label]);
    }
  }
  return out;
}

/** Every label in use, with how many confirmed subscribers carry it (for choosing a newsletter's audience). */
export async function labelCounts(deps: Pick<Deps, "db">): Promise<{ label: string; confirmed: number }[]> {
  const rows = await deps.db.kysely
    .selectFrom("subscriber_labels")
    .innerJoin("subscribers", "subscribers.id", "subscriber_labels.subscriber_id")
    .select(["subscriber_labels.label", (eb) => eb.fn.sum<number>(eb.case().when("subscribers.status", "=", "confirmed").then(1).else(0).end()).as("n")])
    .groupBy("subscriber_labels.label")
    .orderBy("subscriber_labels.label")
    .limit(500)
    .execute();
  return rows.map((r) => ({ label: r.label, confirmed: Number(r.n ?? 0) }));
}

/** Replaces a subscriber's labels (owners, in the studio); audited. */
export async function setSubscriberLabels(deps: Deps, id: number, raw: string | readonly string[], actor: Actor): Promise<string[]> {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(AUDIENCE_MESSAGES.subscriberNotFound);
  const labels = parseLabels(raw);
  const found = await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("subscribers").select("id").where("id", "=", id).executeTakeFirst();
    if (!row) return false;
    await trx.deleteFrom("subscriber_labels").where("subscriber_id", "=", id).execute();
    await addLabels(trx, labels.map((label) => ({ subscriberId: id, label })));
    return true;
  });
  if (!found) throw notFound(AUDIENCE_MESSAGES.subscriberNotFound);
  await recordAudit(deps, actor, { action: "subscriber.labels", recordType: "subscriber", recordId: String(id), detail: labels.join(", ").slice(0, 400) });
  return labels;
}

/** An issue's stored labels (a JSON list, or null: everyone); anything unreadable counts as none. */
export function parseStoredLabels(value: string | null): string[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? parsed.filter((l): l is string => typeof l === "string") : [];
  } catch {
    return [];
  }
}
