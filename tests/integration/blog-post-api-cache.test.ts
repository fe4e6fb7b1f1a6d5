/**
 * Issue 47, item 6 (decision 0064): GET /api/blogs/{slug} is answered from a response cache, as the post page is,
 * keyed by the slug, the posts' version and this process's counts mark. What a reader sees: an edit or an unpublish
 * shows at once, their own view and like show in their next answer, a view already counted this hour is not counted
 * again, and counts moved elsewhere (another process) show at most POST_ANSWER_TTL_MS old.
 */
import { describe, expect, it } from "vitest";
import { insertBlogs } from "../../server/services/blog/posts";
import { testDatabaseKinds } from "../helpers/databases";
import { blogInput, useTestSite } from "../helpers/test-site";

type Answer = { success: boolean; data?: { id: number; title: string; views: number; likes: number }; slug?: string };

describe.each(testDatabaseKinds())("GET /api/blogs/{slug} from the response cache on %s", (kind) => {
  const site = useTestSite(kind, { app: true });
  const get = async (slug: string, address = "127.0.0.1") => {
    const res = await site.app.request(`http://127.0.0.1/api/blogs/${slug}`, {}, { incoming: { socket: { remoteAddress: address } } });
    return { res, cache: res.headers.get("x-cache"), body: (await res.json()) as Answer };
  };
  const storedViews = async (slug: string) =>
    Number((await site.deps.db.kysely.selectFrom("blogs").select("views").where("slug", "=", slug).executeTakeFirstOrThrow()).views);

  it("serves the second GET from the cache; an edit and an unpublish show at once; own views and likes count and show", async () => {
    await insertBlogs(site.deps, [blogInput("kept-post")]);
    const first = await get("kept-post", "10.0.0.1");
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("cache-control")).toBe("no-store");
    expect(first.res.headers.get("content-type")).toMatch(/^application\/json/);
    expect(first.cache).toBe("miss");
    expect(first.body.data?.views).toBe(1);

    // The same address again: no new view, and the answer is the kept one.
    const again = await get("kept-post", "10.0.0.1");
    expect(again.cache).toBe("hit");
    expect(again.body).toEqual(first.body);
    expect(await storedViews("kept-post")).toBe(1);

    // Counts moved outside this process (another process, another instance): the kept answer does not read them
    // (it is not read from the database), and shows them once it expires (POST_ANSWER_TTL_MS).
    await site.deps.db.kysely.updateTable("blogs").set({ views: 40 }).where("slug", "=", "kept-post").execute();
    const kept = await get("kept-post", "10.0.0.1");
    expect(kept.cache).toBe("hit");
    expect(kept.body.data?.views).toBe(1);

    // A new address: its view is counted (written before the answer) and is in its own answer.
    const second = await get("kept-post", "10.0.0.2");
    expect(second.cache).toBe("miss");
    expect(second.body.data?.views).toBe(41);
    expect(await storedViews("kept-post")).toBe(41);
    expect((await get("kept-post", "10.0.0.2")).cache).toBe("hit");

    // A like through this process: the next answer shows it.
    const liked = await site.app.request(`http://127.0.0.1/api/blogs/${first.body.data!.id}/like`, { method: "POST" }, { incoming: { socket: { remoteAddress: "10.0.0.3" } } });
    expect(liked.status).toBe(200);
    const afterLike = await get("kept-post", "10.0.0.1");
    expect(afterLike.cache).toBe("miss");
    expect(afterLike.body.data?.likes).toBe(1);

    // An edit of the text moves the posts' version: the next answer has it, never the kept one.
    await site.deps.db.kysely.updateTable("blogs").set({ title: "Edited title" }).where("slug", "=", "kept-post").execute();
    const edited = await get("kept-post", "10.0.0.1");
    expect(edited.cache).toBe("miss");
    expect(edited.body.data?.title).toBe("Edited title");
    expect(edited.body.data?.views).toBe(41);
    expect((await get("kept-post", "10.0.0.1")).body.data?.title).toBe("Edited title");

    // Unpublished: answered 404 at once, even to an address whose view this process remembers.
    await site.deps.db.kysely.updateTable("blogs").set({ status: "draft" }).where("slug", "=", "kept-post").execute();
    const gone = await get("kept-post", "10.0.0.1");
    expect(gone.res.status).toBe(404);
    expect(gone.body.success).toBe(false);
    expect(await storedViews("kept-post")).toBe(41);
  });

  it("counts each new address once, many at a time, and every answer shows its own view", async () => {
    await insertBlogs(site.deps, [blogInput("busy-post")]);
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get("busy-post", `10.1.0.${i + 1}`)));
    for (const a of answers) expect(a.res.status).toBe(200);
    // All twenty views were written in one batch before any answer: each answer carries all of them.
    expect(answers.map((a) => a.body.data?.views)).toEqual(Array.from({ length: 20 }, () => 20));
    expect(answers.filter((a) => a.cache === "miss")).toHaveLength(1);
    const repeats = await Promise.all(Array.from({ length: 20 }, (_, i) => get("busy-post", `10.1.0.${i + 1}`)));
    expect(repeats.every((a) => a.cache === "hit" && a.body.data?.views === 20)).toBe(true);
    expect(await storedViews("busy-post")).toBe(20);
  });
});
