import { sql } from "kysely";
import { BLOG_LIMITS, BLOG_STATS_SHOWN_FROM } from "../../shared/content/blog";
import type { Locale } from "../../shared/i18n";
import type { Deps } from "../context";
import type { Db } from "../db/database";
import { precompiled } from "../db/precompiled";
import { PUBLISHED } from "../services/blog/publication";
import { CACHE_POLICY } from "../services/cache-policy";

/**
 * How long a rendered listing is kept: it is keyed by everything it shows (listingCounts, the posts' and the content
 * version), so this only bounds how long an entry nobody asks for holds memory, and the footer's year.
 */
export const LISTING_PAGE_TTL_MS = CACHE_POLICY.listingPage.lifetimeMs;

/** How old the counts in the listing's key may be (decision 0067): they are read at most once per this time. */
export const LISTING_COUNTS_MS = CACHE_POLICY.listingCounts.lifetimeMs;

/** The last read per database and language, and when it was started: every request within LISTING_COUNTS_MS shares it. */
const lastRead = new WeakMap<Db, Map<Locale, { at: number; counts: Promise<string> }>>();

/**
 * The counts `/blogs` (or `/hi/blogs`) shows, as a part of its cache key (decision 0062): the views and likes of each
 * card of its first page, in the page's order (the page's language first, each newest first, as the loader's
 * listBlogs), and the totals as the stats show them (readers and likes only from BLOG_STATS_SHOWN_FROM up, the
 * number of articles always). A like or a view of a shown post, or one that moves a shown total, changes it; a count
 * the page does not show does not.
 *
 * Read at most once per LISTING_COUNTS_MS per database and language (decision 0067): every new visitor's view moves
 * a count, and with the counts read per request the listing was rendered again for nearly every request under load
 * (2.2 ms of server CPU per page request against 0.47 ms without). So a count shows within LISTING_COUNTS_MS, and the
 * listing renders at most once per that time; what else the page shows moves the posts' or the content version,
 * which the key also holds and which are read per request, so a new post or edited copy still shows at once.
 */
export function listingCounts(deps: Deps, locale: Locale): Promise<string> {
  const db = deps.db;
  let reads = lastRead.get(db);
  if (!reads) lastRead.set(db, (reads = new Map()));
  const now = Date.now();
  const last = reads.get(locale);
  if (last && now - last.at >= 0 && now - last.at < LISTING_COUNTS_MS) return last.counts;
  const counts = readListingCounts(deps, locale);
  const entry = { at: now, counts };
  reads.set(locale, entry);
  // A failed read is not kept: the next request reads again (the caller renders without the cache meanwhile).
  counts.catch(() => {
    if (reads.get(locale) === entry) reads.delete(locale);
  });
  return counts;
}

/**
 * One statement for the whole key: the page's language's newest posts (part 0), the others' newest (part 1: the first
 * page takes them after its own, as listBlogs' languageFirst does) and the totals (part 2: articles, readers, likes).
 * Precompiled: it runs on every request to the listing, hit or not.
 */
const countsQuery = precompiled((db, locale: string) => {
  const limit = BLOG_LIMITS.pageSize;
  const newest = (part: number, language: "=" | "!=") =>
    db
      .selectFrom("blogs")
      .select([sql.lit(part).as("part"), "id", "published_at", "views", "likes"])
      .where("status", "=", PUBLISHED)
      .where("language", language, locale)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(limit);
  const totals = db
    .selectFrom("blogs")
    .select((eb) => [
      sql.lit(2).as("part"),
      eb.fn.countAll<number>().as("id"),
      sql.lit(0).as("published_at"),
      eb.fn.coalesce(eb.fn.sum<number>("views"), sql<number>`0`).as("views"),
      eb.fn.coalesce(eb.fn.sum<number>("likes"), sql<number>`0`).as("likes"),
    ])
    .where("status", "=", PUBLISHED);
  return db
    .selectFrom(newest(0, "=").as("own"))
    .selectAll()
    .unionAll(db.selectFrom(newest(1, "!=").as("others")).selectAll())
    .unionAll(totals)
    .orderBy("part")
    .orderBy("published_at", "desc")
    .orderBy("id", "desc");
});

/** One read of the counts, as listingCounts keeps it. */
export async function readListingCounts(deps: Deps, locale: Locale): Promise<string> {
  const { rows } = await countsQuery.execute(deps.db.kysely, locale);
  const row = (r: (typeof rows)[number]) => ({ part: Number(r.part), id: Number(r.id), views: Number(r.views), likes: Number(r.likes) });
  const all = rows.map(row);
  // The first page: its language's posts, then the others', PAGE_SIZE in all.
  const cards = all.filter((r) => r.part !== 2).slice(0, BLOG_LIMITS.pageSize);
  const totals = all.find((r) => r.part === 2) ?? { id: 0, views: 0, likes: 0 };
  const shown = (n: number) => (n >= BLOG_STATS_SHOWN_FROM ? String(n) : "-");
  return `${cards.map((c) => `${c.id}:${c.views}:${c.likes}`).join(",")}|${shown(totals.views)}:${shown(totals.likes)}:${totals.id}`;
}
