/**
 * Every public page in Hindi under /hi (issue 33, decision 0032): the address carries the language, `<html lang>`
 * follows it, each page pair names the other (hreflang en/hi/x-default) and its own canonical, the shared pages are
 * cached as their own bodies, nothing redirects by Accept-Language, and an unknown /hi address is a Hindi 404.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { insertBlogs } from "../../server/services/blog/posts";
import { CONTENT_PAGE_PATHS } from "../../shared/content-pages";
import { localePath } from "../../shared/i18n";
import { testDatabaseKinds } from "../helpers/databases";
import { buildDir, buildPresent } from "../helpers/built-server";
import { blogInput, useTestSite } from "../helpers/test-site";

const BUILD_DIR = buildDir();
const HAVE_BUILD = buildPresent();

const post = (slug: string, title: string, day: number) => blogInput(slug, { title, date: `2024-05-${String(day).padStart(2, "0")}` });

const PAGES = [...CONTENT_PAGE_PATHS, "/blogs", "/contact", "/sign-in", "/get-started", "/forgot-password"];

const htmlLang = (html: string) => /<html[^>]*\slang="([^"]+)"/.exec(html)?.[1];
const canonical = (html: string) => /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
function alternates(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<link rel="alternate" hrefLang="([^"]+)" href="([^"]+)"/gi)) out[m[1]!] = m[2]!;
  return out;
}

describe.skipIf(!HAVE_BUILD).each(testDatabaseKinds())(`Hindi pages on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  const site = useTestSite(kind, { app: true });

  it("serves every public page under /hi with lang=hi, its own canonical and both languages as alternates", async () => {
    for (const p of PAGES) {
      const en = await site.app.request(p);
      const hi = await site.app.request(localePath(p, "hi"));
      expect(en.status, p).toBe(200);
      expect(hi.status, localePath(p, "hi")).toBe(200);
      const [enHtml, hiHtml] = [await en.text(), await hi.text()];
      expect(htmlLang(enHtml), p).toBe("en");
      expect(htmlLang(hiHtml), p).toBe("hi");
      const origin = new URL(canonical(enHtml)!).origin;
      expect(canonical(enHtml), p).toBe(`${origin}${p}`);
      expect(canonical(hiHtml), p).toBe(`${origin}${localePath(p, "hi")}`);
      const pair = { en: `${origin}${p}`, hi: `${origin}${localePath(p, "hi")}`, "x-default": `${origin}${p}` };
      expect(alternates(enHtml), p).toEqual(pair);
      expect(alternates(hiHtml), p).toEqual(pair);
      expect(hiHtml, p).toContain('content="hi_IN"');
    }
  });

  it("keeps the shared pages' bodies apart per language in the response cache", async () => {
    for (const p of CONTENT_PAGE_PATHS) {
      await site.app.request(localePath(p, "hi"));
      const again = await site.app.request(localePath(p, "hi"));
      expect(again.headers.get("x-cache"), p).toBe("hit");
      expect(htmlLang(await again.text()), p).toBe("hi");
      expect(htmlLang(await (await site.app.request(p)).text()), p).toBe("en");
    }
  });

  it("never redirects by Accept-Language", async () => {
    const res = await site.app.request("/about", { headers: { "accept-language": "hi-IN,hi;q=0.9" } });
    expect(res.status).toBe(200);
    expect(htmlLang(await res.text())).toBe("en");
    const back = await site.app.request("/hi/about", { headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(back.status).toBe(200);
    expect(htmlLang(await back.text())).toBe("hi");
  });

  it("has a feed per language: /rss.xml the English posts, /hi/rss.xml the Hindi ones, each linking to its language's pages", async () => {
    await insertBlogs(site.deps, [post("feed-english", "Feed English post", 1), post("feed-hindi", "हिन्दी फ़ीड लेख", 2)]);
    await site.t.db.kysely.updateTable("blogs").set({ language: "hi" }).where("slug", "=", "feed-hindi").execute();
    const en = await (await site.app.request("/rss.xml")).text();
    const hi = await site.app.request("/hi/rss.xml");
    expect(hi.status).toBe(200);
    expect(hi.headers.get("content-type")).toMatch(/application\/rss\+xml/);
    const hiXml = await hi.text();
    expect(en).toContain("<language>en</language>");
    expect(en).toContain("/blog/feed-english</link>");
    expect(en).not.toContain("feed-hindi");
    expect(hiXml).toContain("<language>hi</language>");
    expect(hiXml).toContain("/hi/blog/feed-hindi</link>");
    expect(hiXml).toContain("हिन्दी फ़ीड लेख");
    expect(hiXml).not.toContain("feed-english");
    expect(hiXml).toMatch(/<atom:link href="[^"]+\/hi\/rss\.xml"/);
  });

  it("answers an unknown Hindi address with a 404 page in Hindi's frame, not indexed", async () => {
    const res = await site.app.request("/hi/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(htmlLang(html)).toBe("hi");
    // Pages that are not Hindi's: the studio and test routes have no /hi twin.
    expect((await site.app.request("/hi/studio/invitation")).status).toBe(404);
  });
});
