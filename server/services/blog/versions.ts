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

/** Per database: how many times this process has changed each post's counts (by post id), see countsMark. */
const countsMoves = new WeakMap<Db, Map<number, number>>();

/**
 * A mark that moves whenever this process changes the post's like or view count (a view batch that counted a view
 * of it, a like of it): an answer that shows the counts and is kept by this process (`GET /api/blogs/{slug}`) is
 * keyed by it, so whoever viewed or liked the post through this process sees their own view or like in the next
 * answer. Counts changed by another process or instance are not seen here: such an answer shows them at most its
 * cache's lifetime old, as the post page does (decisions 0007, 0064). Only posts whose counts moved are remembered
 * (a number each).
 */
export function countsMark(db: Db, id: number): number {
  return countsMoves.get(db)?.get(id) ?? 0;
}

/** This process changed the counts of these posts (called once the change is committed). */
export function countsMoved(db: Db, ids: Iterable<number>): void {
  let moves = countsMoves.get(db);
  if (!moves) countsMoves.set(db, (moves = new Map()));
  for (const id of ids) moves.set(id, (moves.get(id) ?? 0) + 1);
}
