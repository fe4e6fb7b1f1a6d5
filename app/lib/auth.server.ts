import { redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { AUTH_MESSAGES, PROVIDERS } from "@shared/content/auth";
import { safeRedirect } from "@shared/schemas/auth";
import { type Locale, localeOfPath, localePath } from "@shared/i18n";
import type { Deps } from "../../server/context";
import { userForSession, type PublicUser } from "../../server/services/auth/accounts";
import { sessionCookies, sessionTokenOf } from "../../server/http/cookies";
import type { NewSession } from "../../server/services/auth/sessions";
import { type PageError, pageError } from "./service-errors.server";

/** The signed-in user of the request's session cookie, or null. */
export async function currentUser(request: Request, { deps }: AppLoadContext): Promise<PublicUser | null> {
  return userForSession(deps, sessionTokenOf(deps.config, request.headers));
}

/** The user, or a redirect to /sign-in that comes back here afterwards. */
export async function requireUser(request: Request, context: AppLoadContext): Promise<PublicUser> {
  const user = await currentUser(request, context);
  if (user) return user;
  const url = new URL(request.url);
  throw redirect(`${localePath("/sign-in", localeOfPath(url.pathname))}?redirectTo=${encodeURIComponent(`${url.pathname}${url.search}`)}`, {
    headers: { "Cache-Control": "no-store" },
  });
}

/**
 * Where a visitor goes after signing in, up or out, in the language of the page they used: a public page of the site
 * gets the `/hi` prefix for a Hindi visitor (`/templates` → `/hi/templates`); the studio (English only) and anything
 * else stays as it is. `target` is a same-site path already (safeRedirect, landingAfterSignIn), and stays one.
 */
export function inVisitorLanguage(target: string, locale: Locale): string {
  if (locale === "en" || !target.startsWith("/") || target.startsWith("//") || /^\/(?:studio|api)(?:[/?#]|$)/.test(target)) return target;
  return localePath(target, locale);
}

export function sessionHeaders(deps: Deps, session: NewSession): Headers {
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of sessionCookies(deps.config, session.token, session.expiresInSeconds)) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * A service failure as the page shows it: the spec's headline
 * ('Login failed: Unauthorized', 'Registration failed: Conflict') and the
 * server's explanation under it. Anything unexpected is logged and shown as
 * the spec's generic message.
 */
export function failureBanner(
  deps: Deps,
  error: unknown,
  headline: (statusText: string) => string,
  requestId?: string,
): { status: number; kind?: PageError["kind"]; message: string; detail?: string } {
  const failure = pageError(error);
  if (failure) return { status: failure.status, kind: failure.kind, message: headline(failure.statusText), detail: failure.detail };
  deps.log.error({ reqId: requestId, err: { message: (error as Error)?.message } }, "account action failed");
  return { status: 503, message: AUTH_MESSAGES.unexpected };
}

/** Whether a form was sent by the hydrated page (it adds `_js=1`), which waits 1.5 s before moving on. */
export function sentWithJs(form: FormData): boolean {
  return form.get("_js") === "1";
}

export type Banner = { tone: "success" | "error"; message: string; detail?: string };

/** A social sign-in comes back here (or to /get-started) with `social` and `status`; this turns them into the spec's banner. */
export async function socialOutcome(request: Request, context: AppLoadContext, mode: "sign-in" | "sign-up") {
  const url = new URL(request.url);
  const provider = url.searchParams.get("social");
  const status = url.searchParams.get("status");
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const continueAfter = inVisitorLanguage(redirectTo, localeOfPath(url.pathname));
  if (provider !== "google" && provider !== "microsoft") return { redirectTo, banner: null, continueTo: null };
  const label = PROVIDERS[provider];
  if (status === "success" && (await currentUser(request, context))) {
    return { redirectTo, banner: { tone: "success", message: AUTH_MESSAGES.socialSuccess(label) } as Banner, continueTo: continueAfter };
  }
  const message =
    status === "not-configured"
      ? AUTH_MESSAGES.socialNotConfigured(label)
      : mode === "sign-up"
        ? AUTH_MESSAGES.socialSignUpFailed(label)
        : AUTH_MESSAGES.socialSignInFailed(label);
  return { redirectTo, banner: { tone: "error", message } as Banner, continueTo: null };
}
