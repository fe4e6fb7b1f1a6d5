import { localeOfPath } from "../../shared/i18n";
import type { Context, Next } from "hono";
import type { AppEnv } from "../context";
import { visitorCookie, visitorOnlyCookieHeader } from "../http/cookies";
import { type FreshAnswer, ResponseCache } from "../http/response-cache";
import { hashPolicy, withScriptHashes } from "../http/script-hashes";
import { carriesCredentials, contentSecurityPolicy, policySettings } from "../http/security";
import { hasLiked } from "../services/blog/likes";
import { SlugSchema } from "../services/blog/types";
import { postsVersion } from "../services/blog/versions";
import { contentVersion } from "../services/content/version";
import { countView } from "../services/blog/views";
import { CACHE_POLICY, cacheBounds } from "../services/cache-policy";

/** Renders a page for `request` with the given CSP nonce; the loader must not count a view (it is counted here). */
export type RenderPage = (c: Context<AppEnv>, request: Request, nonce: string) => Promise<Response>;

/**
 * How long a post page is shared: how old its like and view counts may be. Every process renders each post at most
 * once per lifetime and like state (one ~6 ms render), however many people read it or like it meanwhile: with many
 * posts read at once, a second would cost five times the renders.
 */
export const POST_PAGE_TTL_MS = CACHE_POLICY.postPage.lifetimeMs;

/**
 * The server-rendered post page `GET /blog/{slug}` through the response cache.
 *
 * Every request counts its view (once per client address and hour) whether the HTML is cached or not.
 * The page differs only by the visitor's like state, so the key is the slug,
 * liked or not, and the version of the posts (added, removed or edited: the related posts). Its like and view
 * counts are at most POST_PAGE_TTL_MS old (decision 0007): a like does not make the next reader's page render
 * again. The liker's own state ('Liked') is always theirs. The HTML is rendered for the cache
 * from a request that carries nothing of the visitor but, for the liked
 * variant, their visitor cookie. Its scripts are allowed by their SHA-256
 * hashes instead of a nonce, so one body and its compressed forms serve every
 * visitor and no nonce is ever sent twice.
 *
 * Anything else (other methods, a query string, a signed-in visitor, an unknown
 * slug, `.data` requests) goes to `next()`, the ordinary render, whose loader
 * counts the view itself.
 */
export function cachedPostPage(render: RenderPage, cache = new ResponseCache(cacheBounds(CACHE_POLICY.postPage))) {
  return async (c: Context<AppEnv>, next: Next) => {
    const slug = c.req.param("slug") ?? "";
    if (c.req.method !== "GET" || new URL(c.req.url).search !== "" || carriesCredentials(c) || !SlugSchema.safeParse(slug).success) {
      return next();
    }
    const deps = c.get("deps");
    const visitor = visitorCookie.read(deps.config, c.req.header("cookie"));
    let id: number | undefined;
    let liked: boolean;
    let version: string;
    // What the page shows that a write can change: the posts, and the owner's content in its frame (decision 0024).
    const pageVersion = async () => `${await postsVersion(deps)}:${await contentVersion(deps.db)}`;
    try {
      id = await countView(deps, slug, c.get("clientIp"));
      // No such post: the ordinary render answers 404 (its loader finds nothing to count).
      if (id === undefined) return next();
      liked = await hasLiked(deps, id, visitor);
      version = await pageVersion();
    } catch {
      // The database cannot answer (an outage): the ordinary render answers, as it would without the cache (the
      // 503 page); views are counted once per address and hour, so its loader counting again adds nothing.
      return next();
    }

    let own: Response | undefined;
    const renderForCache = async (): Promise<FreshAnswer | null> => {
      const headers = new Headers({ accept: "text/html" });
      if (liked && visitor) headers.set("cookie", visitorOnlyCookieHeader(deps.config, visitor));
      // This request's nonce: if the answer cannot be shared it is this request's own answer, under its own
      // policy; if it can, the nonce is taken out of the body and the policy, and never sent again.
      const nonce = c.get("cspNonce");
      const res = await render(c, new Request(c.req.url, { method: "GET", headers }), nonce);
      if (res.status !== 200 || res.headers.has("set-cookie") || !/^text\/html/i.test(res.headers.get("content-type") ?? "")) {
        own = res;
        return null;
      }
      const html = await res.text();
      const page = withScriptHashes(html, nonce);
      const config = deps.config;
      const settings = await policySettings(deps);
      return {
        body: Buffer.from(page.html),
        headers: {
          "content-type": res.headers.get("content-type") ?? "text/html; charset=utf-8",
          "cache-control": res.headers.get("cache-control") ?? "no-cache",
          "content-security-policy": hashPolicy(contentSecurityPolicy(config, nonce, settings), page.hashes),
        },
      };
    };
    const found = await cache.get(`${localeOfPath(c.req.path)}\n${slug}\n${liked ? 1 : 0}\n${version}`, renderForCache, async () => (await pageVersion()) === version);
    if (found) return found.answer.respond(c, found.source);
    // Not shareable (an error page, a cookie...): this request's own render, or a new one for a request that waited.
    return own ?? render(c, c.req.raw, c.get("cspNonce"));
  };
}
