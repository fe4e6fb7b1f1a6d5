import type { Context, Next } from "hono";
import type { AppEnv } from "../context";
import type { FreshAnswer, ResponseCache } from "./response-cache";

/** Renders the document for `request` (the ordinary render: its loader, its headers). */
export type RenderDocument = (c: Context<AppEnv>, request: Request) => Promise<Response>;

export type CachedDocumentOptions = {
  /** What the document shows that a write can change (the posts' version for the sitemap), read for each request. */
  version: (c: Context<AppEnv>) => Promise<string>;
  cache: ResponseCache;
};

/**
 * A document that is not a page (no scripts, no nonce, no visitor in it: `/sitemap.xml`) through the response cache:
 * made and compressed once per version and cache lifetime, however many crawlers (or anyone) ask for it (issue 39,
 * item 6: the sitemap was rebuilt and recompressed per request, linear in the posts). A GET or HEAD without a query
 * only; an answer that must not be kept (not a 200, `Cache-Control: no-store`, a cookie) is this request's own.
 */
export function cachedDocument(render: RenderDocument, options: CachedDocumentOptions) {
  const { cache } = options;
  return async (c: Context<AppEnv>, next: Next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || new URL(c.req.url).search !== "") return next();
    let version: string;
    try {
      version = await options.version(c);
    } catch {
      // The database cannot say (an outage): the ordinary render answers (the document's own fallback).
      return next();
    }
    let own: Response | undefined;
    const produce = async (): Promise<FreshAnswer | null> => {
      const res = await render(c, new Request(c.req.url, { method: "GET" }));
      const cacheControl = res.headers.get("cache-control") ?? "";
      if (res.status !== 200 || res.headers.has("set-cookie") || /no-store|private/i.test(cacheControl)) {
        own = res;
        return null;
      }
      return {
        body: Buffer.from(await res.arrayBuffer()),
        headers: {
          "content-type": res.headers.get("content-type") ?? "application/octet-stream",
          ...(cacheControl ? { "cache-control": cacheControl } : {}),
        },
      };
    };
    const stillCurrent = async () => (await options.version(c).catch(() => undefined)) === version;
    const found = await cache.get(`${c.req.path}\n${version}`, produce, stillCurrent);
    if (found) return found.answer.respond(c, found.source);
    return own ?? next();
  };
}
