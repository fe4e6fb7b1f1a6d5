import type { Deps } from "../../context";

/**
 * The version the blog's shared answers (the listing API, `/blogs`, the post pages) are keyed by: it moves when a
 * published post is added, removed or edited, in the writing transaction (the `cache_versions` row `posts`, kept by
 * triggers on `blogs`: migrations 0008, 0010), so every process and every instance sees such a write at once.
 *
 * Likes and views are not part of it: they change on every like and page view, and a page keyed by them is rendered
 * again for nearly every reader of a post people are liking (issue 20). A shared answer shows them at most its
 * cache's lifetime old (decision 0007).
 */
export async function postsVersion(deps: Deps): Promise<string> {
  const row = await deps.db.kysely.selectFrom("cache_versions").select("version").where("name", "=", "posts").executeTakeFirst();
  return String(row?.version ?? 0);
}
