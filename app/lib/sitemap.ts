import { LEGAL_LAST_UPDATED, ROBOTS_DISALLOW, SITEMAP_PAGES, type SitemapPage } from "@shared/content";

export type SitemapEntry = { path: string; lastmod?: string; changefreq?: SitemapPage["changefreq"]; priority?: number };

const XML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" };
const escapeXml = (value: string) => value.replace(/[&<>"']/g, (c) => XML_ESCAPES[c] ?? c);

const LEGAL_PATHS = new Set(["/privacy", "/terms", "/refund"]);

/** The site's own pages, with the legal documents' date as their last change. */
export function staticSitemapEntries(): SitemapEntry[] {
  return SITEMAP_PAGES.map((page) => ({
    ...page,
    lastmod: LEGAL_PATHS.has(page.path) ? LEGAL_LAST_UPDATED.iso : undefined,
  }));
}

/** A sitemaps.org urlset with absolute URLs on the configured public site. */
export function sitemapXml(publicUrl: string, entries: readonly SitemapEntry[]): string {
  const urls = entries.map((entry) => {
    const parts = [`<loc>${escapeXml(`${publicUrl}${entry.path}`)}</loc>`];
    if (entry.lastmod) parts.push(`<lastmod>${escapeXml(entry.lastmod)}</lastmod>`);
    if (entry.changefreq) parts.push(`<changefreq>${entry.changefreq}</changefreq>`);
    if (entry.priority !== undefined) parts.push(`<priority>${entry.priority.toFixed(1)}</priority>`);
    return `  <url>${parts.join("")}</url>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
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
