/**
 * The response cache of the blog listing API and the server-rendered post page
 * (docs/decisions/0007-response-cache.md): answers are shared only where they
 * are the same for everyone, every page GET still counts its view, the like
 * state is never stale (the counts are at most the cache's lifetime old), a
 * signed-in visitor never gets a shared page, and no CSP nonce is ever sent twice.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { LISTING_TTL_MS, ResponseCache } from "../../server/http/response-cache";
import { POST_PAGE_TTL_MS } from "../../server/pages/cached-post-page";
import { blogRow, insertBlogs } from "../../server/services/blog/posts";
import type { BlogInput } from "../../server/services/blog/types";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { buildDir, buildPresent } from "../helpers/built-server";
import { testDeps } from "../helpers/deps";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();
const HAVE_BUILD = buildPresent();

type App = Awaited<ReturnType<typeof createApp>>;
type ListJson = { data: { slug: string; likes: number; views: number }[] };

function post(slug: string, category: string, day: number, over: Partial<BlogInput> = {}): BlogInput {
  return {
    slug,
    title: `Title of ${slug}`,
    excerpt: `Excerpt of ${slug}`,
    author: "Cache Tester",
    date: `2024-03-${String(day).padStart(2, "0")}`,
    readTime: "4 min read",
    category,
    featured: false,
    tags: ["cache"],
    sections: [{ title: "One", content: [`Text of ${slug}`, "A paragraph long enough that a few posts make an answer worth compressing. ".repeat(8)] }],
    ...over,
  };
}

const visitor = (n: number) => `wp_visitor=${String(n).padStart(2, "0")}${"v".repeat(38)}`;

describe("ResponseCache", () => {
  const fresh = (text: string) => ({ body: Buffer.from(text), headers: { "content-type": "text/plain" } });
  const yes = async () => true;

  it("makes an answer once for concurrent misses, then serves it until it expires", async () => {
    let now = 1_000;
    const cache = new ResponseCache({ ttlMs: 1_000, now: () => now });
    let made = 0;
    const produce = async () => {
      made += 1;
      await new Promise((r) => setTimeout(r, 20));
      return fresh(`answer ${made}`);
    };
    const results = await Promise.all(Array.from({ length: 20 }, () => cache.get("k", produce, yes)));
    expect(made).toBe(1);
    expect(results.filter((r) => r?.source === "miss")).toHaveLength(1);
    expect(results.filter((r) => r?.source === "joined")).toHaveLength(19);
    expect(new Set(results.map((r) => r?.answer.body.toString()))).toEqual(new Set(["answer 1"]));
    now += 999;
    expect((await cache.get("k", produce, yes))?.source).toBe("hit");
    now += 1;
    const after = await cache.get("k", produce, yes);
    expect(after?.source).toBe("miss");
    expect(after?.answer.body.toString()).toBe("answer 2");
  });

  it("keeps nothing the data changed under, and nothing a producer refused to share", async () => {
    const cache = new ResponseCache();
    let made = 0;
    const produce = async () => fresh(`answer ${++made}`);
    expect((await cache.get("k", produce, async () => false))?.answer.body.toString()).toBe("answer 1");
    expect((await cache.get("k", produce, yes))?.source).toBe("miss");
    expect(made).toBe(2);
    expect(await cache.get("private", async () => null, yes)).toBeNull();
    expect(cache.info().entries).toBe(1);
  });

  it("stays within its entry and byte bounds, dropping the least recently used first", async () => {
    const cache = new ResponseCache({ maxEntries: 3, maxBytes: 10_000 });
    for (const k of ["a", "b", "c"]) await cache.get(k, async () => fresh(k.repeat(1_000)), yes);
    await cache.get("a", async () => fresh("unused"), yes);
    await cache.get("d", async () => fresh("d".repeat(1_000)), yes);
    expect((await cache.get("a", async () => fresh("again"), yes))?.source).toBe("hit");
    expect((await cache.get("b", async () => fresh("again"), yes))?.source).toBe("miss");
    for (const k of ["e", "f", "g", "h"]) await cache.get(k, async () => fresh(k.repeat(2_400)), yes);
    expect(cache.info().entries).toBeLessThanOrEqual(3);
    expect(cache.info().bytes).toBeLessThanOrEqual(10_000);
  });
});

describe.each(testDatabaseKinds())("blog response cache on %s", (kind) => {
  let t: TestDatabase;
  let app: App;
  let deps: ReturnType<typeof testDeps>;

  const views = async (slug: string) =>
    Number((await t.db.kysely.selectFrom("blogs").select("views").where("slug", "=", slug).executeTakeFirstOrThrow()).views);
  // Each like from its own client address: one address has only a handful of new likes per post and day (S11).
  let likeAddresses = 0;
  const like = async (id: number, cookie: string) => {
    const res = await app.request(`/api/blogs/${id}/like`, { method: "POST", headers: { cookie } }, { incoming: { socket: { remoteAddress: `192.0.2.${++likeAddresses}` } } });
    expect(res.status).toBe(200);
    return ((await res.json()) as { data: { likes: number } }).data.likes;
  };
  const idOf = async (slug: string) =>
    Number((await t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
  // Moves the clock the caches read (Date.now) on, never back, so a cache lifetime passes without waiting.
  let skew = 0;
  const realNow = Date.now.bind(Date);
  const later = (ms: number) => {
    skew += ms;
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + skew);
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    app = await createApp({ deps, ...(HAVE_BUILD ? { buildDir: BUILD_DIR } : {}) });
    await untilReady(app);
    await insertBlogs(deps, [
      post("cache-one", "Technology", 1),
      post("cache-two", "Technology", 2),
      post("cache-three", "Healthcare", 3),
    ]);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.drop();
  });

  describe("GET /api/blogs", () => {
    it("answers a repeated query from the cache, with the same bytes and compressed forms", async () => {
      const first = await app.request("/api/blogs?category=Technology&limit=5");
      const body = await first.text();
      const again = await app.request("/api/blogs?limit=5&category=Technology");
      expect(again.headers.get("x-cache")).toBe("hit");
      expect(await again.text()).toBe(body);
      const br = await app.request("/api/blogs?category=Technology&limit=5", { headers: { "accept-encoding": "br" } });
      expect(br.headers.get("content-encoding")).toBe("br");
      const bytes = Buffer.from(await br.arrayBuffer());
      expect(Number(br.headers.get("content-length"))).toBe(bytes.length);
      expect(zlib.brotliDecompressSync(bytes).toString()).toBe(body);
      expect((JSON.parse(body) as ListJson).data.map((b) => b.slug)).toEqual(["cache-two", "cache-one"]);
    });

    it("shows a new post and a post added by another connection at once, and a like within the cache's second", async () => {
      const before = (await (await app.request("/api/blogs")).json()) as ListJson;
      expect(before.data.find((b) => b.slug === "cache-one")?.likes).toBe(0);
      expect(await like(await idOf("cache-one"), visitor(1))).toBe(1);
      // A like moves no version: the listing keeps its answer, whose counts are at most a second old.
      const soon = await app.request("/api/blogs");
      expect(soon.headers.get("x-cache")).toBe("hit");
      expect(((await soon.json()) as ListJson).data.find((b) => b.slug === "cache-one")?.likes).toBe(0);
      later(LISTING_TTL_MS + 1);
      const liked = (await (await app.request("/api/blogs")).json()) as ListJson;
      expect(liked.data.find((b) => b.slug === "cache-one")?.likes).toBe(1);

      await insertBlogs(deps, [post("cache-four", "Technology", 4)]);
      const added = (await (await app.request("/api/blogs")).json()) as ListJson;
      expect(added.data[0]?.slug).toBe("cache-four");

      if (kind === "sqlite") {
        // Another process writing to the same file: SQLite's data_version tells this one.
        const other = new Database(t.url);
        const row = blogRow(post("cache-five", "Technology", 5));
        const cols = Object.keys(row);
        other.prepare(`insert into blogs (${cols.join(", ")}) values (${cols.map((c) => `@${c}`).join(", ")})`).run(row);
        other.close();
        const external = (await (await app.request("/api/blogs")).json()) as ListJson;
        expect(external.data[0]?.slug).toBe("cache-five");
      }
    });

    it("never answers a request with credentials from the cache", async () => {
      await app.request("/api/blogs?limit=2");
      const bearer = await app.request("/api/blogs?limit=2", { headers: { authorization: "Bearer abc" } });
      expect(bearer.status).toBe(200);
      expect(bearer.headers.get("x-cache")).toBeNull();
      const session = await app.request("/api/blogs?limit=2", { headers: { cookie: "wp_session=abc" } });
      expect(session.headers.get("x-cache")).toBeNull();
      expect(session.headers.get("cache-control")).toMatch(/no-store/);
    });

    it("still answers bad queries with a 400, never cached", async () => {
      for (let i = 0; i < 2; i++) {
        const res = await app.request("/api/blogs?limit=0");
        expect(res.status).toBe(400);
        expect(res.headers.get("x-cache")).toBeNull();
      }
    });
  });

  describe.skipIf(!HAVE_BUILD)(`GET /blog/{slug} (build at ${path.relative(process.cwd(), BUILD_DIR)})`, () => {
    const page = async (slug: string, headers: Record<string, string> = {}, address = "127.0.0.1") => {
      const res = await app.request(`/blog/${slug}`, { headers }, { incoming: { socket: { remoteAddress: address } } });
      return { res, html: await res.text() };
    };
    const likedButton = (html: string) => /aria-pressed="(true|false)"/.exec(html)?.[1];

    /** Every script of the page is allowed by this response's policy, by its nonce or its hash, and no other nonce is in the page. */
    function expectOwnScriptPolicy(res: Response, html: string): string | undefined {
      const csp = res.headers.get("content-security-policy") ?? "";
      const scriptSrc = /script-src ([^;]*)/.exec(csp)?.[1] ?? "";
      expect(scriptSrc).not.toContain("'unsafe-inline'");
      expect(scriptSrc).not.toContain("'unsafe-eval'");
      expect(scriptSrc).not.toMatch(/(^|\s)(\*|https?:|data:)(\s|$)/);
      const nonce = /'nonce-([^']+)'/.exec(scriptSrc)?.[1];
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
      expect(scripts.length).toBeGreaterThan(1);
      for (const [, attributes = "", text = ""] of scripts) {
        const hash = `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
        const allowed = (nonce !== undefined && attributes.includes(`nonce="${nonce}"`)) || scriptSrc.split(" ").includes(hash);
        expect(allowed, attributes).toBe(true);
      }
      for (const [, used] of html.matchAll(/nonce="([^"]*)"/g)) expect(used).toBe(nonce);
      return nonce;
    }

    it("counts every address's view once an hour, one at a time and many at once, whether the page was cached or not", async () => {
      const before = await views("cache-two");
      const sources: (string | null)[] = [];
      for (let i = 0; i < 5; i++) {
        const { res } = await page("cache-two", {}, `198.51.100.${i + 1}`);
        expect(res.status).toBe(200);
        sources.push(res.headers.get("x-cache"));
      }
      expect(sources.slice(1)).toContain("hit");
      const together = await Promise.all(Array.from({ length: 30 }, (_, i) => page("cache-two", { cookie: visitor(30) }, `198.51.100.${i + 10}`)));
      expect(together.every(({ res }) => res.status === 200)).toBe(true);
      expect(await views("cache-two")).toBe(before + 35);
      // The same addresses again, cached page or not: no more views this hour (S11).
      await Promise.all(Array.from({ length: 35 }, (_, i) => page("cache-two", {}, `198.51.100.${i < 5 ? i + 1 : i + 5}`)));
      expect(await views("cache-two")).toBe(before + 35);
      // The view is also counted on a page the cache does not serve: a query string, a signed-in visitor.
      await page("cache-two?from=mail", {}, "198.51.100.100");
      await page("cache-two", { cookie: "wp_session=not-a-real-session" }, "198.51.100.101");
      expect(await views("cache-two")).toBe(before + 37);
    });

    it("never serves a stale like state: each visitor sees their own; the count is at most the cache's lifetime old", async () => {
      const slug = "cache-three";
      const id = await idOf(slug);
      const liker = visitor(2);
      const anonymous = await page(slug);
      expect(likedButton(anonymous.html)).toBe("false");
      const mine = await page(slug, { cookie: liker });
      expect(likedButton(mine.html)).toBe("false");
      expect(mine.res.headers.get("x-cache")).toBe("hit");

      expect(await like(id, liker)).toBe(1);
      const after = await page(slug, { cookie: liker });
      expect(likedButton(after.html)).toBe("true");
      // The first page of someone who liked it is rendered now: it counts the like.
      expect(after.html).toMatch(/data-testid="likes"[^>]*>1<!-- --> <!-- -->like</);
      const again = await page(slug, { cookie: liker });
      expect(again.res.headers.get("x-cache")).toBe("hit");
      expect(likedButton(again.html)).toBe("true");

      // Someone else, and someone anonymous, still get 'Like', not the liker's page: the shared one, whose count is
      // the one it was made with until its lifetime has passed, then the new one.
      for (const headers of [{ cookie: visitor(3) }, {}] as Record<string, string>[]) {
        const other = await page(slug, headers);
        expect(other.res.headers.get("x-cache")).toBe("hit");
        expect(likedButton(other.html)).toBe("false");
        expect(other.html).toMatch(/data-testid="likes"[^>]*>0<!-- --> <!-- -->likes</);
      }
      later(POST_PAGE_TTL_MS + 1);
      for (const headers of [{ cookie: visitor(3) }, {}] as Record<string, string>[]) {
        const other = await page(slug, headers);
        expect(likedButton(other.html)).toBe("false");
        expect(other.html).toMatch(/data-testid="likes"[^>]*>1<!-- --> <!-- -->like</);
      }
    });

    it("never gives a signed-in visitor a shared page", async () => {
      await page("cache-one");
      expect((await page("cache-one")).res.headers.get("x-cache")).toBe("hit");
      const signedIn: Record<string, string>[] = [{ cookie: "wp_session=abc; wp_signed_in=1" }, { cookie: "__Host-wp_session=abc" }, { authorization: "Bearer abc" }];
      for (const headers of signedIn) {
        const { res, html } = await page("cache-one", headers);
        expect(res.status).toBe(200);
        expect(res.headers.get("x-cache")).toBeNull();
        expect(res.headers.get("cache-control")).toMatch(/no-store/);
        // Rendered for this request: its scripts carry this response's own nonce.
        expect(expectOwnScriptPolicy(res, html)).toBeTruthy();
      }
    });

    it("never sends a CSP nonce twice: cached pages allow exactly their own scripts by hash", async () => {
      const nonces = new Set<string>();
      const responses = [
        await page("cache-one"),
        await page("cache-one"),
        await page("cache-one", { cookie: "wp_session=abc" }),
        await page("cache-one", { cookie: "wp_session=abc" }),
        await page("cache-one?x=1"),
      ];
      for (const { res, html } of responses) {
        expect(res.status).toBe(200);
        const nonce = expectOwnScriptPolicy(res, html);
        if (nonce) {
          expect(nonces.has(nonce), "nonce reused").toBe(false);
          nonces.add(nonce);
        }
      }
      expect(responses[1]!.res.headers.get("x-cache")).toBe("hit");
      expect(responses[1]!.html).not.toMatch(/\snonce="/);
      // The security headers are all there on a cached page too.
      const h = responses[1]!.res.headers;
      expect(h.get("content-security-policy")).toMatch(/default-src 'self'.*object-src 'none'.*base-uri 'none'.*frame-ancestors 'none'/);
      expect(h.get("x-content-type-options")).toBe("nosniff");
      expect(h.get("x-frame-options")).toBe("DENY");
    });

    it("sends a cached page compressed as the browser accepts, the same page in every encoding", async () => {
      const plain = await page("cache-one");
      for (const [encoding, decode] of [
        ["br", zlib.brotliDecompressSync],
        ["gzip", zlib.gunzipSync],
      ] as const) {
        const res = await app.request("/blog/cache-one", { headers: { "accept-encoding": encoding } });
        expect(res.headers.get("content-encoding")).toBe(encoding);
        expect(res.headers.get("vary")).toMatch(/Accept-Encoding/i);
        const bytes = Buffer.from(await res.arrayBuffer());
        expect(Number(res.headers.get("content-length"))).toBe(bytes.length);
        // The views figure may have moved on between renders; the rest is the same page.
        const strip = (s: string) => s.replace(/\d+<!-- --> <!-- -->views|"views":\d+|"userInteractionCount":\d+/g, "");
        expect(strip(decode(bytes).toString())).toBe(strip(plain.html));
      }
    });

    it("answers an unknown post 404 every time, counting nothing", async () => {
      for (let i = 0; i < 2; i++) {
        const { res, html } = await page("no-such-cached-post");
        expect(res.status).toBe(404);
        expect(res.headers.get("x-cache")).toBeNull();
        expect(html).toContain("Blog not found");
      }
    });

    it("keeps a post page cached through likes, and shows an edit written outside the service (another process, a script) at once", async () => {
      await page("cache-two");
      expect((await page("cache-two")).res.headers.get("x-cache")).toBe("hit");
      // Likes of another post and of this one: the key of this page (its posts version) has not changed.
      await like(await idOf("cache-one"), visitor(7));
      expect((await page("cache-two")).res.headers.get("x-cache")).toBe("hit");
      const before = Number((await t.db.kysely.selectFrom("blogs").select("likes").where("slug", "=", "cache-two").executeTakeFirstOrThrow()).likes);
      await like(await idOf("cache-two"), visitor(8));
      expect((await page("cache-two")).res.headers.get("x-cache")).toBe("hit");
      // An edit written straight to the table, as another process, instance or script would: the triggers move the version.
      await t.db.kysely.updateTable("blogs").set({ title: "Edited title of cache-two" }).where("slug", "=", "cache-two").execute();
      const edited = await page("cache-two");
      expect(edited.res.headers.get("x-cache")).not.toBe("hit");
      expect(edited.html).toContain("Edited title of cache-two");
      // Rendered now, so the like is in it too.
      expect(edited.html).toMatch(new RegExp(`data-testid="likes"[^>]*>${before + 1}<`));
    });

    it("shows a post added by a write at once in the related posts", async () => {
      const before = await page("cache-one");
      expect(before.html).not.toContain("Title of cache-six");
      await insertBlogs(deps, [post("cache-six", "Technology", 6)]);
      expect((await page("cache-one")).html).toContain("Title of cache-six");
    });
  });
});
