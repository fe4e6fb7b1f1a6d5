import { POST_MESSAGES, type PostStatus } from "../../../shared/content/studio-posts";
import { z } from "../../../shared/zod";
import type { Deps } from "../../context";
import { type Actor, recordAudit } from "../audit";
import { blogCategories } from "../content/categories";
import { ServiceError, conflict, invalid, notFound, parseInput } from "../errors";
import { publish } from "../events";
import { PUBLISHED } from "./publication";
import { toIndexablePost } from "./rows";
import { assertPublishable, assertSaveAllowed, isUniqueViolation, mergeFields, uniqueConflict } from "./studio-post-checks";
import { type BlogRow, type PostChanges, type PostFields, type StudioPost, columnsOf, fieldsOf, toStudioPost } from "./studio-post-fields";
import { claimSlug, moveSlug, repair, writeRevision } from "./studio-post-history";
import { rowById } from "./studio-post-reads";

/*
 * The studio's writes of posts: create, save, autosave, publish, schedule, unpublish, delete, and what follows the
 * schedule worker's publish. The post's shape is studio-post-fields.ts, its reads studio-post-reads.ts.
 */
/** What a write does besides the fields: the status it leaves the post in, and when. */
type Transition =
  | { to: "keep" }
  | { to: "published"; at: number }
  | { to: "scheduled"; at: number }
  | { to: "unpublished" }
  | { to: "draft" };

const VersionSchema = z.number({ error: POST_MESSAGES.versionRequired }).int(POST_MESSAGES.versionRequired).min(1, POST_MESSAGES.versionRequired).max(2 ** 31, POST_MESSAGES.versionRequired);

const AUDIT_ACTIONS: Record<Transition["to"], string> = {
  keep: "post.save",
  published: "post.publish",
  scheduled: "post.schedule",
  unpublished: "post.unpublish",
  draft: "post.unschedule",
};

/**
 * The one way an existing post is written: the version check (a save names the version it edited; another
 * save in between is a conflict), the fields, the transition, a revision, the old slug's redirect, the event that
 * the post was written (the assistant's index follows it) and the audit line.
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
