import { describe, expect, it } from "vitest";
import { SITEMAP_PAGES } from "@shared/content";
import { robotsTxt, sitemapXml, staticSitemapEntries } from "./sitemap";

describe("sitemap.xml", () => {
  it("lists every public page as an absolute URL and escapes XML", () => {
    const xml = sitemapXml("https://wp.example.com", [...staticSitemapEntries(), { path: "/blog/a&b<c>", lastmod: "2026-01-02" }]);
    // Issue 33: the urlset also declares the xhtml namespace of the language alternates, and every page is listed in
    // both languages (English first, as before, then Hindi under /hi).
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([
      ...SITEMAP_PAGES.map((p) => `https://wp.example.com${p.path}`),
      ...SITEMAP_PAGES.map((p) => `https://wp.example.com${p.path === "/" ? "/hi" : `/hi${p.path}`}`),
      "https://wp.example.com/blog/a&amp;b&lt;c&gt;",
    ]);
    expect(xml).toContain("<lastmod>2026-01-02</lastmod>");
    expect(xml.match(/<url>/g)).toHaveLength(2 * SITEMAP_PAGES.length + 1);
    expect(xml).not.toContain("/studio");
  });
});

describe("sitemap.xml's language alternates (issue 33)", () => {
  it("names each page's English and Hindi address and x-default (English) on both entries", () => {
    const xml = sitemapXml("https://wp.example.com", staticSitemapEntries());
    const entry = (loc: string) => xml.split("\n").find((line) => line.includes(`<loc>${loc}</loc>`)) ?? "";
    for (const loc of ["https://wp.example.com/about", "https://wp.example.com/hi/about"]) {
      const line = entry(loc);
      expect(line).toContain('<xhtml:link rel="alternate" hreflang="en" href="https://wp.example.com/about"/>');
      expect(line).toContain('<xhtml:link rel="alternate" hreflang="hi" href="https://wp.example.com/hi/about"/>');
      expect(line).toContain('<xhtml:link rel="alternate" hreflang="x-default" href="https://wp.example.com/about"/>');
    }
    expect(entry("https://wp.example.com/hi")).toContain('hreflang="en" href="https://wp.example.com/"');
  });

  it("names only the languages a post exists in: one for a post alone, both for a pair", () => {
    const xml = sitemapXml("https://wp.example.com", [
      { path: "/hi/blog/akela", alternates: { hi: "/hi/blog/akela" } },
      { path: "/blog/pair", alternates: { en: "/blog/pair", hi: "/hi/blog/jodi" } },
    ]);
    const [alone, pair] = xml.split("\n").filter((l) => l.includes("<url>"));
    expect(alone!.match(/xhtml:link/g)).toHaveLength(2);
    expect(alone).toContain('hreflang="x-default" href="https://wp.example.com/hi/blog/akela"');
    expect(pair).toContain('hreflang="hi" href="https://wp.example.com/hi/blog/jodi"');
    expect(pair).toContain('hreflang="x-default" href="https://wp.example.com/blog/pair"');
  });
});

describe("robots.txt", () => {
  it("allows the site, keeps crawlers off the API and points at the sitemap", () => {
    const text = robotsTxt("https://wp.example.com");
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    // The studio and its API: "/studio" covers every page under it, "/api/" the studio's API.
    expect(text).toMatch(/^Disallow: \/studio$/m);
    expect(text).toMatch(/^Sitemap: https:\/\/wp\.example\.com\/sitemap\.xml$/m);
  });
});
