import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import type { CopyDoc, CopyLocale, DocValue, Field } from "../../../shared/copy/fields";
import { mergeDoc, mergeTranslation } from "../../../shared/copy/merge";
import { readEntries } from "./store";
import { previewDraft } from "./preview";
import { contentMemory, contentVersion } from "./version";

/** A document's published copy is stored as `copy.<id>` under its locale. */
export const COPY_PREFIX = "copy.";

type Memo = { version: string; docs: Map<string, unknown> };
const memo = (db: Db) => contentMemory(db, "copy", () => ({ last: undefined as Memo | undefined }));

/**
 * A document's published copy in one locale: the stored value merged over the defaults (a field left empty shows
 * its default). Read once per content version and process, like the settings (the version is read at most once a
 * second), so a cached page keyed by that version never shows older copy. During a database outage the copy last
 * read holds; a document never read shows its defaults. Inside a staff member's preview render the document's draft
 * shows instead (server/services/content/preview.ts).
 */
export async function readCopy<S extends Readonly<Record<string, Field>>>(deps: Pick<Deps, "db">, doc: CopyDoc<S>, locale: CopyLocale = "en"): Promise<DocValue<S>> {
  // A staff member's preview (decision 0027): the draft over the defaults, for this request alone, never remembered.
  const draft = previewDraft(`${COPY_PREFIX}${doc.id}`, locale);
  if (draft && locale === "en") return mergeDoc(doc.sections, draft.value, doc.defaults(locale));
  if (draft) return translated(doc, draft.value, await storedCopy(deps, doc, "en"), locale).value as DocValue<S>;
  const held = memo(deps.db);
  const cacheKey = `${doc.id}\u0000${locale}`;
  let version: string;
  try {
    version = await contentVersion(deps.db);
  } catch {
    return (held.last?.docs.get(cacheKey) as DocValue<S> | undefined) ?? doc.defaults(locale);
  }
  if (held.last?.version === version && held.last.docs.has(cacheKey)) return held.last.docs.get(cacheKey) as DocValue<S>;
  let value: DocValue<S>;
  try {
    const stored = await storedCopy(deps, doc, locale);
    value = locale === "en" ? mergeDoc(doc.sections, stored, doc.defaults(locale)) : (translated(doc, stored, await storedCopy(deps, doc, "en"), locale).value as DocValue<S>);
  } catch {
    return (held.last?.docs.get(cacheKey) as DocValue<S> | undefined) ?? doc.defaults(locale);
  }
  if (!held.last || Number(held.last.version) < Number(version)) held.last = { version, docs: new Map() };
  if (held.last.version === version) held.last.docs.set(cacheKey, value);
  return value;
}

/** A document's stored (published) value in one locale, as saved (not merged); undefined when none is stored. */
export async function storedCopy(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale): Promise<unknown> {
  const entries = await readEntries(deps, `${COPY_PREFIX}${doc.id}`, locale);
  return entries.find((e) => e.key === `${COPY_PREFIX}${doc.id}`)?.value;
}

/**
 * A translation as its page shows it, and the fields that show English instead (decision 0032): `stored` over the
 * shipped translation while the English (`storedEnglish` over the English defaults) is unchanged, else the English.
 */
export function translated(doc: CopyDoc, stored: unknown, storedEnglish: unknown, locale: CopyLocale): { value: Record<string, unknown>; missing: string[] } {
  return mergeTranslation(doc.sections, stored, storedEnglish, doc.defaults(locale), doc.defaults("en"));
}

/** What a page in `locale` shows in English for want of a translation (the studio lists it beside the editor). */
export async function missingTranslation(deps: Pick<Deps, "db">, doc: CopyDoc, locale: CopyLocale, stored?: unknown): Promise<string[]> {
  if (locale === "en") return [];
  const own = stored === undefined ? await storedCopy(deps, doc, locale) : stored;
  return translated(doc, own, await storedCopy(deps, doc, "en"), locale).missing;
}
