import { type Expression, type SqlBool, sql } from "kysely";
import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_LIMITS } from "../../shared/content/blog";
import type { Deps } from "../context";
import type { Db } from "../db/database";
import { HttpError } from "../http/errors";
import { type IndexablePost, reindexPost } from "./chat/knowledge";
import { addressKey, hitRateLimit } from "./rate-limit";
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
    // Normalised here too, so that equivalent searches share one entry of the listing cache.
    search: normaliseSearch(parsed.search ?? "") || undefined,
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

/** C0 and C1 control characters (NUL included) and every kind of whitespace run. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SEARCH_SEPARATORS = /[\u0000-\u001f\u007f-\u009f\s]+/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The text a search looks for, whatever was typed: control characters (a NUL broke SQLite's FTS5 and
 * PostgreSQL's text) separate words like a space, runs of spaces become one, lone surrogates become U+FFFD,
 * lower-cased and at most `maxSearchLength` characters. Everything else, FTS5 syntax (`"`, `*`, `^`, `:`,
 * brackets, NEAR, AND/OR/NOT) and LIKE wildcards included, is plain text: `searchCondition` quotes the one and
 * escapes the other. `listBlogs` applies it to every search, so the API and the page share it.
 */
export function normaliseSearch(text: string): string {
  const plain = text.replace(LONE_SURROGATE, "\ufffd").replace(SEARCH_SEPARATORS, " ").trim().toLowerCase();
  return [...plain].slice(0, BLOG_LIMITS.maxSearchLength).join("").trimEnd();
}

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
  const search = normaliseSearch(query.search ?? "");
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

/**
 * The post, counting its view (once per client address and hour, see `countView`). Undefined when there is no
 * such post.
 */
export async function viewBlog(deps: Deps, slug: string, clientIp: string): Promise<Blog | undefined> {
  if ((await countView(deps, slug, clientIp)) === undefined) return undefined;
  return getBlog(deps, slug);
}

/** A view counts once per client address, post and clock hour. */
const VIEW_WINDOW_MS = 3_600_000;
/** Views this process already counted in the current hour, at most this many remembered (a bounded cache). */
const SEEN_VIEWS_MAX = 20_000;

/**
 * Counts the view of the post (a GET of its page or of `/api/blogs/{slug}`) from this client address, unless it
 * was already counted this hour, and answers the post's id, or undefined when there is no such post.
 *
 * The proof of a counted view is a row in `rate_limits` keyed by post, hour and a hash of the address (never
 * the address), which expires with the hour; every process shares it, and the insert that creates it is what
 * adds the view, so it counts exactly once. Views already counted by this process are remembered in memory,
 * so a repeated view costs no write at all.
 *
 * It resolves once the view is committed, so a view whose page was answered is never lost, not even on shutdown
 * (the server waits for requests in flight). Views asked for in the same turn of the event loop are written
 * together in one transaction (group commit): cheap even when the page itself comes from the response cache.
 */
export function countView(deps: Deps, slug: string, clientIp: string): Promise<number | undefined> {
  if (!SlugSchema.safeParse(slug).success) return Promise.resolve(undefined);
  const db = deps.db;
  let batch = openViewBatches.get(db);
  if (!batch) {
    const views = new Map<string, Set<string>>();
    const hour = Math.floor(Date.now() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS;
    const written = new Promise<Map<string, number>>((resolve, reject) => {
      setImmediate(() => {
        openViewBatches.delete(db);
        writeViews(db, hour, views).then(resolve, reject);
      });
    });
    batch = { hour, views, written };
    openViewBatches.set(db, batch);
  }
  let addresses = batch.views.get(slug);
  if (!addresses) batch.views.set(slug, (addresses = new Set()));
  const address = addressKey(clientIp);
  if (!seenViews(db, batch.hour).has(`${slug}\n${address}`)) addresses.add(address);
  return batch.written.then((ids) => ids.get(slug));
}

type ViewBatch = { hour: number; views: Map<string, Set<string>>; written: Promise<Map<string, number>> };
const openViewBatches = new WeakMap<Db, ViewBatch>();
const seenViewsByDb = new WeakMap<Db, { hour: number; keys: Set<string> }>();

/** The (slug, address) pairs whose view this process counted (or found counted) in `hour`. */
function seenViews(db: Db, hour: number): Set<string> {
  let seen = seenViewsByDb.get(db);
  if (!seen || seen.hour !== hour) {
    seen = { hour, keys: new Set() };
    seenViewsByDb.set(db, seen);
  }
  return seen.keys;
}

function rememberViews(db: Db, hour: number, keys: readonly string[]): void {
  const seen = seenViews(db, hour);
  for (const key of keys) seen.add(key);
  // Oldest first: a Set iterates in insertion order.
  for (const key of seen) {
    if (seen.size <= SEEN_VIEWS_MAX) break;
    seen.delete(key);
  }
}

/** Counts each post's views not counted yet this hour; answers the ids of the posts that exist. */
async function writeViews(db: Db, hour: number, views: ReadonlyMap<string, ReadonlySet<string>>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows = await db.kysely.selectFrom("blogs").select(["id", "slug"]).where("slug", "in", [...views.keys()]).execute();
  for (const row of rows) ids.set(row.slug, Number(row.id));
  const marks: { key: string; slug: string; seen: string }[] = [];
  for (const [slug, addresses] of views) {
    const id = ids.get(slug);
    if (id === undefined) continue;
    for (const address of addresses) marks.push({ key: `view:${id}:${hour / VIEW_WINDOW_MS}:${address}`, slug, seen: `${slug}\n${address}` });
  }
  if (marks.length === 0) return ids;
  // Always in the same order (marks by key, posts by slug): two batches taking the same rows in different
  // orders deadlock on PostgreSQL.
  marks.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await db.kysely.transaction().execute(async (trx) => {
    const added = new Map<string, number>();
    for (let i = 0; i < marks.length; i += 500) {
      const chunk = marks.slice(i, i + 500);
      const inserted = await trx
        .insertInto("rate_limits")
        .values(chunk.map((m) => ({ key: m.key, window_start: hour, count: 1, expires_at: hour + VIEW_WINDOW_MS })))
        .onConflict((oc) => oc.column("key").doNothing())
        .returning("key")
        .execute();
      const fresh = new Set(inserted.map((r) => r.key));
      for (const m of chunk) if (fresh.has(m.key)) added.set(m.slug, (added.get(m.slug) ?? 0) + 1);
    }
    for (const [slug, n] of [...added].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      await trx
        .updateTable("blogs")
        .set((eb) => ({ views: eb("views", "+", n) }))
        .where("id", "=", ids.get(slug)!)
        .execute();
    }
  });
  rememberViews(db, hour, marks.map((m) => m.seen));
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
 * `blogs`, migration 0008). Views leave it alone, so a cached page survives
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
/** The client address has liked this post as often as a day allows. */
export type LikeLimited = { limited: true; retryAfterSeconds: number };

const LIKE_WINDOW_MS = 24 * 3_600_000;

/**
 * Counts one like per visitor and post: the (post, visitor) row is the proof,
 * and the counter only moves when that row was new, in the same transaction,
 * so concurrent likes are exact. A visitor is a cookie, which anyone can drop,
 * so new likes of one post are also limited per client address and day
 * (`LIKES_PER_POST_PER_ADDRESS_PER_DAY`): the address's counter moves in the
 * same transaction, and a like over the limit is rolled back with it, so the
 * counter counts stored likes and an over-limit like is never stored. A visitor
 * who already liked the post is answered without touching the counter.
 */
export async function likeBlog(deps: Deps, id: number, visitorId: string, clientIp: string): Promise<LikeResult | LikeLimited | undefined> {
  try {
    return await likeInTransaction(deps, id, visitorId, addressKey(clientIp));
  } catch (error) {
    // Not logged: the request's own log line (429) says it, and a flood of refusals must not flood the log too.
    if (!(error instanceof OverLikeLimit)) throw error;
    return { limited: true, retryAfterSeconds: error.retryAfterSeconds };
  } finally {
    // After the commit: an answer cached from now on sees the like.
    wroteBlogs(deps.db);
  }
}

/** Thrown inside the like's transaction to roll it back. */
class OverLikeLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("like limit reached");
  }
}

async function likeInTransaction(deps: Deps, id: number, visitorId: string, address: string): Promise<LikeResult | undefined> {
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
      const allowance = await hitRateLimit({ kysely: trx }, `like:${id}:${address}`, {
        limit: deps.config.LIKES_PER_POST_PER_ADDRESS_PER_DAY,
        windowMs: LIKE_WINDOW_MS,
      });
      if (!allowance.allowed) throw new OverLikeLimit(allowance.retryAfterSeconds);
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
      .returning(["id", "slug"])
      .execute();
    const bySlug = new Map(inputs.map((i) => [i.slug, i]));
    for (const row of rows) {
      const input = bySlug.get(row.slug)!;
      await indexPost(deps, { ...input, id: Number(row.id), published: isPublishedPost(input) });
    }
    return rows.length;
  } finally {
    wroteBlogs(deps.db);
  }
}

/**
 * Whether a post may be shown and cited. Every stored post is published
 * today (posts arrive only through 'Add Sample Blogs'); when the studio adds
 * drafts, this is where their status decides, and the assistant's index
 * follows it through indexPost.
 */
export function isPublishedPost(_post: Pick<BlogInput, "slug">): boolean {
  return true;
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

/** A stored row as the knowledge index takes it. */
export function toIndexablePost(row: { id: number; slug: string; title: string; excerpt: string; category: string; tags: string; content: string }): IndexablePost {
  const tags = StoredTags.parse(parseJson(row.tags));
  const { sections } = StoredContent.parse(parseJson(row.content));
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags,
    sections,
    published: isPublishedPost(row),
  };
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
