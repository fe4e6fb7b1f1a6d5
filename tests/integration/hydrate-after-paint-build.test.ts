import crypto from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type BuiltServer, buildDir, buildPresent, startBuiltServer } from "../helpers/built-server";

const BUILD_DIR = buildDir();
const HAVE_BUILD = buildPresent();

/** The rewritten bootstrap of a page: its attributes, its text, and the modules it preloads after the paint. */
function bootstrapOf(html: string) {
  const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)];
  const found = scripts.find((match) => (match[2] ?? "").includes("window.__reactRouterRouteModules"));
  if (!found) throw new Error("no React Router bootstrap in the page");
  const text = found[2] ?? "";
  // The loader's list of modules to preload: the one JSON array of asset paths in it.
  const preloads = JSON.parse(/(\["\/assets\/[^\]]*\])/.exec(text)?.[1] ?? "null") as string[] | null;
  return { attributes: found[1] ?? "", text, preloads };
}

describe.skipIf(!HAVE_BUILD)(`scripts after the first paint (build at ${path.relative(process.cwd(), BUILD_DIR)})`, () => {
  let server: BuiltServer;
  beforeAll(async () => {
    server = await startBuiltServer();
    await fetch(`${server.url}/api/blogs/seed`, { method: "POST", headers: { origin: server.url } });
  }, 60_000);
  afterAll(async () => {
    await server?.stop();
  });

  it.each(["/", "/about", "/privacy", "/blogs", "/sign-in", "/contact", "/no-such-page"])(
    "%s carries no module preload and a loader that waits for the first contentful paint",
    async (pathname) => {
      const res = await fetch(`${server.url}${pathname}`);
      expect(res.headers.get("content-type")).toMatch(/^text\/html/);
      const html = await res.text();
      expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
      const bootstrap = bootstrapOf(html);
      // Nothing is imported statically: the browser fetches no module until the loader runs.
      expect(bootstrap.text).not.toMatch(/(^|[;\s])import\s*[*{"]/);
      expect(bootstrap.text).toContain('observe({type:"paint",buffered:true})');
      expect(bootstrap.text).toContain("first-contentful-paint");
      // The same element React Router rendered, carrying this response's nonce; on a page that is one body for
      // everyone (prerendered, or /blogs and /contact from the response cache) allowed by its hash instead.
      expect(bootstrap.attributes).toContain('type="module"');
      const policy = res.headers.get("content-security-policy") ?? "";
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      if (["/", "/about", "/privacy", "/blogs", "/contact"].includes(pathname)) {
        expect(nonce).toBeUndefined();
        expect(bootstrap.attributes).not.toContain("nonce=");
        expect(policy).toContain(`'sha256-${crypto.createHash("sha256").update(bootstrap.text).digest("base64")}'`);
      } else {
        expect(nonce).toBeTruthy();
        expect(bootstrap.attributes).toContain(`nonce="${nonce}"`);
      }
      // Every module it preloads exists, the client entry among them.
      expect(bootstrap.preloads?.length).toBeGreaterThan(3);
      expect(bootstrap.preloads?.some((href) => /\/assets\/entry\.client-[\w-]+\.js$/.test(href))).toBe(true);
      for (const href of bootstrap.preloads ?? []) {
        const asset = await fetch(`${server.url}${href}`);
        expect(asset.status, href).toBe(200);
        expect(asset.headers.get("content-type"), href).toMatch(/javascript/);
        await asset.arrayBuffer();
      }
    },
  );

  it("a cached post page allows its loader by hash (the same rewrite, no nonce sent twice)", async () => {
    const listing = (await (await fetch(`${server.url}/api/blogs`)).json()) as { data: { slug: string }[] };
    const slug = listing.data[0]?.slug;
    expect(slug).toBeTruthy();
    const url = `${server.url}/blog/${encodeURIComponent(slug ?? "")}`;
    await (await fetch(url)).text();
    const res = await fetch(url);
    expect(res.headers.get("x-cache")).toBe("hit");
    const html = await res.text();
    expect(html).not.toMatch(/<link[^>]*rel="modulepreload"/);
    const bootstrap = bootstrapOf(html);
    const hash = crypto.createHash("sha256").update(bootstrap.text).digest("base64");
    expect(res.headers.get("content-security-policy")).toContain(`'sha256-${hash}'`);
  });
});
