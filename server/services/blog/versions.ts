import type { Deps } from "../../context";
import type { Db } from "../../db/database";

/** The read every request of this turn of the event loop joins, per database (see postsVersion). */
const nextRead = new WeakMap<Db, Promise<string>>();

/**
 * The version the blog's shared answers (the listing API, `/blogs`, the post pages) are keyed by: it moves when a
 * published post is added, removed or edited, in the writing transaction (the `cache_versions` row `posts`, kept by
 * triggers on `blogs`: migrations 0008, 0010), so every process and every instance sees such a write at once.
 *
 * Likes and views are not part of it: they change on every like and page view, and a page keyed by them is rendered
 * again for nearly every reader of a post people are liking (issue 20). A shared answer shows them at most its
 * cache's lifetime old (decision 0007).
 *
 * Requests asking in the same turn of the event loop share one read, started once they have all asked (on the next
 * turn): each sees every write committed before it asked, and a busy process makes one query for many requests
 * instead of one each (a round trip per cached page on PostgreSQL).
 */
export function postsVersion(deps: Deps): Promise<string> {
  const db = deps.db;
  let read = nextRead.get(db);
  if (!read) {
    read = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      // Started: whoever asks from now on waits for a read of their own.
      nextRead.delete(db);
      return readPostsVersion(db);
    });
    nextRead.set(db, read);
  }
  return read;
}

async function readPostsVersion(db: Db): Promise<string> {
  const row = await db.kysely.selectFrom("cache_versions").select("version").where("name", "=", "posts").executeTakeFirst();
  return String(row?.version ?? 0);
}
