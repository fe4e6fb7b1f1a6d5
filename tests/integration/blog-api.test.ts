import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { insertBlogs } from "../../server/services/blog/posts";
import type { BlogInput } from "../../server/services/blog/types";
import { SAMPLE_BLOGS } from "../../server/services/blog/samples";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { setCookieParts } from "../helpers/set-cookie";

type Json = { success: boolean; message?: string; field?: string; data?: unknown; pagination?: { hasMore: boolean; nextCursor: string | null; page?: number; limit: number } };
type ApiBlog = { _id: string; id: number; slug: string; title: string; views: number; likes: number; category: string; featured: boolean; tags: string[]; date: string; content: { sections: { title: string; content: string[] }[] } };

function post(i: number, over: Partial<BlogInput> = {}): BlogInput {
  return {
    slug: `post-${i}`,
    title: `Post number ${i}`,
    excerpt: `Excerpt of post ${i}`,
    author: "Tester",
    date: `2023-01-${String((i % 28) + 1).padStart(2, "0")}T00:00:${String(i % 60).padStart(2, "0")}Z`,
    readTime: "3 min read",
    category: i % 2 ? "Technology" : "Tips & Tricks",
    featured: i % 3 === 0,
    tags: [`tag${i}`],
    sections: [{ title: `Section ${i}`, content: [`Paragraph of ${i}`] }],
    ...over,
  };
}

describe.each(testDatabaseKinds())("blog API on %s", (kind) => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;
  const get = async (path: string) => {
    const res = await app.request(path);
    return { res, body: (await res.json()) as Json };
  };
  const postTo = async (path: string, headers: Record<string, string> = {}, address = "127.0.0.1") => {
    const res = await app.request(path, { method: "POST", headers }, { incoming: { socket: { remoteAddress: address } } });
    return { res, body: (await res.json()) as Json };
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    app = await createApp({ deps: testDeps(t.db) });
  });
  afterAll(async () => {
    await t.drop();
  });

  it("answers an empty list before anything is added", async () => {
    const { res, body } = await get("/api/blogs");
    expect(res.status).toBe(200);
    expect(body).toMatchObject({ success: true, data: [], pagination: { hasMore: false, nextCursor: null } });
  });

  it("seeds the 3 samples once, whatever the number of calls", async () => {
    const first = await postTo("/api/blogs/seed");
    expect(first.res.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, message: "Successfully added 3 sample blog posts!" });
    // Running it again adds nothing: the blog has posts now, so it is refused with a JSON 409.
    const again = await postTo("/api/blogs/seed");
    expect(again.res.status).toBe(409);
    expect(again.body).toMatchObject({ success: false, message: "Sample posts can only be added to a blog that has never had a post." });
    const { body } = await get("/api/blogs");
    const data = body.data as ApiBlog[];
    expect(data.map((b) => b.slug)).toEqual([...SAMPLE_BLOGS].reverse().map((s) => s.slug));
    const first3 = data[0]!;
    expect(first3).toMatchObject({ _id: String(first3.id), views: 0, likes: 0, featured: false, category: "Healthcare" });
    expect(first3.content.sections.length).toBeGreaterThanOrEqual(3);
    expect(first3.date).toBe("2024-07-29T00:00:00.000Z");
  });

  it("never brings a sample back once the blog has had posts", async () => {
    await t.db.kysely.deleteFrom("blogs").where("slug", "=", SAMPLE_BLOGS[1]!.slug).execute();
    const { res, body } = await postTo("/api/blogs/seed");
    expect(res.status).toBe(409);
    expect(body.success).toBe(false);
    const all = await get("/api/blogs?limit=50");
    expect((all.body.data as ApiBlog[]).map((b) => b.slug).sort()).toEqual([SAMPLE_BLOGS[0]!.slug, SAMPLE_BLOGS[2]!.slug].sort());
    await insertBlogs(testDeps(t.db), [SAMPLE_BLOGS[1]!]);
  });

  describe("with many posts", () => {
    beforeAll(async () => {
      await insertBlogs(testDeps(t.db), Array.from({ length: 40 }, (_, i) => post(i)));
      await insertBlogs(testDeps(t.db), [
        post(100, { slug: "percent", title: "Grow 100% faster", category: "Growth Strategy" }),
        post(101, { slug: "underscore", title: "snake_case names", category: "Growth Strategy" }),
        post(102, { slug: "quote", title: "The owner's \"secret\" recipe", category: "Growth Strategy" }),
        post(103, { slug: "backslash", title: "C:\\path and more", category: "Growth Strategy" }),
      ]);
    });

    it("searches title, excerpt, tags and section text, case-insensitively", async () => {
      const slugs = async (q: string) => ((await get(`/api/blogs?limit=50&search=${encodeURIComponent(q)}`)).body.data as ApiBlog[]).map((b) => b.slug);
      expect(await slugs("POST NUMBER 7")).toEqual(["post-7"]);
      expect(await slugs("excerpt of post 12")).toEqual(["post-12"]);
      expect(await slugs("TAG33")).toEqual(["post-33"]);
      expect(await slugs("paragraph of 21")).toEqual(["post-21"]);
      expect(await slugs("site visits")).toContain(SAMPLE_BLOGS[1]!.slug);
      // Two characters: shorter than a trigram, still a substring search.
      expect(await slugs("_C")).toEqual(["underscore"]);
    });

    it("treats %, _, quotes, backslashes and SQL as plain text", async () => {
      const slugs = async (q: string) => ((await get(`/api/blogs?limit=50&search=${encodeURIComponent(q)}`)).body.data as ApiBlog[]).map((b) => b.slug);
      expect(await slugs("100%")).toEqual(["percent"]);
      const percent = await slugs("%");
      expect(percent).toContain("percent");
      expect(percent).not.toContain("post-1");
      expect(await slugs("_")).toEqual(["underscore"]);
      expect(await slugs("e_c")).toEqual(["underscore"]);
      expect(await slugs("owner's")).toEqual(["quote"]);
      expect(await slugs('"secret"')).toEqual(["quote"]);
      expect(await slugs("c:\\path")).toEqual(["backslash"]);
      expect(await slugs("\\")).toEqual(["backslash"]);
      expect(await slugs("'; drop table blogs; --")).toEqual([]);
      expect(await slugs("\" OR 1=1 --")).toEqual([]);
      expect(await slugs("NEAR(a b)")).toEqual([]);
      expect((await get("/api/blogs?limit=1")).body.data).toHaveLength(1);
    });

    it("filters by exact category, 'All' meaning none, and featured, combined with search", async () => {
      const list = async (qs: string) => (await get(`/api/blogs?limit=50&${qs}`)).body.data as ApiBlog[];
      const tech = await list("category=Technology");
      expect(tech).toHaveLength(20);
      expect(tech.every((b) => b.category === "Technology")).toBe(true);
      expect(await list("category=technology")).toHaveLength(0);
      expect(await list("category=All")).toHaveLength(47);
      const featured = await list("featured=true");
      expect(featured.every((b) => b.featured)).toBe(true);
      expect(featured.map((b) => b.slug).sort()).toEqual(
        [...Array.from({ length: 40 }, (_, i) => i).filter((i) => i % 3 === 0).map((i) => `post-${i}`), "quote", SAMPLE_BLOGS[0]!.slug, SAMPLE_BLOGS[1]!.slug].sort(),
      );
      expect(await list("featured=false")).toHaveLength(47);
      const combined = await list("category=Technology&featured=true&search=post%20number%203");
      expect(combined.map((b) => b.slug)).toEqual(["post-39", "post-33", "post-3"].filter((s) => combined.some((b) => b.slug === s)));
      expect(combined.every((b) => b.category === "Technology" && b.featured && b.title.startsWith("Post number 3"))).toBe(true);
      expect(combined.length).toBeGreaterThan(0);
    });

    it("lists newest first and pages by page number and by cursor without gaps or repeats", async () => {
      const all = (await get("/api/blogs?limit=50")).body.data as ApiBlog[];
      expect(all).toHaveLength(47);
      const dates = all.map((b) => Date.parse(b.date));
      expect([...dates].sort((a, b) => b - a)).toEqual(dates);

      const byPage: string[] = [];
      for (let page = 1; page <= 5; page++) {
        const { body } = await get(`/api/blogs?limit=10&page=${page}`);
        byPage.push(...(body.data as ApiBlog[]).map((b) => b.slug));
        expect(body.pagination).toMatchObject({ page, limit: 10, hasMore: page < 5 });
      }
      expect(byPage).toEqual(all.map((b) => b.slug));

      const byCursor: string[] = [];
      let cursor: string | null = null;
      let rounds = 0;
      do {
        const { body } = await get(`/api/blogs?limit=9${cursor ? `&cursor=${cursor}` : ""}`);
        byCursor.push(...(body.data as ApiBlog[]).map((b) => b.slug));
        cursor = body.pagination!.nextCursor;
      } while (cursor && ++rounds < 10);
      expect(byCursor).toEqual(all.map((b) => b.slug));
    });

    it("rejects bad query values with a 400 naming the field, never a 500", async () => {
      for (const [qs, field] of [
        ["limit=0", "limit"],
        ["limit=51", "limit"],
        ["limit=abc", "limit"],
        ["limit=1.5", "limit"],
        ["page=0", "page"],
        ["page=-1", "page"],
        ["page=1&cursor=abc", "cursor"],
        ["cursor=not-a-cursor", "cursor"],
        ["featured=yes", "featured"],
        [`search=${"x".repeat(101)}`, "search"],
      ] as const) {
        const { res, body } = await get(`/api/blogs?${qs}`);
        expect(res.status, qs).toBe(400);
        expect(body, qs).toMatchObject({ success: false, field });
        expect(body.message, qs).toBeTruthy();
      }
      expect((await get("/api/blogs?limit=50")).res.status).toBe(200);
      expect((await get("/api/blogs?limit=1")).res.status).toBe(200);
      expect((await get("/api/blogs?page=99")).body.data).toEqual([]);
    });

    it("serves related posts: same category, at most the limit, the current one excluded", async () => {
      const { body } = await get("/api/blogs?category=Growth%20Strategy&limit=3&exclude=percent");
      const data = body.data as ApiBlog[];
      expect(data).toHaveLength(3);
      expect(data.every((b) => b.category === "Growth Strategy" && b.slug !== "percent")).toBe(true);
    });
  });

  it("counts a view on a GET of a post (once per client address and hour) and answers 404 JSON for an unknown slug", async () => {
    const slug = SAMPLE_BLOGS[0]!.slug;
    const a = await get(`/api/blogs/${slug}`);
    expect(a.res.status).toBe(200);
    expect((a.body.data as ApiBlog).views).toBe(1);
    const b = await get(`/api/blogs/${slug}`);
    expect((b.body.data as ApiBlog).views).toBe(1);
    const c = await app.request(`/api/blogs/${slug}`, {}, { incoming: { socket: { remoteAddress: "192.0.2.200" } } });
    expect((((await c.json()) as Json).data as ApiBlog).views).toBe(2);
    for (const bad of ["no-such-post", "UPPER", "%27%20or%201%3D1", "a".repeat(300)]) {
      const { res, body } = await get(`/api/blogs/${bad}`);
      expect(res.status, bad).toBe(404);
      expect(body).toEqual({ success: false, message: "Blog not found" });
    }
  });

  it("counts a like once per visitor, with an HttpOnly SameSite=Lax visitor cookie", async () => {
    const blog = (await get(`/api/blogs/${SAMPLE_BLOGS[2]!.slug}`)).body.data as ApiBlog;
    const first = await postTo(`/api/blogs/${blog._id}/like`);
    expect(first.res.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, data: { likes: 1, liked: true, alreadyLiked: false } });
    const setCookie = first.res.headers.get("set-cookie") ?? "";
    expect(setCookieParts(setCookie)).toMatchObject({
      pair: expect.stringMatching(/^wp_visitor=[A-Za-z0-9_-]{32,}$/),
      attributes: expect.arrayContaining(["Path=/", expect.stringMatching(/^Max-Age=\d{8}$/), "HttpOnly", "SameSite=Lax"]),
    });
    const cookie = setCookie.split(";")[0]!;
    const again = await postTo(`/api/blogs/${blog._id}/like`, { cookie });
    expect(again.body).toMatchObject({ success: true, data: { likes: 1, alreadyLiked: true } });
    expect(again.res.headers.get("set-cookie")).toBeNull();
    const other = await postTo(`/api/blogs/${blog._id}/like`);
    expect(other.body).toMatchObject({ data: { likes: 2 } });
    // A forged or malformed cookie is replaced, not trusted.
    const forged = await postTo(`/api/blogs/${blog._id}/like`, { cookie: "wp_visitor=x" });
    expect(forged.body).toMatchObject({ data: { likes: 3 } });
    expect(forged.res.headers.get("set-cookie")).toMatch(/^wp_visitor=/);
  });

  it("counts likes exactly under 50 concurrent visitors, and once for one visitor's concurrent clicks", async () => {
    const blog = (await get(`/api/blogs/${SAMPLE_BLOGS[1]!.slug}`)).body.data as ApiBlog;
    const before = blog.likes;
    const visitors = Array.from({ length: 50 }, (_, i) => `wp_visitor=${"v".repeat(30)}${String(i).padStart(4, "0")}`);
    // From 50 addresses: one address has only a handful of new likes a day (S11, tests/integration/visitor-limits.test.ts).
    const answers = await Promise.all(visitors.map((cookie, i) => postTo(`/api/blogs/${blog.id}/like`, { cookie }, `192.0.2.${i + 1}`)));
    expect(answers.every((a) => a.res.status === 200)).toBe(true);
    const counts = answers.map((a) => (a.body.data as { likes: number }).likes).sort((x, y) => x - y);
    expect(counts).toEqual(Array.from({ length: 50 }, (_, i) => before + i + 1));
    const same = await Promise.all(Array.from({ length: 20 }, () => postTo(`/api/blogs/${blog.id}/like`, { cookie: `wp_visitor=${"s".repeat(40)}` })));
    expect(same.filter((a) => !(a.body.data as { alreadyLiked: boolean }).alreadyLiked)).toHaveLength(1);
    const after = (await get(`/api/blogs/${SAMPLE_BLOGS[1]!.slug}`)).body.data as ApiBlog;
    expect(after.likes).toBe(before + 51);
    const rows = await t.db.kysely.selectFrom("blog_likes").select((eb) => eb.fn.countAll<number>().as("n")).where("blog_id", "=", blog.id).executeTakeFirstOrThrow();
    expect(Number(rows.n)).toBe(before + 51);
  });

  it("answers 404 for an unknown id and 400 for a malformed one, changing nothing", async () => {
    const before = (await get("/api/blogs?limit=50")).body.data as ApiBlog[];
    const unknown = await postTo("/api/blogs/999999/like");
    expect(unknown.res.status).toBe(404);
    expect(unknown.body).toEqual({ success: false, message: "Blog not found" });
    for (const bad of ["abc", "-1", "0", "1.5", "1e400"]) {
      const { res, body } = await postTo(`/api/blogs/${bad}/like`);
      expect(res.status, bad).toBe(400);
      expect(body.success).toBe(false);
    }
    const after = (await get("/api/blogs?limit=50")).body.data as ApiBlog[];
    expect(after.map((b) => [b.slug, b.likes])).toEqual(before.map((b) => [b.slug, b.likes]));
  });
});

describe.each(testDatabaseKinds())("blog search at volume on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    // 320 posts share a common term (past the trigram probe limit); 5 of them a rare phrase.
    await insertBlogs(
      testDeps(t.db),
      Array.from({ length: 320 }, (_, i) => post(i, { slug: `zebra-${i}`, title: `Zebra ${i}${i % 64 === 3 ? " crossing guide" : ""}` })),
    );
  });
  afterAll(async () => {
    await t.drop();
  });

  it("answers common and rare terms newest first, paging through every match exactly once", async () => {
    const app = await createApp({ deps: testDeps(t.db) });
    const fetchAll = async (q: string) => {
      const slugs: string[] = [];
      let cursor: string | null = null;
      for (let round = 0; round < 20; round++) {
        const res = await app.request(`/api/blogs?limit=50&search=${encodeURIComponent(q)}${cursor ? `&cursor=${cursor}` : ""}`);
        const body = (await res.json()) as { data: { slug: string; date: string }[]; pagination: { nextCursor: string | null } };
        slugs.push(...body.data.map((b) => b.slug));
        cursor = body.pagination.nextCursor;
        if (!cursor) break;
      }
      return slugs;
    };
    const everything = (await fetchAll("ZEBRA"));
    expect(everything).toHaveLength(320);
    expect(new Set(everything).size).toBe(320);
    const rare = await fetchAll("crossing guide");
    expect(rare).toEqual(["zebra-259", "zebra-195", "zebra-131", "zebra-67", "zebra-3"].sort((a, b) => everything.indexOf(a) - everything.indexOf(b)));
    expect(await fetchAll("crossing guidez")).toEqual([]);
  });
});
