import { afterEach, describe, expect, it } from "vitest";
import { SITEMAP_PAGES } from "../../shared/content";
import { loader } from "../../app/routes/sitemap-xml";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

type LoaderArgs = Parameters<typeof loader>[0];

describe.each(testDatabaseKinds())("sitemap.xml on %s", (kind) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.drop();
    database = undefined;
  });

  async function fetchSitemap(deps: ReturnType<typeof testDeps>) {
    const args = { request: new Request("http://127.0.0.1/sitemap.xml"), params: {}, context: { deps, requestId: "t" } };
    const response = await loader(args as unknown as LoaderArgs);
    return { response, xml: await response.text() };
  }

  it("lists every public page and every blog post under the configured public URL", async () => {
    database = await createTestDatabase(kind);
    const deps = testDeps(database.db, { PUBLIC_URL: "https://wp.example.com" });
    await seedSampleBlogs(deps);
    const slugs = (await database.db.kysely.selectFrom("blogs").select("slug").execute()).map((r) => r.slug);
    expect(slugs.length).toBeGreaterThan(0);

    const { response, xml } = await fetchSitemap(deps);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]);
    for (const page of SITEMAP_PAGES) expect(locs).toContain(`https://wp.example.com${page.path}`);
    for (const slug of slugs) expect(locs).toContain(`https://wp.example.com/blog/${encodeURIComponent(slug)}`);
    expect(xml).toMatch(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/);
    // The studio is never listed, whatever its posts' states.
    expect(locs.filter((loc) => loc?.includes("/studio"))).toEqual([]);
  });

  it("lists a Hindi post at its /hi address, paired with its English translation both ways", async () => {
    database = await createTestDatabase(kind);
    const deps = testDeps(database.db, { PUBLIC_URL: "https://wp.example.com" });
    await seedSampleBlogs(deps);
    const k = database.db.kysely;
    const [en, other] = await k.selectFrom("blogs").select(["id", "slug"]).orderBy("id").execute();
    // A Hindi post paired with the first sample, and the second sample turned Hindi without a pair.
    const hi = await k
      .insertInto("blogs")
      .values({ slug: "hindi-jodi", title: "जोड़ी", excerpt: "ई", author: "ए", published_at: Date.now(), read_time: "1", category: "Technology", featured: 0, image: null, tags: "[]", content: '{"sections":[]}', search_text: "", created_at: 1, updated_at: 1, language: "hi", translation_of: en!.id })
      .returning("id")
      .executeTakeFirstOrThrow();
    await k.updateTable("blogs").set({ translation_of: hi.id }).where("id", "=", en!.id).execute();
    await k.updateTable("blogs").set({ language: "hi" }).where("id", "=", other!.id).execute();

    const { xml } = await fetchSitemap(deps);
    const entry = (loc: string) => xml.split("\n").find((line) => line.includes(`<loc>${loc}</loc>`)) ?? "";
    const enUrl = `https://wp.example.com/blog/${en!.slug}`;
    expect(entry("https://wp.example.com/hi/blog/hindi-jodi")).toContain(`hreflang="en" href="${enUrl}"`);
    expect(entry(enUrl)).toContain('hreflang="hi" href="https://wp.example.com/hi/blog/hindi-jodi"');
    expect(entry(enUrl)).toContain(`hreflang="x-default" href="${enUrl}"`);
    const alone = entry(`https://wp.example.com/hi/blog/${other!.slug}`);
    expect(alone).toContain(`hreflang="hi"`);
    expect(alone).not.toContain(`hreflang="en"`);
    // Not listed under the other language's address: a post's canonical is its own language's.
    expect(xml).not.toContain(`<loc>https://wp.example.com/blog/hindi-jodi</loc>`);
    expect(xml).not.toContain(`<loc>https://wp.example.com/hi/blog/${en!.slug}</loc>`);
  });

  it("still lists the pages, uncached, when the database is unreachable", async () => {
    database = await createTestDatabase(kind);
    const deps = testDeps(database.db);
    await database.db.close();
    const { response, xml } = await fetchSitemap(deps);
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    // Every page in both languages (issue 33).
    expect(xml.match(/<url>/g)).toHaveLength(2 * SITEMAP_PAGES.length);
    expect(deps.logs.text).toContain("sitemap without blog posts");
  });
});
