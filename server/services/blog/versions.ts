import type { Deps } from "../../context";
import type { Db } from "../../db/database";

// The data version: what the response caches key their answers by.

const localWrites = new WeakMap<Db, number>();

/** Called after every write this process makes to posts or likes (views excepted: see blogsVersion). */
export function wroteBlogs(db: Db): void {
  localWrites.set(db, (localWrites.get(db) ?? 0) + 1);
}

/**
 * A value that changes whenever the posts or likes may have changed: every
 * like and insert made through the blog's modules, and any write by another
 * process or instance (the database's `cache_versions` rows, moved by triggers
 * on `blogs`, migration 0008). Views leave it alone, so a cached page survives
 * views (the count it shows is at most the cache's lifetime old).
 */
export async function blogsVersion(deps: Deps): Promise<string> {
  const local = localWrites.get(deps.db) ?? 0;
  const shared = await cacheVersions(deps);
  return `${local}.${shared.posts}.${shared.likes}`;
}

/** The database's cache versions: `posts` (added, removed, edited) and `likes`. */
export async function cacheVersions(deps: Deps): Promise<{ posts: number; likes: number }> {
  const rows = await deps.db.kysely.selectFrom("cache_versions").select(["name", "version"]).execute();
  const of = (name: string) => Number(rows.find((r) => r.name === name)?.version ?? 0);
  return { posts: of("posts"), likes: of("likes") };
}

/**
 * What the post page of post `id` shows that a write can change: the posts (its own and the related ones) and
 * its like count. A like of another post leaves it alone.
 */
export async function postPageVersion(deps: Deps, id: number): Promise<string> {
  const [{ posts }, row] = await Promise.all([
    cacheVersions(deps),
    deps.db.kysely.selectFrom("blogs").select("likes").where("id", "=", id).executeTakeFirst(),
  ]);
  return `${posts}.${row?.likes ?? "gone"}`;
}
