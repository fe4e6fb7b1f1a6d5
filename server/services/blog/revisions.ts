import { POST_MESSAGES } from "../../../shared/content/studio-posts";
import { z } from "../../../shared/zod";
import type { Deps } from "../../context";
import { notFound } from "../errors";
import type { Actor } from "../audit";
import type { PostFields } from "./studio-post-fields";
import type { SnapshotOf } from "./studio-post-history";
import { savePost } from "./studio-posts";

export type RevisionSummary = { id: number; version: number; savedAt: number; savedBy: string | null; savedByName: string | null; status: string; title: string };
export type Revision = RevisionSummary & { snapshot: SnapshotOf };

const Snapshot = z
  .object({
    title: z.string().catch(""),
    slug: z.string().catch(""),
    excerpt: z.string().catch(""),
    author: z.string().catch(""),
    category: z.string().catch(""),
    tags: z.array(z.string()).catch([]),
    featured: z.boolean().catch(false),
    readTime: z.string().catch(""),
    coverMediaId: z.number().nullable().catch(null),
    coverAlt: z.string().catch(""),
    body: z.string().catch(""),
    metaTitle: z.string().catch(""),
    metaDescription: z.string().catch(""),
    socialMediaId: z.number().nullable().catch(null),
    language: z.enum(["en", "hi"]).catch("en"),
    translationOf: z.number().nullable().catch(null),
    status: z.enum(["draft", "scheduled", "published", "unpublished"]).catch("draft"),
    scheduledAt: z.number().nullable().catch(null),
  })
  .catch({ title: "", slug: "", excerpt: "", author: "", category: "", tags: [], featured: false, readTime: "", coverMediaId: null, coverAlt: "", body: "", metaTitle: "", metaDescription: "", socialMediaId: null, language: "en", translationOf: null, status: "draft", scheduledAt: null });

function parseSnapshot(text: string): SnapshotOf {
  try {
    return Snapshot.parse(JSON.parse(text));
  } catch {
    return Snapshot.parse(null);
  }
}

const IdSchema = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);

function revisions(deps: Pick<Deps, "db">, postId: number) {
  return deps.db.kysely
    .selectFrom("blog_revisions")
    .leftJoin("users", "users.id", "blog_revisions.saved_by")
    .select(["blog_revisions.id", "blog_revisions.version", "blog_revisions.saved_at", "blog_revisions.saved_by", "blog_revisions.snapshot", "users.name"])
    .where("blog_revisions.blog_id", "=", postId);
}

function toRevision(r: { id: number; version: number; saved_at: number; saved_by: string | null; snapshot: string; name: string | null }): Revision {
  const snapshot = parseSnapshot(r.snapshot);
  return { id: Number(r.id), version: Number(r.version), savedAt: Number(r.saved_at), savedBy: r.saved_by, savedByName: r.name, status: snapshot.status, title: snapshot.title, snapshot };
}

/** A post's revisions, newest first (the last 50 saves). */
export async function listRevisions(deps: Pick<Deps, "db">, postId: number): Promise<RevisionSummary[]> {
  if (!IdSchema.safeParse(postId).success) throw notFound(POST_MESSAGES.notFound);
  const post = await deps.db.kysely.selectFrom("blogs").select("id").where("id", "=", postId).executeTakeFirst();
  if (!post) throw notFound(POST_MESSAGES.notFound);
  const rows = await revisions(deps, postId).orderBy("blog_revisions.id", "desc").execute();
  return rows.map((r) => {
    const { snapshot: _snapshot, ...summary } = toRevision(r);
    return summary;
  });
}

/** One revision of a post. */
export async function getRevision(deps: Pick<Deps, "db">, postId: number, revisionId: number): Promise<Revision> {
  if (!IdSchema.safeParse(postId).success || !IdSchema.safeParse(revisionId).success) throw notFound(POST_MESSAGES.revisionNotFound);
  const row = await revisions(deps, postId).where("blog_revisions.id", "=", revisionId).executeTakeFirst();
  if (!row) throw notFound(POST_MESSAGES.revisionNotFound);
  return toRevision(row);
}

/**
 * The API's restore: a revision's fields saved as a new save (the status stays as it is now; the version check
 * applies), audited "revision restored". The studio's pages restore into the editor instead (unsaved until saved).
 */
export async function restoreRevision(deps: Pick<Deps, "db">, actor: Actor, postId: number, revisionId: number, version: unknown, now = Date.now()) {
  const { snapshot } = await getRevision(deps, postId, revisionId);
  // The pairing is a link between two posts, not the post's text: a restore keeps today's.
  const { status: _status, scheduledAt: _scheduledAt, translationOf: _translationOf, ...fields } = snapshot;
  return savePost(deps, actor, postId, version, fields, now, { restoredFrom: revisionId });
}

/** A revision's fields as the editor opens them (everything but the status and the schedule). */
export async function revisionFields(deps: Pick<Deps, "db">, postId: number, revisionId: number): Promise<PostFields> {
  const { snapshot } = await getRevision(deps, postId, revisionId);
  const { status: _status, scheduledAt: _scheduledAt, ...fields } = snapshot;
  // The pairing is a link between two posts, not the post's text: the editor keeps today's.
  const current = await deps.db.kysely.selectFrom("blogs").select("translation_of").where("id", "=", postId).executeTakeFirst();
  return { ...fields, translationOf: current?.translation_of == null ? null : Number(current.translation_of) };
}

export type FieldChange = { field: keyof PostFields; before: string; after: string; changed: boolean };
export type ParagraphChange = { kind: "same" | "added" | "removed"; text: string };
export type RevisionComparison = { from: RevisionSummary; to: RevisionSummary; fields: FieldChange[]; body: ParagraphChange[] };

const COMPARED: (keyof PostFields)[] = ["title", "slug", "excerpt", "author", "category", "tags", "featured", "readTime", "coverMediaId", "coverAlt", "metaTitle", "metaDescription", "socialMediaId", "language"];

function shown(value: PostFields[keyof PostFields]): string {
  if (Array.isArray(value)) return value.join(", ");
  if (value === null) return "";
  return String(value);
}

/** The body's paragraphs (blank-line separated blocks), trimmed. */
function paragraphs(body: string): string[] {
  return body
    .replace(/\r\n?/g, "\n")
    .split(/\n\s*\n/)
    .map((p) => p.trim())
    .filter(Boolean);
}

/** Paragraph diff by longest common subsequence: what stayed, what was removed, what was added, in order. */
export function diffParagraphs(allBefore: readonly string[], allAfter: readonly string[]): ParagraphChange[] {
  // What both share at the start and the end is the same, without a table.
  let head = 0;
  while (head < allBefore.length && head < allAfter.length && allBefore[head] === allAfter[head]) head++;
  let tail = 0;
  while (tail < allBefore.length - head && tail < allAfter.length - head && allBefore[allBefore.length - 1 - tail] === allAfter[allAfter.length - 1 - tail]) tail++;
  const same = (texts: readonly string[]) => texts.map((text): ParagraphChange => ({ kind: "same", text }));
  const before = allBefore.slice(head, allBefore.length - tail);
  const after = allAfter.slice(head, allAfter.length - tail);
  const middle =
    // Bounded work and memory whatever was typed: past a million cells the middle is shown as replaced.
    before.length * after.length > 1_000_000
      ? [...before.map((text): ParagraphChange => ({ kind: "removed", text })), ...after.map((text): ParagraphChange => ({ kind: "added", text }))]
      : lcsDiff(before, after);
  return [...same(allBefore.slice(0, head)), ...middle, ...same(allBefore.slice(allBefore.length - tail))];
}

function lcsDiff(before: readonly string[], after: readonly string[]): ParagraphChange[] {
  const n = before.length;
  const m = after.length;
  const lcs: Uint32Array[] = Array.from({ length: n + 1 }, () => new Uint32Array(m + 1));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lcs[i]![j] = before[i] === after[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: ParagraphChange[] = [];
  let i = 0;
  let j = 0;
  while (i < n && j < m) {
    if (before[i] === after[j]) {
      out.push({ kind: "same", text: before[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ kind: "removed", text: before[i++]! });
    } else {
      out.push({ kind: "added", text: after[j++]! });
    }
  }
  while (i < n) out.push({ kind: "removed", text: before[i++]! });
  while (j < m) out.push({ kind: "added", text: after[j++]! });
  return out;
}

/** Two revisions of one post side by side: each field before and after, and the body's paragraphs. */
export async function compareRevisions(deps: Pick<Deps, "db">, postId: number, fromId: number, toId: number): Promise<RevisionComparison> {
  const [from, to] = await Promise.all([getRevision(deps, postId, fromId), getRevision(deps, postId, toId)]);
  const fields = COMPARED.map((field) => {
    const before = shown(from.snapshot[field]);
    const after = shown(to.snapshot[field]);
    return { field, before, after, changed: before !== after };
  });
  const { snapshot: _a, ...fromSummary } = from;
  const { snapshot: _b, ...toSummary } = to;
  return { from: fromSummary, to: toSummary, fields, body: diffParagraphs(paragraphs(from.snapshot.body), paragraphs(to.snapshot.body)) };
}
