import { randomText } from "../services/tokens";
import type { Context, MiddlewareHandler } from "hono";
import type { AppEnv, Deps } from "../context";
import type { Config } from "../config";
import { siteSettings } from "../services/content/settings";
import { carriesSessionCookie } from "./cookies";
import { NEWSLETTER_ONE_CLICK_PATH } from "../../shared/content/audience";
import { requestAt } from "./request-at";
import { isStudioPath } from "./studio-path";

export function newNonce(): string {
  return randomText(16, "base64");
}

/** What the policy takes from the owner's settings (the saved values over the environment's). */
export type PolicySettings = { demoVideoUrl: string };

/**
 * The settings a response's policy follows: the effective ones (a Settings change shows at once, decision 0045).
 * When the database cannot answer and no process memory holds them, the environment's defaults.
 */
export async function policySettings(deps: Pick<Deps, "db" | "config">): Promise<PolicySettings> {
  try {
    return await siteSettings(deps);
  } catch {
    return deps.config.settings;
  }
}

/**
 * The Content-Security-Policy for one response: scripts run only with its nonce. The only setting it depends on is
 * the demo video (frame-src: the page embeds it); the booking page is only ever linked to, and images may come from
 * any https host, so neither names a host here.
 */
export function contentSecurityPolicy(config: Config, nonce: string, settings: PolicySettings): string {
  const frameOrigin = new URL(settings.demoVideoUrl).origin;
  // Vite's dev server injects its own scripts and talks over a WebSocket.
  const dev = config.NODE_ENV === "development";
  return [
    "default-src 'self'",
    dev ? "script-src 'self' 'unsafe-inline' 'unsafe-eval'" : `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    // Style attributes rendered on the server (animation delays) need inline styles.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    dev ? "connect-src 'self' ws: wss:" : "connect-src 'self'",
    "media-src 'self'",
    `frame-src ${frameOrigin}`,
    "object-src 'none'",
    "base-uri 'none'",
    "frame-ancestors 'none'",
    "form-action 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
  ].join("; ");
}

export const PERMISSIONS_POLICY =
  "camera=(), microphone=(), geolocation=(), payment=(), usb=(), magnetometer=(), gyroscope=(), accelerometer=()";

/** Security headers on every response, and a fresh CSP nonce for each. */
export function securityHeaders(deps: Pick<Deps, "db" | "config">): MiddlewareHandler<AppEnv> {
  const { config } = deps;
  return async (c, next) => {
    const nonce = newNonce();
    c.set("cspNonce", nonce);
    await next();
    const h = c.res.headers;
    // A cached page brings its own policy (its scripts' hashes instead of a nonce: server/http/script-hashes.ts).
    // A document's frames follow the owner's settings, read after the answer was made (the ones its page was
    // rendered with; one process memory per content version, so no query of its own). Nothing else embeds a frame:
    // JSON, files and redirects keep the environment's, and never wait on the database for a header.
    if (!h.has("Content-Security-Policy")) {
      const settings = /^text\/html/i.test(h.get("content-type") ?? "") ? await policySettings(deps) : config.settings;
      h.set("Content-Security-Policy", contentSecurityPolicy(config, nonce, settings));
    }
    h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains");
    h.set("X-Content-Type-Options", "nosniff");
    // A page with a token in its address (reset, verify, invitation) asks for no referrer at all: keep the stricter one.
    // A page that names a stricter policy of its own (token pages: no-referrer, or same-origin where a form must post) keeps it.
    const own = h.get("Referrer-Policy");
    if (own !== "no-referrer" && own !== "same-origin") h.set("Referrer-Policy", "strict-origin-when-cross-origin");
    h.set("Permissions-Policy", PERMISSIONS_POLICY);
    h.set("Cross-Origin-Opener-Policy", "same-origin");
    h.set("X-Frame-Options", "DENY");
    h.delete("X-Powered-By");
  };
}

/** Whether the request carries credentials (an Authorization header or the session cookie): its answer is no-store and never comes from the shared response cache. */
export function carriesCredentials(c: Context): boolean {
  return Boolean(c.req.header("authorization")) || carriesSessionCookie(c.req.header("cookie"));
}

/**
 * A response to a request that carries credentials (a bearer token or the
 * session cookie) may hold personal data, so no cache may keep it. Fingerprinted
 * assets are the same for everyone and keep their long-lived caching.
 */
export function noStoreWhenAuthenticated(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    // Fingerprinted assets and uploaded images are the same for everyone, signed in or not.
    if (c.req.path.startsWith("/assets/") || c.req.path.startsWith("/media/")) return;
    if (carriesCredentials(c)) c.res.headers.set("Cache-Control", "no-store");
  };
}

/**
 * Every answer under /studio (pages, their `.data` requests, the 404 that visitors get there) is private and kept out
 * of search engines, whoever asks. /api/studio says the same itself.
 */
export function studioPrivate(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (!isStudioPath(c.req.path)) return;
    c.res.headers.set("Cache-Control", "no-store");
    c.res.headers.set("X-Robots-Tag", "noindex, nofollow");
  };
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

const LOOPBACK_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d{1,5})?$/i;

/**
 * The origin the visitor's browser is on: PUBLIC_URL's, whatever Host or scheme reached Node (behind a proxy
 * that ends TLS, Node sees http:// and perhaps an inner host name). A local run (development, or PUBLIC_URL
 * http:// on a loopback name) is also opened at http://localhost or http://127.0.0.1 on any port: a loopback Host is taken
 * as it is there, and cannot be a rebound foreign name.
 */
export function siteOrigin(c: Context, config: Config): string {
  const publicUrl = new URL(config.PUBLIC_URL);
  const localRun = config.NODE_ENV === "development" || (publicUrl.protocol === "http:" && LOOPBACK_HOST.test(publicUrl.host));
  if (localRun) {
    const host = (c.req.header("host") ?? "").toLowerCase();
    if (host !== publicUrl.host && LOOPBACK_HOST.test(host)) return `http://${host}`;
  }
  return publicUrl.origin;
}

/**
 * The request as the visitor sent it, for React Router: its URL carries the site's origin (siteOrigin), so the
 * framework's own check of a form's Origin against the request URL holds behind a TLS-terminating proxy.
 */
export function withSiteOrigin(request: Request, origin: string): Request {
  const url = new URL(request.url);
  if (url.origin === origin) return request;
  return requestAt(request, `${origin}${url.pathname}${url.search}`);
}

/**
 * Refuses state-changing requests sent by another site: the browser says so with Sec-Fetch-Site, or the
 * Origin is not the site's own (siteOrigin). Host is never the measure: under DNS rebinding a foreign page's
 * Origin and the Host it sends are the same attacker's name.
 */
export function crossSiteGuard(config: Config): MiddlewareHandler<AppEnv> {
  const publicOrigin = new URL(config.PUBLIC_URL).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method)) return next();
    // RFC 8058: the mail provider posts the one-click unsubscribe from its own origin. That one path, which acts
    // only on the single-use token in its address, is the exception.
    if (c.req.method === "POST" && c.req.path === NEWSLETTER_ONE_CLICK_PATH) return next();
    const site = c.req.header("sec-fetch-site");
    const origin = c.req.header("origin");
    const foreignOrigin = origin !== undefined && origin !== publicOrigin && origin !== siteOrigin(c, config);
    if (site === "cross-site" || foreignOrigin) {
      return c.json({ success: false, message: "Cross-site requests are not allowed." }, 403);
    }
    return next();
  };
}
