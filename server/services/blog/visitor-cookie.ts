import { randomBytes } from "node:crypto";

// The anonymous visitor cookie: a random id, nothing personal in it.
export const VISITOR_COOKIE = "wp_visitor";
const VISITOR_MAX_AGE_S = 2 * 365 * 24 * 3600;
const VISITOR_ID = /^[A-Za-z0-9_-]{32,64}$/;

export function visitorIdFromCookie(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === VISITOR_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return VISITOR_ID.test(value) ? value : undefined;
    }
  }
  return undefined;
}

export function newVisitorId(): string {
  return randomBytes(24).toString("base64url");
}

export function visitorCookieHeader(id: string, publicUrl: string): string {
  const secure = publicUrl.startsWith("https:") ? "; Secure" : "";
  return `${VISITOR_COOKIE}=${id}; Path=/; Max-Age=${VISITOR_MAX_AGE_S}; HttpOnly; SameSite=Lax${secure}`;
}
