import type { Deps } from "../../context";
import type { CopyDoc, CopyLocale, Field } from "../../../shared/copy/fields";
import { COPY_LOCALES } from "../../../shared/copy/fields";
import { COPY_DOCS } from "../../../shared/copy/index";
import { isRecord, mergeDoc } from "../../../shared/copy/merge";
import { changedPaths, checkCopy } from "../../../shared/copy/validate";
import { mayOpen } from "../../../shared/studio-policy";
import { SHIPPED_COPY_LABELS } from "../../../shared/content/copy-revisions";
import { type Actor, recordAudit } from "../audit";
import { conflict, forbidden, invalid, notFound } from "../errors";
import type { StaffActor } from "../audit";
import { COPY_PREFIX, storedCopy, translated } from "./copy";
import { REVISIONS_KEPT, STALE_COPY, saveContent } from "./store";

/**
 * Drafts, publishing and revisions of the owner's copy (issue 28, decision 0027). A draft is the whole document in one
 * locale, never read by the public pages; saving it changes nothing live. Publishing writes it through saveContent
 * (the entry, a revision, the content version that keys every cached page, the audit line) and removes the draft in
 * the same transaction. Both are optimistic: each carries the published version (and the draft's own revision) it
 * was made from, and a save made from older ones is refused, so one editor never silently overwrites another.
 */

export const STALE_DRAFT = "Someone saved this draft after you opened it. Open it again to see their changes, then make yours (what you typed is still in the form).";
const NO_DRAFT = "There is no draft to publish: save a draft first.";

export type DraftInfo = { value: unknown; baseVersion: number; revision: number; updatedAt: number; updatedBy: string | null };

export type CopyEditorState = {
  /** The published copy as visitors see it (merged over the defaults; a translation over the English, decision 0032). */
  live: Record<string, unknown>;
  /** The published entry's version (0: nothing published: the defaults show). */
  liveVersion: number;
  published: { at: number; by: string | null } | null;
  draft: DraftInfo | null;
  /**
   * What the form shows: the draft when there is one, else the published copy. In a translation, only what the owner
   * wrote in it (an empty field shows `fallback` on the page), its lists as long as the English ones.
   */
  editing: Record<string, unknown>;
  /** What each empty field shows on the page: the defaults; in a translation, the shipped one or the English. */
  fallback: Record<string, unknown>;
  /** A translation's: the English copy as visitors see it (the editor shows it beside each field); null in English. */
  english: Record<string, unknown> | null;
  /** A translation's: the fields its page shows in English (the draft's when there is one); empty in English. */
  missing: string[];
  /**
   * The English's (issue 44): the Hindi fields the Hindi page shows in English now (`now`), and those the English
   * draft would add when published (`byDraft`: its changes make their Hindi stale). Null in a translation.
   */
  hindiGaps: { now: string[]; byDraft: string[] } | null;
};

export function copyKey(doc: CopyDoc): string {
  return `${COPY_PREFIX}${doc.id}`;
}

/** Only the locales copy is kept in today (`en`); anything else is refused as not found. */
export function copyLocale(value: string | null | undefined): CopyLocale | null {
  const locale = value ?? "en";
  return (COPY_LOCALES as readonly string[]).includes(locale) ? (locale as CopyLocale) : null;
}

function mayEdit(actor: StaffActor, doc: CopyDoc): void {
  if (!mayOpen(actor.access, doc.id === "faq" ? "faq" : "pages")) throw forbidden("Only the site's owner and editors may change its copy.");
}

function parse(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

async function emailOf(deps: Pick<Deps, "db">, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await deps.db.kysely.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email ?? null;
}

async function liveEntry(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale) {
  const row = await deps.db.kysely
    .selectFrom("content_entries")
    .select(["value", "version", "updated_at", "updated_by"])
    .where("key", "=", copyKey(doc))
    .where("locale", "=", locale)
    .executeTakeFirst();
  return row ? { value: parse(row.value), version: Number(row.version), at: Number(row.updated_at), by: row.updated_by } : null;
}

async function draftRow(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<DraftInfo | null> {
  const row = await deps.db.kysely
    .selectFrom("content_drafts")
    .select(["value", "base_version", "revision", "updated_at", "updated_by"])
    .where("key", "=", copyKey(doc))
    .where("locale", "=", locale)
    .executeTakeFirst();
  return row ? { value: parse(row.value), baseVersion: Number(row.base_version), revision: Number(row.revision), updatedAt: Number(row.updated_at), updatedBy: row.updated_by } : null;
}

/** The draft's stored value only (a preview render's input), or undefined when there is none. */
export async function readDraftValue(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<unknown> {
  return (await draftRow(deps, doc, locale))?.value;
}

export async function copyEditorState(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<CopyEditorState> {
  const [entry, draft] = await Promise.all([liveEntry(deps, doc, locale), draftRow(deps, doc, locale)]);
  const byEmail = await emailOf(deps, entry?.by ?? null);
  const common = {
    liveVersion: entry?.version ?? 0,
    published: entry ? { at: entry.at, by: byEmail } : null,
    draft: draft ? { ...draft, updatedBy: await emailOf(deps, draft.updatedBy) } : null,
  };
  if (locale === "en") {
    const defaults = doc.defaults(locale);
    const live = mergeDoc(doc.sections, entry?.value, defaults) as Record<string, unknown>;
    const editing = draft ? (mergeDoc(doc.sections, draft.value, defaults) as Record<string, unknown>) : live;
    return { ...common, live, editing, fallback: defaults as Record<string, unknown>, english: null, missing: [], hindiGaps: await hindiGaps(deps, doc, entry?.value, draft?.value) };
  }
  // A translation (decision 0032): the form holds only the owner's own words in it; an empty field shows the shipped
  // translation while the English is unchanged, else the English, and is listed as missing.
  const storedEnglish = await storedCopy(deps, doc, "en");
  const english = mergeDoc(doc.sections, storedEnglish, doc.defaults("en")) as Record<string, unknown>;
  const live = translated(doc, entry?.value, storedEnglish, locale);
  const own = draft ? draft.value : entry?.value;
  return {
    ...common,
    live: live.value,
    editing: translationForm(doc.sections, own, english),
    fallback: translated(doc, undefined, storedEnglish, locale).value,
    english,
    missing: draft ? translated(doc, draft.value, storedEnglish, locale).missing : live.missing,
    hindiGaps: null,
  };
}

/**
 * What the Hindi page shows in English with the published English (`storedEnglish`), and what more it would with
 * `draftEnglish` published instead: an English field changed drops the shipped Hindi for it (decision 0032), so the
 * English editor can say so before and after publishing (issue 44, item 9).
 */
export async function hindiGaps(deps: Pick<Deps, "db">, doc: CopyDoc, storedEnglish: unknown, draftEnglish?: unknown): Promise<{ now: string[]; byDraft: string[] }> {
  const own = await storedCopy(deps, doc, "hi");
  const now = translated(doc, own, storedEnglish, "hi").missing;
  if (draftEnglish === undefined) return { now, byDraft: [] };
  const before = new Set(now);
  return { now, byDraft: translated(doc, own, draftEnglish, "hi").missing.filter((path) => !before.has(path)) };
}

/**
 * A translation as its form shows it: the owner's texts, URLs and choices where stored (else empty: the page shows
 * the fallback), each list as long as the English one (a translation follows the English list item by item).
 */
export function translationForm(sections: Readonly<Record<string, Field>>, stored: unknown, english: Record<string, unknown>): Record<string, unknown> {
  const shape = (field: Field, own: unknown, en: unknown): unknown => {
    switch (field.kind) {
      case "text":
      case "url":
      case "choice":
        return typeof own === "string" ? own : "";
      case "group": {
        const o = isRecord(own) ? own : {};
        const e = isRecord(en) ? en : {};
        return Object.fromEntries(Object.entries(field.fields).map(([k, sub]) => [k, shape(sub, o[k], e[k])]));
      }
      case "list": {
        const o = Array.isArray(own) ? own : [];
        const e = Array.isArray(en) ? en : [];
        return e.slice(0, field.max).map((item, i) => shape(field.item, o[i], item));
      }
    }
  };
  const s = isRecord(stored) ? stored : {};
  return Object.fromEntries(Object.entries(sections).map(([k, field]) => [k, shape(field, s[k], english[k])]));
}

/**
 * What an emptied field of a document falls back to (what the checks accept empty): in English its defaults; in a
 * translation what its page shows where the translation is empty (the shipped one, or the English).
 */
export async function fallbackOf(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<Record<string, unknown>> {
  if (locale === "en") return doc.defaults(locale) as Record<string, unknown>;
  return translated(doc, undefined, await storedCopy(deps, doc, "en"), locale).value;
}

/** A document in one locale as its page shows it, from a stored value (a translation merged over the English). */
async function shownAs(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, stored: unknown, storedEnglish?: unknown): Promise<Record<string, unknown>> {
  if (locale === "en") return mergeDoc(doc.sections, stored, doc.defaults(locale)) as Record<string, unknown>;
  return translated(doc, stored, storedEnglish === undefined ? await storedCopy(deps, doc, "en") : storedEnglish, locale).value;
}

/**
 * Checks a document as sent; a refusal names the first field at fault and carries every field's message
 * (`facts.errors`). `fallback`: what an empty field shows (the defaults unless given: a translation's, fallbackOf).
 */
export function checkDocument(doc: CopyDoc, locale: CopyLocale, input: unknown, fallback: unknown = doc.defaults(locale)): Record<string, unknown> {
  const { value, errors } = checkCopy(doc.sections, input, fallback);
  const first = Object.keys(errors)[0];
  if (first !== undefined) throw invalid(errors[first]!, first, { errors });
  return value;
}

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

export type CopyDocSummary = { id: string; title: string; path: string | undefined; draft: { at: number; by: string | null } | null; published: { at: number; by: string | null } | null };

/** Every document the studio edits, with whether a draft waits and who published last (one locale). */
export async function copyOverview(deps: Pick<Deps, "db">, locale: CopyLocale): Promise<CopyDocSummary[]> {
  const keys = COPY_DOCS.map((d) => copyKey(d));
  const [entries, drafts] = await Promise.all([
    deps.db.kysely
      .selectFrom("content_entries")
      .leftJoin("users", "users.id", "content_entries.updated_by")
      .select(["content_entries.key", "content_entries.updated_at", "users.email"])
      .where("content_entries.locale", "=", locale)
      .where("content_entries.key", "in", keys)
      .execute(),
    deps.db.kysely
      .selectFrom("content_drafts")
      .leftJoin("users", "users.id", "content_drafts.updated_by")
      .select(["content_drafts.key", "content_drafts.updated_at", "users.email"])
      .where("content_drafts.locale", "=", locale)
      .where("content_drafts.key", "in", keys)
      .execute(),
  ]);
  return COPY_DOCS.map((doc) => {
    const e = entries.find((r) => r.key === copyKey(doc));
    const d = drafts.find((r) => r.key === copyKey(doc));
    return {
      id: doc.id,
      title: doc.title,
      path: doc.path,
      draft: d ? { at: Number(d.updated_at), by: d.email ?? null } : null,
      published: e ? { at: Number(e.updated_at), by: e.email ?? null } : null,
    };
  });
}

export type TranslationSummary = {
  id: string;
  /** The fields its page shows in English for want of a translation (published copy). */
  missing: number;
  /** A draft of the translation waits to be published. */
  draft: { at: number; by: string | null } | null;
};

/**
 * Every document's translation into `locale` (the Pages list): how many fields its page shows in English, and whether
 * a draft waits. Two queries whatever the number of documents.
 */
export async function translationOverview(deps: Pick<Deps, "db">, locale: Exclude<CopyLocale, "en">): Promise<TranslationSummary[]> {
  const keys = COPY_DOCS.map((d) => copyKey(d));
  const [entries, drafts] = await Promise.all([
    deps.db.kysely.selectFrom("content_entries").select(["key", "locale", "value"]).where("locale", "in", ["en", locale]).where("key", "in", keys).execute(),
    deps.db.kysely
      .selectFrom("content_drafts")
      .leftJoin("users", "users.id", "content_drafts.updated_by")
      .select(["content_drafts.key", "content_drafts.updated_at", "users.email"])
      .where("content_drafts.locale", "=", locale)
      .where("content_drafts.key", "in", keys)
      .execute(),
  ]);
  const stored = (key: string, l: string) => parse(entries.find((e) => e.key === key && e.locale === l)?.value);
  return COPY_DOCS.map((doc) => {
    const key = copyKey(doc);
    const d = drafts.find((r) => r.key === key);
    return {
      id: doc.id,
      missing: translated(doc, stored(key, locale), stored(key, "en"), locale).missing.length,
      draft: d ? { at: Number(d.updated_at), by: d.email ?? null } : null,
    };
  });
}

function describe(paths: string[]): string {
  if (paths.length === 0) return "no field changed";
  const shownPaths = paths.slice(0, 40).join(", ");
  return `changed: ${shownPaths}${paths.length > 40 ? ` and ${paths.length - 40} more` : ""}`;
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
