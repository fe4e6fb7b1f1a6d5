import { type Context, Hono } from "hono";
import { POST_MESSAGES, savedMessage } from "../../shared/content/studio-posts";
import { z } from "../../shared/zod";
import { parseWith, readJsonBody } from "../http/errors";
import { compareRevisions, getRevision, listRevisions, restoreRevision } from "../services/blog/revisions";
import type { PostChanges } from "../services/blog/studio-post-fields";
import { getStudioPost, listStudioPosts } from "../services/blog/studio-post-reads";
import { createPost, deletePost, publishPost, savePost, schedulePost, unpublishPost } from "../services/blog/studio-posts";
import { invalid, notFound } from "../services/errors";
import { actorOf, type StudioEnv } from "./studio-guard";

const Id = z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER);

/** A path id: anything that is not a positive whole number names no post (404, as an unknown one). */
function idOf(value: string | undefined, message = POST_MESSAGES.notFound): number {
  const parsed = Id.safeParse(value);
  if (!parsed.success) throw notFound(message);
  return parsed.data;
}

/** The JSON body as an object: `version` (and `scheduledAt`) apart, the rest are the post's fields. */
async function bodyOf(c: Context<StudioEnv>): Promise<{ version: unknown; scheduledAt: unknown; changes: PostChanges }> {
  const body = await readJsonBody(c);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalid("Send the post as a JSON object.");
  const { version, scheduledAt, ...changes } = body as Record<string, unknown>;
  return { version, scheduledAt, changes: changes as PostChanges };
}

/** `scheduledAt` as epoch ms: a number, or an ISO 8601 date and time with its offset. */
function instantOf(value: unknown): number {
  if (typeof value === "number") return value;
  if (typeof value === "string" && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return Date.parse(value);
  throw invalid(POST_MESSAGES.scheduleInvalid, "scheduledAt");
}

const CompareQuery = z.object({
  from: z.coerce.number({ error: "from must be a revision id" }).int("from must be a revision id").positive("from must be a revision id").max(Number.MAX_SAFE_INTEGER, "from must be a revision id"),
  to: z.coerce.number({ error: "to must be a revision id" }).int("to must be a revision id").positive("to must be a revision id").max(Number.MAX_SAFE_INTEGER, "to must be a revision id"),
});

/**
 * /api/studio/posts: writing the blog. Editors and owners (the studio's guards ran before: a staff session that
 * passed the second factor). Every write is audited by the services.
 */
export function createStudioPostsRouter(): Hono<StudioEnv> {
  const r = new Hono<StudioEnv>();

  r.get("/", async (c) => {
    const q = c.req.query();
    return c.json({ success: true, ...(await listStudioPosts(c.get("deps"), { search: q.search, status: q.status, category: q.category, page: q.page })) });
  });

  r.post("/", async (c) => {
    const { changes } = await bodyOf(c);
    const post = await createPost(c.get("deps"), actorOf(c), changes);
    return c.json({ success: true, post }, 201);
  });

  r.get("/:id", async (c) => c.json({ success: true, post: await getStudioPost(c.get("deps"), idOf(c.req.param("id"))) }));

  r.put("/:id", async (c) => {
    const { version, changes } = await bodyOf(c);
    const post = await savePost(c.get("deps"), actorOf(c), idOf(c.req.param("id")), version, changes);
    return c.json({ success: true, message: savedMessage(post.status), post });
  });

  r.post("/:id/publish", async (c) => {
    const { version, changes } = await bodyOf(c);
    return c.json({ success: true, message: POST_MESSAGES.published, post: await publishPost(c.get("deps"), actorOf(c), idOf(c.req.param("id")), version, changes) });
  });

  r.post("/:id/schedule", async (c) => {
    const { version, scheduledAt, changes } = await bodyOf(c);
    const post = await schedulePost(c.get("deps"), actorOf(c), idOf(c.req.param("id")), version, instantOf(scheduledAt), changes);
    return c.json({ success: true, message: POST_MESSAGES.scheduled, post });
  });

  r.post("/:id/unpublish", async (c) => {
    const { version, changes } = await bodyOf(c);
    return c.json({ success: true, message: POST_MESSAGES.unpublished, post: await unpublishPost(c.get("deps"), actorOf(c), idOf(c.req.param("id")), version, changes) });
  });

  r.delete("/:id", async (c) => {
    await deletePost(c.get("deps"), actorOf(c), idOf(c.req.param("id")));
    return c.json({ success: true, message: POST_MESSAGES.deleted });
  });

  r.get("/:id/revisions", async (c) => c.json({ success: true, revisions: await listRevisions(c.get("deps"), idOf(c.req.param("id"))) }));

  r.get("/:id/revisions/compare", async (c) => {
    const { from, to } = parseWith(CompareQuery, c.req.query());
    return c.json({ success: true, comparison: await compareRevisions(c.get("deps"), idOf(c.req.param("id")), from, to) });
  });

  r.get("/:id/revisions/:revision", async (c) => {
    const revision = await getRevision(c.get("deps"), idOf(c.req.param("id")), idOf(c.req.param("revision"), POST_MESSAGES.revisionNotFound));
    return c.json({ success: true, revision });
  });

  r.post("/:id/revisions/:revision/restore", async (c) => {
    const { version } = await bodyOf(c);
    const post = await restoreRevision(c.get("deps"), actorOf(c), idOf(c.req.param("id")), idOf(c.req.param("revision"), POST_MESSAGES.revisionNotFound), version);
    return c.json({ success: true, message: POST_MESSAGES.restored, post });
  });

  return r;
}
