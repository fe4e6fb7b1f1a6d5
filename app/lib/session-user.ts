import { useEffect, useState } from "react";

/**
 * The signed-in user as the browser knows it, for the header. Pages the
 * server prerenders cannot know who is visiting, so this is decided after
 * hydration: only when the non-secret hint cookie `wp_signed_in=1` exists,
 * the browser asks GET /api/auth/session (once per page load). The session
 * token itself stays in an HttpOnly cookie no script can read; only the
 * non-secret user object is cached in localStorage for an instant header.
 */
export type SessionUser = {
  _id: string;
  name: string;
  email: string;
  industry: string;
  company: string;
  emailVerified: boolean;
  /** Staff (owner or editor): the header shows them a link to the studio. */
  studio?: boolean;
};

const STORAGE_KEY = "wp_user";
const HINT_COOKIE = "wp_signed_in";

let current: SessionUser | null = null;
let checked: Promise<void> | null = null;
const listeners = new Set<(user: SessionUser | null) => void>();

function hasHint(): boolean {
  return document.cookie.split(";").some((c) => c.trim() === `${HINT_COOKIE}=1`);
}

function readCache(): SessionUser | null {
  try {
    const raw = localStorage.getItem(STORAGE_KEY);
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<SessionUser>;
    if (typeof parsed?._id === "string" && typeof parsed.name === "string") return parsed as SessionUser;
  } catch {
    // Unparseable stored user data is discarded (spec, "Session").
  }
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable: nothing to discard
  }
  return null;
}

/** Records who is signed in (after a sign-in, sign-up or profile change) or that nobody is (sign-out). */
export function setSessionUser(user: SessionUser | null): void {
  current = user
    ? { _id: user._id, name: user.name, email: user.email, industry: user.industry, company: user.company, emailVerified: user.emailVerified, studio: user.studio === true }
    : null;
  try {
    if (current) localStorage.setItem(STORAGE_KEY, JSON.stringify(current));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // storage unavailable (private mode): the header still updates
  }
  for (const listener of listeners) listener(current);
}

async function check(): Promise<void> {
  if (!hasHint()) {
    setSessionUser(null);
    return;
  }
  const cached = readCache();
  if (cached) setSessionUser(cached);
  try {
    const res = await fetch("/api/auth/session", { credentials: "same-origin", headers: { accept: "application/json" } });
    if (!res.ok) return;
    const body = (await res.json()) as { user?: SessionUser | null; studio?: boolean };
    setSessionUser(body.user ? { ...body.user, studio: body.studio === true } : null);
  } catch {
    // offline: keep the cached user until the next page load
  }
}

/** The signed-in user, or null (always null during server rendering and the first client render). */
export function useSessionUser(): SessionUser | null {
  const [user, setUser] = useState<SessionUser | null>(null);
  useEffect(() => {
    listeners.add(setUser);
    setUser(current);
    checked ??= check();
    return () => {
      listeners.delete(setUser);
    };
  }, []);
  return user;
}

/** True once the page has hydrated (JavaScript runs). */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
