import { LEGAL_LAST_UPDATED, ROBOTS_DISALLOW, SITEMAP_PAGES, type SitemapPage } from "@shared/content";
import { LOCALES, LOCALE_TAG, type Locale, localePath } from "@shared/i18n";

export type SitemapEntry = {
  path: string;
  lastmod?: string;
  changefreq?: SitemapPage["changefreq"];
  priority?: number;
  /** The page in each language (issue 33), written out as `xhtml:link rel="alternate" hreflang` with x-default. */
  alternates?: Partial<Record<Locale, string>>;
};

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const LEGAL_PATHS = new Set(["/privacy", "/terms", "/refund"]);

/** The site's own pages in every language, each naming the others, with the legal documents' date as their last change. */
export function staticSitemapEntries(): SitemapEntry[] {
  return LOCALES.flatMap((locale) =>
    SITEMAP_PAGES.map((page) => ({
      ...page,
      path: localePath(page.path, locale),
      lastmod: LEGAL_PATHS.has(page.path) ? LEGAL_LAST_UPDATED.iso : undefined,
      alternates: Object.fromEntries(LOCALES.map((l) => [l, localePath(page.path, l)])),
    })),
  );
}

/** The `xhtml:link` alternates of one entry: each language's address, then x-default (English where there is one). */
function alternateLinks(publicUrl: string, alternates: Partial<Record<Locale, string>>): string[] {
  const links: string[] = [];
  for (const l of LOCALES) {
    const href = alternates[l];
    if (href !== undefined) links.push(`<xhtml:link rel="alternate" hreflang="${LOCALE_TAG[l]}" href="${escapeXml(`${publicUrl}${href}`)}"/>`);
  }
  const fallback = alternates.en ?? Object.values(alternates)[0];
  if (fallback !== undefined) links.push(`<xhtml:link rel="alternate" hreflang="x-default" href="${escapeXml(`${publicUrl}${fallback}`)}"/>`);
  return links;
}

/** A sitemaps.org urlset with absolute URLs on the configured public site, and each page's language alternates. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>`];
    if (entry.lastmod) parts.push(`<lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    if (entry.alternates) parts.push(...alternateLinks(publicUrl, entry.alternates));
    return `  <url>${parts.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${urls.join("\n")}\n</urlset>\n`;
}

/** robots.txt: everything public may be crawled; the API and private screens are skipped. */
export function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`),
    "",
    `Sitemap: ${publicUrl}/sitemap.xml`,
    "",
  ].join("\n");
}
