import { randomBytes } from "node:crypto";
import { generateCookie } from "hono/cookie";
import { parse, serialize } from "hono/utils/cookie";
import type { Config } from "../config";

/**
 * Every cookie the site sets, declared once: name, flags and lifetime. Both
 * doors (the API's handlers and the pages' loaders and actions) read and write
 * cookies only through these declarations. Parsing and serialising are Hono's
 * cookie helpers; a value that does not look like what the site writes reads
 * as absent.
 */

/** Browsers keep a cookie at most 400 days whatever it asks (RFC 6265bis), and Hono refuses a longer Max-Age. */
export const LONGEST_COOKIE_SECONDS = 400 * 86_400;

/** What the site's random tokens look like (256-bit base64url; longer ones are refused by the services anyway). */
const TOKEN = /^[A-Za-z0-9_-]{20,200}$/;

type Declaration = {
  name: string;
  /** Over HTTPS the name carries the `__Host-` prefix (Secure, Path=/, no Domain): no sibling subdomain can plant it. */
  hostPrefixOverHttps?: boolean;
  httpOnly: boolean;
  path?: string;
  /** Seconds; absent for a cookie that ends with the browser session (unless a write gives one). */
  maxAge?: number;
  /** The shape of a value the site wrote; anything else reads as absent. */
  value: RegExp;
};

export type DeclaredCookie = {
  /** The name in this deployment (with `__Host-` over HTTPS where declared). */
  name(config: Config): string;
  /** Every name it has in some deployment. */
  names: readonly string[];
  /** The value a Cookie header carries, or undefined when it is missing, empty or not one the site wrote. */
  read(config: Config, cookieHeader: string | null | undefined): string | undefined;
  /** A Set-Cookie value; `maxAge` replaces the declared lifetime (undefined: a browser-session cookie). */
  write(config: Config, value: string, options?: { maxAge?: number | undefined }): string;
  /** A Set-Cookie value that removes the cookie. */
  clear(config: Config): string;
};

function isHttps(config: Config): boolean {
  return config.PUBLIC_URL.startsWith("https://");
}

function declareCookie(declaration: Declaration): DeclaredCookie {
  const name = (config: Config) =>
    declaration.hostPrefixOverHttps && isHttps(config) ? `__Host-${declaration.name}` : declaration.name;
  const serialise = (config: Config, value: string, maxAge: number | undefined) =>
    generateCookie(name(config), value, {
      path: declaration.path ?? "/",
      httpOnly: declaration.httpOnly,
      secure: isHttps(config),
      sameSite: "Lax",
      ...(maxAge === undefined ? {} : { maxAge: Math.min(maxAge, LONGEST_COOKIE_SECONDS) }),
    });
  return {
    name,
    names: declaration.hostPrefixOverHttps ? [declaration.name, `__Host-${declaration.name}`] : [declaration.name],
    read(config, cookieHeader) {
      if (!cookieHeader) return undefined;
      const cookieName = name(config);
      const value = parse(cookieHeader, cookieName)[cookieName];
      return value !== undefined && declaration.value.test(value) ? value : undefined;
    },
    write: (config, value, options) => serialise(config, value, options && "maxAge" in options ? options.maxAge : declaration.maxAge),
    clear: (config) => serialise(config, "", 0),
  };
}

/** The web app's session: the service's token in a cookie no script can read. */
export const sessionCookie = declareCookie({ name: "wp_session", hostPrefixOverHttps: true, httpOnly: true, value: TOKEN });

/**
 * A non-secret hint beside the session (`wp_signed_in=1`) that browser code may
 * read: asking GET /api/auth/session is worth it, so prerendered pages can show
 * the signed-in header without exposing the token.
 */
export const HINT_COOKIE = "wp_signed_in";
export const signedInHintCookie = declareCookie({ name: HINT_COOKIE, httpOnly: false, value: /^1$/ });

/**
 * The device cookie (OWASP's defence against lock-out): a random token set at
 * a successful sign-in, kept across sessions and sign-out, as long as the
 * trust it carries (server/services/auth/trust.ts). A browser that carries it
 * for an account never meets the account-wide limit that strangers' wrong
 * passwords fill.
 */
export const deviceCookie = declareCookie({ name: "wp_device", hostPrefixOverHttps: true, httpOnly: true, maxAge: 90 * 86_400, value: TOKEN });

/** A social sign-in in progress: the flow id that binds the provider's callback to this browser. */
export const oauthFlowCookie = declareCookie({ name: "wp_oauth", hostPrefixOverHttps: true, httpOnly: true, value: TOKEN });

/** The anonymous visitor a like belongs to: a random id, nothing personal in it. */
export const visitorCookie = declareCookie({
  name: "wp_visitor",
  httpOnly: true,
  maxAge: LONGEST_COOKIE_SECONDS,
  value: /^[A-Za-z0-9_-]{32,64}$/,
});

/**
 * The Contact page's post without JavaScript succeeded: the page after the
 * redirect shows the success message once, and a reload neither posts again
 * nor shows it again.
 */
export const contactSentCookie = declareCookie({ name: "wp_contact_sent", path: "/contact", httpOnly: true, maxAge: 120, value: /^1$/ });
/** The same flash for the Hindi contact page (issue 33): a cookie's path is the page's own address. */
export const contactSentCookieHi = declareCookie({ name: "wp_contact_sent", path: "/hi/contact", httpOnly: true, maxAge: 120, value: /^1$/ });

export function newVisitorId(): string {
  return randomBytes(24).toString("base64url");
}

/** A Cookie request header carrying only this visitor (a page rendered on the visitor's behalf). */
export function visitorOnlyCookieHeader(config: Config, visitorId: string): string {
  return serialize(visitorCookie.name(config), visitorId);
}

/** Set-Cookie values for a new session: the HttpOnly token and the readable hint, with the same lifetime. */
export function sessionCookies(config: Config, token: string, maxAge: number | undefined): string[] {
  return [sessionCookie.write(config, token, { maxAge }), signedInHintCookie.write(config, "1", { maxAge })];
}

export function clearSessionCookies(config: Config): string[] {
  return [sessionCookie.clear(config), signedInHintCookie.clear(config)];
}

/** The session token a request carries: `Authorization: Bearer …` (the API's clients) or the session cookie (the web app). */
export function sessionTokenOf(config: Config, headers: Headers): string | undefined {
  const auth = headers.get("authorization");
  if (auth) {
    const match = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    return match?.[1];
  }
  return sessionCookie.read(config, headers.get("cookie"));
}

/**
 * Whether a Cookie header carries a session cookie under either of its names,
 * whatever this deployment's scheme: such a request's answer is personal (no
 * shared cache, no-store).
 */
export function carriesSessionCookie(cookieHeader: string | null | undefined): boolean {
  return carriesCookie(sessionCookie, cookieHeader);
}

/** Whether a Cookie header carries this cookie under any of its names, whatever its value (such an answer is not shared). */
export function carriesCookie(cookie: Pick<DeclaredCookie, "names">, cookieHeader: string | null | undefined): boolean {
  if (!cookieHeader) return false;
  return cookie.names.some((name) => Boolean(parse(cookieHeader, name)[name]));
}
