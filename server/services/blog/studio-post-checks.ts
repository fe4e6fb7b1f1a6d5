import { POST_MESSAGES, POST_RULES } from "../../../shared/content/studio-posts";
import { markdownToSections } from "../../../shared/post-markdown";
import { inlineMediaIds, markProblem } from "../../../shared/post-marks";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import type { Actor } from "../audit";
import { categoryNamesIn, currentCategory } from "../content/categories";
import { conflict, invalid, parseInput, rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { FieldsSchema, type Kx, type PostChanges, type PostFields, slugify } from "./studio-post-fields";
import { SlugSchema } from "./types";

// The checks a studio post's write passes before anything is stored: the save rate, the fields merged and checked
// (slug, cover, marks, category, pairing), what a public post needs, and which unique key a race hit.

export async function assertSaveAllowed(deps: Pick<Deps, "db">, actor: Actor): Promise<void> {
  const limit = await hitRateLimit(deps.db, `studio-post-save:${actor.userId ?? actor.label}`, { limit: POST_RULES.savesPerMinute, windowMs: 60_000 });
  if (!limit.allowed) throw rateLimited(POST_MESSAGES.tooManySaves, limit.retryAfterSeconds);
}

/** The checks a post must pass to be public (published or scheduled): a title, an excerpt, an author, a category, a body. */
export function assertPublishable(fields: PostFields): void {
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

export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || e?.code === "SQLITE_CONSTRAINT_PRIMARYKEY" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/** Two writes raced for a slug, or for pairing the same post: which one this was. */
export function uniqueConflict(error: unknown) {
  return /translation/i.test((error as { message?: string })?.message ?? "") ? conflict(POST_MESSAGES.translationTaken, "translationOf") : conflict(POST_MESSAGES.slugTaken, "slug");
}

/**
 * Checks and merges `changes` into `current`: a slug that is given must be valid and free; an empty one is made
 * from the title (and made free); the cover must be a row of `media`, with alt text.
 */
export async function mergeFields(db: Kx, current: PostFields, changes: PostChanges, ownId: number | null, dialect: Db["dialect"]): Promise<PostFields> {
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
