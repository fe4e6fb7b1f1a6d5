import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { Context } from "hono";
import { asBytes } from "./bytes";
import { pickEncoding } from "./compress";
import { CACHE_POLICY } from "../services/cache-policy";

/**
 * A small in-process micro-cache of whole answers (see docs/decisions/0007-response-cache.md).
 *
 * - Entries live `ttlMs` (about a second): long enough to absorb a burst, short
 *   enough that counters shown in a page are at most that old.
 * - Bounded by entry count and by bytes (the plain body plus its compressed
 *   forms); the least recently used entries go first.
 * - Single-flight: concurrent misses of one key wait for one producer.
 * - Each entry is compressed at most once per encoding, lazily, and every
 *   response of that entry reuses the bytes.
 *
 * Callers put everything the answer depends on into the key (for the blog:
 * the normalised query or the slug and like state, and the blog data version),
 * so a write that changes the version makes every older entry unreachable.
 */

/**
 * Brotli quality of an entry's compressed form, by default the same as compressText's: most entries live about a
 * second, and a page keyed by data that moves often (a post's likes) is compressed for one or two answers, so a
 * higher quality cost more CPU (quality 5: ~2.5 times quality 3's on a 160 KB page) than its ~10 % fewer bytes
 * saved. A long-lived entry may ask for more (ResponseCacheOptions.brotliQuality).
 */
const BROTLI_QUALITY = 3;
/**
 * How long the listing API's answers are shared: how old their likes and views may be (decision 0007). Post pages
 * live longer (POST_PAGE_TTL_MS): there is one per post; `/blogs` is keyed by the counts it shows (LISTING_PAGE_TTL_MS,
 * decision 0062).
 */
export const LISTING_TTL_MS = CACHE_POLICY.listingApi.lifetimeMs;

/** Bodies smaller than this are sent as they are (as compressText does). */
const MIN_COMPRESS_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** What a producer hands to the cache: a complete 200 answer. */
export type FreshAnswer = {
  body: Buffer;
  /** Content-Type, and any header every response of this entry carries (never Set-Cookie). */
  headers: Record<string, string>;
};

export class CachedAnswer {
  /** Bytes held: the body, its headers and the compressed forms made so far. */
  size: number;
  private readonly compressed = new Map<"br" | "gzip", Promise<Buffer>>();

  constructor(
    readonly body: Buffer,
    readonly headers: Readonly<Record<string, string>>,
    readonly expiresAt: number,
    private readonly onGrow: (bytes: number) => void,
    private readonly brotliQuality = BROTLI_QUALITY,
  ) {
    this.size = body.length + Object.entries(headers).reduce((n, [k, v]) => n + k.length + v.length, 0);
  }

  /** The body in `encoding`, compressed on first use and kept. */
  encoded(encoding: "br" | "gzip"): Promise<Buffer> {
    let bytes = this.compressed.get(encoding);
    if (!bytes) {
      bytes =
        encoding === "br"
          ? brotli(this.body, {
              params: {
                [zlib.constants.BROTLI_PARAM_QUALITY]: this.brotliQuality,
                [zlib.constants.BROTLI_PARAM_SIZE_HINT]: this.body.length,
              },
            })
          : gzip(this.body, { level: 6 });
      this.compressed.set(encoding, bytes);
      void bytes.then(
        (b) => this.onGrow(b.length),
        () => this.compressed.delete(encoding),
      );
    }
    return bytes;
  }

  /** The answer for this request: the encoding it accepts, with the entry's headers; `X-Cache` says how it was found. */
  async respond(c: Context, source: CacheSource): Promise<Response> {
    const headers = new Headers(this.headers);
    headers.set("x-cache", source);
    const encoding = this.body.length >= MIN_COMPRESS_BYTES ? pickEncoding(c.req.header("accept-encoding")) : null;
    let body = this.body;
    if (encoding) {
      body = await this.encoded(encoding);
      headers.set("content-encoding", encoding);
    }
    // compressText appends Vary itself for a small body a client could have had compressed.
    if (encoding || !pickEncoding(c.req.header("accept-encoding"))) headers.set("vary", "Accept-Encoding");
    headers.set("content-length", String(body.length));
    return new Response(c.req.method === "HEAD" ? null : asBytes(body), { status: 200, headers });
  }
}

export type ResponseCacheOptions = {
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  now?: () => number;
  /** Brotli quality of the entries' compressed forms (default 3, see BROTLI_QUALITY). */
  brotliQuality?: number;
};

/** hit: stored earlier; miss: made for this request; joined: made for a request that arrived just before. */
export type CacheSource = "hit" | "miss" | "joined";

export type CacheResult = { answer: CachedAnswer; source: CacheSource };

export type CacheStats = { hits: number; misses: number; joined: number; stored: number; entries: number; bytes: number };

export class ResponseCache {
  private readonly entries = new Map<string, CachedAnswer>();
  private readonly inFlight = new Map<string, Promise<CachedAnswer | null>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  private readonly brotliQuality: number;
  private bytes = 0;
  readonly stats: Omit<CacheStats, "entries" | "bytes"> = { hits: 0, misses: 0, joined: 0, stored: 0 };

  constructor(options: ResponseCacheOptions = {}) {
    this.ttlMs = options.ttlMs ?? 1_000;
    this.maxEntries = options.maxEntries ?? 500;
    this.maxBytes = options.maxBytes ?? 16 * 1024 * 1024;
    this.now = options.now ?? (() => Date.now());
    this.brotliQuality = options.brotliQuality ?? BROTLI_QUALITY;
  }

  /**
   * The cached answer for `key`, or the one `produce` makes (once, however many
   * requests ask at the same time). `produce` answers null when its result must
   * not be shared (not a 200, a Set-Cookie...): the caller then answers on its
   * own, and so do the requests that were waiting. The answer is kept only if
   * `stillCurrent()` says the data it was made from has not changed meanwhile;
   * it is still given to the requests that were waiting for it.
   */
  async get(key: string, produce: () => Promise<FreshAnswer | null>, stillCurrent: () => Promise<boolean>): Promise<CacheResult | null> {
    const found = this.entries.get(key);
    if (found) {
      if (found.expiresAt > this.now()) {
        this.stats.hits += 1;
        // Most recently used last.
        this.entries.delete(key);
        this.entries.set(key, found);
        return { answer: found, source: "hit" };
      }
      this.remove(key);
    }
    const pending = this.inFlight.get(key);
    if (pending) {
      this.stats.joined += 1;
      const answer = await pending;
      return answer ? { answer, source: "joined" } : null;
    }
    this.stats.misses += 1;
    const flight = (async () => {
      const fresh = await produce();
      if (!fresh) return null;
      const answer = new CachedAnswer(fresh.body, fresh.headers, this.now() + this.ttlMs, (n) => this.grow(key, answer, n), this.brotliQuality);
      if (answer.size <= this.maxBytes / 4 && (await stillCurrent())) this.store(key, answer);
      return answer;
    })();
    this.inFlight.set(key, flight);
    try {
      const answer = await flight;
      return answer ? { answer, source: "miss" } : null;
    } finally {
      this.inFlight.delete(key);
    }
  }

  info(): CacheStats {
    return { ...this.stats, entries: this.entries.size, bytes: this.bytes };
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  private store(key: string, answer: CachedAnswer): void {
    this.remove(key);
    this.entries.set(key, answer);
    this.bytes += answer.size;
    this.stats.stored += 1;
    this.evict();
  }

  /** A compressed form was added to an entry: count its bytes if the entry is still held. */
  private grow(key: string, answer: CachedAnswer, n: number): void {
    if (this.entries.get(key) !== answer) return;
    this.bytes += n;
    answer.size += n;
    this.evict();
  }

  private remove(key: string): void {
    const old = this.entries.get(key);
    if (!old) return;
    this.entries.delete(key);
    this.bytes -= old.size;
  }

  private evict(): void {
    const now = this.now();
    for (const [key, answer] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes && answer.expiresAt > now) break;
      this.remove(key);
    }
  }
}

export function sha256Base64(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("base64");
}
