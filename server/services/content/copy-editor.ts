import type { Deps } from "../../context";
import type { CopyDoc, CopyLocale, Field } from "../../../shared/copy/fields";
import { COPY_DOCS } from "../../../shared/copy/index";
import { isRecord, mergeDoc } from "../../../shared/copy/merge";
import { storedCopy, translated } from "./copy";
import { copyKey, type DraftInfo, draftRow, emailOf, liveEntry, parse } from "./copy-rows";

/** What the studio's copy editor and Pages list show: a document's state in one locale, the overviews of every document. */

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
