import type { Context } from "hono";
import type { AppEnv } from "../context";
import { sessionTokenOf } from "../http/cookies";
import { copyDocById } from "../../shared/copy/index";
import { mayOpen } from "../../shared/studio-policy";
import { copyKey, copyLocale, readDraftValue } from "../services/content/copy-rows";
import { previewKey, withPreviewDrafts } from "../services/content/preview";
import { studioSession } from "../services/staff/studio-session";

/** The query parameter naming the document a staff member previews (`/?preview=faq&locale=en`). */
export const PREVIEW_PARAM = "preview";

/** Shown only in a preview's answer: inline, so nothing of it is in the public pages' stylesheet or scripts. */
function previewBar(editor: string): string {
  const bar =
    "position:fixed;left:0;right:0;bottom:0;z-index:2147483647;display:flex;flex-wrap:wrap;gap:4px 16px;justify-content:center;" +
    "padding:10px 16px;background:#7c2d12;color:#fff;font:600 15px/1.4 system-ui,sans-serif;box-shadow:0 -2px 8px rgba(0,0,0,.3)";
  return (
    `<aside aria-label="Preview" data-testid="preview-bar" style="${bar}">` +
    `<span>Preview \u2014 not published</span>` +
    `<a href="${editor}" style="color:#fff;text-decoration:underline">Back to the editor</a></aside>`
  );
}

/**
 * A staff member's preview of a document's draft (decision 0027): the real public page, rendered by the ordinary
 * render with the draft in place of the published copy (readCopy consults the request's drafts), never cached or
 * shared (`no-store`, noindex), with the preview bar. Null when this is not one (anyone who is not staff with the
 * second factor passed, a document or locale that does not exist): the page is rendered as for everyone.
 */
export async function copyPreview(c: Context<AppEnv>, render: (request: Request) => Promise<Response>): Promise<Response | null> {
  const url = new URL(c.req.url);
  const id = url.searchParams.get(PREVIEW_PARAM);
  if (!id || url.pathname.endsWith(".data")) return null;
  const doc = copyDocById(id);
  const locale = copyLocale(url.searchParams.get("locale"));
  if (!doc || !locale) return null;
  const deps = c.get("deps");
  const token = sessionTokenOf(deps.config, c.req.raw.headers);
  const studio = token ? await studioSession(deps, token) : null;
  if (!studio || studio.secondFactor !== "passed" || !mayOpen(studio.access, doc.id === "faq" ? "faq" : "pages")) return null;
  const draft = await readDraftValue(deps, doc, locale);
  const drafts = new Map<string, unknown>(draft === undefined ? [] : [[previewKey(copyKey(doc), locale), draft]]);
  const res = await withPreviewDrafts(drafts, () => render(c.req.raw));
  const headers = new Headers(res.headers);
  headers.set("Cache-Control", "no-store");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  headers.delete("content-length");
  headers.delete("etag");
  if (!/^text\/html/i.test(headers.get("content-type") ?? "")) return new Response(res.body, { status: res.status, headers });
  const editor = doc.id === "faq" ? `/studio/faq?locale=${locale}` : `/studio/pages/${encodeURIComponent(doc.id)}?locale=${locale}`;
  const html = await res.text();
  const at = html.lastIndexOf("</body>");
  const body = at < 0 ? html + previewBar(editor) : html.slice(0, at) + previewBar(editor) + html.slice(at);
  // The robots meta too, for a copy saved from the browser.
  const marked = body.replace("<head>", '<head><meta name="robots" content="noindex, nofollow">');
  return new Response(marked, { status: res.status, headers });
}
