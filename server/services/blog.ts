import { randomBytes } from "node:crypto";
import { type Expression, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_LIMITS } from "../../app/content/blog";
import type { Deps } from "../context";
import type { Db } from "../db/database";
import { HttpError } from "../http/errors";
import { SAMPLE_BLOGS } from "./sample-blogs";

export type BlogSection = { title: string; content: string[] };

/** A post as the API answers it (spec section 3, "Blog (server)"). */
export type Blog = {
  _id: string;
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO 8601. */
  date: string;
  readTime: string;
  category: string;
  featured: boolean;
  image?: string;
  views: number;
  likes: number;
  tags: string[];
  content: { sections: BlogSection[] };
};

export type BlogInput = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** YYYY-MM-DD or an ISO timestamp. */
  date: string;
  readTime: string;
  category: string;
  featured: boolean;
  image?: string;
  tags: string[];
  sections: BlogSection[];
};

export type BlogStats = { readers: number; likes: number; articles: number };

// ---------------------------------------------------------------------------
// Listing

/** The listing's query string (the API's and the page's): bad values are a 400 naming the field. */
export const BlogQuerySchema = z
  .object({
    search: z
      .string()
      .trim()
      .max(BLOG_LIMITS.maxSearchLength, `search must be at most ${BLOG_LIMITS.maxSearchLength} characters`)
      .optional(),
    category: z.string().trim().max(60, "category must be at most 60 characters").optional(),
    featured: z.enum(["true", "false", ""], { error: "featured must be true or false" }).optional(),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}` })
      .int(`limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}`)
      .min(1, `limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}`)
      .max(BLOG_LIMITS.maxLimit, `limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}`)
      .optional(),
    page: z.coerce
      .number({ error: "page must be a whole number from 1 to 10000" })
      .int("page must be a whole number from 1 to 10000")
      .min(1, "page must be a whole number from 1 to 10000")
      .max(10_000, "page must be a whole number from 1 to 10000")
      .optional(),
    cursor: z.string().max(100).optional(),
    exclude: z.string().max(200).optional(),
  })
  .refine((q) => !(q.page && q.cursor), { message: "Use either page or cursor, not both.", path: ["cursor"] });

export type BlogQuery = {
  search?: string;
  category?: string;
  featured?: boolean;
  limit?: number;
  page?: number;
  cursor?: string;
  /** A slug to leave out (the post page's related posts). */
  exclude?: string;
};

export function toBlogQuery(parsed: z.output<typeof BlogQuerySchema>): BlogQuery {
  return {
    search: parsed.search || undefined,
    category: parsed.category && parsed.category !== BLOG_CATEGORIES[0] ? parsed.category : undefined,
    featured: parsed.featured === "true" ? true : undefined,
    limit: parsed.limit,
    page: parsed.page,
    cursor: parsed.cursor || undefined,
    exclude: parsed.exclude || undefined,
  };
}

export type BlogPage = {
  data: Blog[];
  pagination: { limit: number; page?: number; hasMore: boolean; nextCursor: string | null };
};

/** `%`, `_` and the escape character itself are text, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

function encodeCursor(publishedAt: number, id: number): string {
  return Buffer.from(`${publishedAt}.${id}`).toString("base64url");
}

function decodeCursor(cursor: string): { publishedAt: number; id: number } {
  const match = /^(-?\d{1,15})\.(\d{1,15})$/.exec(Buffer.from(cursor, "base64url").toString("utf8"));
  if (!match) throw new HttpError(400, "cursor is not valid; use the nextCursor of a previous answer.", { field: "cursor" });
  return { publishedAt: Number(match[1]), id: Number(match[2]) };
}

/** Newest first, filtered by search (title, excerpt, tags, section text), category and featured. */
export async function listBlogs(deps: Deps, query: BlogQuery = {}): Promise<BlogPage> {
  const limit = query.limit ?? BLOG_LIMITS.pageSize;
  let q = deps.db.kysely.selectFrom("blogs").selectAll("blogs");
  if (query.category) q = q.where("category", "=", query.category);
  if (query.featured) q = q.where("featured", "=", 1);
  if (query.exclude) q = q.where("slug", "!=", query.exclude);
  const search = query.search?.trim().toLowerCase();
  if (search) {
    const condition = await searchCondition(deps.db, search);
    if (condition === "none") return { data: [], pagination: { limit, ...(query.cursor ? {} : { page: query.page ?? 1 }), hasMore: false, nextCursor: null } };
    q = q.where(condition);
  }
  if (query.cursor) {
    const c = decodeCursor(query.cursor);
    q = q.where((eb) =>
      eb.or([eb("published_at", "<", c.publishedAt), eb.and([eb("published_at", "=", c.publishedAt), eb("id", "<", c.id)])]),
    );
  } else if (query.page && query.page > 1) {
    q = q.offset((query.page - 1) * limit);
  }
  const rows = await q
    .orderBy("published_at", "desc")
    .orderBy("id", "desc")
    .limit(limit + 1)
    .execute();
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    data: page.map(toBlog),
    pagination: {
      limit,
      ...(query.cursor ? {} : { page: query.page ?? 1 }),
      hasMore,
      nextCursor: hasMore && last ? encodeCursor(Number(last.published_at), Number(last.id)) : null,
    },
  };
}

/** Matches up to this many posts are read from the trigram index; more means a common term. */
const SEARCH_PROBE = 300;

/**
 * Substring search over the lower-cased `search_text`, always parameterised.
 * The term is first looked up in the trigram index (SQLite: the FTS5 trigram
 * table, as a quoted phrase, which is exactly a substring match with quotes
 * doubled so any text is just text; PostgreSQL: LIKE over the pg_trgm GIN
 * index). A rare term becomes a short id list, sorted cheaply; a common one
 * (SEARCH_PROBE matches or more) is cheaper as LIKE along the newest-first
 * index, which stops as soon as a page is full. LIKE wildcards are escaped.
 */
async function searchCondition(db: Db, search: string): Promise<Expression<SqlBool> | "none"> {
  const pattern = `%${escapeLike(search)}%`;
  const like = sql<SqlBool>`blogs.search_text like ${pattern} escape '\\'`;
  // Under 3 characters there is no trigram to look up.
  if ([...search].length < 3) return like;
  const probe =
    db.dialect === "sqlite"
      ? sql<{ id: number }>`select rowid as id from blogs_fts where blogs_fts match ${`"${search.replace(/"/g, '""')}"`} limit ${SEARCH_PROBE}`
      : sql<{ id: number }>`select id from blogs where search_text like ${pattern} escape '\\' limit ${SEARCH_PROBE}`;
  const { rows } = await probe.execute(db.kysely);
  if (rows.length === 0) return "none";
  if (rows.length >= SEARCH_PROBE) return like;
  return sql<SqlBool>`blogs.id in (${sql.join(rows.map((r) => Number(r.id)))})`;
}

/** Total Readers (sum of views), Total Likes and Articles, over every post. */
export async function blogStats(deps: Deps): Promise<BlogStats> {
  const row = await deps.db.kysely
    .selectFrom("blogs")
    .select((eb) => [
      eb.fn.countAll<number>().as("articles"),
      eb.fn.coalesce(eb.fn.sum<number>("views"), sql<number>`0`).as("readers"),
      eb.fn.coalesce(eb.fn.sum<number>("likes"), sql<number>`0`).as("likes"),
    ])
    .executeTakeFirstOrThrow();
  return { readers: Number(row.readers), likes: Number(row.likes), articles: Number(row.articles) };
}

// ---------------------------------------------------------------------------
// One post

export const SlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case letters, digits and dashes");

/** The post, counting one view. Undefined when there is no such post. */
export async function viewBlog(deps: Deps, slug: string): Promise<Blog | undefined> {
  if (!SlugSchema.safeParse(slug).success) return undefined;
  const row = await deps.db.kysely
    .updateTable("blogs")
    .set((eb) => ({ views: eb("views", "+", 1) }))
    .where("slug", "=", slug)
    .returningAll()
    .executeTakeFirst();
  return row ? toBlog(row) : undefined;
}

/**
 * Counts one view of the post (a GET of its page) and answers its id, or
 * undefined when there is no such post. It resolves once the view is
 * committed, so a view whose page was answered is never lost, not even on
 * shutdown (the server waits for requests in flight). Views asked for in the
 * same turn of the event loop are written together, one UPDATE per post in one
 * transaction (group commit): cheap even when the page itself comes from the
 * response cache.
 */
export function countView(deps: Deps, slug: string): Promise<number | undefined> {
  if (!SlugSchema.safeParse(slug).success) return Promise.resolve(undefined);
  const db = deps.db;
  let batch = openViewBatches.get(db);
  if (!batch) {
    const counts = new Map<string, number>();
    const written = new Promise<Map<string, number>>((resolve, reject) => {
      setImmediate(() => {
        openViewBatches.delete(db);
        writeViews(db, counts).then(resolve, reject);
      });
    });
    batch = { counts, written };
    openViewBatches.set(db, batch);
  }
  batch.counts.set(slug, (batch.counts.get(slug) ?? 0) + 1);
  return batch.written.then((ids) => ids.get(slug));
}

type ViewBatch = { counts: Map<string, number>; written: Promise<Map<string, number>> };
const openViewBatches = new WeakMap<Db, ViewBatch>();

/** Adds each post's views; answers the ids of the posts that exist. */
async function writeViews(db: Db, counts: ReadonlyMap<string, number>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const write = async (trx: Db["kysely"]) => {
    // Always in the same order: two batches updating the same posts in different orders deadlock on PostgreSQL.
    for (const [slug, n] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      const row = await trx
        .updateTable("blogs")
        .set((eb) => ({ views: eb("views", "+", n) }))
        .where("slug", "=", slug)
        .returning("id")
        .executeTakeFirst();
      if (row) ids.set(slug, Number(row.id));
    }
  };
  if (counts.size === 1) await write(db.kysely);
  else await db.kysely.transaction().execute(write);
  return ids;
}

/** The post without counting a view. */
export async function getBlog(deps: Deps, slug: string): Promise<Blog | undefined> {
  if (!SlugSchema.safeParse(slug).success) return undefined;
  const row = await deps.db.kysely.selectFrom("blogs").selectAll().where("slug", "=", slug).executeTakeFirst();
  return row ? toBlog(row) : undefined;
}

// ---------------------------------------------------------------------------
// The data version (what the response cache keys its answers by)

const localWrites = new WeakMap<Db, number>();

/** Called after every write this process makes to posts or likes (views excepted: see blogsVersion). */
function wroteBlogs(db: Db): void {
  localWrites.set(db, (localWrites.get(db) ?? 0) + 1);
}

/**
 * A value that changes whenever the posts or likes may have changed: every
 * like and insert made through this module, and any write by another process
 * or instance (the database's `cache_versions` rows, moved by triggers on
 * `blogs`, migration 0006). Views leave it alone, so a cached page survives
 * views (the count it shows is at most the cache's lifetime old).
 */
export async function blogsVersion(deps: Deps): Promise<string> {
  const local = localWrites.get(deps.db) ?? 0;
  const shared = await cacheVersions(deps);
  return `${local}.${shared.posts}.${shared.likes}`;
}

/** The database's cache versions: `posts` (added, removed, edited) and `likes`. */
export async function cacheVersions(deps: Deps): Promise<{ posts: number; likes: number }> {
  const rows = await deps.db.kysely.selectFrom("cache_versions").select(["name", "version"]).execute();
  const of = (name: string) => Number(rows.find((r) => r.name === name)?.version ?? 0);
  return { posts: of("posts"), likes: of("likes") };
}

// ---------------------------------------------------------------------------
// Likes

export type LikeResult = { likes: number; alreadyLiked: boolean };

/**
 * Counts one like per visitor and post: the (post, visitor) row is the proof,
 * and the counter only moves when that row was new, in the same transaction,
 * so concurrent likes are exact.
 */
export async function likeBlog(deps: Deps, id: number, visitorId: string): Promise<LikeResult | undefined> {
  try {
    return await likeInTransaction(deps, id, visitorId);
  } finally {
    // After the commit: an answer cached from now on sees the like.
    wroteBlogs(deps.db);
  }
}

async function likeInTransaction(deps: Deps, id: number, visitorId: string): Promise<LikeResult | undefined> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    const exists = await trx.selectFrom("blogs").select("id").where("id", "=", id).executeTakeFirst();
    if (!exists) return undefined;
    const inserted = await trx
      .insertInto("blog_likes")
      .values({ blog_id: id, visitor_id: visitorId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(["blog_id", "visitor_id"]).doNothing())
      .returning("blog_id")
      .executeTakeFirst();
    if (inserted) {
      const row = await trx
        .updateTable("blogs")
        .set((eb) => ({ likes: eb("likes", "+", 1) }))
        .where("id", "=", id)
        .returning("likes")
        .executeTakeFirstOrThrow();
      return { likes: Number(row.likes), alreadyLiked: false };
    }
    const row = await trx.selectFrom("blogs").select("likes").where("id", "=", id).executeTakeFirstOrThrow();
    return { likes: Number(row.likes), alreadyLiked: true };
  });
}

/** Whether this visitor has liked this post (the page shows 'Liked' then). */
export async function hasLiked(deps: Deps, id: number, visitorId: string | undefined): Promise<boolean> {
  if (!visitorId) return false;
  const row = await deps.db.kysely
    .selectFrom("blog_likes")
    .select("blog_id")
    .where("blog_id", "=", id)
    .where("visitor_id", "=", visitorId)
    .executeTakeFirst();
  return Boolean(row);
}

// The anonymous visitor cookie: a random id, nothing personal in it.
export const VISITOR_COOKIE = "wp_visitor";
const VISITOR_MAX_AGE_S = 2 * 365 * 24 * 3600;
const VISITOR_ID = /^[A-Za-z0-9_-]{32,64}$/;

export function visitorIdFromCookie(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === VISITOR_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return VISITOR_ID.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function newVisitorId(): string {
  return randomBytes(24).toString("base64url");
}

export function visitorCookieHeader(id: string, publicUrl: string): string {
  const secure = publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${VISITOR_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}

// ---------------------------------------------------------------------------
// Creating posts and the samples

function searchText(input: BlogInput): string {
  return [
    input.title,
    input.excerpt,
    input.tags.join(" "),
    ...input.sections.flatMap((s) => [s.title, ...s.content]),
  ]
    .join("\n")
    .toLowerCase();
}

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
    tags: JSON.stringify(input.tags),
    content: JSON.stringify({ sections: input.sections }),
    search_text: searchText(input),
    created_at: now,
    updated_at: now,
  };
}

/** Inserts posts whose slug is not taken yet; returns how many were added. */
export async function insertBlogs(deps: Deps, inputs: readonly BlogInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const now = Date.now();
  try {
    const rows = await deps.db.kysely
      .insertInto("blogs")
      .values(inputs.map((i) => blogRow(i, now)))
      .onConflict((oc) => oc.column("slug").doNothing())
      .returning("id")
      .execute();
    return rows.length;
  } finally {
    wroteBlogs(deps.db);
  }
}

/** Adds the sample posts that are missing. Running it again adds nothing twice. */
export async function seedSampleBlogs(deps: Deps): Promise<{ added: number }> {
  return { added: await insertBlogs(deps, SAMPLE_BLOGS) };
}

// ---------------------------------------------------------------------------

type BlogRowOut = {
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  published_at: number;
  read_time: string;
  category: string;
  featured: number;
  image: string | null;
  views: number;
  likes: number;
  tags: string;
  content: string;
};

const StoredSections = z.object({
  sections: z.array(z.object({ title: z.string().catch(""), content: z.array(z.string()).catch([]) })).catch([]),
});

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

const StoredTags = z.array(z.string()).catch([]);
const StoredContent = StoredSections.catch({ sections: [] });

export function toBlog(row: BlogRowOut): Blog {
  const tags = StoredTags.parse(parseJson(row.tags));
  const content = StoredContent.parse(parseJson(row.content));
  return {
    _id: String(row.id),
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    date: new Date(Number(row.published_at)).toISOString(),
    readTime: row.read_time,
    category: row.category,
    featured: Number(row.featured) === 1,
    ...(row.image ? { image: row.image } : {}),
    views: Number(row.views),
    likes: Number(row.likes),
    tags,
    content,
  };
}
