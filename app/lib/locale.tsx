import { forwardRef } from "react";
import { Link, NavLink, type LinkProps, type NavLinkProps, useLocation } from "react-router";
import { type Locale, localeOfPath, localePath } from "@shared/i18n";

/**
 * The page's language, from its address (`/hi/…` is Hindi; decision 0032). The same on the server and in the
 * browser, so hydration never disagrees, and it needs no loader.
 */
export function useLocale(): Locale {
  return localeOfPath(useLocation().pathname);
}

/** Makes a site path the page's language's (`/contact` → `/hi/contact` on a Hindi page). */
export function useLocalePath(): (path: string) => string {
  const locale = useLocale();
  return (path) => localePath(path, locale);
}

/** The language of a request a loader or action answers. */
export function requestLocale(request: Request): Locale {
  return localeOfPath(new URL(request.url).pathname);
}

type To = LinkProps["to"];
function localize(to: To, locale: Locale): To {
  if (typeof to === "string") return localePath(to, locale);
  return to.pathname ? { ...to, pathname: localePath(to.pathname, locale) } : to;
}

/** A link to a site path in the page's language (a Link whose `to` is written in English paths). */
export const LocaleLink = forwardRef<HTMLAnchorElement, LinkProps>(function LocaleLink({ to, ...rest }, ref) {
  const locale = useLocale();
  return <Link ref={ref} to={localize(to, locale)} {...rest} />;
});

/** A NavLink to a site path in the page's language. */
export const LocaleNavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function LocaleNavLink({ to, ...rest }, ref) {
  const locale = useLocale();
  return <NavLink ref={ref} to={localize(to, locale)} {...rest} />;
});

/**
 * The `lang` a text needs on this page: a text with no Devanagari on a Hindi page is the owner's English (an address
 * not yet given in Hindi, an English post's title), so screen readers read it as English; elsewhere none.
 */
export function useTextLang(): (text: string) => "en" | undefined {
  const locale = useLocale();
  return (text) => (locale === "hi" && !/[\u0900-\u097F]/.test(text) ? "en" : undefined);
}
