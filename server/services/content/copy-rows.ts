import type { Deps } from "../../context";
import type { CopyDoc, CopyLocale } from "../../../shared/copy/fields";
import { COPY_LOCALES } from "../../../shared/copy/fields";
import { mergeDoc } from "../../../shared/copy/merge";
import { checkCopy } from "../../../shared/copy/validate";
import { mayOpen } from "../../../shared/studio-policy";
import type { StaffActor } from "../audit";
import { forbidden, invalid } from "../errors";
import { COPY_PREFIX, storedCopy, translated } from "./copy";

/**
 * A copy document's stored rows as drafts, revisions and the editor read them: its key, who may edit it, the live
 * entry and the draft, the document as its page shows it, the checks every write runs, the audit line's detail.
 */

export type DraftInfo = { value: unknown; baseVersion: number; revision: number; updatedAt: number; updatedBy: string | null };
export function copyKey(doc: CopyDoc): string {
  return `${COPY_PREFIX}${doc.id}`;
}

/** Only the locales copy is kept in today (`en`); anything else is refused as not found. */
export function copyLocale(value: string | null | undefined): CopyLocale | null {
  const locale = value ?? "en";
  return (COPY_LOCALES as readonly string[]).includes(locale) ? (locale as CopyLocale) : null;
}
export function mayEdit(actor: StaffActor, doc: CopyDoc): void {
  if (!mayOpen(actor.access, doc.id === "faq" ? "faq" : "pages")) throw forbidden("Only the site's owner and editors may change its copy.");
}
export function parse(text: string | null | undefined): unknown {
  if (text === null || text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}
export async function emailOf(deps: Pick<Deps, "db">, userId: string | null): Promise<string | null> {
  if (!userId) return null;
  const row = await deps.db.kysely.selectFrom("users").select("email").where("id", "=", userId).executeTakeFirst();
  return row?.email ?? null;
}
export async function liveEntry(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale) {
  const row = await deps.db.kysely
    .selectFrom("content_entries")
    .select(["value", "version", "updated_at", "updated_by"])
    .where("key", "=", copyKey(doc))
    .where("locale", "=", locale)
    .executeTakeFirst();
  return row ? { value: parse(row.value), version: Number(row.version), at: Number(row.updated_at), by: row.updated_by } : null;
}
export async function draftRow(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<DraftInfo | null> {
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
/**
 * What an emptied field of a document falls back to (what the checks accept empty): in English its defaults; in a
 * translation what its page shows where the translation is empty (the shipped one, or the English).
 */
export async function fallbackOf(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<Record<string, unknown>> {
  if (locale === "en") return doc.defaults(locale) as Record<string, unknown>;
  return translated(doc, undefined, await storedCopy(deps, doc, "en"), locale).value;
}

/** A document in one locale as its page shows it, from a stored value (a translation merged over the English). */
export async function shownAs(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, stored: unknown, storedEnglish?: unknown): Promise<Record<string, unknown>> {
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
/** An audit line's detail: the field paths that changed (the first 40). */
export function describe(paths: string[]): string {
  if (paths.length === 0) return "no field changed";
  const shownPaths = paths.slice(0, 40).join(", ");
  return `changed: ${shownPaths}${paths.length > 40 ? ` and ${paths.length - 40} more` : ""}`;
}
