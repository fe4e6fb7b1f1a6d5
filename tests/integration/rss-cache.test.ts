/**
 * Issue 47, item 7: /rss.xml was rebuilt for every request (3-10 ms each). It is made once per posts' and content
 * version now, like the sitemap: the next requests are hits with the same bytes, a published post makes it anew,
 * and the Hindi feed is its own entry. Through the app over the production build, on SQLite and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { insertBlogs } from "../../server/services/blog/posts";
import { buildPresent } from "../helpers/built-server";
import { testDatabaseKinds } from "../helpers/databases";
import { blogInput, useTestSite } from "../helpers/test-site";

describe.skipIf(!buildPresent()).each(testDatabaseKinds())("the feed's cache on %s", (kind) => {
  const site = useTestSite(kind, { app: true, env: { PUBLIC_URL: "https://wp.example.com" } });
  const get = async (path = "/rss.xml", headers: Record<string, string> = {}) => {
    const res = await site.app.request(`http://127.0.0.1${path}`, { headers });
    return { res, bytes: Buffer.from(await res.arrayBuffer()) };
  };

  it("is made once per version: later requests are hits with the same bytes; a published post makes it again", async () => {
    await insertBlogs(site.deps, Array.from({ length: 5 }, (_, i) => blogInput(`feed-${i}`)));
    const first = await get("/rss.xml", { "accept-encoding": "br" });
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("content-type")).toBe("application/rss+xml; charset=utf-8");
    expect(first.res.headers.get("cache-control")).toBe("public, max-age=600");
    expect(first.res.headers.get("x-cache")).toBe("miss");
    const again = await get("/rss.xml", { "accept-encoding": "br" });
    expect(again.res.headers.get("x-cache")).toBe("hit");
    expect(again.bytes.equals(first.bytes)).toBe(true);
    const plain = await get();
    expect(plain.res.headers.get("x-cache")).toBe("hit");
    expect(plain.bytes.toString("utf8")).toContain("https://wp.example.com/blog/feed-4");
    expect(plain.bytes.toString("utf8")).not.toContain("fresh-feed-post");

    // The Hindi feed is its own document, not the English one's entry.
    const hindi = await get("/hi/rss.xml");
    expect(hindi.res.status).toBe(200);
    expect(hindi.res.headers.get("x-cache")).toBe("miss");
    expect(hindi.bytes.toString("utf8")).toContain("<language>hi</language>");

    await insertBlogs(site.deps, [blogInput("fresh-feed-post")]);
    const after = await get();
    expect(after.res.headers.get("x-cache")).toBe("miss");
    expect(after.bytes.toString("utf8")).toContain("https://wp.example.com/blog/fresh-feed-post");
    expect((await get()).res.headers.get("x-cache")).toBe("hit");
  });

  it("a query string is answered by the ordinary render, not from the cache", async () => {
    const res = await site.app.request("http://127.0.0.1/rss.xml?x=1");
    expect(res.status).toBe(200);
    expect(res.headers.get("x-cache")).toBeNull();
  });
});
