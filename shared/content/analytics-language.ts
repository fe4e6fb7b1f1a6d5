import { LOCALE_NAME, type Locale } from "../i18n";

/** The studio's analytics by language (issue 33): the words of its table and filter (the studio is English). */
export const ANALYTICS_LANGUAGE_COPY = {
  caption: "Languages",
  language: "Language",
  views: "Page views",
  visits: "Visits (by first page)",
  note: "A page's language is its address: pages under /hi are Hindi.",
  filterLabel: "Language",
  /** How a language is named in the table and the filter: its own name (English, or Hindi in Devanagari), as the site's switch says it. */
  name: (locale: Locale) => LOCALE_NAME[locale],
} as const;
