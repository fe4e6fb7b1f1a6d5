/**
 * The owner's copy (issue 28, decision 0027): every public page's words as structured documents the studio edits.
 * A document is an object of sections; each section is described by a Field, so the studio draws its form, the
 * server validates what it gets and the page reads typed values, from one description. Never free HTML: every
 * text is rendered escaped; a URL field accepts http(s) only.
 *
 * A document's defaults are today's strings (the spec's, word for word): a fresh install, with no stored copy, looks
 * exactly as before. A stored value is merged over the defaults field by field, so a field left empty (or one added
 * to the code after the owner saved) shows its default rather than a hole.
 */

/** One text: a headline, a paragraph (multiline), a button's label. `max` bounds its length (layout and storage). */
export type TextField = {
  kind: "text";
  label: string;
  max: number;
  multiline?: boolean;
  hint?: string;
  /** May stay empty even where there is no default to fall back to (an item added beyond the defaults). */
  optional?: boolean;
};
/**
 * An http(s) address (checked), or empty for the default. `media`: an image, which may also be one of the media
 * library's files (`/media/<name>`, on this site); the studio offers the library beside the field. `optional`: may stay
 * empty where there is no default (an item added beyond the defaults).
 */
export type UrlField = { kind: "url"; label: string; hint?: string; media?: boolean; optional?: boolean };
/** One of a fixed set (an icon, a comparison value yes/no/partial, a rating 1–5 as "1".."5"). */
export type ChoiceField = { kind: "choice"; label: string; options: readonly { value: string; label: string }[]; hint?: string };
/** A group of named fields (a card: title, description, icon). */
export type GroupField = { kind: "group"; label: string; fields: Readonly<Record<string, Field>>; hint?: string };
/** An ordered list of items, each one field (often a group); `min`/`max` bound how many. */
export type ListField = { kind: "list"; label: string; item: Field; min?: number; max: number; itemLabel: string; hint?: string };

export type Field = TextField | UrlField | ChoiceField | GroupField | ListField;

/** The value a field holds. */
export type ValueOf<F extends Field> = F extends TextField | UrlField | ChoiceField
  ? string
  : F extends GroupField
    ? { [K in keyof F["fields"]]: ValueOf<F["fields"][K]> }
    : F extends ListField
      ? ValueOf<F["item"]>[]
      : never;

/** The languages copy is kept in: English (the default) and Hindi (issue 33, decision 0032). */
export const COPY_LOCALES = ["en", "hi"] as const;
export type CopyLocale = (typeof COPY_LOCALES)[number];

/**
 * One editable document: a public page's copy (`home`, `about`, `legal.privacy`, …), the site's shell (banner and
 * footer rotations), the FAQ, the help assistant's replies. `path` is the public page a preview renders (none for
 * documents shown on every page, whose preview is the home page).
 */
export type CopyDoc<S extends Readonly<Record<string, Field>> = Readonly<Record<string, Field>>> = {
  /** Stored as `copy.<id>` under its locale in content_entries. Letters, digits, dots and dashes. */
  id: string;
  /** What the studio lists ("Home page", "About page", "Frequently asked questions"). */
  title: string;
  /** Who may edit: page copy and the FAQ are owner and editor (settings are owner only, elsewhere). */
  path?: string;
  sections: S;
  /** Today's strings: what a fresh install shows, and what an emptied field falls back to. */
  defaults: (locale: CopyLocale) => DocValue<S>;
};

export type DocValue<S extends Readonly<Record<string, Field>>> = { [K in keyof S]: ValueOf<S[K]> };

/** Declares a document with its value type inferred from its sections. */
export function defineCopyDoc<const S extends Readonly<Record<string, Field>>>(doc: CopyDoc<S>): CopyDoc<S> {
  return doc;
}
