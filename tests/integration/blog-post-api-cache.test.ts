/**
 * Issue 47, item 6: GET /api/blogs/{slug} keeps the post (its row and cover) per posts' version instead of reading
 * it on every GET, and reads only its counts per request. What a reader sees must not change: an edit shows at
 * once, the counts are exact (this request's own view included), an unpublished or renamed post is answered as
 * before (404 / 301), and a view already counted this hour is not counted again.
 */
import { describe, expect, it } from "vitest";
import { insertBlogs } from "../../server/services/blog/posts";
import { testDatabaseKinds } from "../helpers/databases";
import { blogInput, useTestSite } from "../helpers/test-site";

type Answer = { success: boolean; data?: { title: string; views: number; likes: number }; slug?: string };

describe.each(testDatabaseKinds())("GET /api/blogs/{slug} kept per version on %s", (kind) => {
  const site = useTestSite(kind, { app: true });
  const get = async (slug: string, address = "127.0.0.1") => {
    const res = await site.app.request(`http://127.0.0.1/api/blogs/${slug}`, {}, { incoming: { socket: { remoteAddress: address } } });
    return { res, body: (await res.json()) as Answer };
  };

  it("shows an edit at once and exact counts; an unpublished post is no post", async () => {
    await insertBlogs(site.deps, [blogInput("kept-post")]);
    const first = await get("kept-post", "10.0.0.1");
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("cache-control")).toBe("no-store");
    expect(first.body.data?.views).toBe(1);
    // The same address again: no new view; a new address: its view is in its own answer.
    expect((await get("kept-post", "10.0.0.1")).body.data?.views).toBe(1);
    expect((await get("kept-post", "10.0.0.2")).body.data?.views).toBe(2);

    // A like moves the count in the next answer (no version change needed).
    await site.deps.db.kysely.updateTable("blogs").set({ likes: 7 }).where("slug", "=", "kept-post").execute();
    expect((await get("kept-post", "10.0.0.1")).body.data?.likes).toBe(7);

    // An edit of the text moves the posts' version: the next answer has it.
    await site.deps.db.kysely.updateTable("blogs").set({ title: "Edited title" }).where("slug", "=", "kept-post").execute();
    const edited = await get("kept-post", "10.0.0.1");
    expect(edited.body.data?.title).toBe("Edited title");
    expect(edited.body.data?.views).toBe(2);

    // Unpublished: answered 404 even to an address whose view this process remembers.
    await site.deps.db.kysely.updateTable("blogs").set({ status: "draft" }).where("slug", "=", "kept-post").execute();
    const gone = await get("kept-post", "10.0.0.1");
    expect(gone.res.status).toBe(404);
    expect(gone.body.success).toBe(false);
  });
});
