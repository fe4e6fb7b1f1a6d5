/**
 * Search and sharing in Hindi (issue 44, item 7): every Hindi page has its own Hindi <title> and description,
 * og:locale hi_IN, and structured data in Hindi (`inLanguage` hi-IN, Hindi descriptions, the WhatsApp contact point
 * prefilled in Hindi) — the home and about pages' Organization and WebSite included.
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
const PAGES = ["/", ...CONTENT_PAGE_PATHS, "/blogs", "/contact", "/sign-in", "/get-started", "/forgot-password"];
const DEVANAGARI = /[\u0900-\u097F]/;

const decode = (s: string) => s.replace(/&amp;/g, "&").replace(/&quot;/g, '"').replace(/&#x27;|&#39;/g, "'").replace(/&lt;/g, "<").replace(/&gt;/g, ">");
const title = (html: string) => decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
const metaContent = (html: string, attr: string, name: string) =>
  decode(new RegExp(`<meta ${attr}="${name}" content="([^"]*)"`).exec(html)?.[1] ?? "");
function jsonLd(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) => {
    const data = JSON.parse(m[1]!) as Record<string, unknown> | Record<string, unknown>[];
    return Array.isArray(data) ? data : [data];
  });
}
/** Every value under a key anywhere in a JSON-LD tree. */
function valuesOf(node: unknown, key: string, out: unknown[] = []): unknown[] {
  if (Array.isArray(node)) for (const n of node) valuesOf(n, key, out);
  else if (node && typeof node === "object") {
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(v);
      valuesOf(v, key, out);
    }
  }
  return out;
}

describe.skipIf(!HAVE_BUILD).each(testDatabaseKinds())(`Hindi search and sharing on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  const site = useTestSite(kind, { app: true });

  it("every Hindi page: its own Hindi title and description, og:locale hi_IN, JSON-LD in Hindi", async () => {
    await insertBlogs(site.deps, [blogInput("seo-hindi-post", { title: "हिन्दी में एक लेख", excerpt: "हिन्दी लेख का सार", date: "2024-05-02" })]);
    await site.t.db.kysely.updateTable("blogs").set({ language: "hi" }).where("slug", "=", "seo-hindi-post").execute();
    const found: string[] = [];
    for (const p of [...PAGES, "/blog/seo-hindi-post"]) {
      const hiPath = localePath(p, "hi");
      const res = await site.app.request(hiPath);
      expect(res.status, hiPath).toBe(200);
      const html = await res.text();
      const t = title(html);
      if (!DEVANAGARI.test(t)) found.push(`${hiPath}: <title> ${t}`);
      if (p !== "/blog/seo-hindi-post") {
        const en = title(await (await site.app.request(p)).text());
        if (t === en) found.push(`${hiPath}: the English <title> ${t}`);
      }
      for (const [attr, name] of [["name", "description"], ["property", "og:title"], ["property", "og:description"]] as const) {
        if (!DEVANAGARI.test(metaContent(html, attr, name))) found.push(`${hiPath}: ${name} ${metaContent(html, attr, name)}`);
      }
      if (metaContent(html, "property", "og:locale") !== "hi_IN") found.push(`${hiPath}: og:locale ${metaContent(html, "property", "og:locale")}`);
      const data = jsonLd(html);
      for (const lang of valuesOf(data, "inLanguage")) if (lang !== "hi-IN") found.push(`${hiPath}: inLanguage ${String(lang)}`);
      for (const d of valuesOf(data, "description")) if (!DEVANAGARI.test(String(d))) found.push(`${hiPath}: JSON-LD description ${String(d).slice(0, 60)}`);
      for (const url of valuesOf(data, "url").map(String).filter((u) => u.includes("wa.me"))) {
        if (!DEVANAGARI.test(decodeURIComponent(new URL(url).searchParams.get("text") ?? ""))) found.push(`${hiPath}: WhatsApp prefill ${url}`);
      }
      for (const d of data.filter((x) => x["@type"] === "WebSite" || x["@type"] === "Organization")) {
        if (!String(d.url).endsWith("/hi")) found.push(`${hiPath}: ${String(d["@type"])} url ${String(d.url)}`);
      }
    }
    expect(found).toEqual([]);
  });

  it("the Hindi home's title carries words, not the bare name, and its WebSite says hi-IN", async () => {
    const html = await (await site.app.request("/hi")).text();
    expect(title(html)).toBe("Wise Parrot – WhatsApp पर आपका AI ग्रोथ असिस्टेंट");
    const website = jsonLd(html).find((d) => d["@type"] === "WebSite");
    expect(website?.inLanguage).toBe("hi-IN");
    // English is unchanged.
    const en = await (await site.app.request("/")).text();
    expect(title(en)).toBe("Wise Parrot");
    expect(jsonLd(en).find((d) => d["@type"] === "WebSite")?.inLanguage).toBe("en-IN");
  });
});
