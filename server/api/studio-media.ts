import { type Context, Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import { z } from "zod";
import { MEDIA_MESSAGES, MEDIA_RULES } from "../../shared/content/studio-media";
import { HttpError, parseWith } from "../http/errors";
import { isServiceError } from "../services/errors";
import { deleteMedia, listMedia, type MediaItem, uploadMedia } from "../services/media/library";
import { actorOf, type StudioEnv } from "./studio-guard";

/** Where a browser that posted the upload form without JavaScript is sent back to. */
export const MEDIA_PAGE_PATH = "/studio/media";

const IdSchema = z.coerce
  .number({ error: "The image id must be a positive whole number." })
  .int("The image id must be a positive whole number.")
  .positive("The image id must be a positive whole number.")
  .max(Number.MAX_SAFE_INTEGER, "The image id must be a positive whole number.");

/** The answer's shape of one item. */
const itemJson = (item: MediaItem) => ({
  id: item.id,
  hash: item.hash,
  name: item.name,
  type: item.type,
  size: item.size,
  width: item.width,
  height: item.height,
  files: item.files,
});

/**
 * A form posted by the browser itself (the library page without JavaScript) navigates: it gets the page back with
 * the outcome in its query (a code, never free text), instead of JSON. fetch() from the page asks for JSON.
 */
const isNavigation = (c: Context) => c.req.header("sec-fetch-mode") === "navigate" || /\btext\/html\b/.test(c.req.header("accept") ?? "");

/** The codes the library page understands after a navigation (see app/routes/studio/media.tsx). */
function outcomeCode(error: unknown): string {
  if (error instanceof HttpError && error.status === 413) return "tooLarge";
  if (isServiceError(error) || error instanceof HttpError) {
    const known = Object.entries(MEDIA_MESSAGES).find(([, m]) => m === error.message)?.[0];
    if (known) return known;
    const format = /^([A-Z0-9]{2,10}) images are not accepted/.exec(error.message)?.[1];
    if (format) return `format-${format.toLowerCase()}`;
  }
  return "failed";
}

const backToPage = (c: Context, query: string) => c.redirect(`${MEDIA_PAGE_PATH}?${query}`, 303);

/** /api/studio/media: the image library (editors and owners). Mounted behind the studio's guards. */
export function createStudioMediaRouter(): Hono<StudioEnv> {
  const r = new Hono<StudioEnv>();

  r.get("/", async (c) => {
    const items = await listMedia(c.get("deps"));
    return c.json({ success: true, media: items.map((i) => ({ ...itemJson(i), createdAt: i.createdAt, usedBy: i.usedBy })) });
  });

  r.post(
    "/",
    // Read only after the guards passed: nobody without a studio session makes the server take in 10 MB.
    bodyLimit({
      maxSize: MEDIA_RULES.maxBodyBytes,
      onError: (c) =>
        isNavigation(c)
          ? c.redirect(`${MEDIA_PAGE_PATH}?error=tooLarge`, 303)
          : c.json({ success: false, message: MEDIA_MESSAGES.bodyTooLarge }, 413, { connection: "close" }),
    }),
    async (c) => {
      const navigation = isNavigation(c);
      try {
        const file = await readFile(c);
        const { item, created } = await uploadMedia(c.get("deps"), file, actorOf(c));
        if (navigation) return backToPage(c, `${created ? "uploaded" : "existing"}=${item.id}`);
        return c.json({ success: true, created, message: created ? MEDIA_MESSAGES.uploaded : MEDIA_MESSAGES.alreadyThere, media: itemJson(item) }, created ? 201 : 200);
      } catch (error) {
        if (navigation && (isServiceError(error) || error instanceof HttpError)) return backToPage(c, `error=${outcomeCode(error)}`);
        throw error;
      }
    },
  );

  r.delete("/:id", async (c) => {
    const id = parseWith(IdSchema, c.req.param("id"));
    await deleteMedia(c.get("deps"), id, actorOf(c));
    return c.json({ success: true, message: MEDIA_MESSAGES.deleted });
  });

  return r;
}

/** The multipart field `file`: 415 for another body, 400 without a file, 413 over the file limit. */
async function readFile(c: Context<StudioEnv>): Promise<{ bytes: Buffer; name: string }> {
  if (!/^multipart\/form-data\b/i.test(c.req.header("content-type") ?? "")) throw new HttpError(415, MEDIA_MESSAGES.multipartOnly);
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw new HttpError(400, MEDIA_MESSAGES.multipartOnly);
  }
  const file = form.get("file");
  if (!(file instanceof File) || (file.size === 0 && !file.name)) throw new HttpError(400, MEDIA_MESSAGES.noFile, { field: "file" });
  if (file.size > MEDIA_RULES.maxFileBytes) throw new HttpError(413, MEDIA_MESSAGES.tooLarge, { field: "file" });
  return { bytes: Buffer.from(await file.arrayBuffer()), name: file.name };
}
