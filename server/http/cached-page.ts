import type { Context, Next } from "hono";
import type { AppEnv } from "../context";
import { hashPolicy, withScriptHashes } from "./script-hashes";
import type { FreshAnswer, ResponseCache } from "./response-cache";
import { carriesCredentials, contentSecurityPolicy, policySettings, siteOrigin } from "./security";

/** Renders a page for `request` with the given CSP nonce (the ordinary render: loaders, React, the page's headers). */
export type RenderPage = (c: Context<AppEnv>, request: Request, nonce: string) => Promise<Response>;

export type CachedPageOptions = {
  /**
   * What the page shows that a write can change, read for each request (e.g. the blog data version); the
   * answer is shared only between requests that read the same value.
   */
  version: (c: Context<AppEnv>) => Promise<string>;
  /** Whether this request may have the shared answer (e.g. it carries no cookie the page reads); default yes. */
  shareable?: (c: Context<AppEnv>) => boolean;
  cache: ResponseCache;
};

/**
 * A server-rendered page that is the same for every visitor, through the response cache (decision 0007), as
 * the post page is (server/pages/cached-post-page.ts): rendered once per version and cache lifetime from a
 * request that carries nothing of the visitor, its inline scripts allowed by their SHA-256 hashes instead of
 * a nonce, so one body and its compressed forms serve everyone and no nonce is ever sent twice.
 *
 * Anything else (other methods than GET and HEAD, a query string, a signed-in visitor, a request `shareable` refuses) goes to
 * `next()`, the ordinary render; so does an answer that cannot be shared (not a 200 page, or one that sets a
 * cookie): that one is this request's own answer, under its own nonce.
 */
export function cachedPage(render: RenderPage, options: CachedPageOptions) {
  const { cache } = options;
  return async (c: Context<AppEnv>, next: Next) => {
    if ((c.req.method !== "GET" && c.req.method !== "HEAD") || new URL(c.req.url).search !== "" || carriesCredentials(c) || options.shareable?.(c) === false) {
      return next();
    }
    const deps = c.get("deps");
    // Local runs answer on the Host's loopback origin (siteOrigin), so the origin is part of what the page shows.
    const origin = siteOrigin(c, deps.config);
    let version: string;
    try {
      version = await options.version(c);
    } catch {
      // The database cannot say (an outage): the ordinary render answers, as it would without the cache (503 page).
      return next();
    }
    let own: Response | undefined;
    const renderForCache = async (): Promise<FreshAnswer | null> => {
      const nonce = c.get("cspNonce");
      const res = await render(c, new Request(c.req.url, { method: "GET", headers: { accept: "text/html" } }), nonce);
      if (res.status !== 200 || res.headers.has("set-cookie") || !/^text\/html/i.test(res.headers.get("content-type") ?? "")) {
        own = res;
        return null;
      }
      const page = withScriptHashes(await res.text(), nonce);
      const settings = await policySettings(deps);
      return {
        body: Buffer.from(page.html),
        headers: {
          "content-type": res.headers.get("content-type") ?? "text/html; charset=utf-8",
          ...(res.headers.has("cache-control") ? { "cache-control": res.headers.get("cache-control")! } : {}),
          "content-security-policy": hashPolicy(contentSecurityPolicy(deps.config, nonce, settings), page.hashes),
        },
      };
    };
    const stillCurrent = async () => (await options.version(c).catch(() => undefined)) === version;
    const found = await cache.get(`${c.req.path}\n${origin}\n${version}`, renderForCache, stillCurrent);
    if (found) return found.answer.respond(c, found.source);
    return own ?? next();
  };
}
