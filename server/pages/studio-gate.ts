import type { Context } from "hono";
import type { AppEnv } from "../context";
import { sessionTokenOf } from "../http/cookies";
import { requestAt } from "../http/request-at";
import { isStudioPath, routedPath } from "../http/studio-path";
import { studioSession } from "../services/staff/studio-session";
import { securityEvent } from "../services/security-events";

/** The invitation page is opened by people who are not staff yet; it checks the invitation's token itself. */
const OPEN_TO_ALL = /^\/studio\/invitation(?:\.data)?$/;
/** An address no route knows: the page React Router renders for it is the site's ordinary 404. */
const UNKNOWN_PATH = "/404";

/**
 * The request React Router should see. Under /studio, whoever is not staff gets exactly what an unknown address gets:
 * the request goes on as one for an address no route knows, so not even the list of matched routes the page carries
 * tells that the studio is there. (The route modules themselves are public files, as on every site built this way;
 * they hold no data.) Staff go through, and every studio loader and action checks again (requireStudio).
 */
export async function studioGate(c: Context<AppEnv>): Promise<Request> {
  const request = c.req.raw;
  const url = new URL(request.url);
  // Read as the router reads it: `/Studio` and `/%73tudio` are the studio too.
  if (!isStudioPath(url.pathname) || OPEN_TO_ALL.test(routedPath(url.pathname))) return request;
  const deps = c.get("deps");
  const token = sessionTokenOf(deps.config, request.headers);
  if (token && (await studioSession(deps, token))) return request;
  securityEvent(deps, "studio.access.refused", { reason: token ? "not-staff" : "no-session", path: url.pathname.slice(0, 200) });
  url.pathname = url.pathname.endsWith(".data") ? `${UNKNOWN_PATH}.data` : UNKNOWN_PATH;
  url.search = "";
  return requestAt(request, url);
}
