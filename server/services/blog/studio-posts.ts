import type { Selectable, Transaction } from "kysely";
import { POST_MESSAGES, POST_RULES, POST_STATUSES, type PostStatus } from "../../../shared/content/studio-posts";
import { markdownToSections, readTimeFor, sectionsToMarkdown, wordCount } from "../../../shared/post-markdown";
import { inlineMediaIds, markProblem } from "../../../shared/post-marks";
import { z } from "../../../shared/zod";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import type { Database } from "../../db/schema";
import type { BlogNewsletterTables } from "../../db/schema";
import { ServiceError, conflict, invalid, notFound, parseInput, rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { type Actor, recordAudit } from "../audit";
import { publish } from "../events";
import { PUBLISHED } from "./publication";
import { storedSections, storedTags, textColumns, toIndexablePost } from "./rows";
import { anyContainsText, normaliseSearch } from "../text-search";
import { SlugSchema } from "./types";
import { transliterateDevanagari } from "./transliterate";
import { LOCALES, type Locale, isLocale } from "../../../shared/i18n";
import { blogCategories, categoryNamesIn, currentCategory } from "../content/categories";

type BlogRow = Selectable<BlogNewsletterTables["blogs"]>;
type Kx = Db["kysely"] | Transaction<Database>;

/** Everything the editor edits. The body is the light Markdown as written. */
export type PostFields = {
  title: string;
  slug: string;
  excerpt: string;
  author: string;
  category: string;
  tags: string[];
  featured: boolean;
  readTime: string;
  coverMediaId: number | null;
  coverAlt: string;
  body: string;
  /** Search and sharing (decision 0029): empty uses the title, the excerpt, the cover. */
  metaTitle: string;
  metaDescription: string;
  socialMediaId: number | null;
  /** The language the post is written in (issue 33): its page, the listing's order and search engines follow it. */
  language: PostLanguage;
  /** The post's translation: the other post of the pair, in the other language (null when none). */
  translationOf: number | null;
};

/** What a post may be written in: the site's languages. */
export type PostLanguage = Locale;

/** A post as the studio sees it. */
export type StudioPost = PostFields & {
  id: number;
  status: PostStatus;
  version: number;
  /** The read time computed from the body's words (shown beside the field). */
  computedReadTime: string;
  words: number;
  publishedAt: number;
  scheduledAt: number | null;
  createdAt: number;
  updatedAt: number;
  authorUserId: string | null;
  views: number;
  likes: number;
};

export type StudioPostSummary = Pick<
  StudioPost,
  "id" | "title" | "slug" | "status" | "author" | "category" | "publishedAt" | "scheduledAt" | "createdAt" | "updatedAt" | "views" | "likes" | "version"
>;

/** PostgreSQL cannot store a NUL character: it is dropped from every text field (everything else stays as typed). */
const noNul = (s: string) => s.replaceAll("\u0000", "");
const text = (max: number, tooLong: string) => z.string().max(max * 4, tooLong).transform((s) => noNul(s).trim()).pipe(z.string().max(max, tooLong));

/** What a save may carry: every field is optional (what is missing keeps its stored value). */
const FieldsSchema = z
  .object({
    title: text(POST_RULES.titleMax, POST_MESSAGES.titleTooLong),
    slug: z.string().max(POST_RULES.slugMax * 2, POST_MESSAGES.slugInvalid).transform((s) => noNul(s).trim().toLowerCase()),
    excerpt: text(POST_RULES.excerptMax, POST_MESSAGES.excerptTooLong),
    author: text(POST_RULES.authorMax, POST_MESSAGES.authorTooLong),
    // Checked against the owner's list when merged (mergeFields): the list is content, not code (decision 0034).
    category: z.string().max(60, POST_MESSAGES.categoryInvalid).transform((c) => noNul(c).trim()),
    tags: z
      .union([z.array(z.string().max(POST_RULES.tagMax * 4, POST_MESSAGES.tagsInvalid)).max(POST_RULES.tagsMax * 4, POST_MESSAGES.tagsInvalid), z.string().max(2_000, POST_MESSAGES.tagsInvalid)])
      .transform((t) => (typeof t === "string" ? t.split(",") : t).map((s) => noNul(s).trim().replace(/\s+/g, " ")).filter(Boolean))
      .transform((t) => [...new Set(t)])
      .pipe(z.array(z.string().max(POST_RULES.tagMax, POST_MESSAGES.tagsInvalid)).max(POST_RULES.tagsMax, POST_MESSAGES.tagsInvalid)),
    featured: z.boolean({ error: "featured must be true or false" }),
    readTime: text(POST_RULES.readTimeMax, POST_MESSAGES.readTimeTooLong),
    coverMediaId: z
      .number({ error: POST_MESSAGES.coverNotFound })
      .int(POST_MESSAGES.coverNotFound)
      .positive(POST_MESSAGES.coverNotFound)
      .max(Number.MAX_SAFE_INTEGER, POST_MESSAGES.coverNotFound)
      .nullable(),
    coverAlt: text(POST_RULES.coverAltMax, POST_MESSAGES.coverAltTooLong),
    body: z.string().max(POST_RULES.bodyMax, POST_MESSAGES.bodyTooLong).transform(noNul),
    metaTitle: text(POST_RULES.metaTitleMax, POST_MESSAGES.metaTitleTooLong),
    metaDescription: text(POST_RULES.metaDescriptionMax, POST_MESSAGES.metaDescriptionTooLong),
    socialMediaId: z
      .number({ error: POST_MESSAGES.socialImageNotFound })
      .int(POST_MESSAGES.socialImageNotFound)
      .positive(POST_MESSAGES.socialImageNotFound)
      .max(Number.MAX_SAFE_INTEGER, POST_MESSAGES.socialImageNotFound)
      .nullable(),
    language: z.enum(LOCALES, { error: POST_MESSAGES.languageInvalid }),
    translationOf: z
      .number({ error: POST_MESSAGES.translationNotFound })
      .int(POST_MESSAGES.translationNotFound)
      .positive(POST_MESSAGES.translationNotFound)
      .max(Number.MAX_SAFE_INTEGER, POST_MESSAGES.translationNotFound)
      .nullable(),
  })
  .partial()
  .strict();

export type PostChanges = z.input<typeof FieldsSchema>;

const VersionSchema = z.number({ error: POST_MESSAGES.versionRequired }).int(POST_MESSAGES.versionRequired).min(1, POST_MESSAGES.versionRequired).max(2 ** 31, POST_MESSAGES.versionRequired);

/**
 * "My First Post!" → "my-first-post"; letters with accents lose them; Hindi in Devanagari is written in readable
 * Latin letters first (./transliterate); at most 80 characters, cut at a dash.
 */
export function slugify(title: string): string {
  const slug = transliterateDevanagari(title)
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length <= 80) return slug;
  const cut = slug.slice(0, 80);
  return cut.includes("-") ? cut.slice(0, cut.lastIndexOf("-")) : cut;
}

function fieldsOf(row: BlogRow): PostFields {
  return {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    author: row.author,
    category: row.category,
    tags: storedTags(row.tags),
    featured: Number(row.featured) === 1,
    readTime: row.read_time,
    coverMediaId: row.cover_media_id === null ? null : Number(row.cover_media_id),
    coverAlt: row.cover_alt,
    body: row.body_source ?? sectionsToMarkdown(storedSections(row.content)),
    metaTitle: row.meta_title ?? "",
    metaDescription: row.meta_description ?? "",
    socialMediaId: row.social_media_id === null || row.social_media_id === undefined ? null : Number(row.social_media_id),
    language: isLocale(row.language) ? row.language : "en",
    translationOf: row.translation_of === null || row.translation_of === undefined ? null : Number(row.translation_of),
  };
}

function parseStored<T>(json: string, fallback: T): T {
  try {
    return (JSON.parse(json) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

export function toStudioPost(row: BlogRow): StudioPost {
  const fields = fieldsOf(row);
  const words = wordCount(fields.body);
  return {
    ...fields,
    id: Number(row.id),
    status: (POST_STATUSES as readonly string[]).includes(row.status) ? (row.status as PostStatus) : "draft",
    version: Number(row.version),
    computedReadTime: readTimeFor(words),
    words,
    publishedAt: Number(row.published_at),
    scheduledAt: row.scheduled_at === null ? null : Number(row.scheduled_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
    authorUserId: row.author_user_id,
    views: Number(row.views),
    likes: Number(row.likes),
  };
}

// ---------------------------------------------------------------------------
// Reading

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

async function rowById(db: Kx, id: number): Promise<BlogRow | undefined> {
  if (!IdSchema.safeParse(id).success) return undefined;
  return db.selectFrom("blogs").selectAll().where("id", "=", id).executeTakeFirst();
}

/** One post, any status. */
export async function getStudioPost(deps: Pick<Deps, "db">, id: number): Promise<StudioPost> {
  const row = await rowById(deps.db.kysely, id);
  if (!row) throw notFound(POST_MESSAGES.notFound);
  return toStudioPost(row);
}

// ---------------------------------------------------------------------------
// Writing

/** What a write does besides the fields: the status it leaves the post in, and when. */
type Transition =
  | { to: "keep" }
  | { to: "published"; at: number }
  | { to: "scheduled"; at: number }
  | { to: "unpublished" }
  | { to: "draft" };

async function assertSaveAllowed(deps: Pick<Deps, "db">, actor: Actor): Promise<void> {
  const limit = await hitRateLimit(deps.db, `studio-post-save:${actor.userId ?? actor.label}`, { limit: POST_RULES.savesPerMinute, windowMs: 60_000 });
  if (!limit.allowed) throw rateLimited(POST_MESSAGES.tooManySaves, limit.retryAfterSeconds);
}

/** The checks a post must pass to be public (published or scheduled): a title, an excerpt, an author, a category, a body. */
function assertPublishable(fields: PostFields): void {
  if (!fields.title) throw invalid(POST_MESSAGES.titleRequired, "title");
  if (!fields.excerpt) throw invalid(POST_MESSAGES.excerptRequired, "excerpt");
  if (!fields.author) throw invalid(POST_MESSAGES.authorRequired, "author");
  // A category other than the owner's was refused when merged (mergeFields); here: one must be chosen.
  if (!fields.category) throw invalid(POST_MESSAGES.categoryInvalid, "category");
  if (!markdownToSections(fields.body).some((s) => s.content.length > 0)) throw invalid(POST_MESSAGES.bodyRequired, "body");
}

/** A free slug near `wanted` (wanted, wanted-2, wanted-3…), for a generated slug. */
async function freeSlug(db: Kx, wanted: string, ownId: number | null): Promise<string> {
  const base = wanted || "post";
  for (let n = 1; n < 1000; n++) {
    const candidate = n === 1 ? base : `${base.slice(0, POST_RULES.slugMax - 5)}-${n}`;
    const taken = await db.selectFrom("blogs").select("id").where("slug", "=", candidate).executeTakeFirst();
    if (!taken || Number(taken.id) === ownId) return candidate;
  }
  return `${base.slice(0, 150)}-${Date.now().toString(36)}`;
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/** "पढ़ने में 5 मिनट" (not the order "5 मिनट में पढ़ें", docs/hindi-style.md): the read time of a Hindi post (the same 200 words a minute as the English one). */
export function readTimeHindi(words: number): string {
  return `पढ़ने में ${Math.max(1, Math.round(words / 200))} मिनट`;
}

/** Two writes raced for a slug, or for pairing the same post: which one this was. */
function uniqueConflict(error: unknown) {
  return /translation/i.test((error as { message?: string })?.message ?? "") ? conflict(POST_MESSAGES.translationTaken, "translationOf") : conflict(POST_MESSAGES.slugTaken, "slug");
}

/** The stored columns of `fields` (content and search text from the body). */
function columnsOf(fields: PostFields) {
  const sections = markdownToSections(fields.body);
  return {
    title: fields.title,
    slug: fields.slug,
    excerpt: fields.excerpt,
    author: fields.author,
    category: fields.category,
    featured: fields.featured ? 1 : 0,
    // Left empty, the read time is worked out from the body, in the post's language (a Hindi post says it in Hindi).
    read_time: fields.readTime || (fields.language === "hi" ? readTimeHindi(wordCount(fields.body)) : readTimeFor(wordCount(fields.body))),
    cover_media_id: fields.coverMediaId,
    cover_alt: fields.coverAlt,
    body_source: fields.body,
    meta_title: fields.metaTitle,
    meta_description: fields.metaDescription,
    social_media_id: fields.socialMediaId,
    language: fields.language,
    translation_of: fields.translationOf,
    ...textColumns({ title: fields.title, excerpt: fields.excerpt, tags: fields.tags, sections }),
  };
}

/**
 * Checks and merges `changes` into `current`: a slug that is given must be valid and free; an empty one is made
 * from the title (and made free); the cover must be a row of `media`, with alt text.
 */
async function mergeFields(db: Kx, current: PostFields, changes: PostChanges, ownId: number | null, dialect: Db["dialect"]): Promise<PostFields> {
  const parsed = parseInput(FieldsSchema, changes);
  const merged: PostFields = { ...current, ...Object.fromEntries(Object.entries(parsed).filter(([, v]) => v !== undefined)) } as PostFields;
  if (parsed.slug === undefined && ownId === null) merged.slug = "";
  if (merged.slug === "") {
    merged.slug = await freeSlug(db, slugify(merged.title), ownId);
  } else if (merged.slug !== current.slug || ownId === null) {
    if (!SlugSchema.safeParse(merged.slug).success) throw invalid(POST_MESSAGES.slugInvalid, "slug");
    const taken = await db.selectFrom("blogs").select("id").where("slug", "=", merged.slug).executeTakeFirst();
    if (taken && Number(taken.id) !== ownId) throw conflict(POST_MESSAGES.slugTaken, "slug");
  }
  if (merged.coverMediaId !== null) {
    // On PostgreSQL the image's row is held (shared) until this write commits: an image being deleted meanwhile is
    // waited for and then refused here, and one deleted after sees this post as its user (deleteMedia locks first).
    let query = db.selectFrom("media").select("id").where("id", "=", merged.coverMediaId);
    if (dialect === "postgres") query = query.forShare();
    const media = await query.executeTakeFirst();
    if (!media) throw invalid(POST_MESSAGES.coverNotFound, "coverMediaId");
    if (!merged.coverAlt) throw invalid(POST_MESSAGES.coverAltRequired, "coverAlt");
  }
  if (merged.socialMediaId !== null && merged.socialMediaId !== current.socialMediaId) {
    const media = await db.selectFrom("media").select("id").where("id", "=", merged.socialMediaId).executeTakeFirst();
    if (!media) throw invalid(POST_MESSAGES.socialImageNotFound, "socialMediaId");
  }
  if (parsed.body !== undefined) await assertMarks(db, merged.body);
  if (merged.category) {
    // The owner's list: a name it had before a rename (an editor opened before it) saves as the category's name now.
    const category = currentCategory(await categoryNamesIn(db), merged.category);
    if (category === undefined) throw invalid(POST_MESSAGES.categoryInvalid, "category");
    merged.category = category;
  }
  await assertPairing(db, merged, ownId);
  return merged;
}

/**
 * A pair (issue 33): the post named as the translation exists, is not this post, is written in the other language
 * and is not already the translation of a third post. Two editors pairing one post at once: the unique index on
 * `translation_of` lets only one of them commit.
 */
async function assertPairing(db: Kx, fields: PostFields, ownId: number | null): Promise<void> {
  if (fields.translationOf === null) return;
  if (fields.translationOf === ownId) throw invalid(POST_MESSAGES.translationSelf, "translationOf");
  const partner = await db.selectFrom("blogs").select(["id", "language", "translation_of"]).where("id", "=", fields.translationOf).executeTakeFirst();
  if (!partner) throw invalid(POST_MESSAGES.translationNotFound, "translationOf");
  if (partner.language === fields.language) throw invalid(POST_MESSAGES.translationSameLanguage, "translationOf");
  if (partner.translation_of !== null && Number(partner.translation_of) !== ownId) throw conflict(POST_MESSAGES.translationTaken, "translationOf");
}

/**
 * After a post's translation changed from `before` to `after`: the post it left stops naming it, the new one names
 * it back. Both are saves of those posts (their version moves, so an editor open on one of them is told to reload
 * rather than undo the pairing with its stale form).
 */
async function repair(trx: Kx, id: number, before: number | null, after: number | null, now: number): Promise<void> {
  if (before === after) return;
  if (before !== null) {
    await trx
      .updateTable("blogs")
      .set((eb) => ({ translation_of: null, updated_at: now, version: eb("version", "+", 1) }))
      .where("id", "=", before)
      .where("translation_of", "=", id)
      .execute();
  }
  if (after !== null) {
    await trx
      .updateTable("blogs")
      .set((eb) => ({ translation_of: id, updated_at: now, version: eb("version", "+", 1) }))
      .where("id", "=", after)
      .execute();
  }
}

/** The posts the editor offers as a post's translation: every other post not paired with a third one. */
export async function translationChoices(deps: Pick<Deps, "db">, ownId: number | null): Promise<Array<{ id: number; title: string; slug: string; language: PostLanguage }>> {
  let q = deps.db.kysely.selectFrom("blogs").select(["id", "title", "slug", "language"]);
  q = ownId === null ? q.where("translation_of", "is", null) : q.where("id", "!=", ownId).where((eb) => eb.or([eb("translation_of", "is", null), eb("translation_of", "=", ownId)]));
  const rows = await q.orderBy("updated_at", "desc").orderBy("id", "desc").limit(POST_RULES.translationChoicesMax).execute();
  return rows.map((r) => ({ id: Number(r.id), title: r.title, slug: r.slug, language: isLocale(r.language) ? r.language : "en" }));
}

/**
 * The body's marks (decision 0029): every link http(s) or a path of this site, every picture with alt text and in
 * the media library. What would not render as written is refused with the reason, and nothing is saved.
 */
async function assertMarks(db: Kx, body: string): Promise<void> {
  const sections = markdownToSections(body);
  for (const section of sections) {
    for (const paragraph of section.content) {
      const problem = markProblem(paragraph);
      if (problem === "link") throw invalid(POST_MESSAGES.linkInvalid, "body");
      if (problem === "alt") throw invalid(POST_MESSAGES.pictureAltRequired, "body");
    }
  }
  const ids = inlineMediaIds(sections);
  if (ids.length > POST_RULES.picturesMax) throw invalid(POST_MESSAGES.tooManyPictures, "body");
  if (ids.length === 0) return;
  const found = await db.selectFrom("media").select("id").where("id", "in", ids).execute();
  if (found.length !== ids.length) throw invalid(POST_MESSAGES.pictureNotFound, "body");
}

export type SnapshotOf = PostFields & { status: PostStatus; scheduledAt: number | null };

/**
 * One person's autosaves within this time share one revision (the newest, kept up to date), so a long writing
 * session does not push every earlier revision out of the 50 kept within minutes. A save by button, a change of
 * status, the schedule worker or another person starts a new revision.
 */
export const AUTOSAVE_REVISION_MS = 10 * 60_000;

async function writeRevision(trx: Kx, row: BlogRow, actor: Actor, now: number, autosave = false): Promise<void> {
  const post = toStudioPost(row);
  const snapshot: SnapshotOf = { ...fieldsOf(row), status: post.status, scheduledAt: post.scheduledAt };
  if (autosave && actor.userId) {
    const newest = await trx.selectFrom("blog_revisions").select(["id", "saved_by", "snapshot"]).where("blog_id", "=", Number(row.id)).orderBy("id", "desc").limit(1).executeTakeFirst();
    const since = newest?.saved_by === actor.userId ? parseStored<{ autosaveSince?: unknown }>(newest.snapshot, {}).autosaveSince : undefined;
    if (newest && typeof since === "number" && now - since < AUTOSAVE_REVISION_MS) {
      await trx
        .updateTable("blog_revisions")
        .set({ version: Number(row.version), saved_at: now, snapshot: JSON.stringify({ ...snapshot, autosaveSince: since }) })
        .where("id", "=", Number(newest.id))
        .execute();
      return;
    }
  }
  await trx
    .insertInto("blog_revisions")
    .values({ blog_id: Number(row.id), version: Number(row.version), saved_at: now, saved_by: actor.userId, snapshot: JSON.stringify(autosave ? { ...snapshot, autosaveSince: now } : snapshot) })
    .execute();
  // Only the newest are kept.
  const keepFrom = await trx
    .selectFrom("blog_revisions")
    .select("id")
    .where("blog_id", "=", Number(row.id))
    .orderBy("id", "desc")
    .offset(POST_RULES.revisionsKept - 1)
    .limit(1)
    .executeTakeFirst();
  if (keepFrom) await trx.deleteFrom("blog_revisions").where("blog_id", "=", Number(row.id)).where("id", "<", Number(keepFrom.id)).execute();
}

/**
 * After a post's slug changed: a post that was ever public leaves its old slug answering 301 (pointing at the post,
 * so chains collapse).
 */
async function moveSlug(trx: Kx, id: number, from: string, to: string, wasPublic: boolean, now: number): Promise<void> {
  if (!wasPublic || from === to) return;
  await trx
    .insertInto("blog_redirects")
    .values({ slug: from, blog_id: id, created_at: now })
    .onConflict((oc) => oc.column("slug").doUpdateSet({ blog_id: id, created_at: now }))
    .execute();
}

/**
 * A post published at `slug` takes it: it stops being anyone's old or deleted slug. Only publishing does: a draft
 * given an old slug leaves its 301 (or 410) answering until it is published, so links to the post that had it do
 * not break for a draft nobody can see (and stay working if the draft is deleted).
 */
async function claimSlug(db: Kx, slug: string): Promise<void> {
  await db.deleteFrom("blog_redirects").where("slug", "=", slug).execute();
  await db.deleteFrom("blog_gone").where("slug", "=", slug).execute();
}

const AUDIT_ACTIONS: Record<Transition["to"], string> = {
  keep: "post.save",
  published: "post.publish",
  scheduled: "post.schedule",
  unpublished: "post.unpublish",
  draft: "post.unschedule",
};

/**
 * The one way an existing post is written: the version check (a save names the version it edited; another
 * save in between is a conflict), the fields, the transition, a revision, the old slug's redirect, the assistant's
 * index and the audit line.
 */
async function writePost(
  deps: Pick<Deps, "db">,
  actor: Actor,
  id: number,
  expectedVersion: unknown,
  changes: PostChanges,
  transition: Transition,
  now = Date.now(),
  autosave = false,
  { restoredFrom }: WriteOptions = {},
): Promise<StudioPost> {
  const version = parseInput(VersionSchema, expectedVersion);
  const restored = restoredFrom === undefined ? undefined : parseInput(RevisionIdSchema, restoredFrom);
  await assertSaveAllowed(deps, actor);
  let row: BlogRow;
  // The version the restored revision was (what the revisions page called it: "Restore version N").
  let restoredVersion = 0;
  try {
    row = await deps.db.kysely.transaction().execute(async (trx) => {
      const current = await rowById(trx, id);
      if (!current) throw notFound(POST_MESSAGES.notFound);
      if (Number(current.version) !== version) throw conflict(POST_MESSAGES.conflict, "version");
      if (restored !== undefined) {
        const revision = await trx.selectFrom("blog_revisions").select(["id", "version"]).where("id", "=", restored).where("blog_id", "=", id).executeTakeFirst();
        if (!revision) throw notFound(POST_MESSAGES.revisionNotFound);
        restoredVersion = Number(revision.version);
      }
      const before = fieldsOf(current);
      const fields = await mergeFields(trx, before, changes, id, deps.db.dialect);
      const status = current.status as PostStatus;
      // Typing in a live post must not put half-written text on the site: only a save by hand does.
      if (autosave && status === PUBLISHED) throw conflict(POST_MESSAGES.autosaveLive);
      const set: Partial<BlogRow> = { ...columnsOf(fields), updated_at: now };
      switch (transition.to) {
        case "published":
          assertPublishable(fields);
          if (status !== PUBLISHED) set.published_at = transition.at;
          set.status = PUBLISHED;
          set.scheduled_at = null;
          break;
        case "scheduled":
          if (status === PUBLISHED) throw conflict(POST_MESSAGES.alreadyPublished, "scheduledAt");
          assertPublishable(fields);
          set.status = "scheduled";
          set.scheduled_at = transition.at;
          break;
        case "unpublished":
          set.status = status === "scheduled" ? "draft" : status === PUBLISHED ? "unpublished" : status;
          set.scheduled_at = null;
          break;
        case "draft":
          set.status = "draft";
          set.scheduled_at = null;
          break;
        case "keep":
          // A published post stays publishable.
          if (status === PUBLISHED || status === "scheduled") assertPublishable(fields);
          break;
      }
      const updated = await trx
        .updateTable("blogs")
        .set((eb) => ({ ...set, version: eb("version", "+", 1) }))
        .where("id", "=", id)
        .where("version", "=", version)
        .returningAll()
        .executeTakeFirst();
      // Another process saved between the read and the write.
      if (!updated) throw conflict(POST_MESSAGES.conflict, "version");
      await repair(trx, id, before.translationOf, fields.translationOf, now);
      if (before.slug !== fields.slug) await moveSlug(trx, id, before.slug, fields.slug, status === PUBLISHED || status === "unpublished", now);
      if (updated.status === PUBLISHED) await claimSlug(trx, fields.slug);
      await writeRevision(trx, updated, actor, now, autosave && transition.to === "keep");
      return updated;
    });
  } catch (error) {
    if (!(error instanceof ServiceError) && isUniqueViolation(error)) throw uniqueConflict(error);
    throw error;
  }
  const post = toStudioPost(row);
  await announce(deps, row);
  const detail = transition.to === "scheduled" ? new Date(transition.at).toISOString() : `v${post.version} ${post.slug}`;
  // A save of a revision's fields says so ("revision restored"); a publish or schedule with it is audited as well.
  if (restored !== undefined) await recordAudit(deps, actor, { action: "post.revision.restore", recordType: "post", recordId: String(id), detail: `version ${restoredVersion} restored as v${post.version} ${post.slug} (revision ${restored})` }, now);
  if (restored === undefined || transition.to !== "keep") await recordAudit(deps, actor, { action: AUDIT_ACTIONS[transition.to], recordType: "post", recordId: String(id), detail }, now);
  return post;
}

/** Tells whoever keeps a copy of posts (the assistant's index) that `row` is written as it now stands. */
async function announce(deps: Pick<Deps, "db">, row: BlogRow): Promise<void> {
  await publish(deps, { kind: "post.written", post: toIndexablePost(row) });
}

/** A new draft; every field may be given (a missing slug is made from the title). */
export async function createPost(deps: Pick<Deps, "db">, actor: Actor, changes: PostChanges = {}, now = Date.now()): Promise<StudioPost> {
  await assertSaveAllowed(deps, actor);
  const firstCategory = (await blogCategories(deps)).categories[0]?.name ?? "";
  const empty: PostFields = { title: "", slug: "", excerpt: "", author: "", category: firstCategory, tags: [], featured: false, readTime: "", coverMediaId: null, coverAlt: "", body: "", metaTitle: "", metaDescription: "", socialMediaId: null, language: "en", translationOf: null };
  let row: BlogRow;
  try {
    row = await deps.db.kysely.transaction().execute(async (trx) => {
      const fields = await mergeFields(trx, empty, changes, null, deps.db.dialect);
      if (!fields.title) throw invalid(POST_MESSAGES.titleRequired, "title");
      const inserted = await trx
        .insertInto("blogs")
        .values({ ...columnsOf(fields), image: null, published_at: now, created_at: now, updated_at: now, status: "draft", version: 1, author_user_id: actor.userId })
        .returningAll()
        .executeTakeFirstOrThrow();
      await repair(trx, Number(inserted.id), null, fields.translationOf, now);
      await writeRevision(trx, inserted, actor, now);
      return inserted;
    });
  } catch (error) {
    if (!(error instanceof ServiceError) && isUniqueViolation(error)) throw uniqueConflict(error);
    throw error;
  }
  await recordAudit(deps, actor, { action: "post.create", recordType: "post", recordId: String(row.id), detail: row.slug }, now);
  return toStudioPost(row);
}

/** How a write came about: `restoredFrom`, the revision whose fields the editor restored (audited "revision restored"). */
export type WriteOptions = { restoredFrom?: unknown };

const RevisionIdSchema = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** Saves the fields (the status stays). */
export function savePost(deps: Pick<Deps, "db">, actor: Actor, id: number, version: unknown, changes: PostChanges = {}, now = Date.now(), options: WriteOptions = {}) {
  return writePost(deps, actor, id, version, changes, { to: "keep" }, now, false, options);
}

/** The editor's save a few seconds after typing stops: a save like `savePost`, sharing its revision (AUTOSAVE_REVISION_MS). */
export function autosavePost(deps: Pick<Deps, "db">, actor: Actor, id: number, version: unknown, changes: PostChanges = {}, now = Date.now()) {
  return writePost(deps, actor, id, version, changes, { to: "keep" }, now, true);
}

/** Saves the fields and publishes now (a post published before keeps its date). */
export function publishPost(deps: Pick<Deps, "db">, actor: Actor, id: number, version: unknown, changes: PostChanges = {}, now = Date.now(), options: WriteOptions = {}) {
  return writePost(deps, actor, id, version, changes, { to: "published", at: now }, now, false, options);
}

/** Saves the fields and schedules the post for `at` (epoch ms, in the future); the schedule worker publishes it. */
export function schedulePost(deps: Pick<Deps, "db">, actor: Actor, id: number, version: unknown, at: unknown, changes: PostChanges = {}, now = Date.now(), options: WriteOptions = {}) {
  const when = typeof at === "number" ? at : Number.NaN;
  if (!Number.isSafeInteger(when)) throw invalid(POST_MESSAGES.scheduleInvalid, "scheduledAt");
  if (when <= now) throw invalid(POST_MESSAGES.scheduleInPast, "scheduledAt");
  return writePost(deps, actor, id, version, changes, { to: "scheduled", at: when }, now, false, options);
}

/** Takes a published post off the site (unpublished) or a scheduled one off the schedule (back to draft). */
export function unpublishPost(deps: Pick<Deps, "db">, actor: Actor, id: number, version: unknown, changes: PostChanges = {}, now = Date.now()) {
  return writePost(deps, actor, id, version, changes, { to: "unpublished" }, now);
}

/**
 * Deletes a post. A post that was ever public leaves its slug (and its old slugs) answering 410 Gone; its
 * revisions, likes and redirects go with it, and the assistant forgets it.
 */
export async function deletePost(deps: Pick<Deps, "db">, actor: Actor, id: number, now = Date.now()): Promise<void> {
  await assertSaveAllowed(deps, actor);
  let slug = "";
  await deps.db.kysely.transaction().execute(async (trx) => {
    const row = await rowById(trx, id);
    if (!row) throw notFound(POST_MESSAGES.notFound);
    slug = row.slug;
    const wasPublic = row.status === PUBLISHED || row.status === "unpublished";
    const old = await trx.selectFrom("blog_redirects").select("slug").where("blog_id", "=", id).execute();
    await trx.deleteFrom("blog_revisions").where("blog_id", "=", id).execute();
    await trx.deleteFrom("blog_redirects").where("blog_id", "=", id).execute();
    await trx.deleteFrom("blog_likes").where("blog_id", "=", id).execute();
    // Its translation stays, on its own.
    await repair(trx, id, row.translation_of === null ? null : Number(row.translation_of), null, now);
    await trx.deleteFrom("blogs").where("id", "=", id).execute();
    if (wasPublic) {
      await trx
        .insertInto("blog_gone")
        .values([row.slug, ...old.map((o) => o.slug)].map((s) => ({ slug: s, gone_at: now })))
        .onConflict((oc) => oc.column("slug").doUpdateSet({ gone_at: now }))
        .execute();
    }
  });
  await publish(deps, { kind: "post.deleted", id });
  await recordAudit(deps, actor, { action: "post.delete", recordType: "post", recordId: String(id), detail: slug }, now);
}

/** After the schedule worker published `row` (it won the conditional update): its revision and the assistant's index. */
export async function publishedByScheduler(deps: Pick<Deps, "db">, row: BlogRow, actor: Actor, now: number): Promise<void> {
  await claimSlug(deps.db.kysely, row.slug);
  await writeRevision(deps.db.kysely, row, actor, now);
  await announce(deps, row);
}
