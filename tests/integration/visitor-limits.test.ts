/**
 * S11 (docs/findings.md): likes and views are bounded per client address. A like is one per visitor cookie, which
 * anyone can drop: new likes of a post are limited per address and day, and an over-limit like is neither stored
 * nor answered as counted. A view counts once per address, post and hour. No raw address is stored.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BLOG_POST } from "../../shared/content/blog";
import { action as postAction, loader as postLoader } from "../../app/routes/blog-post";
import { createApp } from "../../server/app";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { SAMPLE_BLOGS } from "../../server/services/blog/samples";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

type LikeJson = { success: boolean; message?: string; data?: { likes: number; liked: boolean; alreadyLiked: boolean } };
type DataResult = { type: "DataWithResponseInit"; data: { like: { ok: boolean; likes?: number; message?: string } }; init: { status?: number; headers?: HeadersInit } | null };

const LIMIT = 5;

describe.each(testDatabaseKinds())("S11: likes and views per client address on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  const ids: Record<string, number> = {};

  /** A request as it reaches the server from `address` (the socket's peer; no proxy in front). */
  const from = (address: string, path: string, init: RequestInit = {}) => app.request(path, init, { incoming: { socket: { remoteAddress: address } } });
  const like = async (address: string, id: number, cookie?: string) => {
    const res = await from(address, `/api/blogs/${id}/like`, { method: "POST", headers: cookie ? { cookie } : {} });
    return { res, body: (await res.json()) as LikeJson };
  };
  const stored = async (slug: string) => {
    const row = await t.db.kysely.selectFrom("blogs").select(["likes", "views"]).where("slug", "=", slug).executeTakeFirstOrThrow();
    return { likes: Number(row.likes), views: Number(row.views) };
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { LIKES_PER_POST_PER_ADDRESS_PER_DAY: String(LIMIT) });
    app = await createApp({ deps });
    await seedSampleBlogs(deps);
    for (const row of await t.db.kysely.selectFrom("blogs").select(["id", "slug"]).execute()) ids[row.slug] = Number(row.id);
  });
  afterAll(async () => {
    await t.drop();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("200 likes without a cookie from one address count the allowance, no more; the rest are 429 and not acknowledged", async () => {
    const slug = SAMPLE_BLOGS[0]!.slug;
    const id = ids[slug]!;
    const before = await stored(slug);
    let acknowledged = 0;
    for (let i = 0; i < 200; i++) {
      const { res, body } = await like("198.51.100.7", id);
      if (res.status === 200) {
        expect(body).toMatchObject({ success: true, data: { liked: true, alreadyLiked: false } });
        acknowledged++;
        continue;
      }
      expect(res.status).toBe(429);
      expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      expect(Number(res.headers.get("retry-after"))).toBeLessThanOrEqual(24 * 3600);
      expect(body).toEqual({ success: false, message: BLOG_POST.likeLimited, retryAfter: expect.any(Number) });
      expect(body.data).toBeUndefined();
    }
    expect(acknowledged).toBe(LIMIT);
    expect((await stored(slug)).likes).toBe(before.likes + LIMIT);
    expect(Number((await t.db.kysely.selectFrom("blog_likes").select((eb) => eb.fn.countAll<number>().as("n")).where("blog_id", "=", id).executeTakeFirstOrThrow()).n)).toBe(before.likes + LIMIT);

    // Another address has its own allowance; so has another post from the same address.
    expect((await like("198.51.100.8", id)).res.status).toBe(200);
    expect((await like("198.51.100.7", ids[SAMPLE_BLOGS[1]!.slug]!)).res.status).toBe(200);
    expect((await stored(slug)).likes).toBe(before.likes + LIMIT + 1);
  });

  it("a visitor who already liked is answered 'already liked' without using the address's allowance", async () => {
    const id = ids[SAMPLE_BLOGS[2]!.slug]!;
    const first = await like("198.51.100.20", id);
    expect(first.res.status).toBe(200);
    const cookie = first.res.headers.get("set-cookie")!.split(";")[0]!;
    for (let i = 0; i < LIMIT + 3; i++) {
      const again = await like("198.51.100.20", id, cookie);
      expect(again.res.status).toBe(200);
      expect(again.body.data).toMatchObject({ alreadyLiked: true, likes: first.body.data!.likes });
    }
    // The allowance still has LIMIT - 1 new likes in it.
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT; i++) statuses.push((await like("198.51.100.20", id)).res.status);
    expect(statuses).toEqual([...Array<number>(LIMIT - 1).fill(200), 429]);
  });

  it("the post page's like (no JavaScript) over the allowance answers 429 with the message, and stores nothing", async () => {
    const slug = SAMPLE_BLOGS[1]!.slug;
    const id = ids[slug]!;
    const context = { deps, clientIp: "198.51.100.30", cspNonce: "", requestId: "test" };
    const post = () =>
      postAction({
        request: new Request(`http://127.0.0.1/blog/${slug}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent: "like", id: String(id) }).toString(),
        }),
        params: { slug },
        context,
      } as never) as unknown as Promise<DataResult>;
    for (let i = 0; i < LIMIT; i++) expect((await post()).data.like.ok).toBe(true);
    const before = await stored(slug);
    const refused = await post();
    expect(refused.init?.status).toBe(429);
    expect(refused.data.like).toEqual({ ok: false, message: BLOG_POST.likeLimited });
    expect(new Headers(refused.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    expect((await stored(slug)).likes).toBe(before.likes);
  });

  it("a view counts once per address, post and hour: the API and the page alike", async () => {
    const slug = SAMPLE_BLOGS[2]!.slug;
    const start = await stored(slug);
    for (let i = 0; i < 30; i++) expect((await from("198.51.100.40", `/api/blogs/${slug}`)).status).toBe(200);
    expect((await stored(slug)).views).toBe(start.views + 1);
    // Many at once (one group commit) from one address, and from three others.
    await Promise.all(Array.from({ length: 20 }, () => from("198.51.100.40", `/api/blogs/${slug}`)));
    await Promise.all(["198.51.100.41", "198.51.100.42", "198.51.100.43"].flatMap((a) => [from(a, `/api/blogs/${slug}`), from(a, `/api/blogs/${slug}`)]));
    expect((await stored(slug)).views).toBe(start.views + 4);
    // The page's loader (a page the response cache does not serve) shares the same count.
    const load = (clientIp: string) =>
      postLoader({ request: new Request(`http://127.0.0.1/blog/${slug}?from=mail`), params: { slug }, context: { deps, clientIp, cspNonce: "", requestId: "test" } } as never);
    await load("198.51.100.40");
    await load("198.51.100.44");
    expect((await stored(slug)).views).toBe(start.views + 5);
    // The answer shows the stored count.
    const shown = (await (await from("198.51.100.45", `/api/blogs/${slug}`)).json()) as { data: { views: number } };
    expect(shown.data.views).toBe(start.views + 6);

    // An hour later the same address counts again, once.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Date.now() + 3_600_000);
    for (let i = 0; i < 3; i++) await from("198.51.100.40", `/api/blogs/${slug}`);
    expect((await stored(slug)).views).toBe(start.views + 7);
  });

  it("an unknown post counts nothing and stores nothing; no raw address is stored anywhere", async () => {
    const before = await t.db.kysely.selectFrom("rate_limits").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect((await from("198.51.100.50", "/api/blogs/no-such-post")).status).toBe(404);
    expect((await like("198.51.100.50", 999_999)).res.status).toBe(404);
    const after = await t.db.kysely.selectFrom("rate_limits").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
    const keys = (await t.db.kysely.selectFrom("rate_limits").select("key").execute()).map((r) => r.key);
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((k) => k.includes("198.51.100"))).toEqual([]);
  });
});
