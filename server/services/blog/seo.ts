import type { Deps } from "../../context";
import { type BlogCover, coverOfMedia } from "../media/covers";

/** What a post's page puts in its head for search and sharing, beside its title, excerpt and cover (decision 0029). */
export type PostSeo = { title: string; description: string; image?: BlogCover };

/** The post's own search headline, description and sharing image (empty ones: the page uses the title, excerpt, cover). */
export async function postSeo(deps: Pick<Deps, "db">, blog: { id: number; title: string }): Promise<PostSeo> {
  const row = await deps.db.kysely.selectFrom("blogs").select(["meta_title", "meta_description", "social_media_id"]).where("id", "=", blog.id).executeTakeFirst();
  if (!row) return { title: "", description: "" };
  const image = row.social_media_id === null ? undefined : await coverOfMedia(deps, Number(row.social_media_id), row.meta_title || blog.title);
  return { title: row.meta_title, description: row.meta_description, ...(image ? { image } : {}) };
}
