import type { Deps } from "../../context";

/** One sitemap entry per blog post (`/blog/<slug>`), newest first; sitemap.xml imports this. */
export async function blogSitemapEntries(deps: Deps): Promise<Array<{ path: string; lastmod?: string }>> {
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .select(["slug", "updated_at"])
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(50_000)
    .execute();
  return rows.map((r) => ({
    path: `/blog/${encodeURIComponent(r.slug)}`,
    lastmod: new Date(Number(r.updated_at)).toISOString().slice(0, 10),
  }));
}
