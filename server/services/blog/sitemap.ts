import type { Deps } from "../../context";
import { type Locale, isLocale, localePath } from "../../../shared/i18n";
import { PUBLISHED } from "./publication";

export type PostSitemapEntry = { path: string; lastmod?: string; alternates?: Partial<Record<Locale, string>> };

/**
 * One sitemap entry per published blog post at its own language's address (`/blog/<slug>` for English,
 * `/hi/blog/<slug>` for Hindi), newest first; a post whose translation is published too names both (issue 33).
 * sitemap.xml imports this.
 */
export async function blogSitemapEntries(deps: Deps): Promise<PostSitemapEntry[]> {
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .select(["id", "slug", "updated_at", "language", "translation_of"])
    .where("status", "=", PUBLISHED)
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(50_000)
    .execute();
  const language = (value: string): Locale => (isLocale(value) ? value : "en");
  const address = (r: { slug: string; language: string }) => localePath(`/blog/${encodeURIComponent(r.slug)}`, language(r.language));
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return rows.map((r) => {
    const pair = r.translation_of === null ? undefined : byId.get(Number(r.translation_of));
    // A pair names each other; a post whose partner is not public (or not its partner any more) stands alone.
    const paired = pair && Number(pair.translation_of) === Number(r.id) && pair.language !== r.language;
    return {
      path: address(r),
      lastmod: new Date(Number(r.updated_at)).toISOString().slice(0, 10),
      alternates: { [language(r.language)]: address(r), ...(paired ? { [language(pair.language)]: address(pair) } : {}) },
    };
  });
}
