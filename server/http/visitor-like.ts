import type { Deps } from "../context";
import { likeBlog } from "../services/blog/likes";
import { newVisitorId, visitorCookie } from "./cookies";

/**
 * A like from a browser, for both doors (POST /api/blogs/:id/like and the
 * post page's form): the visitor is the browser's visitor cookie, or a new one,
 * handed to `setCookie` before the like is counted so the browser keeps it
 * whatever the answer.
 */
export async function likeAsVisitor(
  deps: Deps,
  blogId: number,
  from: { cookieHeader: string | null | undefined; clientIp: string; setCookie: (setCookieValue: string) => void },
): ReturnType<typeof likeBlog> {
  let visitor = visitorCookie.read(deps.config, from.cookieHeader);
  if (!visitor) {
    visitor = newVisitorId();
    from.setCookie(visitorCookie.write(deps.config, visitor));
  }
  return likeBlog(deps, blogId, visitor, from.clientIp);
}
