import type { Deps } from "../../context";
import type { CopyDoc, CopyLocale } from "../../../shared/copy/fields";
import { COPY_LOCALES } from "../../../shared/copy/fields";
import { COPY_DOCS } from "../../../shared/copy/index";
import { COPY_SCHEDULE_LIMITS, COPY_SCHEDULE_MESSAGES } from "../../../shared/content/copy-schedule";
import { mayOpen } from "../../../shared/studio-policy";
import { type Actor, recordAudit } from "../audit";
import { conflict, forbidden, invalid, isServiceError, rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { type Worker, intervalWorker } from "../interval-worker";
import { formatInZone } from "../../../shared/zoned-time";
import { zonedTimeToEpoch } from "../wall-clock";
import type { StaffActor } from "../audit";
import { type DraftBase, STALE_DRAFT, publishStoredDraft } from "./drafts";
import { copyKey } from "./copy-rows";
import { siteSettings } from "./settings";
import { STALE_COPY } from "./store";

/**
 * A page's copy published at a chosen time (issue 46, item 4; decision 0057), with the rules of scheduled posts and
 * newsletters: the time is typed as a wall-clock time in the site's time zone (Settings; the newsletter's reading of
 * it, daylight-saving gaps included), in the future and within a year. The schedule is the draft's: the draft as it
 * is at that time is published (saving it again keeps the time; discarding it drops the time with it). The worker
 * publishes each due draft in one transaction that removes the draft only if it still carries that time: of two
 * processes one wins, the other's whole transaction is rolled back (a conflict, or the database refusing the second
 * write), so the copy is published once; the time is stored, so a restart publishes it at its next look.
 */

/** Who publishes scheduled copy, in the audit log (as scheduled posts). */
export const COPY_SCHEDULER: Actor = { userId: null, label: "schedule", clientIp: "server" };

export type CopySchedule = { at: number; by: string | null; zone: string; shown: string };

function mayEdit(actor: StaffActor, doc: CopyDoc): void {
  if (!mayOpen(actor.access, doc.id === "faq" ? "faq" : "pages")) throw forbidden("Only the site's owner and editors may change its copy.");
}

/** Schedules and cancellations per person and minute (a person clicking, not a script). */
async function assertScheduleAllowed(deps: Pick<Deps, "db">, actor: StaffActor): Promise<void> {
  const limit = await hitRateLimit(deps.db, `studio-copy-schedule:${actor.userId}`, { limit: COPY_SCHEDULE_LIMITS.perMinute, windowMs: 60_000 });
  if (!limit.allowed) throw rateLimited(COPY_SCHEDULE_MESSAGES.tooMany, limit.retryAfterSeconds);
}

/** The draft's schedule, with the zone it is shown in, or null when the draft is not scheduled (or there is none). */
export async function draftSchedule(deps: Pick<Deps, "db" | "config">, doc: CopyDoc, locale: CopyLocale): Promise<CopySchedule | null> {
  const row = await deps.db.kysely
    .selectFrom("content_drafts")
    .leftJoin("users", "users.id", "content_drafts.scheduled_by")
    .select(["content_drafts.scheduled_at", "users.email"])
    .where("content_drafts.key", "=", copyKey(doc))
    .where("content_drafts.locale", "=", locale)
    .executeTakeFirst();
  if (!row || row.scheduled_at === null) return null;
  const zone = (await siteSettings(deps)).timeZone;
  const at = Number(row.scheduled_at);
  return { at, by: row.email ?? null, zone, shown: formatInZone(at, zone) };
}

/** The instant a datetime-local text names in the site's zone; refused unless in the future and within a year. */
export async function scheduleInstant(deps: Pick<Deps, "db" | "config">, local: unknown, now = Date.now()): Promise<{ at: number; zone: string }> {
  const zone = (await siteSettings(deps)).timeZone;
  if (typeof local !== "string" || local.trim() === "") throw invalid(COPY_SCHEDULE_MESSAGES.invalid, "scheduleAt");
  let at: number;
  try {
    at = zonedTimeToEpoch(local, zone, "scheduleAt");
  } catch {
    throw invalid(COPY_SCHEDULE_MESSAGES.invalid, "scheduleAt");
  }
  if (at <= now) throw invalid(COPY_SCHEDULE_MESSAGES.inPast, "scheduleAt");
  if (at > now + COPY_SCHEDULE_LIMITS.aheadMs) throw invalid(COPY_SCHEDULE_MESSAGES.tooFar, "scheduleAt");
  return { at, zone };
}

/**
 * Schedules the draft (or moves its time) to `local` in the site's zone: only the draft the editor has open (its
 * revision and the published version it was made from, `base`). Audited as `copy.schedule` with the time and zone.
 */
export async function scheduleDraft(
  deps: Pick<Deps, "db" | "config">,
  doc: CopyDoc,
  locale: CopyLocale,
  local: unknown,
  base: DraftBase,
  actor: StaffActor,
  now = Date.now(),
): Promise<number> {
  mayEdit(actor, doc);
  const { at, zone } = await scheduleInstant(deps, local, now);
  await assertScheduleAllowed(deps, actor);
  const key = copyKey(doc);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const draft = await trx
      .selectFrom("content_drafts")
      .select(["revision", "base_version", "scheduled_at"])
      .where("key", "=", key)
      .where("locale", "=", locale)
      .executeTakeFirst();
    if (!draft) throw conflict(COPY_SCHEDULE_MESSAGES.noDraft);
    if (Number(draft.revision) !== base.draftRevision) throw conflict(STALE_DRAFT);
    if (Number(draft.base_version) !== base.liveVersion) throw conflict(STALE_COPY);
    const updated = await trx
      .updateTable("content_drafts")
      .set({ scheduled_at: at, scheduled_by: actor.userId })
      .where("key", "=", key)
      .where("locale", "=", locale)
      .where("revision", "=", base.draftRevision)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw conflict(STALE_DRAFT);
    const before = draft.scheduled_at === null ? "" : ` (was ${formatInZone(Number(draft.scheduled_at), zone)})`;
    await recordAudit(
      { db: { ...deps.db, kysely: trx } as Deps["db"] },
      actor,
      { action: "copy.schedule", recordType: "content", recordId: `${key}:${locale}`, detail: `publish at ${formatInZone(at, zone)}${before}` },
      now,
    );
  });
  return at;
}

/** Takes the draft off the schedule (it stays a draft). Audited as `copy.schedule.cancel`; false when it was not scheduled. */
export async function cancelSchedule(deps: Pick<Deps, "db" | "config">, doc: CopyDoc, locale: CopyLocale, actor: StaffActor, now = Date.now()): Promise<boolean> {
  mayEdit(actor, doc);
  await assertScheduleAllowed(deps, actor);
  const key = copyKey(doc);
  const zone = (await siteSettings(deps)).timeZone;
  return deps.db.kysely.transaction().execute(async (trx) => {
    const row = await trx.selectFrom("content_drafts").select("scheduled_at").where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
    if (!row || row.scheduled_at === null) return false;
    await trx.updateTable("content_drafts").set({ scheduled_at: null, scheduled_by: null }).where("key", "=", key).where("locale", "=", locale).execute();
    await recordAudit(
      { db: { ...deps.db, kysely: trx } as Deps["db"] },
      actor,
      { action: "copy.schedule.cancel", recordType: "content", recordId: `${key}:${locale}`, detail: `was ${formatInZone(Number(row.scheduled_at), zone)}` },
      now,
    );
    return true;
  });
}

export type ScheduledCopy = { doc: string; title: string; locale: CopyLocale; at: number };

/** Every scheduled draft, soonest first (the Pages list and the overview). */
export async function scheduledCopy(deps: Pick<Deps, "db">): Promise<ScheduledCopy[]> {
  const rows = await deps.db.kysely
    .selectFrom("content_drafts")
    .select(["key", "locale", "scheduled_at"])
    .where("scheduled_at", "is not", null)
    .orderBy("scheduled_at")
    .execute();
  const out: ScheduledCopy[] = [];
  for (const row of rows) {
    const doc = COPY_DOCS.find((d) => copyKey(d) === row.key);
    if (!doc || !(COPY_LOCALES as readonly string[]).includes(row.locale)) continue;
    out.push({ doc: doc.id, title: doc.title, locale: row.locale as CopyLocale, at: Number(row.scheduled_at) });
  }
  return out;
}

export type DueOutcome = { published: string[]; failed: string[] };

function parse(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Publishes every scheduled draft whose time has come. A draft that can no longer be published as it is (the
 * published copy moved since it was made, or a rule refuses it now) is taken off the schedule and stays a draft,
 * audited as `copy.schedule.fail` with the reason: the overview stops counting it and the editor shows it as a draft.
 * A process that lost the race to another (its transaction rolled back) leaves it: the draft is gone, or still
 * scheduled for the next look. Returns `key:locale` of what it published and what it took off.
 */
export async function publishDueCopy(deps: Pick<Deps, "db" | "log">, now = Date.now()): Promise<DueOutcome> {
  const due = await deps.db.kysely
    .selectFrom("content_drafts")
    .select(["key", "locale", "value", "base_version", "revision", "scheduled_at", "scheduled_by"])
    .where("scheduled_at", "<=", now)
    .orderBy("scheduled_at")
    .limit(100)
    .execute();
  const outcome: DueOutcome = { published: [], failed: [] };
  for (const row of due) {
    const doc = COPY_DOCS.find((d) => copyKey(d) === row.key);
    const locale = row.locale as CopyLocale;
    if (!doc || !(COPY_LOCALES as readonly string[]).includes(row.locale)) continue;
    const scheduledAt = Number(row.scheduled_at);
    const id = `${row.key}:${row.locale}`;
    try {
      await publishStoredDraft(
        deps,
        doc,
        locale,
        { value: parse(row.value), baseVersion: Number(row.base_version), revision: Number(row.revision) },
        { ...COPY_SCHEDULER, userId: row.scheduled_by },
        now,
        { scheduledAt, audit: "scheduled" },
      );
      outcome.published.push(id);
    } catch (error) {
      if (!isServiceError(error) || (error.kind !== "conflict" && error.kind !== "invalid")) {
        // Another process's write won (the database refused this one) or the database is away: the next look sees.
        deps.log.warn({ key: id, err: { message: (error as Error).message } }, "scheduled copy not published on this look");
        continue;
      }
      // Off the schedule only if it is still the same draft at the same time (not if another process published it).
      const off = await deps.db.kysely.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable("content_drafts")
          .set({ scheduled_at: null, scheduled_by: null })
          .where("key", "=", row.key)
          .where("locale", "=", row.locale)
          .where("revision", "=", Number(row.revision))
          .where("scheduled_at", "=", scheduledAt)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) return false;
        await recordAudit({ db: { ...deps.db, kysely: trx } as Deps["db"] }, COPY_SCHEDULER, { action: "copy.schedule.fail", recordType: "content", recordId: id, detail: `not published: ${error.message}` }, now);
        return true;
      });
      if (off) outcome.failed.push(id);
    }
  }
  return outcome;
}

/** Publishes scheduled copy within a minute of its time (a look every 15 seconds), as scheduled posts. */
export function copyScheduleWorker(deps: Deps): Worker {
  return intervalWorker("copy-schedule", deps, COPY_SCHEDULE_LIMITS.tickMs, async () => {
    await publishDueCopy(deps);
  });
}
