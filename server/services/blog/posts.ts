import type { Deps } from "../../context";
import { BLOG_LISTING } from "../../../shared/content/blog";
import { ANONYMOUS_ACTOR, recordAudit } from "../audit";
import { conflict } from "../errors";
import { publish } from "../events";
import { PUBLISHED } from "./publication";
import { textColumns, toBlog } from "./rows";
import { SAMPLE_BLOGS } from "./samples";
import { type Blog, type BlogInput, SlugSchema } from "./types";
import { type Locale, isLocale } from "../../../shared/i18n";

/** The published post without counting a view (a draft, scheduled or unpublished post is no post here). */
export async function getBlog(deps: Deps, slug: string): Promise<Blog | undefined> {
  if (!SlugSchema.safeParse(slug).success) return undefined;
  const row = await deps.db.kysely.selectFrom("blogs").selectAll().where("slug", "=", slug).where("status", "=", PUBLISHED).executeTakeFirst();
  return row ? toBlog(row) : undefined;
}

/** A published post's published translation (issue 33): its slug and language; undefined when it has none public. */
export async function publishedTranslation(deps: Pick<Deps, "db">, id: number): Promise<{ slug: string; language: Locale } | undefined> {
  const row = await deps.db.kysely
    .selectFrom("blogs as own")
    .innerJoin("blogs as other", "other.id", "own.translation_of")
    .select(["other.slug", "other.language"])
    .where("own.id", "=", id)
    .where("other.translation_of", "=", id)
    .where("other.status", "=", PUBLISHED)
    .executeTakeFirst();
  return row && isLocale(row.language) ? { slug: row.slug, language: row.language } : undefined;
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
  return (await insertBlogRows(deps, inputs)).length;
}

/** Inserts the posts whose slug is free (published, each announced as written); the ids of those it added. */
async function insertBlogRows(deps: Deps, inputs: readonly BlogInput[]): Promise<number[]> {
  if (inputs.length === 0) return [];
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
    await publish(deps, { kind: "post.written", post: { ...input, id: Number(row.id), published: true } });
  }
  return rows.map((r) => Number(r.id));
}

/**
 * Whether the blog ever had a post: one is there now (published, draft, scheduled or unpublished; a renamed post's
 * old addresses live with it), or a public one was deleted (its addresses are remembered as gone), or the studio's
 * audit log names one (a draft created and deleted leaves only its lines; so does an earlier seeding).
 */
export async function blogEverHadPost(deps: Pick<Deps, "db">): Promise<boolean> {
  const { kysely } = deps.db;
  const found = await Promise.all([
    kysely.selectFrom("blogs").select("id").limit(1).executeTakeFirst(),
    kysely.selectFrom("blog_gone").select("slug").limit(1).executeTakeFirst(),
    kysely.selectFrom("audit_log").select("id").where("record_type", "=", "post").limit(1).executeTakeFirst(),
  ]);
  return found.some(Boolean);
}

/**
 * 'Add Sample Blogs': the three sample posts, for a blog that has never had a post (decisions: "works only while
 * the blog has never had a post"). Anyone may press the button (the spec), so anything else is refused (`conflict`)
 * and changes nothing: the samples never join real posts, and a sample the owner deleted never comes back. Each
 * seeding is in the audit log, by an anonymous actor and the client's address (`server` for the scripts and tests
 * that seed in-process). Two at once add the samples once: the insert skips slugs that exist, and the one that added
 * nothing is refused too.
 */
export async function seedSampleBlogs(deps: Deps, { clientIp = "server" }: { clientIp?: string } = {}): Promise<{ added: number }> {
  if (await blogEverHadPost(deps)) throw conflict(BLOG_LISTING.seedRefused);
  const ids = await insertBlogRows(deps, SAMPLE_BLOGS);
  if (ids.length === 0) throw conflict(BLOG_LISTING.seedRefused);
  await recordAudit(deps, { userId: null, label: ANONYMOUS_ACTOR, clientIp }, {
    action: "post.seed",
    recordType: "post",
    recordId: ids.join(","),
    detail: `${ids.length} sample posts`,
  });
  return { added: ids.length };
}
