import type { Deps } from "../../context";
import { PUBLISHED } from "./publication";
import { SlugSchema } from "./types";

/** What an address that names no published post once was: moved to a published post's slug, or deleted. */
export type FormerAddress = { kind: "moved"; slug: string } | { kind: "gone" };

/**
 * Asked only when `slug` names no published post (a live post always wins, also one that took an old slug):
 * a published post's earlier slug answers its current slug (redirects point at the post, not at the next slug,
 * so a chain of renames is always one hop); a deleted post's slug answers gone; anything else null (404).
 */
export async function formerAddress(deps: Pick<Deps, "db">, slug: string): Promise<FormerAddress | null> {
  if (!SlugSchema.safeParse(slug).success) return null;
  const moved = await deps.db.kysely
    .selectFrom("blog_redirects")
    .innerJoin("blogs", "blogs.id", "blog_redirects.blog_id")
    .select("blogs.slug")
    .where("blog_redirects.slug", "=", slug)
    .where("blogs.status", "=", PUBLISHED)
    .executeTakeFirst();
  if (moved && moved.slug !== slug) return { kind: "moved", slug: moved.slug };
  const gone = await deps.db.kysely.selectFrom("blog_gone").select("slug").where("slug", "=", slug).executeTakeFirst();
  return gone ? { kind: "gone" } : null;
}
