import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { POST_TRANSLATION_LINK } from "@shared/content/blog";
import type { Locale } from "@shared/i18n";
import { LOCALE_NAME } from "@shared/i18n";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

/**
 * A post's language, where a page in the other language shows it (issue 33): "English" on a Hindi page, "हिन्दी" on
 * an English one, written in (and marked as) that language so screen readers say it right.
 */
export function LanguageMark({ language }: { language: Locale }) {
  return (
    <span lang={language} data-testid="post-language" className="rounded-full bg-sky-50 px-2.5 py-1 font-semibold text-sky-900 ring-1 ring-sky-200">
      {LOCALE_NAME[language]}
    </span>
  );
}

/**
 * A category's name for the page's language: `hindiNames` on a Hindi page, null on an English one (the stored value
 * is English; an owner's own category shows as it is).
 */
export function categoryName(category: string, hindiNames: Readonly<Record<string, string>> | null): string {
  return hindiNames?.[category] ?? category;
}

/**
 * The link from a post to its translation (issue 33): "Read this in Hindi" on an English page, "यह लेख अंग्रेज़ी में
 * पढ़ें" on a Hindi one. `hrefLang` tells browsers and crawlers where it goes.
 */
export function TranslationLink({ href, locale, language }: { href: string; locale: Locale; language: Locale }) {
  const words = locale === "hi" ? hindiNow(HINDI_BLOG).POST_LANGUAGE_LINKS.hi : POST_TRANSLATION_LINK;
  return (
    <p className="mt-4" data-testid="translation-link">
      <a href={href} hrefLang={language} className="inline-flex min-h-11 items-center gap-1 font-semibold text-emerald-800 underline underline-offset-4">
        {words.before}
        <span lang={words.nameLang}>{words.name}</span>
        {words.after} →
      </a>
    </p>
  );
}
