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
      if (typeof stored === "string" && isHttpUrl(stored)) return stored;
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

export function isHttpUrl(text: string): boolean {
  if (text.length > 2000) return false;
  try {
    const url = new URL(text);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** A plain object (not null, not an array): what a stored group or document must be. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
