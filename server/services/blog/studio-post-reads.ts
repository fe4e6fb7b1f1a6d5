import { POST_MESSAGES, POST_RULES, POST_STATUSES, type PostStatus } from "../../../shared/content/studio-posts";
import { isLocale } from "../../../shared/i18n";
import { z } from "../../../shared/zod";
import type { Deps } from "../../context";
import { notFound, parseInput } from "../errors";
import { anyContainsText, normaliseSearch } from "../text-search";
import { type BlogRow, type Kx, type PostLanguage, type StudioPost, type StudioPostSummary, toStudioPost } from "./studio-post-fields";

// The studio's reads of posts (any status).

export const StudioPostQuerySchema = z.object({
  search: z.string().max(200, "search must be at most 200 characters").optional(),
  status: z.enum(["", ...POST_STATUSES], { error: `status must be one of: ${POST_STATUSES.join(", ")}` }).optional(),
  // The owner's names (decision 0034): any text, but never a control character (a NUL is not text to PostgreSQL).
  // eslint-disable-next-line no-control-regex -- refusing control characters is the point
  category: z.string().max(60, POST_MESSAGES.categoryInvalid).regex(/^[^\u0000-\u001f\u007f]*$/, POST_MESSAGES.categoryInvalid).optional(),
  page: z.coerce.number({ error: "page must be a whole number from 1 to 10000" }).int("page must be a whole number from 1 to 10000").min(1, "page must be a whole number from 1 to 10000").max(10_000, "page must be a whole number from 1 to 10000").optional(),
});

export type StudioPostQuery = { search?: unknown; status?: unknown; category?: unknown; page?: unknown };

/** Every post (any status), newest edit first, 25 a page, with the total for paging. */
export async function listStudioPosts(deps: Pick<Deps, "db">, query: StudioPostQuery = {}): Promise<{ posts: StudioPostSummary[]; total: number; page: number; pageSize: number }> {
  const q = parseInput(StudioPostQuerySchema, query);
  const page = q.page ?? 1;
  const search = normaliseSearch(q.search ?? "");
  let base = deps.db.kysely.selectFrom("blogs");
  if (q.status) base = base.where("status", "=", q.status);
  if (q.category) base = base.where("category", "=", q.category);
  if (search) base = base.where(anyContainsText(["search_text", "slug"], search));
  const [rows, count] = await Promise.all([
    base
      .select(["id", "title", "slug", "status", "author", "category", "published_at", "scheduled_at", "created_at", "updated_at", "views", "likes", "version"])
      .orderBy("updated_at", "desc")
      .orderBy("id", "desc")
      .limit(POST_RULES.pageSize)
      .offset((page - 1) * POST_RULES.pageSize)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow(),
  ]);
  return {
    posts: rows.map((r) => ({
      id: Number(r.id),
      title: r.title,
      slug: r.slug,
      status: r.status as PostStatus,
      author: r.author,
      category: r.category,
      publishedAt: Number(r.published_at),
      scheduledAt: r.scheduled_at === null ? null : Number(r.scheduled_at),
      createdAt: Number(r.created_at),
      updatedAt: Number(r.updated_at),
      views: Number(r.views),
      likes: Number(r.likes),
      version: Number(r.version),
    })),
    total: Number(count.n),
    page,
    pageSize: POST_RULES.pageSize,
  };
}

const IdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

export async function rowById(db: Kx, id: number): Promise<BlogRow | undefined> {
  if (!IdSchema.safeParse(id).success) return undefined;
  return db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One post, any status. */
export async function getStudioPost(deps: Pick<Deps, "db">, id: number): Promise<StudioPost> {
  const row = await rowById(deps.db.kysely, id);
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return toStudioPost(row);
}

/** The posts the editor offers as a post's translation: every other post not paired with a third one. */
export async function translationChoices(deps: Pick<Deps, "db">, ownId: number | null): Promise<Array<{ id: number; title: string; slug: string; language: PostLanguage }>> {
  let q = deps.db.kysely.selectFrom("blogs").select(["id", "title", "slug", "language"]);
  q = ownId === null ? q.where("translation_of", "is", null) : q.where("id", "!=", ownId).where((eb) => eb.or([eb("translation_of", "is", null), eb("translation_of", "=", ownId)]));
  const rows = await q.orderBy("updated_at", "desc").orderBy("id", "desc").limit(POST_RULES.translationChoicesMax).execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title, slug: r.slug, language: isLocale(r.language) ? r.language : "en" }));
}
