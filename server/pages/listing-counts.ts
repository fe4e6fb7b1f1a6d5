import { BLOG_LIMITS, BLOG_STATS_SHOWN_FROM } from "../../shared/content/blog";
import type { Locale } from "../../shared/i18n";
import type { Deps } from "../context";
import type { Db } from "../db/database";
import { blogStats } from "../services/blog/listing";
import { PUBLISHED } from "../services/blog/publication";

/**
 * How long a rendered listing is kept: it is keyed by everything it shows (listingCounts, the posts' and the content
 * version), so this only bounds how long an entry nobody asks for holds memory, and the footer's year.
 */
export const LISTING_PAGE_TTL_MS = 10 * 60_000;

/** The read every request of this turn of the event loop joins, per database and language (see listingCounts). */
const nextRead = new WeakMap<Db, Map<Locale, Promise<string>>>();

/**
 * The counts `/blogs` (or `/hi/blogs`) shows, as a part of its cache key (decision 0062): the views and likes of each
 * card of its first page, in the page's order (the page's language first, each newest first, as the loader's
 * listBlogs), and the totals as the stats show them (readers and likes only from BLOG_STATS_SHOWN_FROM up, the
 * number of articles always). A like or a view of a shown post, or one that moves a shown total, changes it; a count
 * the page does not show does not.
 *
 * What else the page shows moves the posts' or the content version, which the key also holds.
 *
 * Requests asking in the same turn of the event loop share one read, started once they have all asked (on the next
 * turn), as postsVersion's: each sees every like committed before it asked.
 */
export function listingCounts(deps: Deps, locale: Locale): Promise<string> {
  const db = deps.db;
  let reads = nextRead.get(db);
  if (!reads) nextRead.set(db, (reads = new Map()));
  let read = reads.get(locale);
  if (!read) {
    const pending = reads;
    read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Started: whoever asks from now on waits for a read of their own.
      pending.delete(locale);
      return readListingCounts(deps, locale);
    });
    reads.set(locale, read);
  }
  return read;
}

async function readListingCounts(deps: Deps, locale: Locale): Promise<string> {
  const [cards, stats] = await Promise.all([firstPageCounts(deps, locale), blogStats(deps)]);
  const shown = (n: number) => (n >= BLOG_STATS_SHOWN_FROM ? String(n) : "-");
  return `${cards.map((c) => `${c.id}:${c.views}:${c.likes}`).join(",")}|${shown(stats.readers)}:${shown(stats.likes)}:${stats.articles}`;
}

type CardCounts = { id: number; views: number; likes: number };

/** The first page's posts' counts: the page's language's newest first, then the others' (listBlogs' languageFirst). */
async function firstPageCounts(deps: Deps, locale: Locale): Promise<CardCounts[]> {
  const limit = BLOG_LIMITS.pageSize;
  const newest = (language: "=" | "!=", count: number) =>
    deps.db.kysely
      .selectFrom("blogs")
      .select(["id", "views", "likes"])
      .where("status", "=", PUBLISHED)
      .where("language", language, locale)
      .orderBy("published_at", "desc")
      .orderBy("id", "desc")
      .limit(count)
      .execute();
  const own = await newest("=", limit);
  const rows = own.length < limit ? [...own, ...(await newest("!=", limit - own.length))] : own;
  return rows.map((r) => ({ id: Number(r.id), views: Number(r.views), likes: Number(r.likes) }));
}
