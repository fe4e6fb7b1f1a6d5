import type { Deps } from "../../context";
import type { CopyDoc, CopyLocale } from "../../../shared/copy/fields";
import { mergeDoc } from "../../../shared/copy/merge";
import { changedPaths, checkCopy } from "../../../shared/copy/validate";
import { SHIPPED_COPY_LABELS } from "../../../shared/content/copy-revisions";
import { recordAudit } from "../audit";
import { notFound } from "../errors";
import type { StaffActor } from "../audit";
import { storedCopy } from "./copy";
import { copyKey, fallbackOf, liveEntry, mayEdit, parse, shownAs } from "./copy-rows";
import { REVISIONS_KEPT } from "./store";

/** The kept revisions of the owner's copy: listed, compared with the live copy field by field, put back as a draft. */

export type RevisionLine = { id: number; version: number; at: number; by: string | null; cleared: boolean };

/** The kept revisions of a document in one locale (the last REVISIONS_KEPT), newest first, with who and when. */
export async function listRevisions(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<RevisionLine[]> {
  const rows = await deps.db.kysely
    .selectFrom("content_revisions")
    .leftJoin("users", "users.id", "content_revisions.created_by")
    .select(["content_revisions.id", "content_revisions.version", "content_revisions.created_at", "content_revisions.value", "users.email"])
    .where("content_revisions.key", "=", copyKey(doc))
    .where("content_revisions.locale", "=", locale)
    .orderBy("content_revisions.id", "desc")
    .limit(REVISIONS_KEPT)
    .execute();
  return rows.map((r) => ({ id: Number(r.id), version: Number(r.version), at: Number(r.created_at), by: r.email ?? null, cleared: r.value === null }));
}

/** A revision's table id, or the copy the site shipped with (SHIPPED_COPY_LABELS.id): the first row of every page's revisions. */
export type RevisionRef = number | typeof SHIPPED_COPY_LABELS.id;

async function revisionValue(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, id: RevisionRef): Promise<unknown> {
  // The shipped copy: nothing stored (an English page shows its defaults, a translation its shipped one or the English).
  if (id === SHIPPED_COPY_LABELS.id) return {};
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound("No such revision.");
  const row = await deps.db.kysely
    .selectFrom("content_revisions")
    .select("value")
    .where("id", "=", id)
    .where("key", "=", copyKey(doc))
    .where("locale", "=", locale)
    .executeTakeFirst();
  if (!row) throw notFound("No such revision.");
  return row.value === null ? {} : parse(row.value);
}

export type FieldDifference = { path: string; revision: string; live: string };

/** What differs, field by field, between a revision (as it showed) and the live copy. */
export async function compareRevision(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, id: RevisionRef): Promise<FieldDifference[]> {
  const storedEnglish = locale === "en" ? undefined : await storedCopy(deps, doc, "en");
  const then = await shownAs(deps, doc, locale, await revisionValue(deps, doc, locale, id), storedEnglish);
  const entry = await liveEntry(deps, doc, locale);
  const now = await shownAs(deps, doc, locale, entry?.value, storedEnglish);
  return changedPaths(doc.sections, then, now).map((path) => ({ path, revision: shown(at(then, path)), live: shown(at(now, path)) }));
}

/**
 * Puts a revision back AS A DRAFT (replacing any draft), made from the live version: the editor reviews, previews
 * and publishes it like any draft. Audited as `copy.revision.restore`.
 */
export async function restoreRevision(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, id: RevisionRef, actor: StaffActor, now = Date.now()): Promise<void> {
  mayEdit(actor, doc);
  const stored = await revisionValue(deps, doc, locale, id);
  // A translation's revision is put back as it was stored (its empty fields stay empty: they show the fallback).
  const { value } =
    locale === "en"
      ? checkCopy(doc.sections, mergeDoc(doc.sections, stored, doc.defaults(locale)), doc.defaults(locale))
      : checkCopy(doc.sections, stored, await fallbackOf(deps, doc, locale));
  const key = copyKey(doc);
  await deps.db.kysely.transaction().execute(async (trx) => {
    const live = await trx.selectFrom("content_entries").select("version").where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
    const old = await trx.selectFrom("content_drafts").select("revision").where("key", "=", key).where("locale", "=", locale).executeTakeFirst();
    const row = { value: JSON.stringify(value), base_version: Number(live?.version ?? 0), revision: Number(old?.revision ?? 0) + 1, updated_at: now, updated_by: actor.userId };
    if (old) await trx.updateTable("content_drafts").set(row).where("key", "=", key).where("locale", "=", locale).execute();
    else await trx.insertInto("content_drafts").values({ key, locale, ...row }).execute();
    await recordAudit({ db: { ...deps.db, kysely: trx } as Deps["db"] }, actor, { action: "copy.revision.restore", recordType: "content", recordId: `${key}:${locale}`, detail: id === SHIPPED_COPY_LABELS.id ? SHIPPED_COPY_LABELS.audit : `revision ${id} restored as a draft` }, now);
  });
}

function at(value: unknown, path: string): unknown {
  let v: unknown = value;
  for (const part of path.split(".")) v = typeof v === "object" && v !== null ? (v as Record<string, unknown>)[part] : undefined;
  return v;
}

function shown(value: unknown): string {
  if (typeof value === "string") return value;
  if (Array.isArray(value)) return `${value.length} item${value.length === 1 ? "" : "s"}`;
  return "";
}
