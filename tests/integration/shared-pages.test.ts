/**
 * Pages that are the same for every visitor are made once and served to all, through the response cache: the pages
 * that only show the owner's content (once per content version, compressed once: decision 0024) and /blogs and
 * /contact. Their
 * inline scripts are allowed by hash, so the policy stays strict without a per-response nonce; what a page
 * shows still changes at once after a write (a new post; likes and views within the page's lifetime), and a
 * visitor with something of their own (a signed-in session, the contact page's "sent" message, a filter) gets
 * their own render.
 */
import { createHash } from "node:crypto";
import path from "node:path";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { LISTING_TTL_MS } from "../../server/http/response-cache";
import { CONTENT_PAGE_PATHS } from "../../shared/content-pages";
import { listBlogs } from "../../server/services/blog/listing";
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

    it("shows a new post at once, and a like once the page's lifetime has passed", async () => {
      const before = await listing();
      expect(before.html).toContain("Shared page post shared-two");
      expect(before.html).not.toContain("Shared page post shared-three");
      await insertBlogs(site.deps, [post("shared-three", 3)]);
      const after = await listing();
      expect(after.res.headers.get("x-cache")).not.toBe("hit");
      expect(after.html).toContain("Shared page post shared-three");

      const id = Number((await site.t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", "shared-one").executeTakeFirstOrThrow()).id);
      const cached = await listing();
      expect(cached.res.headers.get("x-cache")).toBe("hit");
      const liked = await site.app.request(`/api/blogs/${id}/like`, { method: "POST" }, { incoming: { socket: { remoteAddress: "192.0.2.77" } } });
      expect(liked.status).toBe(200);
      const total = (await site.t.db.kysely.selectFrom("blogs").select((eb) => eb.fn.sum<number>("likes").as("n")).executeTakeFirstOrThrow()).n;
      // A like moves no version (decision 0007): the shared page keeps its counts until its lifetime has passed.
      const soon = await listing();
      expect(soon.res.headers.get("x-cache")).toBe("hit");
      expect(soon.html).toBe(cached.html);
      const realNow = Date.now.bind(Date);
      vi.spyOn(Date, "now").mockImplementation(() => realNow() + LISTING_TTL_MS + 1);
      try {
        const afterLike = await listing();
        expect(afterLike.res.headers.get("x-cache")).not.toBe("hit");
        expect(afterLike.html).toContain(`>${Number(total)}<`);
      } finally {
        vi.restoreAllMocks();
      }
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

