import type { Context, Next } from "hono";
import type { AppEnv } from "../context";
import { visitorCookie, visitorOnlyCookieHeader } from "../http/cookies";
import { type FreshAnswer, ResponseCache } from "../http/response-cache";
import { hashPolicy, withScriptHashes } from "../http/script-hashes";
import { carriesCredentials, contentSecurityPolicy } from "../http/security";
import { hasLiked } from "../services/blog/likes";
import { SlugSchema } from "../services/blog/types";
import { postPageVersion } from "../services/blog/versions";
import { countView } from "../services/blog/views";

/** Renders a page for `request` with the given CSP nonce; the loader must not count a view (it is counted here). */
export type RenderPage = (c: Context<AppEnv>, request: Request, nonce: string) => Promise<Response>;

/**
 * The server-rendered post page `GET /blog/{slug}` through the response cache.
 *
 * Every request counts its view (once per client address and hour) whether the HTML is cached or not.
 * The page differs only by the visitor's like state, so the key is the slug,
 * liked or not, the post's like count and the version of the posts (added,
 * removed or edited: the related posts); a like of another post leaves it. The HTML is rendered for the cache
 * from a request that carries nothing of the visitor but, for the liked
 * variant, their visitor cookie. Its scripts are allowed by their SHA-256
 * hashes instead of a nonce, so one body and its compressed forms serve every
 * visitor and no nonce is ever sent twice.
 *
 * Anything else (other methods, a query string, a signed-in visitor, an unknown
 * slug, `.data` requests) goes to `next()`, the ordinary render, whose loader
 * counts the view itself.
 */
export function cachedPostPage(render: RenderPage, cache = new ResponseCache({ ttlMs: 1_000, maxEntries: 200, maxBytes: 16 * 1024 * 1024 })) {
  return async (c: Context<AppEnv>, next: Next) => {
    const slug = c.req.param("slug") ?? "";
    if (c.req.method !== "GET" || new URL(c.req.url).search !== "" || carriesCredentials(c) || !SlugSchema.safeParse(slug).success) {
      return next();
    }
    const deps = c.get("deps");
    const id = await countView(deps, slug, c.get("clientIp"));
    // No such post: the ordinary render answers 404 (its loader finds nothing to count).
    if (id === undefined) return next();
    const visitor = visitorCookie.read(deps.config, c.req.header("cookie"));
    const liked = await hasLiked(deps, id, visitor);
    const version = await postPageVersion(deps, id);

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
      return {
        body: Buffer.from(page.html),
        headers: {
          "content-type": res.headers.get("content-type") ?? "text/html; charset=utf-8",
          "cache-control": res.headers.get("cache-control") ?? "no-cache",
          "content-security-policy": hashPolicy(contentSecurityPolicy(config, nonce), page.hashes),
        },
      };
    };
    const found = await cache.get(`${slug}\n${liked ? 1 : 0}\n${version}`, renderForCache, async () => (await postPageVersion(deps, id)) === version);
    if (found) return found.answer.respond(c, found.source);
    // Not shareable (an error page, a cookie...): this request's own render, or a new one for a request that waited.
    return own ?? render(c, c.req.raw, c.get("cspNonce"));
  };
}
