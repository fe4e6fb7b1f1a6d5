import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import type { CopyDoc, CopyLocale, DocValue, Field } from "../../../shared/copy/fields";
import { mergeDoc } from "../../../shared/copy/merge";
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
  if (draft) return mergeDoc(doc.sections, draft.value, doc.defaults(locale));
  const held = memo(deps.db);
  const cacheKey = `${doc.id}\u0000${locale}`;
  let version: string;
  try {
    version = await contentVersion(deps.db);
  } catch {
    return (held.last?.docs.get(cacheKey) as DocValue<S> | undefined) ?? doc.defaults(locale);
  }
  if (held.last?.version === version && held.last.docs.has(cacheKey)) return held.last.docs.get(cacheKey) as DocValue<S>;
  let stored: unknown;
  try {
    const entries = await readEntries(deps, `${COPY_PREFIX}${doc.id}`, locale);
    stored = entries.find((e) => e.key === `${COPY_PREFIX}${doc.id}`)?.value;
  } catch {
    return (held.last?.docs.get(cacheKey) as DocValue<S> | undefined) ?? doc.defaults(locale);
  }
  const value = mergeDoc(doc.sections, stored, doc.defaults(locale));
  if (!held.last || Number(held.last.version) < Number(version)) held.last = { version, docs: new Map() };
  if (held.last.version === version) held.last.docs.set(cacheKey, value);
  return value;
}
