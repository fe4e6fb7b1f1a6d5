import type { Config } from "../../config";

/**
 * The web app's session lives in an HttpOnly, SameSite=Lax cookie that no
 * script can read. Beside it, a non-secret hint cookie (`wp_signed_in=1`)
 * tells the browser code that asking GET /api/auth/session is worth it, so
 * prerendered pages can show the signed-in header without exposing the token.
 */
export const HINT_COOKIE = "wp_signed_in";
const OAUTH_COOKIE_BASE = "wp_oauth";
const DEVICE_COOKIE_BASE = "wp_device";
/** The device cookie lives as long as the trust it carries (server/services/auth/trust.ts). */
const DEVICE_COOKIE_MAX_AGE = 90 * 86_400;

function secure(config: Config): boolean {
  return config.PUBLIC_URL.startsWith("https://");
}

/** `__Host-` (Secure, Path=/, no Domain) over HTTPS; a plain name on http://localhost. */
export function sessionCookieName(config: Config): string {
  return secure(config) ? "__Host-wp_session" : "wp_session";
}

export function oauthCookieName(config: Config): string {
  return secure(config) ? `__Host-${OAUTH_COOKIE_BASE}` : OAUTH_COOKIE_BASE;
}

function serialize(
  config: Config,
  name: string,
  value: string,
  { httpOnly, maxAge }: { httpOnly: boolean; maxAge?: number },
): string {
  const parts = [`${name}=${value}`, "Path=/", "SameSite=Lax"];
  if (httpOnly) parts.push("HttpOnly");
  if (secure(config)) parts.push("Secure");
  if (maxAge !== undefined) parts.push(`Max-Age=${maxAge}`);
  return parts.join("; ");
}

/** Set-Cookie values for a new session: the HttpOnly token and the readable hint, with the same lifetime. */
export function sessionCookies(config: Config, token: string, maxAge: number | undefined): string[] {
  return [
    serialize(config, sessionCookieName(config), token, { httpOnly: true, maxAge }),
    serialize(config, HINT_COOKIE, "1", { httpOnly: false, maxAge }),
  ];
}

export function clearSessionCookies(config: Config): string[] {
  return [
    serialize(config, sessionCookieName(config), "", { httpOnly: true, maxAge: 0 }),
    serialize(config, HINT_COOKIE, "", { httpOnly: false, maxAge: 0 }),
  ];
}

/**
 * The device cookie (OWASP's defence against lock-out): a random token set at
 * a successful sign-in, HttpOnly, kept across sessions and sign-out. A browser
 * that carries it for an account never meets the account-wide limit that
 * strangers' wrong passwords fill.
 */
export function deviceCookieName(config: Config): string {
  return secure(config) ? `__Host-${DEVICE_COOKIE_BASE}` : DEVICE_COOKIE_BASE;
}

export function deviceCookie(config: Config, token: string): string {
  return serialize(config, deviceCookieName(config), token, { httpOnly: true, maxAge: DEVICE_COOKIE_MAX_AGE });
}

export function readDeviceToken(config: Config, cookieHeader: string | null | undefined): string | undefined {
  return readCookie(cookieHeader, deviceCookieName(config));
}

export function oauthCookie(config: Config, value: string, maxAge: number): string {
  return serialize(config, oauthCookieName(config), value, { httpOnly: true, maxAge });
}

export function readCookie(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined;
  }
  return undefined;
}

export function readSessionToken(config: Config, cookieHeader: string | null | undefined): string | undefined {
  return readCookie(cookieHeader, sessionCookieName(config));
}
