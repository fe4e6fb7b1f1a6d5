import { Hono } from "hono";
import { z } from "zod";
import { BLOG_LISTING, BLOG_POST } from "../../shared/content/blog";
import { POST_ADDRESS_MESSAGES } from "../../shared/content/studio-posts";
import type { AppEnv, Deps } from "../context";
import { parseWith } from "../http/errors";
import { ResponseCache } from "../http/response-cache";
import { carriesCredentials } from "../http/security";
import { likeAsVisitor } from "../http/visitor-like";
import { formerAddress } from "../services/blog/addresses";
import { listBlogs } from "../services/blog/listing";
import { getBlog, seedSampleBlogs } from "../services/blog/posts";
import { BlogQuerySchema, toBlogQuery } from "../services/blog/query";
import { blogCategories, currentCategory } from "../services/content/categories";
import { countsMark, postsVersion } from "../services/blog/versions";
import { countView, viewAlreadyCounted, viewBlog } from "../services/blog/views";
import { SlugSchema } from "../services/blog/types";
import { withCoverImage } from "../services/media/covers";
import { PUBLISHED } from "../services/blog/publication";
import type { Blog } from "../services/blog/types";
import { precompiled } from "../db/precompiled";
import { notFound, rateLimited } from "../services/errors";
import { CACHE_POLICY, cacheBounds } from "../services/cache-policy";

/**
 * How long one post's JSON answer is kept, as the post page is (POST_PAGE_TTL_MS in server/pages/cached-post-page.ts):
 * how old the counts moved by other processes may be in it (decision 0064).
 */
export const POST_ANSWER_TTL_MS = CACHE_POLICY.postAnswer.lifetimeMs;

/** A published post's counts, read when its answer is made (compiled once). */
const POST_COUNTS = precompiled((db, slug: string) => db.selectFrom("blogs").select(["likes", "views"]).where("slug", "=", slug).where("status", "=", PUBLISHED));

const IdSchema = z.coerce
  .number({ error: "The blog id must be a positive whole number." })
  .int("The blog id must be a positive whole number.")
  .positive("The blog id must be a positive whole number.")
  .max(Number.MAX_SAFE_INTEGER, "The blog id must be a positive whole number.");

/** /api/blogs: the listing, one post (counting a view), likes and the samples (spec section 7). */
export function blogsRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  // Listing answers are the same for every visitor: kept a second, so their likes and views are at most that old
  // (docs/decisions/0007-response-cache.md).
  const listings = new ResponseCache(cacheBounds(CACHE_POLICY.listingApi));

  r.get("/", async (c) => {
    const query = toBlogQuery(parseWith(BlogQuerySchema, c.req.query()));
    const deps = c.get("deps");
    // A category's earlier name (renamed, or removed into another) answers the category's posts (decision 0034).
    if (query.category !== undefined) query.category = currentCategory(await blogCategories(deps), query.category) ?? query.category;
    if (carriesCredentials(c)) return c.json({ success: true, ...(await listBlogs(deps, query)) });
    const version = await postsVersion(deps);
    // The normalised query: equivalent query strings share one entry.
    const key = JSON.stringify([version, query.search ?? "", query.category ?? "", query.featured ?? false, query.limit ?? 0, query.page ?? 1, query.cursor ?? "", query.exclude ?? ""]);
    const found = await listings.get(
      key,
      async () => ({
        body: Buffer.from(JSON.stringify({ success: true, ...(await listBlogs(deps, query)) })),
        headers: { "content-type": "application/json" },
      }),
      async () => (await postsVersion(deps)) === version,
    );
    // The listing producer always answers; null cannot happen.
    if (!found) throw new Error("the listing cache gave no answer");
    return found.answer.respond(c, found.source);
  });

  r.post("/seed", async (c) => {
    const { added } = await seedSampleBlogs(c.get("deps"), { clientIp: c.get("clientIp") });
    return c.json({ success: true, message: BLOG_LISTING.seeded(added), added });
  });

  r.post("/:id/like", async (c) => {
    const id = parseWith(IdSchema, c.req.param("id"));
    const result = await likeAsVisitor(c.get("deps"), id, {
      cookieHeader: c.req.header("cookie"),
      clientIp: c.get("clientIp"),
      setCookie: (value) => c.header("Set-Cookie", value),
    });
    if (!result) throw notFound("Blog not found");
    // Over the address's allowance: not stored, and not answered as counted (no `data.likes`).
    if ("limited" in result) throw rateLimited(BLOG_POST.likeLimited, result.retryAfterSeconds);
    return c.json({ success: true, data: { likes: result.likes, liked: true, alreadyLiked: result.alreadyLiked } });
  });

  // One post's answer, kept like the post page (issue 47, item 6; decision 0064): the post (row and cover) per slug and
  // posts' version, and the whole JSON body, compressed once, per slug, posts' version and this process's counts mark
  // (countsMark), for POST_ANSWER_TTL_MS. A GET answered from it reads nothing but the shared version; an edit or an
  // unpublish moves the version (the next GET misses), a view or like counted by this process moves the mark (the
  // reader sees their own view), and counts moved elsewhere show at most POST_ANSWER_TTL_MS old, as on the page.
  const postsBySlug = new Map<string, { version: string; blog: Blog }>();
  const postAnswers = new ResponseCache(cacheBounds(CACHE_POLICY.postAnswer));

  /** The post as of `version`, its row and cover read once per version (undefined: not published now). */
  const keptPost = async (deps: Deps, slug: string, version: string): Promise<Blog | undefined> => {
    const kept = postsBySlug.get(slug);
    if (kept?.version === version) return kept.blog;
    const blog = await withCoverImage(deps, await getBlog(deps, slug));
    if (blog && (await postsVersion(deps)) === version) {
      postsBySlug.delete(slug);
      if (postsBySlug.size >= 500) postsBySlug.delete(postsBySlug.keys().next().value!);
      postsBySlug.set(slug, { version, blog });
    }
    return blog;
  };

  r.get("/:slug", async (c) => {
    const deps = c.get("deps");
    const slug = c.req.param("slug");
    if (SlugSchema.safeParse(slug).success) {
      // The view counts as it always did (once per address and hour, committed before the answer, batched with the
      // views of the same turn). A view this process already counted this hour writes nothing and waits for nothing:
      // the version says whether the post is still the one kept.
      const counted = viewAlreadyCounted(deps, slug, c.get("clientIp")) || (await countView(deps, slug, c.get("clientIp"))) !== undefined;
      const version = counted ? await postsVersion(deps) : undefined;
      const blog = version === undefined ? undefined : await keptPost(deps, slug, version);
      if (version !== undefined && blog) {
        const id = blog.id;
        const mark = countsMark(deps.db, id);
        const found = await postAnswers.get(
          `${slug}\n${version}\n${mark}`,
          async () => {
            const counts = (await POST_COUNTS.execute(deps.db.kysely, slug)).rows[0];
            // Unpublished meanwhile: not kept; the ordinary path below answers (404, 301 or 410).
            if (!counts) return null;
            return {
              body: Buffer.from(JSON.stringify({ success: true, data: { ...blog, views: Number(counts.views), likes: Number(counts.likes) } })),
              headers: { "content-type": "application/json", "cache-control": "no-store" },
            };
          },
          async () => (await postsVersion(deps)) === version && countsMark(deps.db, id) === mark,
        );
        if (found) return found.answer.respond(c, found.source);
      }
    }
    const blog = await viewBlog(deps, slug, c.get("clientIp"));
    if (!blog) {
      // A published post's earlier slug: 301 to its address now; a deleted post's: 410.
      const former = await formerAddress(deps, slug);
      if (former?.kind === "moved") {
        return c.json({ success: false, message: POST_ADDRESS_MESSAGES.moved, slug: former.slug }, 301, { location: `/api/blogs/${encodeURIComponent(former.slug)}`, "cache-control": "no-store" });
      }
      if (former?.kind === "gone") return c.json({ success: false, message: POST_ADDRESS_MESSAGES.gone }, 410, { "cache-control": "no-store" });
      throw notFound("Blog not found");
    }
    return c.json({ success: true, data: blog }, 200, { "cache-control": "no-store" });
  });

  return r;
}
