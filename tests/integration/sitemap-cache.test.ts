/**
 * Issue 39, item 6: /sitemap.xml was rebuilt and recompressed for every request (30 ms of CPU at 1,000 posts, 740 ms
 * at 100,000: an anonymous CPU sink). It is made once per posts' version now, like the shared pages: a second
 * request is a cache hit with the same bytes (compressed once), and publishing a post makes it anew. Through the
 * app over the production build, on SQLite and PostgreSQL (skipped without the build, like the other page tests).
 */
import { describe, expect, it } from "vitest";
import { insertBlogs } from "../../server/services/blog/posts";
import { buildPresent } from "../helpers/built-server";
import { testDatabaseKinds } from "../helpers/databases";
import { blogInput, useTestSite } from "../helpers/test-site";

describe.skipIf(!buildPresent()).each(testDatabaseKinds())("the sitemap's cache on %s", (kind) => {
  const site = useTestSite(kind, { app: true, env: { PUBLIC_URL: "https://wp.example.com" } });
  const get = async (headers: Record<string, string> = {}) => {
    const res = await site.app.request("http://127.0.0.1/sitemap.xml", { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("is made once per posts' version: the next requests are hits with the same bytes; a published post makes it again", async () => {
    await insertBlogs(site.deps, Array.from({ length: 40 }, (_, i) => blogInput(`cached-${i}`)));
    const first = await get({ "accept-encoding": "br" });
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    expect(first.res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(first.res.headers.get("x-cache")).toBe("miss");
    expect(first.res.headers.get("content-encoding")).toBe("br");

    // The same compressed bytes, from the cache, for every later request (and the plain body the same way).
    for (let i = 0; i < 3; i++) {
      const again = await get({ "accept-encoding": "br" });
      expect(again.res.headers.get("x-cache")).toBe("hit");
      expect(again.bytes.equals(first.bytes)).toBe(true);
    }
    const plain = await get();
    expect(plain.res.headers.get("x-cache")).toBe("hit");
    const xml = plain.bytes.toString("utf8");
    expect(xml).toContain("<loc>https://wp.example.com/blog/cached-39</loc>");
    expect(xml).not.toContain("fresh-post");
    const head = await site.app.request("http://127.0.0.1/sitemap.xml", { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("x-cache")).toBe("hit");

    // A post published: the posts' version moves, and the next request makes the sitemap anew with it.
    await insertBlogs(site.deps, [blogInput("fresh-post")]);
    const after = await get();
    expect(after.res.headers.get("x-cache")).toBe("miss");
    expect(after.bytes.toString("utf8")).toContain("<loc>https://wp.example.com/blog/fresh-post</loc>");
    expect((await get()).res.headers.get("x-cache")).toBe("hit");
  });

  it("a query string is answered by the ordinary render, not from the cache", async () => {
    const res = await site.app.request("http://127.0.0.1/sitemap.xml?x=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBeNull();
  });
});
