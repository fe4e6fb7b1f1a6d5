import type { Deps } from "../../context";
import { reindexPost } from "../chat/knowledge";
import { PUBLISHED } from "./publication";
import { textColumns, toBlog } from "./rows";
import { SAMPLE_BLOGS } from "./samples";
import { type Blog, type BlogInput, type IndexablePost, SlugSchema } from "./types";

/** The published post without counting a view (a draft, scheduled or unpublished post is no post here). */
export async function getBlog(deps: Deps, slug: string): Promise<Blog | undefined> {
  if (!SlugSchema.safeParse(slug).success) return undefined;
  const row = await deps.db.kysely.selectFrom("blogs").selectAll().where("slug", "=", slug).where("status", "=", PUBLISHED).executeTakeFirst();
  return row ? toBlog(row) : undefined;
}


/** The `blogs` row that stores `input`. */
export function blogRow(input: BlogInput, now = Date.now()) {
  const publishedAt = Date.parse(input.date.length === 10 ? `${input.date}T00:00:00Z` : input.date);
  if (Number.isNaN(publishedAt)) throw new Error(`invalid date for ${input.slug}`);
  return {
    slug: input.slug,
    title: input.title,
    excerpt: input.excerpt,
    author: input.author,
    published_at: publishedAt,
    read_time: input.readTime,
    category: input.category,
    featured: input.featured ? 1 : 0,
    image: input.image ?? null,
    ...textColumns(input),
    created_at: now,
    updated_at: now,
  };
}

/** Inserts posts whose slug is not taken yet; returns how many were added. */
export async function insertBlogs(deps: Deps, inputs: readonly BlogInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const now = Date.now();
  const rows = await deps.db.kysely
    .insertInto("blogs")
    .values(inputs.map((i) => blogRow(i, now)))
    .onConflict((oc) => oc.column("slug").doNothing())
    .returning(["id", "slug"])
    .execute();
  const bySlug = new Map(inputs.map((i) => [i.slug, i]));
  for (const row of rows) {
    const input = bySlug.get(row.slug)!;
    // Inserted posts (the samples) are published.
    await indexPost(deps, { ...input, id: Number(row.id), published: true });
  }
  return rows.length;
}

/**
 * Keeps the help assistant's knowledge in step with a post that was just
 * written (created, edited, published or unpublished): every code path that
 * writes a post calls this, so a change is answerable at once and an
 * unpublished post is never cited.
 */
export async function indexPost(deps: Pick<Deps, "db">, post: IndexablePost): Promise<void> {
  await reindexPost(deps, post);
}

/** Adds the sample posts that are missing. Running it again adds nothing twice. */
export async function seedSampleBlogs(deps: Deps): Promise<{ added: number }> {
  return { added: await insertBlogs(deps, SAMPLE_BLOGS) };
}
