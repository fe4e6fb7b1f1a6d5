import { useLocation, useMatches } from "react-router";
import { LOCALE_NAME, LOCALE_TAG, type Locale, localePath, stripLocale } from "@shared/i18n";
import { onLanguageSwitchClick } from "~/lib/keep-typed";
import { useLocale } from "~/lib/locale";

/** The other language of the site (two languages: English and Hindi). */
export function otherLocale(locale: Locale): Locale {
  return locale === "hi" ? "en" : "hi";
}

/** The same page in another language: its path in that language, with the page's query kept. */
export function switchHref(pathname: string, search: string, to: Locale): string {
  return `${localePath(stripLocale(pathname), to)}${search}`;
}

/**
 * Where the switch (and the offer) to `to` goes from this page: the same page in that language; from the "not found"
 * page, that language's home page. The 404 must be the same page whatever unknown address (or hidden studio address,
 * server/pages/studio-gate.ts) was asked, so it must not carry the address back.
 */
export function useSwitchHref(to: Locale): string {
  const { pathname, search } = useLocation();
  const notFound = useMatches().at(-1)?.id.endsWith("routes/not-found") ?? false;
  return notFound ? localePath("/", to) : switchHref(pathname, search, to);
}

/**
 * The language switch (issue 33): "हिन्दी" on an English page, "English" on a Hindi one, to the same page in the
 * other language. A plain link, so the whole document loads in the other language (its frame, its copy, `lang`);
 * the link says its target's language (`hrefLang`) and its own (`lang`), so a screen reader reads the name right.
 * Following it keeps what the visitor typed and the page's `#fragment` (~/lib/keep-typed, decision 0054).
 */
export function LanguageSwitch({ className = "", labelClassName, onNavigate }: { className?: string; labelClassName?: string; onNavigate?: () => void }) {
  const to = otherLocale(useLocale());
  const href = useSwitchHref(to);
  return (
    <a
      href={href}
      lang={LOCALE_TAG[to]}
      hrefLang={LOCALE_TAG[to]}
      className={className}
      data-testid="language-switch"
      onClick={(event) => {
        onLanguageSwitchClick(event);
        onNavigate?.();
      }}
    >
      <svg viewBox="0 0 24 24" className="h-4 w-4 shrink-0" aria-hidden="true" focusable="false" fill="none" stroke="currentColor" strokeWidth="2">
        <circle cx="12" cy="12" r="9" />
        <path d="M3 12h18M12 3c2.5 2.6 3.8 5.6 3.8 9s-1.3 6.4-3.8 9c-2.5-2.6-3.8-5.6-3.8-9S9.5 5.6 12 3Z" />
      </svg>
      <span className={labelClassName}>{LOCALE_NAME[to]}</span>
    </a>
  );
}
