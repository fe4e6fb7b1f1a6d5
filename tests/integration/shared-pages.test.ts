/**
 * Pages that are the same for every visitor are made once and served to all, through the response cache: the pages
 * that only show the owner's content (once per content version, compressed once: decision 0024) and /blogs and
 * /contact. Their
 * inline scripts are allowed by hash, so the policy stays strict without a per-response nonce; what a page
 * shows still changes at once after a write (a new post; on /blogs a like or view it shows within LISTING_COUNTS_MS,
 * decisions 0062 and 0067), and a
 * visitor with something of their own (a signed-in session, the contact page's "sent" message, a filter) gets
 * their own render.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BLOG_LIMITS, BLOG_STATS_SHOWN_FROM } from "../../shared/content/blog";
import { SHELL_DOC } from "../../shared/copy/shell";
import { COMMAND_LINE } from "../../server/services/audit";
import { COPY_PREFIX } from "../../server/services/content/copy";
import { saveContent } from "../../server/services/content/store";
import { CONTENT_PAGE_PATHS } from "../../shared/content-pages";
import { listBlogs } from "../../server/services/blog/listing";
import { LISTING_COUNTS_MS } from "../../server/pages/listing-counts";
import { insertBlogs, seedSampleBlogs } from "../../server/services/blog/posts";

const CONTACT_FLASH_COOKIE = "wp_contact_sent";
import { createTestDatabase, testDatabaseKinds } from "../helpers/databases";
import { buildDir, buildPresent } from "../helpers/built-server";
import { testDeps } from "../helpers/deps";
import { expectScriptsAllowed, expectSecurityHeaders } from "../helpers/csp";
import { blogInput, readyApp, useTestSite } from "../helpers/test-site";

const BUILD_DIR = buildDir();
const HAVE_BUILD = buildPresent();

const post = (slug: string, day: number) => blogInput(slug, { title: `Shared page post ${slug}`, date: `2024-04-${String(day).padStart(2, "0")}` });

const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;
const inlineScripts = (html: string) => [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=/.test(m[1] ?? ""));

describe.skipIf(!HAVE_BUILD).each(testDatabaseKinds())(`pages shared by every visitor on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  const site = useTestSite(kind, { app: true });
  beforeAll(async () => {
    await insertBlogs(site.deps, [post("shared-one", 1), post("shared-two", 2)]);
  });

  describe("pages of the owner's content (prerendered before decision 0024)", () => {
    it("allow exactly their inline scripts by hash (React Router's context, route modules and bootstrap, the JSON-LD, the splash)", async () => {
      for (const p of CONTENT_PAGE_PATHS) {
        const res = await site.app.request(p);
        expect(res.status, p).toBe(200);
        expect(res.headers.get("x-cache"), p).toMatch(/^(hit|miss|joined)$/);
        const html = await res.text();
        expectSecurityHeaders(res, p, "hashes");
        expectScriptsAllowed(res, html, p);
        const scriptSrc = /script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
        // No hash the page does not need: the policy names only this page's scripts.
        const hashes = scriptSrc.split(" ").filter((s) => s.startsWith("'sha256-"));
        expect(new Set(hashes), p).toEqual(new Set(inlineScripts(html).map((m) => sha256(m[2] ?? ""))));
        expect(html, p).toContain("window.__reactRouterContext");
        expect(html, p).toContain("window.__reactRouterRouteModules");
        expect(html, p).not.toContain("__WP_CSP_NONCE__");
        // The inline stylesheet needs no nonce: styles are allowed inline, scripts are not.
        expect(res.headers.get("content-security-policy"), p).not.toMatch(/script-src[^;]*'unsafe-inline'/);
      }
    });

    it("are the same bytes for everyone, compressed once: brotli and gzip decode to the page, HEAD has no body", async () => {
      const plain = await site.app.request("/about");
      const html = await plain.text();
      expect(Number(plain.headers.get("content-length"))).toBe(Buffer.byteLength(html));
      expect(await (await site.app.request("/about")).text()).toBe(html);

      const br1 = await site.app.request("/about", { headers: { "accept-encoding": "gzip, deflate, br" } });
      const br2 = await site.app.request("/about", { headers: { "accept-encoding": "br" } });
      expect(br1.headers.get("content-encoding")).toBe("br");
      expect(br1.headers.get("vary")).toMatch(/accept-encoding/i);
      const b1 = Buffer.from(await br1.arrayBuffer());
      expect(Number(br1.headers.get("content-length"))).toBe(b1.length);
      expect(Buffer.from(await br2.arrayBuffer()).equals(b1)).toBe(true);
      expect(zlib.brotliDecompressSync(b1).toString()).toBe(html);
      expect(br1.headers.get("content-security-policy")).toBe(plain.headers.get("content-security-policy"));

      const gz = await site.app.request("/about", { headers: { "accept-encoding": "gzip" } });
      expect(gz.headers.get("content-encoding")).toBe("gzip");
      expect(zlib.gunzipSync(Buffer.from(await gz.arrayBuffer())).toString()).toBe(html);

      const head = await site.app.request("/about", { method: "HEAD", headers: { "accept-encoding": "br" } });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toMatch(/^text\/html/);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    });

    it("each response still gets its own nonce where a page is rendered (the nonce mechanism is unchanged there)", async () => {
      const a = (await site.app.request("/sign-in")).headers.get("content-security-policy") ?? "";
      const b = (await site.app.request("/sign-in")).headers.get("content-security-policy") ?? "";
      expect(a).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
      expect(a).not.toBe(b);
    });
  });

  describe("GET /blogs", () => {
    afterEach(() => vi.restoreAllMocks());
    const listing = async (headers: Record<string, string> = {}) => {
      const res = await site.app.request("/blogs", { headers });
      return { res, html: await res.text() };
    };

    it("is rendered once and shared, with its scripts allowed by hash", async () => {
      await listing();
      const { res, html } = await listing();
      expect(res.status).toBe(200);
      expect(res.headers.get("x-cache")).toBe("hit");
      expectSecurityHeaders(res, "/blogs", "hashes");
      expectScriptsAllowed(res, html, "/blogs");
      const br = await site.app.request("/blogs", { headers: { "accept-encoding": "br" } });
      expect(br.headers.get("content-encoding")).toBe("br");
      expect(zlib.brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(html);
    });

    /** The views and likes a card of `html` shows for post `slug`. */
    const cardCounts = (html: string, slug: string) => {
      const cards = html.split('data-testid="blog-card"').slice(1);
      const card = cards.find((c) => c.includes(`>Shared page post ${slug}<`));
      if (!card) return undefined;
      const count = (label: string) => Number(new RegExp(`>([\\d,]+)(?:<!-- -->)? <span>${label}s?</span>`).exec(card)?.[1]?.replace(/,/g, "") ?? NaN);
      return { views: count("view"), likes: count("like") };
    };
    const idOf = async (slug: string) => Number((await site.t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", slug).executeTakeFirstOrThrow()).id);
    const from = (address: string) => ({ incoming: { socket: { remoteAddress: address } } });
    /** Moves the clock past LISTING_COUNTS_MS, after which the listing reads its counts again (decision 0067). */
    let shift = 0;
    const countsSettle = () => {
      const realNow = Date.now.bind(Date);
      shift += LISTING_COUNTS_MS + 1;
      const moved = shift;
      vi.restoreAllMocks();
      vi.spyOn(Date, "now").mockImplementation(() => realNow() + moved);
    };
    /** The next request renders it again (a miss) and the one after is the shared copy of that render. */
    const renderedOnce = async () => {
      const fresh = await listing();
      expect(fresh.res.headers.get("x-cache")).toBe("miss");
      const again = await listing();
      expect(again.res.headers.get("x-cache")).toBe("hit");
      expect(again.html).toBe(fresh.html);
      return fresh.html;
    };

    it("is rendered again only when what it shows changes: a post added or edited, a count on a shown card, the copy", async () => {
      await listing();
      // Unchanged: the same render, however often asked, and long after the old one-second life.
      const cached = await listing();
      expect(cached.res.headers.get("x-cache")).toBe("hit");
      const realNow = Date.now.bind(Date);
      vi.spyOn(Date, "now").mockImplementation(() => realNow() + 5 * 60_000);
      try {
        const later = await listing();
        expect(later.res.headers.get("x-cache")).toBe("hit");
        expect(later.html).toBe(cached.html);
      } finally {
        vi.restoreAllMocks();
      }
      expect(cached.html).not.toContain("Shared page post shared-three");

      // A new post shows on the next request.
      await insertBlogs(site.deps, [post("shared-three", 3)]);
      expect(await renderedOnce()).toContain("Shared page post shared-three");

      // An edited post too.
      await site.t.db.kysely.updateTable("blogs").set({ title: "Shared page post shared-three, edited" }).where("slug", "=", "shared-three").execute();
      expect(await renderedOnce()).toContain("Shared page post shared-three, edited");

      // A like of a shown post: within LISTING_COUNTS_MS the shared copy still answers (a stream of likes and
      // views does not render it per request); after it, its card shows the new count, for everyone.
      countsSettle();
      const beforeLike = await listing();
      const before = cardCounts(beforeLike.html, "shared-one")!;
      const liked = await site.app.request(`/api/blogs/${await idOf("shared-one")}/like`, { method: "POST" }, from("192.0.2.77"));
      expect(liked.status).toBe(200);
      const meanwhile = await listing();
      expect(meanwhile.res.headers.get("x-cache")).toBe("hit");
      expect(meanwhile.html).toBe(beforeLike.html);
      countsSettle();
      const afterLike = await renderedOnce();
      expect(cardCounts(afterLike, "shared-one")).toEqual({ views: before.views, likes: before.likes + 1 });
      // The liker's visitor cookie changes nothing of the listing (its cards show no one's own like): the shared copy.
      const liker = await listing({ cookie: "wp_visitor=x" });
      expect(liker.res.headers.get("x-cache")).toBe("hit");
      expect(liker.html).toBe(afterLike);

      // A view of a shown post (the post page counts it) likewise.
      expect((await site.app.request("/blog/shared-two", {}, from("192.0.2.78"))).status).toBe(200);
      countsSettle();
      const afterView = await renderedOnce();
      expect(cardCounts(afterView, "shared-two")?.views).toBe(cardCounts(afterLike, "shared-two")!.views + 1);

      // Edited copy (the footer every page shows) on the next request.
      const shell = structuredClone(SHELL_DOC.defaults("en")) as { footer: { about: string } };
      shell.footer.about = "A footer written for the listing test.";
      await saveContent(site.deps, [{ key: `${COPY_PREFIX}shell`, locale: "en", value: shell }], COMMAND_LINE, { action: "copy.publish", recordId: "shell", detail: "test" });
      expect(await renderedOnce()).toContain("A footer written for the listing test.");
    });

    it("is not rendered again for a count it does not show: a post off its first page, while the totals are hidden", async () => {
      // Enough newer posts that shared-one is no longer on the first page.
      await insertBlogs(site.deps, Array.from({ length: BLOG_LIMITS.pageSize }, (_, i) => post(`shared-newer-${i}`, 10 + i)));
      const html = await renderedOnce();
      expect(cardCounts(html, "shared-one")).toBeUndefined();
      const totalLikes = Number((await site.t.db.kysely.selectFrom("blogs").select((eb) => eb.fn.sum<number>("likes").as("n")).executeTakeFirstOrThrow()).n);
      expect(totalLikes + 1).toBeLessThan(BLOG_STATS_SHOWN_FROM);
      expect((await site.app.request(`/api/blogs/${await idOf("shared-one")}/like`, { method: "POST" }, from("192.0.2.79"))).status).toBe(200);
      countsSettle();
      const after = await listing();
      expect(after.res.headers.get("x-cache")).toBe("hit");
      expect(after.html).toBe(html);
    });

    it("shows a total once it is shown, and its change once the counts are read again", async () => {
      const shown = cardCounts((await listing()).html, "shared-newer-0");
      expect(shown).toBeDefined();
      const id = await idOf("shared-newer-0");
      // Likes from enough visitors that the total is shown.
      let total = Number((await site.t.db.kysely.selectFrom("blogs").select((eb) => eb.fn.sum<number>("likes").as("n")).executeTakeFirstOrThrow()).n);
      for (let i = 0; total < BLOG_STATS_SHOWN_FROM; i++, total++) {
        expect((await site.app.request(`/api/blogs/${id}/like`, { method: "POST" }, from(`198.51.100.${i + 1}`))).status).toBe(200);
      }
      const statLikes = (html: string) => /data-testid="stat-likes"[\s\S]*?<dd[^>]*>([\d,]+)<\/dd>/.exec(html)?.[1];
      countsSettle();
      expect(statLikes(await renderedOnce())).toBe(String(total));
      // A like of a post off the first page now moves a shown total: rendered again.
      expect((await site.app.request(`/api/blogs/${await idOf("shared-one")}/like`, { method: "POST" }, from("198.51.100.200"))).status).toBe(200);
      countsSettle();
      expect(statLikes(await renderedOnce())).toBe(String(total + 1));
    });

    it("renders its own page for a filter and for a signed-in visitor", async () => {
      await listing();
      const filtered = await site.app.request("/blogs?search=shared-two");
      expect(filtered.headers.get("x-cache")).toBeNull();
      expect(filtered.headers.get("content-security-policy")).toMatch(/'nonce-[^']+' 'strict-dynamic'/);
      await filtered.text();
      const signedIn = await site.app.request("/blogs", { headers: { cookie: "wp_session=abc" } });
      expect(signedIn.headers.get("x-cache")).toBeNull();
      expect(signedIn.headers.get("cache-control")).toMatch(/no-store/);
      await signedIn.text();
    });
  });

  describe("GET /contact", () => {
    it("is rendered once and shared, with its scripts allowed by hash", async () => {
      await (await site.app.request("/contact")).text();
      const res = await site.app.request("/contact", { headers: { cookie: "wp_visitor=x" } });
      expect(res.headers.get("x-cache")).toBe("hit");
      const html = await res.text();
      expectSecurityHeaders(res, "/contact", "hashes");
      expectScriptsAllowed(res, html, "/contact");
      expect(html).toContain("<form");
    });

    it("shows the sent message once, to the visitor who sent the form, never from the cache", async () => {
      const shared = await (await site.app.request("/contact")).text();
      const flashed = await site.app.request("/contact?submitted=1", { headers: { cookie: `${CONTACT_FLASH_COOKIE}=1` } });
      expect(flashed.headers.get("x-cache")).toBeNull();
      expect(flashed.headers.get("set-cookie")).toContain(`${CONTACT_FLASH_COOKIE}=;`);
      expect(flashed.headers.get("cache-control")).toMatch(/no-store/);
      const flashedHtml = await flashed.text();
      expect(flashedHtml).not.toBe(shared);
      // The cookie on the plain path (the query was dropped): the visitor's own render, not the shared one.
      const cookieOnly = await site.app.request("/contact", { headers: { cookie: `${CONTACT_FLASH_COOKIE}=1` } });
      expect(cookieOnly.headers.get("x-cache")).toBeNull();
      await cookieOnly.text();
      // And the shared page never shows the message.
      const again = await site.app.request("/contact");
      expect(again.headers.get("x-cache")).toBe("hit");
      expect(await again.text()).toBe(shared);
    });
  });
});

describe.skipIf(!HAVE_BUILD)("a shared page while the database is unreachable", () => {
  it("is the ordinary render's answer: the 503 page, not an error from the cache", async () => {
    const t = await createTestDatabase("sqlite");
    const app = await readyApp(testDeps(t.db));
    expect((await app.request("/blogs")).status).toBe(200);
    await seedSampleBlogs(testDeps(t.db));
    const [post] = (await listBlogs(testDeps(t.db), { limit: 1 })).data;
    expect((await app.request(`/blog/${post!.slug}`)).status).toBe(200);
    await t.db.close();
    for (const path of ["/blogs", `/blog/${post!.slug}`]) {
      const res = await app.request(path);
      expect(res.status, path).toBe(503);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      expect(res.headers.get("retry-after")).toBe("5");
      await res.text();
    }
    // The contact page needs no database: still served.
    expect((await app.request("/contact")).status).toBe(200);
    await t.drop();
  });
});

