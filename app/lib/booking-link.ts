import { localePath } from "@shared/i18n";
import { useLocale } from "./locale";
import { useSite } from "./site-context";

export type BookDemoLink = { href: string; target?: "_blank"; rel?: string; external: boolean };

/**
 * Where every Book Demo button goes (issue 42), decided once: the site's own /book-demo (in the page's language, in
 * the same tab) when the owner's Settings say "on this site", else the outside booking and payment link in a new tab
 * (the spec's). The address itself is resolved on the server (siteSettings' `site.bookingUrl`).
 */
export function useBookDemoLink(rel = "noopener"): BookDemoLink | null {
  const site = useSite();
  const locale = useLocale();
  if (!site) return null;
  if (site.bookingOnSite) return { href: localePath(site.bookingUrl, locale), external: false };
  return { href: site.bookingUrl, target: "_blank", rel, external: true };
}

/** The attributes of the link (without `external`). */
export function linkAttrs(link: BookDemoLink): { href: string; target?: "_blank"; rel?: string } {
  const { external: _external, ...attrs } = link;
  return attrs;
}
