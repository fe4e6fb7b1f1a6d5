import { data, redirect } from "react-router";
import { STUDIO_MESSAGES, STUDIO_PAGES } from "@shared/content/studio";
import { mayOpenPath } from "@shared/studio-policy";
import type { AppLoadContext } from "react-router";
import { deviceCookie, sessionTokenOf } from "../../server/http/cookies";
import type { StaffActor } from "../../server/services/audit";
import { passSecondFactor, type StudioSession, studioSession } from "../../server/services/staff/studio-session";
import { pageError } from "./service-errors.server";
import { securityEvent } from "../../server/services/security-events";

export type StudioPageSession = StudioSession & { sessionToken: string; actor: StaffActor };

type Options = {
  /** The second-factor pages themselves: reachable before the second factor is passed. */
  secondFactor?: "any";
  /** The studio's frame (its layout's loader): drawn for any staff; the page inside it checks its own area. */
  frame?: true;
};

/**
 * The guard every studio loader and action calls first (loaders run in parallel, so the layout's call protects
 * nothing below it). Whoever is not staff gets the site's ordinary 404, so the studio's existence leaks nothing;
 * staff who have not passed the second factor in this session are sent to it.
 */
export async function requireStudio(
  { request, context }: { request: Request; context: AppLoadContext },
  options: Options = {},
): Promise<StudioPageSession> {
  const { deps } = context;
  const sessionToken = sessionTokenOf(deps.config, request.headers);
  const studio = sessionToken ? await studioSession(deps, sessionToken) : null;
  if (!studio || !sessionToken) throw data(null, { status: 404 });
  if (options.secondFactor !== "any" && studio.secondFactor !== "passed") {
    if (studio.secondFactor === "enrol") throw redirect(STUDIO_PAGES.enrol);
    // Back to the page asked for once the code is in (a bookmark, a link from an e-mail).
    const next = studioNext(request.url);
    throw redirect(next === STUDIO_PAGES.home ? STUDIO_PAGES.secondFactor : `${STUDIO_PAGES.secondFactor}?next=${encodeURIComponent(next)}`);
  }
  // Who may open which page: the studio's policy table, by the page's address (an editor gets the studio's 403 page).
  if (!options.frame && !mayOpenPath(studio.access, new URL(request.url).pathname)) {
    securityEvent(deps, "studio.access.refused", { reason: "not-allowed", access: studio.access, path: new URL(request.url).pathname.slice(0, 200) });
    throw data({ message: STUDIO_PAGES.ownersOnly }, { status: 403 });
  }
  return {
    ...studio,
    sessionToken,
    actor: { userId: studio.userId, label: studio.email, clientIp: context.clientIp, access: studio.access, secondFactorAt: studio.secondFactorAt },
  };
}

/**
 * A studio address to go on to: the path and query of `url` when it is a studio page of this site, else the studio's
 * home. Anything else (another site, `//host`, a backslash, a path out of /studio) is never followed.
 */
export function studioNext(url: string | null | undefined): string {
  if (!url) return STUDIO_PAGES.home;
  let parsed: URL;
  try {
    parsed = new URL(url, "http://studio.invalid");
  } catch {
    return STUDIO_PAGES.home;
  }
  if (url.startsWith("/") && (url.startsWith("//") || url.includes("\\"))) return STUDIO_PAGES.home;
  if (!/^\/studio\/[a-z0-9/_-]*$/i.test(parsed.pathname) && parsed.pathname !== "/studio") return STUDIO_PAGES.home;
  // React Router's own query parameters are not part of the page's address.
  parsed.searchParams.delete("_routes");
  parsed.searchParams.delete("index");
  const path = parsed.pathname.replace(/\.data$/, "");
  if (path === STUDIO_PAGES.secondFactor || path === STUDIO_PAGES.enrol) return STUDIO_PAGES.home;
  const search = parsed.searchParams.toString();
  return search ? `${path}?${search}` : path;
}

/**
 * The step-up code a studio form carries (`stepUpCode`) when the studio asked for one (issue 26, item 12): checked
 * first, so the action that follows finds this session's second factor fresh. Returns the refusal for the code field,
 * or null (no code sent, or the code was right).
 */
export async function stepUpFromForm(
  { request, context }: { request: Request; context: AppLoadContext },
  studio: StudioPageSession,
  form: FormData,
): Promise<string | null> {
  const code = String(form.get("stepUpCode") ?? "").trim();
  if (!code) return null;
  if (code.length > 40) return STUDIO_MESSAGES.codeFormat;
  try {
    const deviceToken = deviceCookie.read(context.deps.config, request.headers.get("cookie"));
    const now = Date.now();
    await passSecondFactor(context.deps, studio.sessionToken, code, context.clientIp, now, { deviceToken });
    studio.actor.secondFactorAt = now;
    return null;
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    return failure.detail;
  }
}

/** The second-factor page, coming back to `next` (a studio page) once a fresh code is in. */
export function stepUpPage(next: string): string {
  return `${STUDIO_PAGES.secondFactor}?next=${encodeURIComponent(studioNext(next))}`;
}
