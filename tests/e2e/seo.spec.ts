import { createHash } from "node:crypto";
import { ABOUT, HOME_META, LEGAL_DOCUMENTS, SEO, SITEMAP_PAGES } from "../../shared/content";
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";

const PAGES = [
  { path: "/", description: HOME_META.description, jsonLd: ["Organization", "WebSite", "FAQPage"] },
  { path: "/about", description: ABOUT.meta.description, jsonLd: ["Organization", "BreadcrumbList"] },
  ...LEGAL_DOCUMENTS.map((d) => ({ path: d.path, description: d.description, jsonLd: ["BreadcrumbList"] })),
];

type LdItem = Record<string, unknown> & { "@type": string };

test.describe("search-engine presence", () => {
  test("every page has its own title, description, canonical URL, Open Graph and Twitter tags and a share image", async ({ page, server, request }) => {
    await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
    const titles = new Set<string>();
    for (const { path, description } of PAGES) {
      await page.goto(path);
      const title = await page.title();
      expect(title, path).toMatch(/Wise Parrot/);
      titles.add(title);
      const meta = (selector: string) => page.locator(`head ${selector}`).getAttribute("content");
      expect(await meta('meta[name="description"]')).toBe(description);
      const canonical = `${server.url}${path}`;
      await expect(page.locator('head link[rel="canonical"]')).toHaveAttribute("href", canonical);
      expect(await meta('meta[property="og:url"]')).toBe(canonical);
      expect(await meta('meta[property="og:title"]')).toBe(title);
      expect(await meta('meta[property="og:description"]')).toBe(description);
      expect(await meta('meta[property="og:type"]')).toBe("website");
      expect(await meta('meta[name="twitter:card"]')).toBe("summary_large_image");
      expect(await meta('meta[name="twitter:title"]')).toBe(title);
      const image = await meta('meta[property="og:image"]');
      expect(image).toBe(`${server.url}${SEO.shareImage.path}`);
      expect(await meta('meta[name="twitter:image"]')).toBe(image);
      await expect(page.locator('head link[rel="manifest"]')).toHaveAttribute("href", SEO.manifestPath);
    }
    expect(titles.size).toBe(PAGES.length);

    const png = await request.get(`${server.url}${SEO.shareImage.path}`);
    expect(png.status()).toBe(200);
    expect(png.headers()["content-type"]).toBe("image/png");
    const bytes = await png.body();
    // PNG header: width and height in the IHDR chunk.
    expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]).toEqual([SEO.shareImage.width, SEO.shareImage.height]);
  });

  test("JSON-LD parses on every page: Organization with the configured contacts, WebSite, BreadcrumbList; allowed by the policy (nonce or hash)", async ({ page, server }) => {
    for (const { path, jsonLd } of PAGES) {
      const response = await page.goto(path);
      const csp = response?.headers()["content-security-policy"] ?? "";
      const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
      // Prerendered pages are one body for everyone: their inline scripts are allowed by hash instead of a nonce.
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1]?.split(" ") ?? [];
      const scripts = page.locator('script[type="application/ld+json"]');
      const found: LdItem[] = [];
      for (const script of await scripts.all()) {
        const raw = (await script.textContent()) ?? "";
        expect(raw).not.toContain("<");
        const parsed = JSON.parse(raw) as LdItem | LdItem[];
        found.push(...(Array.isArray(parsed) ? parsed : [parsed]));
        if (nonce) expect(await script.evaluate((el) => (el as HTMLScriptElement).nonce)).toBe(nonce);
        else expect(scriptSrc).toContain(`'sha256-${createHash("sha256").update(raw, "utf8").digest("base64")}'`);
      }
      expect(found.map((item) => item["@type"]).sort(), path).toEqual([...jsonLd].sort());
      for (const item of found) expect(item["@context"]).toBe("https://schema.org");

      const org = found.find((item) => item["@type"] === "Organization");
      if (org) {
        expect(org.url).toBe(`${server.url}/`);
        expect(org.email).toBe("hello@example.com");
        expect(org.address).toMatchObject({ "@type": "PostalAddress", streetAddress: "Example Business Park, Baner, Pune, Maharashtra 411045, India" });
        expect(org.contactPoint).toEqual(
          expect.arrayContaining([expect.objectContaining({ "@type": "ContactPoint", email: "hello@example.com", telephone: "+91 00000 00000" })]),
        );
      }
      const crumbs = found.find((item) => item["@type"] === "BreadcrumbList") as { itemListElement: { item: string; position: number }[] } | undefined;
      if (crumbs) {
        expect(crumbs.itemListElement.map((c) => c.item)).toEqual([`${server.url}/`, `${server.url}${path}`]);
        expect(crumbs.itemListElement.map((c) => c.position)).toEqual([1, 2]);
      }
    }
  });

  test("robots.txt allows the site, keeps crawlers off the API and names the sitemap", async ({ request, server }) => {
    const response = await request.get(`${server.url}/robots.txt`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/plain; charset=utf-8");
    const text = await response.text();
    expect(text).toMatch(/^User-agent: \*$/m);
    expect(text).toMatch(/^Allow: \/$/m);
    expect(text).toMatch(/^Disallow: \/api\/$/m);
    expect(text).toMatch(/^Disallow: \/studio$/m);
    expect(text).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    expect(text).not.toMatch(/^Disallow: \/$/m);
  });

  test("sitemap.xml is valid and lists every public page and every blog post, each of which answers 200", async ({ page, request, server }) => {
    await withSamplePosts(request, server.url);
    const listing = (await (await request.get(`${server.url}/api/blogs`)).json()) as { data: { slug: string }[] };
    expect(listing.data.length).toBeGreaterThan(0);

    const response = await request.get(`${server.url}/sitemap.xml`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("application/xml; charset=utf-8");
    const xml = await response.text();
    // Parsed by the browser's XML parser: any syntax error shows up as <parsererror>.
    await page.goto("/about");
    const parsed = await page.evaluate((source) => {
      const doc = new DOMParser().parseFromString(source, "application/xml");
      return {
        error: doc.getElementsByTagName("parsererror").length > 0,
        root: doc.documentElement.localName,
        ns: doc.documentElement.namespaceURI,
        locs: [...doc.getElementsByTagName("loc")].map((el) => el.textContent ?? ""),
      };
    }, xml);
    expect(parsed.error).toBe(false);
    expect(parsed.root).toBe("urlset");
    expect(parsed.ns).toBe("http://www.sitemaps.org/schemas/sitemap/0.9");
    for (const p of SITEMAP_PAGES) expect(parsed.locs).toContain(`${server.url}${p.path}`);
    for (const blog of listing.data) expect(parsed.locs).toContain(`${server.url}/blog/${encodeURIComponent(blog.slug)}`);
    expect(new Set(parsed.locs).size).toBe(parsed.locs.length);

    for (const loc of parsed.locs) {
      const page = await request.get(loc);
      expect(page.status(), loc).toBe(200);
    }
  });

  test("the web app manifest names the site and its icons exist at their stated sizes", async ({ request, server }) => {
    const response = await request.get(`${server.url}${SEO.manifestPath}`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as { name: string; short_name: string; start_url: string; icons: { src: string; sizes: string; type: string }[] };
    expect(manifest.short_name).toBe("Wise Parrot");
    expect(manifest.start_url).toBe("/");
    const pngs = manifest.icons.filter((i) => i.type === "image/png");
    expect(pngs.map((i) => i.sizes)).toEqual(expect.arrayContaining(["192x192", "512x512"]));
    for (const icon of manifest.icons) {
      const file = await request.get(`${server.url}${icon.src}`);
      expect(file.status(), icon.src).toBe(200);
      expect(file.headers()["content-type"]).toBe(icon.type);
      if (icon.type === "image/png") {
        const bytes = await file.body();
        const [w, h] = icon.sizes.split("x").map(Number);
        expect([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], icon.src).toEqual([w, h]);
      }
    }
    const touch = await request.get(`${server.url}${SEO.appleTouchIcon}`);
    expect(touch.status()).toBe(200);
  });

  test("pages without data of their own are made once and shared (the response cache, decision 0024)", async ({ request, server }) => {
    for (const { path } of PAGES) {
      await request.get(`${server.url}${path}`);
      const response = await request.get(`${server.url}${path}`);
      expect(response.status()).toBe(200);
      expect(response.headers()["x-cache"], path).toBe("hit");
    }
  });
});
