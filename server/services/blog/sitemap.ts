import type { Deps } from "../../context";
import { PUBLISHED } from "./publication";

/** One sitemap entry per published blog post (`/blog/<slug>`), newest first; sitemap.xml imports this. */
export async function blogSitemapEntries(deps: Deps): Promise<Array<{ path: string; lastmod?: string }>> {
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .select(["slug", "updated_at"])
    .where("status", "=", PUBLISHED)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(50_000)
    .execute();
  return rows.map((r) => ({
    path: `/blog/${encodeURIComponent(r.slug)}`,
    lastmod: new Date(Number(r.updated_at)).toISOString().slice(0, 10),
  }));
}
