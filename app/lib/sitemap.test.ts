import { describe, expect, it } from "vitest";
import { SITEMAP_PAGES } from "@shared/content";
import { robotsTxt, sitemapXml, staticSitemapEntries } from "./sitemap";

describe("sitemap.xml", () => {
  it("lists every public page as an absolute URL and escapes XML", () => {
    const xml = sitemapXml("https://wp.example.com", [...staticSitemapEntries(), { path: "/blog/a&b<c>", lastmod: "2026-01-02" }]);
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">')).toBe(true);
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toEqual([...SITEMAP_PAGES.map((p) => `https://wp.example.com${p.path}`), "https://wp.example.com/blog/a&amp;b&lt;c&gt;"]);
    expect(xml).toContain("<lastmod>2026-01-02</lastmod>");
    expect(xml.match(/<url>/g)).toHaveLength(SITEMAP_PAGES.length + 1);
    expect(xml).not.toContain("/studio");
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
