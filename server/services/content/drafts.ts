import type { Deps } from "../../context";
import type { CopyDoc, CopyLocale } from "../../../shared/copy/fields";
import { changedPaths } from "../../../shared/copy/validate";
import { type Actor, recordAudit } from "../audit";
import { conflict } from "../errors";
import type { StaffActor } from "../audit";
import { storedCopy } from "./copy";
import { checkDocument, copyKey, describe, type DraftInfo, draftRow, fallbackOf, liveEntry, mayEdit, parse, shownAs } from "./copy-rows";
import { STALE_COPY, saveContent } from "./store";

/**
 * Drafts and publishing of the owner's copy (issue 28, decision 0027; its revisions: revisions.ts). A draft is the
 * whole document in one locale, never read by the public pages; saving it changes nothing live. Publishing writes it through saveContent
 * (the entry, a revision, the content version that keys every cached page, the audit line) and removes the draft in
 * the same transaction. Both are optimistic: each carries the published version (and the draft's own revision) it
 * was made from, and a save made from older ones is refused, so one editor never silently overwrites another.
 */

export const STALE_DRAFT = "Someone saved this draft after you opened it. Open it again to see their changes, then make yours (what you typed is still in the form).";
const NO_DRAFT = "There is no draft to publish: save a draft first.";

export type DraftBase = { liveVersion: number; draftRevision: number };

/**
 * Saves the draft (never the live copy): checked, then written only if the published copy and the draft are still
 * what the editor opened (`base`); returns the draft's revision. Audited as `copy.draft.save`, naming the fields that
 * differ from the draft before, or from the page as it shows when there was none. The same draft sent again writes
 * nothing and keeps its revision; `forPublish` (Publish saves what the form holds first): no audit line of its own,
 * the publish's line says what changed.
 */
export async function saveDraft(
  deps: Pick<Deps, "db">,
  doc: CopyDoc,
  locale: CopyLocale,
  input: unknown,
  base: DraftBase,
  actor: StaffActor,
  now = Date.now(),
  { forPublish = false }: { forPublish?: boolean } = {},
): Promise<number> {
  mayEdit(actor, doc);
  const value = checkDocument(doc, locale, input, await fallbackOf(deps, doc, locale));
  const key = copyKey(doc);
  // What the page shows now: a first draft is compared with it, not with nothing.
  // (Read before the transaction: a read outside it would wait for it on a one-connection SQLite.)
  const storedEnglish = locale === "en" ? undefined : await storedCopy(deps, doc, "en");
  const showing = await shownAs(deps, doc, locale, (await liveEntry(deps, doc, locale))?.value, storedEnglish);
  const willShow = await shownAs(deps, doc, locale, value, storedEnglish);
  return deps.db.kysely.transaction().execute(async (trx) => {
    const live = await trx.selectFrom("content_entries").select("version").where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
    if (Number(live?.version ?? 0) !== base.liveVersion) throw conflict(STALE_COPY);
    const old = await trx.selectFrom("content_drafts").select(["revision", "value"]).where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
    if (Number(old?.revision ?? 0) !== base.draftRevision) throw conflict(STALE_DRAFT);
    const before = parse(old?.value);
    if (old && JSON.stringify(before) === JSON.stringify(value)) return base.draftRevision;
    const revision = base.draftRevision + 1;
    const row = { value: JSON.stringify(value), base_version: base.liveVersion, revision, updated_at: now, updated_by: actor.userId };
    if (old) await trx.updateTable("content_drafts").set(row).where("key", "=", key).where("locale", "=", locale).execute();
    else await trx.insertInto("content_drafts").values({ key, locale, ...row }).execute();
    if (forPublish) return revision;
    const changed = old ? changedPaths(doc.sections, before ?? {}, value) : changedPaths(doc.sections, showing, willShow);
    await recordAudit({ db: { ...deps.db, kysely: trx } as Deps["db"] }, actor, { action: "copy.draft.save", recordType: "content", recordId: `${key}:${locale}`, detail: describe(changed) }, now);
    return revision;
  });
}

/**
 * Publishes the draft: checked again (a rule made stricter since it was saved), refused if the published copy moved
 * since the draft was made from it or the draft since the editor opened it; the change, its revision, the content
 * version and the audit line (`copy.publish` with the changed field paths) are one transaction that also removes the
 * draft. Returns the changed paths.
 */
export async function publishDraft(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, base: DraftBase, actor: StaffActor, now = Date.now()): Promise<string[]> {
  mayEdit(actor, doc);
  const draft = await draftRow(deps, doc, locale);
  if (!draft) throw conflict(NO_DRAFT);
  if (draft.revision !== base.draftRevision) throw conflict(STALE_DRAFT);
  if (draft.baseVersion !== base.liveVersion) throw conflict(STALE_COPY);
  return publishStoredDraft(deps, doc, locale, draft, actor, now);
}

/**
 * Publishes a draft as read (`draft`): what publishDraft does once its caller may, and what the schedule worker does
 * at the draft's time (copy-schedule.ts, `scheduledAt`: the draft is removed only if it still carries that time, so
 * a cancelled or moved schedule is not published, and of two processes only one removes it: the other's transaction
 * is rolled back whole). `audit` adds to the publish line's detail.
 */
export async function publishStoredDraft(
  deps: Pick<Deps, "db">,
  doc: CopyDoc,
  locale: CopyLocale,
  draft: Pick<DraftInfo, "value" | "baseVersion" | "revision">,
  actor: Actor & { userId: string | null },
  now = Date.now(),
  { scheduledAt, audit }: { scheduledAt?: number; audit?: string } = {},
): Promise<string[]> {
  const storedEnglish = locale === "en" ? undefined : await storedCopy(deps, doc, "en");
  const value = checkDocument(doc, locale, draft.value, await fallbackOf(deps, doc, locale));
  const entry = await liveEntry(deps, doc, locale);
  const changed = changedPaths(doc.sections, await shownAs(deps, doc, locale, entry?.value, storedEnglish), await shownAs(deps, doc, locale, value, storedEnglish));
  const key = copyKey(doc);
  await saveContent(
    deps,
    [{ key, locale, value, expectVersion: draft.baseVersion }],
    actor,
    { action: "copy.publish", recordId: `${key}:${locale}`, detail: audit ? `${audit}, ${describe(changed)}` : describe(changed) },
    now,
    async (trx) => {
      let remove = trx.deleteFrom("content_drafts").where("key", "=", key).where("locale", "=", locale).where("revision", "=", draft.revision);
      if (scheduledAt !== undefined) remove = remove.where("scheduled_at", "=", scheduledAt);
      const removed = await remove.executeTakeFirst();
      if (Number(removed.numDeletedRows) !== 1) throw conflict(STALE_DRAFT);
    },
  );
  return changed;
}

/** Drops the draft (the published copy stays). Audited as `copy.draft.discard`. */
export async function discardDraft(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, actor: StaffActor, now = Date.now()): Promise<boolean> {
  mayEdit(actor, doc);
  const key = copyKey(doc);
  return deps.db.kysely.transaction().execute(async (trx) => {
    const removed = await trx.deleteFrom("content_drafts").where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
    if (Number(removed.numDeletedRows) === 0) return false;
    await recordAudit({ db: { ...deps.db, kysely: trx } as Deps["db"] }, actor, { action: "copy.draft.discard", recordType: "content", recordId: `${key}:${locale}`, detail: "draft discarded" }, now);
    return true;
  });
}
