import type { Selectable, Transaction } from "kysely";
import { POST_MESSAGES, POST_RULES, POST_STATUSES, type PostStatus } from "../../../shared/content/studio-posts";
import { LOCALES, type Locale, isLocale } from "../../../shared/i18n";
import { markdownToSections, readTimeFor, sectionsToMarkdown, wordCount } from "../../../shared/post-markdown";
import { z } from "../../../shared/zod";
import type { Db } from "../../db/database";
import type { BlogNewsletterTables, Database } from "../../db/schema";
import { storedSections, storedTags, textColumns } from "./rows";
import { transliterateDevanagari } from "./transliterate";

/*
 * A studio post's shape: the fields the editor edits, the post as the studio sees it, what a save may carry, and how
 * a stored row reads as those and those are stored. The reads are studio-post-reads.ts, the checks a save passes
 * studio-post-checks.ts, what a write keeps beside the post studio-post-history.ts, the writes studio-posts.ts.
 */

export type BlogRow = Selectable<BlogNewsletterTables["blogs"]>;
export type Kx = Db["kysely"] | Transaction<Database>;

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
export const FieldsSchema = z
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

export function fieldsOf(row: BlogRow): PostFields {
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

/** "पढ़ने में 5 मिनट" (not the order "5 मिनट में पढ़ें", docs/hindi-style.md): the read time of a Hindi post (the same 200 words a minute as the English one). */
export function readTimeHindi(words: number): string {
  return `पढ़ने में ${Math.max(1, Math.round(words / 200))} मिनट`;
}

/** The stored columns of `fields` (content and search text from the body). */
export function columnsOf(fields: PostFields) {
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
