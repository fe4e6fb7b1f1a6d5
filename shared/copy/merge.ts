import { isHttpUrl, isImageAddress } from "../http-url";
import type { Field } from "./fields";

/**
 * The value a page shows for one field: the stored value where it is usable, else the default. A text that is empty,
 * too long or not text, a URL that is not http(s), a choice not offered: the default shows (a rule made stricter
 * after the owner saved never shows a broken value). A list is the stored list (at most `max` items), each item
 * merged with the default item at its place (none for an added item: its unusable parts are empty).
 */
export function mergeField(field: Field, stored: unknown, fallback: unknown): unknown {
  switch (field.kind) {
    case "text": {
      if (typeof stored === "string" && stored.trim() !== "" && stored.length <= field.max) return stored;
      return typeof fallback === "string" ? fallback : "";
    }
    case "url": {
      if (typeof stored === "string" && (field.media ? isImageAddress(stored) : isHttpUrl(stored))) return stored;
      return typeof fallback === "string" ? fallback : "";
    }
    case "choice": {
      if (typeof stored === "string" && field.options.some((o) => o.value === stored)) return stored;
      return typeof fallback === "string" ? fallback : (field.options[0]?.value ?? "");
    }
    case "group": {
      const s = isRecord(stored) ? stored : {};
      const f = isRecord(fallback) ? fallback : {};
      return Object.fromEntries(Object.entries(field.fields).map(([k, sub]) => [k, mergeField(sub, s[k], f[k])]));
    }
    case "list": {
      const f = Array.isArray(fallback) ? fallback : [];
      if (!Array.isArray(stored)) return f.map((item) => mergeField(field.item, item, item));
      return stored.slice(0, field.max).map((item, i) => mergeField(field.item, item, f[i]));
    }
  }
}

/** Merges a stored document over its defaults, section by section. */
export function mergeDoc<T>(sections: Readonly<Record<string, Field>>, stored: unknown, defaults: T): T {
  const s = isRecord(stored) ? stored : {};
  const d = defaults as Record<string, unknown>;
  return Object.fromEntries(Object.entries(sections).map(([k, field]) => [k, mergeField(field, s[k], d[k])])) as T;
}

/** A plain object (not null, not an array): what a stored group or document must be. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A translation's value (issue 33, decision 0032): what a Hindi page shows for one field, and the fields where it
 * had to show English (`missing`, dotted paths such as `hero.heading` or `items.3.title`).
 *
 * - The stored translation, where usable, wins.
 * - Else the shipped translation of the default, but only while the English is still that default: once the owner
 *   has changed the English, an old translation of the old text would say something the owner no longer says, so
 *   the English shows (and the field is listed as missing).
 * - Else the English as visitors see it (never a hole).
 *
 * URLs and choices (icons, ratings) belong to no language: an unset one is the English one, never "missing". A list
 * is the stored translated list if there is one (and the English items beyond its end, in English); else as long as
 * the English list, item by item as above.
 */
export function mergeTranslation(
  sections: Readonly<Record<string, Field>>,
  stored: unknown,
  storedEnglish: unknown,
  defaults: unknown,
  englishDefaults: unknown,
): { value: Record<string, unknown>; missing: string[] } {
  const missing: string[] = [];
  const s = isRecord(stored) ? stored : {};
  const se = isRecord(storedEnglish) ? storedEnglish : {};
  const d = isRecord(defaults) ? defaults : {};
  const de = isRecord(englishDefaults) ? englishDefaults : {};
  const value = Object.fromEntries(
    Object.entries(sections).map(([k, field]) => [k, translateField(field, s[k], se[k], d[k], de[k], k, missing)]),
  );
  return { value, missing };
}

function translateField(field: Field, stored: unknown, storedEnglish: unknown, fallback: unknown, englishFallback: unknown, path: string, missing: string[]): unknown {
  const english = mergeField(field, storedEnglish, englishFallback);
  switch (field.kind) {
    case "url":
    case "choice":
      return mergeField(field, stored, english);
    case "text": {
      if (typeof stored === "string" && stored.trim() !== "" && stored.length <= field.max) return stored;
      const englishIsDefault = english === englishFallback;
      if (englishIsDefault && typeof fallback === "string" && fallback.trim() !== "") return fallback;
      if (typeof english === "string" && english !== "") missing.push(path);
      return english;
    }
    case "group": {
      const s = isRecord(stored) ? stored : {};
      const se = isRecord(storedEnglish) ? storedEnglish : {};
      const f = isRecord(fallback) ? fallback : {};
      const fe = isRecord(englishFallback) ? englishFallback : {};
      return Object.fromEntries(
        Object.entries(field.fields).map(([k, sub]) => [k, translateField(sub, s[k], se[k], f[k], fe[k], `${path}.${k}`, missing)]),
      );
    }
    case "list": {
      const f = Array.isArray(fallback) ? fallback : [];
      const fe = Array.isArray(englishFallback) ? englishFallback : [];
      const englishItems = english as unknown[];
      const se = Array.isArray(storedEnglish) ? storedEnglish : undefined;
      if (Array.isArray(stored)) {
        // The owner's own translated list: its items, each over the shipped translation and English at its place;
        // items the English list has beyond it (added in English after the translation was saved) show in English
        // rather than not at all.
        const own = stored.slice(0, field.max);
        const count = Math.min(field.max, Math.max(own.length, englishItems.length));
        return Array.from({ length: count }, (_, i) =>
          translateField(field.item, own[i], se ? se[i] : fe[i], f[i], fe[i], `${path}.${i}`, missing),
        );
      }
      return englishItems.map((_, i) => translateField(field.item, undefined, se ? se[i] : fe[i], f[i], fe[i], `${path}.${i}`, missing));
    }
  }
}
