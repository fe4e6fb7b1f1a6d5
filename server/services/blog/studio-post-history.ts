import { POST_RULES, type PostStatus } from "../../../shared/content/studio-posts";
import type { Actor } from "../audit";
import { type BlogRow, type Kx, type PostFields, fieldsOf, toStudioPost } from "./studio-post-fields";

// What a studio post's write keeps beside the post, in its transaction: its revisions, its old slugs' redirects,
// the slug it takes when published, its translation's pairing.

/** A stored revision's snapshot; a damaged one reads as `fallback`. */
function parseStored<T>(json: string, fallback: T): T {
  try {
    return (JSON.parse(json) as T) ?? fallback;
  } catch {
    return fallback;
  }
}

/**
 * After a post's translation changed from `before` to `after`: the post it left stops naming it, the new one names
 * it back. Both are saves of those posts (their version moves, so an editor open on one of them is told to reload
 * rather than undo the pairing with its stale form).
 */
export async function repair(trx: Kx, id: number, before: number | null, after: number | null, now: number): Promise<void> {
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

export type SnapshotOf = PostFields & { status: PostStatus; scheduledAt: number | null };

/**
 * One person's autosaves within this time share one revision (the newest, kept up to date), so a long writing
 * session does not push every earlier revision out of the 50 kept within minutes. A save by button, a change of
 * status, the schedule worker or another person starts a new revision.
 */
export const AUTOSAVE_REVISION_MS = 10 * 60_000;

export async function writeRevision(trx: Kx, row: BlogRow, actor: Actor, now: number, autosave = false): Promise<void> {
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
export async function moveSlug(trx: Kx, id: number, from: string, to: string, wasPublic: boolean, now: number): Promise<void> {
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
export async function claimSlug(db: Kx, slug: string): Promise<void> {
  await db.deleteFrom("blog_redirects").where("slug", "=", slug).execute();
  await db.deleteFrom("blog_gone").where("slug", "=", slug).execute();
}
