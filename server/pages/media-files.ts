import { createHash } from "node:crypto";
import type { Context } from "hono";
import type { AppEnv } from "../context";
import { asBytes } from "../http/bytes";
import { onMediaDeleted, readMediaFile } from "../services/media/library";
import { MEDIA_CONTENT_TYPES, MEDIA_NAME } from "../services/media/names";
import { CACHE_POLICY } from "../services/cache-policy";

type Entry = { type: string; etag: string; data: Buffer; at: number };

/**
 * The few images most asked for, kept in this process (least recently used out first, bounded in bytes), so a
 * cover on a busy page does not read its bytes from the database for every visitor. An entry lives ten minutes: an
 * image deleted by another process stops being served here within that time (browsers keep theirs: it is immutable).
 */
export class MediaFileCache {
  private readonly entries = new Map<string, Entry>();
  private bytes = 0;
  constructor(private readonly o: { maxBytes: number; ttlMs: number }) {}

  get(name: string, now = Date.now()): Entry | undefined {
    const entry = this.entries.get(name);
    if (!entry) return undefined;
    this.entries.delete(name);
    if (now - entry.at > this.o.ttlMs) {
      this.bytes -= entry.data.length;
      return undefined;
    }
    this.entries.set(name, entry);
    return entry;
  }

  set(name: string, entry: Entry): void {
    if (entry.data.length > this.o.maxBytes / 4) return;
    this.forget(name);
    this.entries.set(name, entry);
    this.bytes += entry.data.length;
    for (const [oldest, old] of this.entries) {
      if (this.bytes <= this.o.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= old.data.length;
    }
  }

  forget(name: string): void {
    const entry = this.entries.get(name);
    if (!entry) return;
    this.entries.delete(name);
    this.bytes -= entry.data.length;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }
}

const NOT_FOUND = { "content-type": "text/plain; charset=utf-8", "cache-control": "no-cache" };

/**
 * GET/HEAD /media/{name}: an uploaded image's version, from the database, to anyone (covers are public). Names are
 * content-addressed, so the answer never changes: cached a year, immutable, with an ETag for revalidation.
 */
export function mediaFiles(cache = new MediaFileCache({ maxBytes: CACHE_POLICY.mediaFiles.maxBytes, ttlMs: CACHE_POLICY.mediaFiles.lifetimeMs })) {
  onMediaDeleted((names) => names.forEach((n) => cache.forget(n)));
  return async (c: Context<AppEnv>) => {
    const name = c.req.param("name") ?? "";
    if (!MEDIA_NAME.test(name)) return c.body("Not found.", 404, NOT_FOUND);
    let entry = cache.get(name);
    if (!entry) {
      const file = await readMediaFile(c.get("deps"), name);
      if (!file) return c.body("Not found.", 404, NOT_FOUND);
      entry = {
        type: MEDIA_CONTENT_TYPES[file.format] ?? "application/octet-stream",
        etag: `"${createHash("sha256").update(file.data).digest("base64url").slice(0, 22)}"`,
        data: file.data,
        at: Date.now(),
      };
      cache.set(name, entry);
    }
    const headers = {
      "content-type": entry.type,
      "cache-control": "public, max-age=31536000, immutable",
      etag: entry.etag,
      "content-length": String(entry.data.length),
    };
    const match = c.req.header("if-none-match");
    if (match && match.split(",").some((t) => t.trim().replace(/^W\//, "") === entry.etag)) {
      const { "content-length": _length, ...rest } = headers;
      return c.body(null, 304, rest);
    }
    if (c.req.method === "HEAD") return c.body(null, 200, headers);
    return c.body(asBytes(entry.data), 200, headers);
  };
}
