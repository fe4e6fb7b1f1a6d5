import { createHash } from "node:crypto";
import { MEDIA_ACCEPTED, MEDIA_MESSAGES, MEDIA_RULES } from "../../../shared/content/studio-media";
import type { Deps } from "../../context";
import { conflict, invalid, notFound, rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { type Actor, recordAudit } from "../audit";
import { MEDIA_NAME, mediaFileName, mediaUrl } from "./names";
import { uploadLane } from "./lane";

export type MediaFileInfo = { name: string; format: string; width: number; height: number; size: number; url: string };
export type MediaUse = { id: number; title: string; slug: string; status: string };
export type MediaItem = {
  id: number;
  hash: string;
  name: string;
  type: string;
  size: number;
  width: number;
  height: number;
  createdAt: number;
  files: MediaFileInfo[];
};
export type MediaLibraryItem = MediaItem & { usedBy: MediaUse[] };


/**
 * A name as the library shows it: the uploaded file's base name, without path or control characters, nor the
 * invisible marks that reverse or reorder text (`photo<U+202E>gnp.exe` would read "photoexe.png", in the library and
 * in the audit log).
 */
function cleanName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g, "").trim().slice(0, MEDIA_RULES.maxNameLength);
  return clean || "image";
}

/**
 * Stores an uploaded image: checked and made into its versions (processImage), named by the SHA-256 of the bytes
 * as uploaded. The same bytes uploaded again are the same library item (`created: false`), processed once.
 */
export async function uploadMedia(
  deps: Deps,
  upload: { bytes: Buffer; name: string },
  actor: Actor,
  now = Date.now(),
): Promise<{ item: MediaItem; created: boolean }> {
  if (upload.bytes.length === 0) throw invalid(MEDIA_MESSAGES.empty, "file");
  if (upload.bytes.length > MEDIA_RULES.maxFileBytes) throw invalid(MEDIA_MESSAGES.tooLarge, "file");
  const hash = createHash("sha256").update(upload.bytes).digest("hex");

  const existing = await findByHash(deps, hash);
  if (existing) return { item: existing, created: false };

  if (actor.userId) {
    const limit = await hitRateLimit(deps.db, `media-upload:${actor.userId}`, { limit: MEDIA_RULES.uploadsPerHour, windowMs: 3_600_000, now });
    if (!limit.allowed) throw rateLimited(MEDIA_MESSAGES.tooMany, limit.retryAfterSeconds);
  }

  // sharp (libvips) loads with the first upload: a process that never receives one does not carry it.
  const { processImage } = await import("./process");
  const image = await uploadLane.run(() => processImage(upload.bytes));
  const name = cleanName(upload.name);
  let id: number;
  try {
    id = await deps.db.kysely.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto("media")
        .values({
          hash,
          original_name: name,
          original_type: MEDIA_ACCEPTED[image.format],
          original_size: upload.bytes.length,
          width: image.width,
          height: image.height,
          created_at: now,
          created_by: actor.userId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      const mediaId = Number(row.id);
      await trx
        .insertInto("media_files")
        .values(
          image.files.map((f) => ({
            name: mediaFileName(hash, f.width, f.format),
            media_id: mediaId,
            format: f.format,
            width: f.width,
            height: f.height,
            size: f.data.length,
            data: f.data,
          })),
        )
        .execute();
      return mediaId;
    });
  } catch (error) {
    // The same image uploaded at the same moment by another request (or process): theirs is the library's.
    const raced = await findByHash(deps, hash);
    if (raced) return { item: raced, created: false };
    throw error;
  }
  await recordAudit(deps, actor, {
    action: "media.upload",
    recordType: "media",
    recordId: String(id),
    detail: `${name} (${image.width}×${image.height}, ${upload.bytes.length} bytes)`,
  });
  const item = await getMedia(deps, id);
  if (!item) throw notFound(MEDIA_MESSAGES.notFound);
  return { item, created: true };
}

async function findByHash(deps: Deps, hash: string): Promise<MediaItem | undefined> {
  const row = await deps.db.kysely.selectFrom("media").select("id").where("hash", "=", hash).executeTakeFirst();
  return row ? getMedia(deps, Number(row.id)) : undefined;
}

/** One library item with its versions (not their bytes). */
export async function getMedia(deps: Deps, id: number): Promise<MediaItem | undefined> {
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  const [item] = await itemsWhere(deps, [id]);
  return item;
}

/** Whether `id` names a library item: what a post's cover must name. */
export async function mediaExists(deps: Pick<Deps, "db">, id: number): Promise<boolean> {
  if (!Number.isSafeInteger(id) || id < 1) return false;
  return Boolean(await deps.db.kysely.selectFrom("media").select("id").where("id", "=", id).executeTakeFirst());
}

async function itemsWhere(deps: Deps, ids: number[] | "all", limit = 200): Promise<MediaItem[]> {
  let q = deps.db.kysely
    .selectFrom("media")
    .select(["id", "hash", "original_name", "original_type", "original_size", "width", "height", "created_at"])
    .orderBy("id", "desc")
    .limit(limit);
  if (ids !== "all") {
    if (ids.length === 0) return [];
    q = q.where("id", "in", ids);
  }
  const rows = await q.execute();
  if (rows.length === 0) return [];
  const files = await deps.db.kysely
    .selectFrom("media_files")
    .select(["name", "media_id", "format", "width", "height", "size"])
    .where(
      "media_id",
      "in",
      rows.map((r) => Number(r.id)),
    )
    .orderBy("width")
    .orderBy("format", "desc")
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    hash: r.hash,
    name: r.original_name,
    type: r.original_type,
    size: Number(r.original_size),
    width: Number(r.width),
    height: Number(r.height),
    createdAt: Number(r.created_at),
    files: files
      .filter((f) => Number(f.media_id) === Number(r.id))
      .map((f) => ({ name: f.name, format: f.format, width: Number(f.width), height: Number(f.height), size: Number(f.size), url: mediaUrl(f.name) })),
  }));
}

/** The posts (any status) whose cover each item is. */
async function usesOf(deps: Deps, ids: number[]): Promise<Map<number, MediaUse[]>> {
  const uses = new Map<number, MediaUse[]>();
  if (ids.length === 0) return uses;
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .select(["id", "title", "slug", "status", "cover_media_id"])
    .where("cover_media_id", "in", ids)
    .orderBy("id")
    .execute();
  for (const r of rows) {
    const key = Number(r.cover_media_id);
    const list = uses.get(key) ?? [];
    list.push({ id: Number(r.id), title: r.title, slug: r.slug, status: r.status });
    uses.set(key, list);
  }
  return uses;
}

/** The library, newest first (up to 200 items), each with the posts that use it. */
export async function listMedia(deps: Deps): Promise<MediaLibraryItem[]> {
  const items = await itemsWhere(deps, "all");
  const uses = await usesOf(
    deps,
    items.map((i) => i.id),
  );
  return items.map((i) => ({ ...i, usedBy: uses.get(i.id) ?? [] }));
}

/** Deletes an item and its versions; refused while a post (of any status) has it as its cover, naming the posts. */
export async function deleteMedia(deps: Deps, id: number, actor: Actor): Promise<void> {
  const item = await getMedia(deps, id);
  if (!item) throw notFound(MEDIA_MESSAGES.notFound);
  const deleted = await deps.db.kysely.transaction().execute(async (trx) => {
    // On PostgreSQL the row is locked before its users are read: a post saved with it as cover at this moment holds
    // it shared (studio-posts' mergeFields) and is waited for, then seen below; one saved after waits and is refused.
    if (deps.db.dialect === "postgres") {
      const row = await trx.selectFrom("media").select("id").where("id", "=", id).forUpdate().executeTakeFirst();
      if (!row) return false;
    }
    const users = await trx.selectFrom("blogs").select("title").where("cover_media_id", "=", id).orderBy("id").execute();
    if (users.length > 0) throw conflict(MEDIA_MESSAGES.inUse(users.map((u) => u.title)));
    await trx.deleteFrom("media_files").where("media_id", "=", id).execute();
    const result = await trx.deleteFrom("media").where("id", "=", id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  });
  if (!deleted) throw notFound(MEDIA_MESSAGES.notFound);
  forgetFiles(item.files.map((f) => f.name));
  await recordAudit(deps, actor, { action: "media.delete", recordType: "media", recordId: String(id), detail: item.name });
}

/** One stored version's bytes, for serving. */
export async function readMediaFile(deps: Pick<Deps, "db">, name: string): Promise<{ format: string; data: Buffer } | undefined> {
  if (!MEDIA_NAME.test(name)) return undefined;
  const row = await deps.db.kysely.selectFrom("media_files").select(["format", "data"]).where("name", "=", name).executeTakeFirst();
  if (!row) return undefined;
  return { format: row.format, data: Buffer.isBuffer(row.data) ? row.data : Buffer.from(row.data) };
}

const forgetListeners = new Set<(names: string[]) => void>();

/** Lets a cache of served files drop what this process deleted. */
export function onMediaDeleted(listener: (names: string[]) => void): () => void {
  forgetListeners.add(listener);
  return () => forgetListeners.delete(listener);
}

function forgetFiles(names: string[]) {
  for (const listener of forgetListeners) listener(names);
}
