/**
 * The counts the shared /blogs is keyed by (decision 0062) name exactly the cards its first page shows, in its order
 * (the page's language first), and the totals only as the stats show them; they are read at most once per
 * LISTING_COUNTS_MS per database and language (decision 0067).
 */
import { afterEach, describe, expect, it, vi } from "vitest";
import { BLOG_LIMITS, BLOG_STATS_SHOWN_FROM } from "../../shared/content/blog";
import { LOCALES } from "../../shared/i18n";
import { LISTING_COUNTS_MS, listingCounts, readListingCounts } from "../../server/pages/listing-counts";
import { blogStats, listBlogs } from "../../server/services/blog/listing";
import { insertBlogs } from "../../server/services/blog/posts";
import { testDatabaseKinds } from "../helpers/databases";
import { blogInput, useTestSite } from "../helpers/test-site";

describe.each(testDatabaseKinds())("the listing's counts on %s", (kind) => {
  const site = useTestSite(kind);
  const cards = (key: string) => key.split("|")[0]!.split(",").filter(Boolean);
  const totals = (key: string) => key.split("|")[1];
  afterEach(() => vi.restoreAllMocks());

  it("are empty for an empty blog", async () => {
    expect(await listingCounts(site.deps, "en")).toBe("|-:-:0");
  });

  it("name the first page's cards in listBlogs' order, with their views and likes, in each language", async () => {
    // More posts than a page, in both languages, interleaved in time.
    const half = BLOG_LIMITS.pageSize - 3;
    await insertBlogs(
      site.deps,
      Array.from({ length: 2 * half }, (_, i) => blogInput(`counts-${i}`, { date: `2024-05-${String(i + 1).padStart(2, "0")}` })),
    );
    const hindi = Array.from({ length: half }, (_, i) => `counts-${2 * i + 1}`);
    await site.t.db.kysely.updateTable("blogs").set({ language: "hi" }).where("slug", "in", hindi).execute();
    await site.t.db.kysely.updateTable("blogs").set((eb) => ({ views: eb("id", "*", 3), likes: eb("id", "*", 2) })).execute();
    for (const locale of LOCALES) {
      const page = await listBlogs(site.deps, { languageFirst: locale });
      const key = await readListingCounts(site.deps, locale);
      expect(cards(key), locale).toEqual(page.data.map((b) => `${b.id}:${b.views}:${b.likes}`));
      expect(cards(key)).toHaveLength(BLOG_LIMITS.pageSize);
      // The page's own language first: its posts, then the others'.
      expect(page.data.slice(0, half).every((b) => b.language === locale), locale).toBe(true);
      expect(page.data.at(-1)?.language, locale).not.toBe(locale);
      const stats = await blogStats(site.deps);
      expect(totals(key)).toBe(`${stats.readers}:${stats.likes}:${stats.articles}`);
    }
  });

  it("name a total only from the count the stats show it", async () => {
    await site.t.db.kysely.updateTable("blogs").set({ views: 0, likes: 0 }).execute();
    await site.t.db.kysely.updateTable("blogs").set({ likes: BLOG_STATS_SHOWN_FROM - 1 }).where("slug", "=", "counts-0").execute();
    const articles = (await blogStats(site.deps)).articles;
    expect(totals(await readListingCounts(site.deps, "en"))).toBe(`-:-:${articles}`);
    await site.t.db.kysely.updateTable("blogs").set({ likes: BLOG_STATS_SHOWN_FROM, views: BLOG_STATS_SHOWN_FROM }).where("slug", "=", "counts-0").execute();
    expect(totals(await readListingCounts(site.deps, "en"))).toBe(`${BLOG_STATS_SHOWN_FROM}:${BLOG_STATS_SHOWN_FROM}:${articles}`);
  });

  it("count only published posts", async () => {
    const before = await readListingCounts(site.deps, "en");
    await insertBlogs(site.deps, [blogInput("counts-draft", { date: "2024-06-30" })]);
    await site.t.db.kysely.updateTable("blogs").set({ status: "draft", likes: 50 }).where("slug", "=", "counts-draft").execute();
    expect(await readListingCounts(site.deps, "en")).toBe(before);
  });

  it("are read at most once per LISTING_COUNTS_MS per language: a change shows once that time has passed", async () => {
    const realNow = Date.now.bind(Date);
    let shift = 0;
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + shift);
    // A fresh start: past any read an earlier test left.
    shift = 10 * LISTING_COUNTS_MS;
    const first = await listingCounts(site.deps, "en");
    expect(first).toBe(await readListingCounts(site.deps, "en"));
    const shown = cards(first)[0]!;
    const id = Number(shown.split(":")[0]);
    await site.t.db.kysely.updateTable("blogs").set((eb) => ({ likes: eb("likes", "+", 1) })).where("id", "=", id).execute();
    const moved = await readListingCounts(site.deps, "en");
    expect(moved).not.toBe(first);
    // Within the time: the same counts, without a read (a render keyed by them is shared meanwhile).
    shift += LISTING_COUNTS_MS - 50;
    expect(await listingCounts(site.deps, "en")).toBe(first);
    // The other language reads its own.
    expect(await listingCounts(site.deps, "hi")).toBe(await readListingCounts(site.deps, "hi"));
    // Once the time has passed: the change.
    shift += 100;
    expect(await listingCounts(site.deps, "en")).toBe(moved);
  });
});
