/**
 * The site's languages (issue 33, decision 0032). English is served at the root (`/about`), Hindi under `/hi`
 * (`/hi/about`, `/hi` for the home page). The URL alone carries the language: no cookie, no redirect by
 * Accept-Language. Every public page exists in both; the studio is English.
 */
export const LOCALES = ["en", "hi"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** The prefix of a locale's pages ("" for English). */
export const LOCALE_PREFIX: Readonly<Record<Locale, string>> = { en: "", hi: "/hi" };

/** What `<html lang>`, `hreflang` and JSON-LD's `inLanguage` say. */
export const LOCALE_TAG: Readonly<Record<Locale, string>> = { en: "en", hi: "hi" };
/** Open Graph's `og:locale`. */
export const OG_LOCALE: Readonly<Record<Locale, string>> = { en: "en_IN", hi: "hi_IN" };
/** The language's own name, as the switch shows it. */
export const LOCALE_NAME: Readonly<Record<Locale, string>> = { en: "English", hi: "हिन्दी" };

export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language of a site path: `/hi` and `/hi/…` are Hindi, everything else English. */
export function localeOfPath(pathname: string): Locale {
  return pathname === "/hi" || pathname.startsWith("/hi/") ? "hi" : "en";
}

/** A site path without its language prefix (`/hi/about` → `/about`, `/hi` → `/`). */
export function stripLocale(pathname: string): string {
  if (localeOfPath(pathname) === "en") return pathname;
  const rest = pathname.slice(LOCALE_PREFIX.hi.length);
  return rest === "" ? "/" : rest;
}

/**
 * A site path in a language: `localePath("/about", "hi")` is `/hi/about`, `localePath("/", "hi")` is `/hi`. A path
 * that already names a language is first stripped of it; a query or hash is kept; anything that is not a site path
 * (an absolute URL, `mailto:`, `#section`) is returned as it is.
 */
export function localePath(path: string, locale: Locale): string {
  if (!path.startsWith("/") || path.startsWith("//")) return path;
  const cut = path.search(/[?#]/);
  const pathname = cut === -1 ? path : path.slice(0, cut);
  const tail = cut === -1 ? "" : path.slice(cut);
  const bare = stripLocale(pathname);
  if (locale === "en") return `${bare}${tail}`;
  return `${LOCALE_PREFIX[locale]}${bare === "/" ? "" : bare}${tail}`;
}

/**
 * The shape of a translation of an English constant: the same keys, any text where the English has a literal,
 * functions with the same parameters. A Hindi module is typed `Translation<typeof ENGLISH>`, so a key missing or
 * added on one side fails the typecheck.
 */
export type Translation<T> = T extends string
  ? string
  : T extends number | boolean | null | undefined
    ? T
    : T extends (...args: infer A) => infer R
      ? (...args: A) => Translation<R>
      : T extends readonly (infer U)[]
        ? readonly Translation<U>[]
        : { readonly [K in keyof T]: Translation<T[K]> };

/** The text of a locale, from the English constant and its translation. */
export function inLocale<T>(locale: Locale, en: T, hi: Translation<T>): T | Translation<T> {
  return locale === "hi" ? hi : en;
}
