import type { Deps } from "../../context";
import { type Actor, recordAudit } from "../audit";
import { conflict } from "../errors";
import { forgetContentVersion } from "./version";

/** Two editors: what one publishes was made from copy another has published since. */
export const STALE_COPY =
  "Someone published this page's copy after you opened it. Open it again to see their changes, then make yours (what you typed is still in the form).";

/** What has no language (settings) is stored under this locale; copy under its language (`en`, later `hi`). */
export const NO_LOCALE = "*";

/** Revisions kept per key and locale; older ones are dropped as new ones are written. */
export const REVISIONS_KEPT = 50;

export type ContentEntry = { key: string; locale: string; value: unknown; version: number; updatedAt: number };

/** The stored entries whose key starts with `prefix`, in one locale. */
export async function readEntries(deps: Pick<Deps, "db">, prefix: string, locale: string): Promise<ContentEntry[]> {
  const rows = await deps.db.kysely
    .selectFrom("content_entries")
    .select(["key", "locale", "value", "version", "updated_at"])
    .where("locale", "=", locale)
    .where("key", ">=", prefix)
    .where("key", "<", `${prefix}\uffff`)
    .execute();
  const entries: ContentEntry[] = [];
  for (const row of rows) {
    try {
      entries.push({ key: row.key, locale: row.locale, value: JSON.parse(row.value) as unknown, version: Number(row.version), updatedAt: Number(row.updated_at) });
    } catch {
      // A row that is not JSON is not content: the default shows instead.
    }
  }
  return entries;
}

/** One change: a new value, or `null` to clear the entry (back to the default). */
export type ContentChange = {
  key: string;
  locale: string;
  value: unknown;
  /** The entry's version the change was made from (0: none stored): another is refused (`conflict`), nothing written. */
  expectVersion?: number;
};

/** The transaction saveContent writes in, for a caller's own writes that must stand or fall with it (a draft removed on publish). */
export type ContentTransaction = Parameters<Parameters<ReturnType<Deps["db"]["kysely"]["transaction"]>["execute"]>[0]>[0];

/**
 * Writes changes in one transaction: each entry's version moves on, a revision is kept per change (the last
 * REVISIONS_KEPT per entry), and the `content` cache version moves, so every process's cached pages are made again.
 * The audit line names who and what changed (`detail`). Nothing is written when `changes` is empty.
 */
export async function saveContent(
  deps: Pick<Deps, "db">,
  changes: ContentChange[],
  actor: Actor,
  audit: { action: string; recordId: string; detail: string },
  now = Date.now(),
  also?: (trx: ContentTransaction) => Promise<void>,
): Promise<void> {
  if (changes.length === 0) return;
  await deps.db.kysely.transaction().execute(async (trx) => {
    for (const change of changes) {
      const old = await trx
        .selectFrom("content_entries")
        .select("version")
        .where("key", "=", change.key)
        .where("locale", "=", change.locale)
        .executeTakeFirst();
      if (change.expectVersion !== undefined && Number(old?.version ?? 0) !== change.expectVersion) {
        throw conflict(STALE_COPY, change.key);
      }
      const revisionVersion = Number(old?.version ?? 0) + 1;
      if (change.value === null) {
        await trx.deleteFrom("content_entries").where("key", "=", change.key).where("locale", "=", change.locale).execute();
      } else if (old) {
        await trx
          .updateTable("content_entries")
          .set({ value: JSON.stringify(change.value), version: revisionVersion, updated_at: now, updated_by: actor.userId })
          .where("key", "=", change.key)
          .where("locale", "=", change.locale)
          .execute();
      } else {
        await trx
          .insertInto("content_entries")
          .values({ key: change.key, locale: change.locale, value: JSON.stringify(change.value), version: revisionVersion, updated_at: now, updated_by: actor.userId })
          .execute();
      }
      await trx
        .insertInto("content_revisions")
        .values({
          key: change.key,
          locale: change.locale,
          value: change.value === null ? null : JSON.stringify(change.value),
          version: revisionVersion,
          created_at: now,
          created_by: actor.userId,
        })
        .execute();
      const keep = await trx
        .selectFrom("content_revisions")
        .select("id")
        .where("key", "=", change.key)
        .where("locale", "=", change.locale)
        .orderBy("id", "desc")
        .offset(REVISIONS_KEPT)
        .limit(1)
        .executeTakeFirst();
      if (keep) {
        await trx
          .deleteFrom("content_revisions")
          .where("key", "=", change.key)
          .where("locale", "=", change.locale)
          .where("id", "<=", keep.id)
          .execute();
      }
    }
    await trx
      .updateTable("cache_versions")
      .set((eb) => ({ version: eb("version", "+", 1) }))
      .where("name", "=", "content")
      .execute();
    if (also) await also(trx);
    await recordAudit({ db: { ...deps.db, kysely: trx } as Deps["db"] }, actor, { action: audit.action, recordType: "content", recordId: audit.recordId, detail: audit.detail }, now);
  });
  forgetContentVersion(deps.db);
}

/** How many entries the owner saved: settings (`settings.*`) and page copy (every other key, per language). */
export async function savedContentCounts(deps: Pick<Deps, "db">): Promise<{ settings: number; copy: number }> {
  const rows = await deps.db.kysely
    .selectFrom("content_entries")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.sum<number>(eb.case().when("key", "like", "settings.%").then(1).else(0).end()).as("settings")])
    .executeTakeFirstOrThrow();
  const settings = Number(rows.settings ?? 0);
  return { settings, copy: Number(rows.n) - settings };
}
