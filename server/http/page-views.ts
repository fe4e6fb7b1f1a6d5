import { isbot } from "isbot";
import type { MiddlewareHandler } from "hono";
import type { GoalName } from "../../shared/content/analytics";
import type { AppEnv, Deps } from "../context";
import { type Hit, recordGoalHit, recordPageView } from "../services/analytics/record";
import { isStudioPath } from "./studio-path";

/**
 * Whether a request is one a person made and agreed to have counted: not a bot (isbot), not a prefetch or
 * prerender, not sent with Do Not Track or Global Privacy Control.
 */
export function countable(headers: Headers): boolean {
  if (headers.get("dnt") === "1" || headers.get("sec-gpc") === "1") return false;
  const purpose = `${headers.get("sec-purpose") ?? ""} ${headers.get("purpose") ?? ""} ${headers.get("x-purpose") ?? ""} ${headers.get("x-moz") ?? ""}`;
  if (/prefetch|prerender|preview/i.test(purpose)) return false;
  const ua = headers.get("user-agent") ?? "";
  return ua !== "" && !isbot(ua);
}

/** Paths that are never a page view: the API, files (and the studio: `isStudioPath`, as its routes match it). */
const NOT_PAGES = /^\/(api|assets|media|__)(\/|$)|^\/(healthz|readyz)$/;

/**
 * Counts the page view of every HTML document a person's browser asked for, whichever handler served it
 * (prerendered file, response cache, React Router): a GET answered 200 with text/html and, when the browser says,
 * fetched as a document (Sec-Fetch-Dest). Error pages, redirects, HEAD and `.data` requests are not views;
 * navigations after hydration are reported by the page's beacon (decision 0017). Recording never delays or fails
 * the answer.
 */
export function pageViews(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    if (c.req.method !== "GET" || c.res.status !== 200) return;
    if (!/^text\/html/i.test(c.res.headers.get("content-type") ?? "")) return;
    const path = c.req.path;
    if (NOT_PAGES.test(path) || isStudioPath(path) || path.endsWith(".data")) return;
    const headers = c.req.raw.headers;
    const dest = headers.get("sec-fetch-dest");
    if (dest && dest !== "document") return;
    if (!countable(headers)) return;
    recordPageView(c.get("deps"), hitOf(c.req.raw, c.get("clientIp")));
  };
}

/** The facts of a request analytics keeps something of (see recordPageView). */
export function hitOf(request: Request, clientIp: string, url = request.url): Hit {
  return {
    clientIp,
    userAgent: request.headers.get("user-agent") ?? "",
    url,
    referrer: request.headers.get("referer") ?? undefined,
  };
}

/**
 * A goal reached through a door (an API handler or a page action): tied to the page the visitor was on (the
 * same-site Referer, else the request's own path, unless the door names it: `onPage`) and recorded unless the request
 * asked not to be counted.
 * Never throws: a goal is not worth failing the thing that reached it.
 */
export function recordGoal(deps: Deps, name: GoalName, request: Request, clientIp: string, onPage?: string): void {
  try {
    if (!countable(request.headers)) return;
    const referer = request.headers.get("referer");
    let page = onPage ?? new URL(request.url).pathname;
    if (referer && !onPage) {
      const from = new URL(referer);
      if (from.host === new URL(request.url).host || from.origin === new URL(deps.config.PUBLIC_URL).origin) page = from.pathname;
    }
    recordGoalHit(deps, name, { clientIp, userAgent: request.headers.get("user-agent") ?? "", url: page });
  } catch (err: unknown) {
    deps.log.warn({ err: { message: (err as Error).message } }, "analytics goal not recorded");
  }
}
