/**
 * Every cache the server keeps, in one table: what it holds, what an entry is keyed by, how long it may live, how
 * much it may hold, and why that is safe. Each cache takes its lifetime and bounds from here (a new cache adds its
 * row first, and `cache-policy.test.ts` checks every cache the server makes reads one).
 *
 * Two rules hold for all of them: a cache in a module's memory is kept per database (a `WeakMap` keyed by the `Db`,
 * or the `Db` in the key), so a process with two databases, or a test beside a server, never mixes them; and what a
 * write changes moves a version that is part of the key (the posts' version, the content version), so a lifetime
 * only bounds how old *counts* (likes, views) may be, never whether an edit shows.
 */
export type CachePolicy = {
  /** What an entry holds. */
  what: string;
  /** What an entry is keyed by. */
  key: string;
  /** How long an entry may be used, in milliseconds. */
  lifetimeMs: number;
  /** At most this many entries (the oldest go first). */
  maxEntries?: number;
  /** At most this many bytes in all. */
  maxBytes?: number;
  /** Why the lifetime is safe. */
  why: string;
};

const MB = 1024 * 1024;
const MINUTES = 60_000;

export const CACHE_POLICY = {
  contentVersion: {
    what: "the content version (copy, settings, FAQ, kits) a process keys its pages by",
    key: "database",
    lifetimeMs: 1_000,
    why: "a save on this process forgets it at once; on another process or instance it shows within a second, and a busy process reads it once a second instead of once per request (decision 0024)",
  },
  listingApi: {
    what: "GET /api/blogs answers (JSON, compressed once)",
    key: "query + posts' version",
    lifetimeMs: 1_000,
    maxEntries: 500,
    maxBytes: 8 * MB,
    why: "edits move the posts' version; the likes and views shown are at most a second old (decision 0007)",
  },
  postAnswer: {
    what: "GET /api/blogs/{slug} answers (JSON, compressed once)",
    key: "slug + posts' version + this process's counts mark of the post",
    lifetimeMs: 5_000,
    maxEntries: 500,
    maxBytes: 16 * MB,
    why: "this process's own views and likes move the mark at once; counts moved by another process are at most 5 s old, as on the post page (decision 0064)",
  },
  postPage: {
    what: "the server-rendered post page /blog/{slug} and /hi/blog/{slug}",
    key: "path + liked or not + posts' version + content version",
    lifetimeMs: 5_000,
    maxEntries: 200,
    maxBytes: 16 * MB,
    why: "one ~6 ms render per post and like state per 5 s however many read it; counts at most 5 s old (decision 0007)",
  },
  listingPage: {
    what: "/blogs and /hi/blogs without filters",
    key: "posts' version + content version + the counts its first page shows (as listingCounts read them)",
    lifetimeMs: 10 * MINUTES,
    maxEntries: 20,
    maxBytes: 4 * MB,
    why: "keyed by everything it shows (decision 0062): the lifetime only bounds memory held by pages nobody asks for, and the footer's year",
  },
  listingCounts: {
    what: "the counts /blogs and /hi/blogs show (each first-page card's views and likes, the totals), as part of the listing's key",
    key: "database + language",
    lifetimeMs: 2_000,
    why: "every new visitor's view moves them: read at most once per 2 s, the listing renders at most once per 2 s however many read and like (decision 0067); a new or edited post and edited copy still show at once (the posts' and content versions are read per request); counts at most 2 s old, as the post page's are at most 5 s (decision 0007)",
  },
  contactPage: {
    what: "/contact and /hi/contact (not the one answer after a form sent without JavaScript)",
    key: "path + content version",
    lifetimeMs: 10 * MINUTES,
    maxEntries: 20,
    maxBytes: 4 * MB,
    why: "it shows the owner's content alone, which moves the content version",
  },
  contentPages: {
    what: "the pages the same for everyone (home, about, legal, templates, … in both languages)",
    key: "path + content version",
    lifetimeMs: 10 * MINUTES,
    maxEntries: 50,
    maxBytes: 8 * MB,
    why: "they show the owner's content alone, which moves the content version",
  },
  sitemap: {
    what: "/sitemap.xml",
    key: "posts' version",
    lifetimeMs: 10 * MINUTES,
    maxEntries: 2,
    maxBytes: 64 * MB,
    why: "it lists the pages and the published posts, which move the posts' version",
  },
  feeds: {
    what: "/rss.xml and /hi/rss.xml",
    key: "path + posts' version + content version",
    lifetimeMs: 10 * MINUTES,
    maxEntries: 4,
    maxBytes: 4 * MB,
    why: "they show the newest posts and the owner's words, which move those versions",
  },
  mediaFiles: {
    what: "uploaded images read from disk, by their stored name",
    key: "file name (names are content hashes: a changed image has a new name)",
    lifetimeMs: 10 * MINUTES,
    maxBytes: 24 * MB,
    why: "a stored file never changes under its name; the lifetime bounds memory",
  },
  postFrequency: {
    what: "how many post passages hold a word (the assistant's search)",
    key: "database + word",
    lifetimeMs: 1 * MINUTES,
    maxEntries: 5_000,
    why: "it only decides whether a word is rare enough to search the posts by, which one post more or less hardly moves; this process's reindexing forgets it at once",
  },
  newsletterIssue: {
    what: "a newsletter issue's frozen content, and its e-mail rendered once per language",
    key: "database + issue id (+ settings version, language and site address for the render)",
    lifetimeMs: Number.POSITIVE_INFINITY,
    maxEntries: 20,
    why: "an issue's content is frozen when its send starts and never changes after; a scheduled issue frozen again is forgotten at once",
  },
} as const satisfies Record<string, CachePolicy>;

/** A response cache's options from its row: lifetime and bounds (plus what the cache itself chooses, such as compression). */
export function cacheBounds(policy: CachePolicy): { ttlMs: number; maxEntries: number; maxBytes: number } {
  return { ttlMs: policy.lifetimeMs, maxEntries: policy.maxEntries ?? 100, maxBytes: policy.maxBytes ?? 4 * MB };
}
