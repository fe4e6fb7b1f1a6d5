import { createHash } from "node:crypto";
import type { Deps } from "../../context";
import { MEDIA_RULES } from "../../../shared/content/studio-media";
import { BRIEF_FILE_PURPOSES, type BriefFilePurpose } from "../../../shared/schemas/onboarding";
import { type Actor, recordAudit } from "../audit";
import { invalid, notFound, rateLimited } from "../errors";
import { uploadLane } from "../media/lane";
import { hitRateLimit } from "../rate-limit";
import { KIT_FILE_COLUMNS, type KitFileInfo, toKitFileInfo } from "./types";

/**
 * The customer's files for their kit (issue 41, decision 0050): a price list, a brochure, a logo. Images are checked
 * by their decoded bytes and re-encoded exactly as the media library does (server/services/media/process.ts: JPEG,
 * PNG, WebP or AVIF, still, within the pixel bound, metadata stripped; no SVG), kept as their largest WebP version; a
 * PDF is kept as sent once its bytes start as a PDF does. Stored in the database, PRIVATE: read only through
 * readKitFile for the owning account or staff, served by the doors with `Content-Disposition: attachment` under the
 * customer's own pages, never under /media/.
 */

export const KIT_FILE_RULES = {
  /** The same limit as the media library's images; a PDF too. */
  maxBytes: MEDIA_RULES.maxFileBytes,
  maxFilesPerAccount: 12,
  uploadLimit: { limit: 30, windowMs: 60 * 60_000 },
} as const;

export const KIT_FILE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,application/pdf";

export const KIT_FILE_MESSAGES = {
  empty: "Please choose a file.",
  tooLarge: `This file is larger than ${Math.round(MEDIA_RULES.maxFileBytes / 1024 / 1024)} MB.`,
  tooMany: `You can add up to 12 files. Remove one to add another.`,
  notPdf: "This file is not a PDF or an image we can read (JPEG, PNG, WebP or AVIF).",
  svg: "SVG files are not accepted: please send a PNG, JPEG or PDF.",
  purpose: "Please say what this file is.",
  rate: "Too many files in a short time. Please wait a little and try again.",
} as const;

export type KitFileUpload = { bytes: Buffer; name: string; purpose: string };

function isPdf(bytes: Buffer): boolean {
  return bytes.subarray(0, 5).toString("latin1") === "%PDF-";
}

function looksLikeSvg(bytes: Buffer, name: string): boolean {
  const head = bytes.subarray(0, 512).toString("utf8").trimStart().toLowerCase();
  return /\.svgz?$/i.test(name) || head.startsWith("<svg") || (head.startsWith("<?xml") && head.includes("<svg"));
}

function cleanName(name: string): string {
  // eslint-disable-next-line no-control-regex -- a file's name is shown as one line of plain text
  const cleaned = String(name ?? "").replace(/[\u0000-\u001f\u007f/\\]+/g, " ").trim().slice(0, 200);
  return cleaned || "file";
}

/** Stores a customer's file (checked as above) for their brief, or their order once there is one. */
export async function uploadKitFile(deps: Deps, userId: string, upload: KitFileUpload, actor: Actor, now = Date.now()): Promise<KitFileInfo> {
  if (!(BRIEF_FILE_PURPOSES as readonly string[]).includes(upload.purpose)) throw invalid(KIT_FILE_MESSAGES.purpose, "purpose");
  const purpose = upload.purpose as BriefFilePurpose;
  const bytes = upload.bytes;
  if (!bytes || bytes.length === 0) throw invalid(KIT_FILE_MESSAGES.empty, "file");
  if (bytes.length > KIT_FILE_RULES.maxBytes) throw invalid(KIT_FILE_MESSAGES.tooLarge, "file");
  const name = cleanName(upload.name);
  if (looksLikeSvg(bytes, name)) throw invalid(KIT_FILE_MESSAGES.svg, "file");
  const count = await deps.db.kysely.selectFrom("kit_files").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", userId).executeTakeFirst();
  if (Number(count?.n ?? 0) >= KIT_FILE_RULES.maxFilesPerAccount) throw invalid(KIT_FILE_MESSAGES.tooMany, "file");
  const limit = await hitRateLimit(deps.db, `kit-file:${userId}`, { ...KIT_FILE_RULES.uploadLimit, now });
  if (!limit.allowed) throw rateLimited(KIT_FILE_MESSAGES.rate, limit.retryAfterSeconds);

  let stored: { data: Buffer; type: string; width: number | null; height: number | null };
  if (isPdf(bytes)) {
    stored = { data: bytes, type: "application/pdf", width: null, height: null };
  } else {
    const { processImage } = await import("../media/process");
    let image;
    try {
      image = await uploadLane.run(() => processImage(bytes));
    } catch (error) {
      if (error instanceof Error && "kind" in error && (error as { kind: string }).kind === "invalid") throw invalid(KIT_FILE_MESSAGES.notPdf, "file");
      throw error;
    }
    const largest = image.files.filter((f) => f.format === "webp").sort((a, b) => b.width - a.width)[0];
    if (!largest) throw invalid(KIT_FILE_MESSAGES.notPdf, "file");
    stored = { data: largest.data, type: "image/webp", width: largest.width, height: largest.height };
  }
  const order = await deps.db.kysely.selectFrom("kit_orders").select("id").where("open_key", "=", userId).executeTakeFirst();
  const inserted = await deps.db.kysely
    .insertInto("kit_files")
    .values({
      user_id: userId,
      order_id: order ? Number(order.id) : null,
      purpose,
      original_name: name,
      content_type: stored.type,
      size: stored.data.length,
      width: stored.width,
      height: stored.height,
      hash: createHash("sha256").update(stored.data).digest("hex"),
      data: stored.data,
      uploaded_by: actor.userId,
      created_at: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const id = Number(inserted.id);
  await recordAudit(deps, actor, { action: "kit-file.upload", recordType: "kit-file", recordId: String(id), detail: `${purpose} ${stored.type} ${stored.data.length}` }, now);
  if (order) {
    await deps.db.kysely
      .insertInto("kit_order_messages")
      .values({ order_id: Number(order.id), author_kind: actor.userId === userId ? "customer" : "staff", author_id: actor.userId, kind: "file", body: name, internal: 0, created_at: now, emailed_at: null })
      .execute();
  }
  return (await listKitFiles(deps, userId)).find((f) => f.id === id)!;
}

/** The account's files, newest first, without their bytes. */
export async function listKitFiles(deps: Pick<Deps, "db">, userId: string): Promise<KitFileInfo[]> {
  const rows = await deps.db.kysely.selectFrom("kit_files").select(KIT_FILE_COLUMNS).where("user_id", "=", userId).orderBy("id", "desc").limit(100).execute();
  return rows.map(toKitFileInfo);
}

/** The files of one order (staff's view), without their bytes. */
export async function listOrderFiles(deps: Pick<Deps, "db">, orderId: number): Promise<KitFileInfo[]> {
  const rows = await deps.db.kysely.selectFrom("kit_files").select(KIT_FILE_COLUMNS).where("order_id", "=", orderId).orderBy("id", "desc").limit(100).execute();
  return rows.map(toKitFileInfo);
}

/**
 * A file's bytes for who may read it: the owning account, or staff (`viewer.staff`, checked by the caller with the
 * studio's guard). Anyone else gets undefined, the same as a file that does not exist.
 */
export async function readKitFile(
  deps: Pick<Deps, "db">,
  fileId: number,
  viewer: { userId: string; staff: boolean },
): Promise<{ info: KitFileInfo; data: Buffer } | undefined> {
  if (!Number.isSafeInteger(fileId) || fileId <= 0) return undefined;
  let query = deps.db.kysely.selectFrom("kit_files").selectAll().where("id", "=", fileId);
  if (!viewer.staff) query = query.where("user_id", "=", viewer.userId);
  const row = await query.executeTakeFirst();
  if (!row) return undefined;
  return { info: toKitFileInfo(row), data: Buffer.from(row.data) };
}

/** Removes one of the customer's own files (before setup starts, or from the brief); another's is not found. */
export async function deleteKitFile(deps: Deps, userId: string, fileId: number, actor: Actor, now = Date.now()): Promise<void> {
  if (!Number.isSafeInteger(fileId) || fileId <= 0) throw notFound("There is no such file.");
  const result = await deps.db.kysely.deleteFrom("kit_files").where("id", "=", fileId).where("user_id", "=", userId).executeTakeFirst();
  if (Number(result.numDeletedRows) !== 1) throw notFound("There is no such file.");
  await recordAudit(deps, actor, { action: "kit-file.delete", recordType: "kit-file", recordId: String(fileId) }, now);
}
