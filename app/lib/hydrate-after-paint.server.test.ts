import vm from "node:vm";
import { describe, expect, it } from "vitest";
import { HYDRATION_FALLBACK_MS, HydrateAfterPaintStream, PRELOADS_PER_TASK, hydrateAfterPaint } from "./hydrate-after-paint.server";

// The shape React Router writes for a page (preloads hoisted into <head>, the bootstrap at the end of <body>).
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js" nonce="N"/>',
  '<link rel="modulepreload" href="/assets/chunk-B.js" nonce="N"/>',
  '<link rel="modulepreload" href="/assets/root-C.js" nonce="N"/>',
  '<link rel="modulepreload" href="/assets/chunk-B.js" nonce="N"/>',
  '<link rel="icon" href="/favicon.svg"/></head><body><main>Ünïcödé text ₹1</main>',
  '<script nonce="N">window.__reactRouterContext = {"state":1};</script>',
  '<script nonce="N" type="module" async="">;\n',
  'import * as route0 from "/assets/root-C.js";\n',
  'import * as route1 from "/assets/home-D.js";\n',
  '  window.__reactRouterManifest = {"entry":{"module":"/assets/entry.client-A.js"}};\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n\n',
  'import("/assets/entry.client-A.js");</script>',
  '<script nonce="N">window.__reactRouterContext.streamController.enqueue("data");</script></body></html>',
].join("");

function bootstrapText(html: string): string {
  const script = /<script nonce="N" type="module" async="">([\s\S]*?)<\/script>/.exec(html)?.[1];
  if (!script) throw new Error("no bootstrap script");
  return script;
}

/** What React Router's bootstrap itself imports, in its order: the route modules, then the client entry. */
const BOOTSTRAP_IMPORTS = ["/assets/root-C.js", "/assets/home-D.js", "/assets/entry.client-A.js"];

const ENTRY = "/assets/entry.client-A.js";

/**
 * Lets queued messages and promise callbacks run: until `done` holds (the loader
 * hops through one message per task, and a busy machine makes that slow), then
 * 20 ms more, so that anything done twice or out of order shows up too.
 */
async function settle(done: () => boolean = () => true) {
  const deadline = Date.now() + 5_000;
  while (!done() && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 5));
  await new Promise((resolve) => setTimeout(resolve, 20));
}

/** Runs the rewritten bootstrap in a sandbox with a fake document, paint timing and dynamic import. */
function runLoader(html: string, paint: "observer" | "none") {
  const script = bootstrapText(html);
  const appended: string[] = [];
  const imported: string[] = [];
  const timers: { fn: () => void; ms: number }[] = [];
  let observer: ((list: { getEntriesByName: (name: string) => unknown[] }, o: { disconnect: () => void }) => void) | undefined;
  const window: Record<string, unknown> = {};
  const context = vm.createContext({
    window,
    document: {
      createElement: () => ({}) as { rel?: string; href?: string },
      head: { appendChild: (link: { rel: string; href: string }) => appended.push(`${link.rel} ${link.href}`) },
    },
    setTimeout: (fn: () => void, ms: number) => timers.push({ fn, ms }),
    clearTimeout: () => {},
    requestAnimationFrame: (fn: () => void) => fn(),
    PerformanceObserver: Object.assign(
      function (cb: typeof observer) {
        observer = cb;
        return { observe: () => {} };
      },
      { supportedEntryTypes: paint === "observer" ? ["paint", "largest-contentful-paint"] : [] },
    ),
    MessageChannel,
    Promise,
  });
  // `import()` is not available to vm scripts: stand it in with a function that records the request.
  const code = script.replaceAll("import(", "__import(");
  context.__import = (url: string) => {
    imported.push(url);
    return Promise.resolve({ url });
  };
  vm.runInContext(code, context);
  return {
    appended,
    imported,
    timers,
    window,
    paint: () => observer?.({ getEntriesByName: (name) => (name === "first-contentful-paint" ? [{}] : []) }, { disconnect: () => {} }),
  };
}

describe("hydrateAfterPaint", () => {
  it("removes the module preloads and keeps everything else of the document", () => {
    const out = hydrateAfterPaint(page);
    expect(out).not.toBeNull();
    expect(out).not.toMatch(/<link[^>]*modulepreload/);
    expect(out).toContain('<link rel="icon" href="/favicon.svg"/>');
    expect(out).toContain("<main>Ünïcödé text ₹1</main>");
    expect(out).toContain('<script nonce="N">window.__reactRouterContext = {"state":1};</script>');
    expect(out).toContain('window.__reactRouterContext.streamController.enqueue("data")');
    // The element keeps its attributes, so hydration finds the same node.
    expect(out).toContain('<script nonce="N" type="module" async="">');
    // No static import is left: nothing is fetched until the loader runs.
    expect(out).not.toMatch(/import \* as/);
  });

  it("loads nothing before the first contentful paint, then preloads every module once and runs the original bootstrap", async () => {
    const run = runLoader(hydrateAfterPaint(page)!, "observer");
    expect(run.appended).toEqual([]);
    expect(run.imported).toEqual([]);
    run.paint();
    expect(run.appended).toEqual([
      "modulepreload /assets/entry.client-A.js",
      "modulepreload /assets/chunk-B.js",
      "modulepreload /assets/root-C.js",
    ]);
    await settle(() => run.imported.includes(ENTRY));
    // The preloaded modules are evaluated one at a time (chunk-B, root-C), then the original bootstrap runs: route modules, entry last.
    expect(run.imported).toEqual(["/assets/chunk-B.js", "/assets/root-C.js", ...BOOTSTRAP_IMPORTS]);
    expect(run.window.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-C.js" }, "routes/home": { url: "/assets/home-D.js" } });
    expect(run.window.__reactRouterManifest).toEqual({ entry: { module: "/assets/entry.client-A.js" } });
    // A later paint report or the fallback timer does not start it twice.
    run.paint();
    for (const timer of run.timers) timer.fn();
    await settle();
    expect(run.imported).toHaveLength(5);
  });

  it(`adds at most ${PRELOADS_PER_TASK} preloads per task, so no task grows with the number of modules`, async () => {
    const many = Array.from({ length: 12 }, (_, i) => `<link rel="modulepreload" href="/assets/m${i}.js" nonce="N"/>`).join("");
    const run = runLoader(hydrateAfterPaint(page.replace("</head>", `${many}</head>`))!, "observer");
    run.paint();
    // The first task: the first few only, and nothing imported yet.
    expect(run.appended).toHaveLength(PRELOADS_PER_TASK);
    expect(run.imported).toEqual([]);
    await settle(() => run.imported.includes(ENTRY));
    expect(run.appended).toHaveLength(15);
    expect(new Set(run.appended).size).toBe(15);
    const extra = Array.from({ length: 12 }, (_, i) => `/assets/m${i}.js`);
    expect(run.imported).toEqual(["/assets/chunk-B.js", "/assets/root-C.js", ...extra, ...BOOTSTRAP_IMPORTS]);
  });

  it("without paint timing it starts after a frame, and the fallback timer bounds the wait", async () => {
    const run = runLoader(hydrateAfterPaint(page)!, "none");
    const frameTimer = run.timers.find((timer) => timer.ms === 0);
    expect(run.timers.map((timer) => timer.ms).sort()).toEqual([0, HYDRATION_FALLBACK_MS]);
    frameTimer!.fn();
    await settle(() => run.imported.includes(ENTRY));
    expect(run.imported).toEqual(["/assets/chunk-B.js", "/assets/root-C.js", ...BOOTSTRAP_IMPORTS]);
  });

  it("keeps the route manifest whole when a route's id or path ends in \"import\"", async () => {
    const manifest = {
      "routes/studio/subscribers-import": { id: "routes/studio/subscribers-import", parentId: "studio", path: "studio/subscribers/import", hasAction: true },
      "routes/import": { id: "routes/import", path: "import ; import", module: "/assets/import-E.js" },
    };
    const withImportRoute = page.replace(
      '{"entry":{"module":"/assets/entry.client-A.js"}}',
      JSON.stringify(manifest, null, 2),
    );
    const run = runLoader(hydrateAfterPaint(withImportRoute)!, "observer");
    run.paint();
    await settle(() => run.imported.includes(ENTRY));
    expect(run.window.__reactRouterManifest).toEqual(manifest);
    expect(run.imported.slice(-3)).toEqual(BOOTSTRAP_IMPORTS);
  });

  // The shape React Router writes in development (issue 40): the hot-reload runtime first, behind `;;`.
  const devPage = page.replace(
    '<script nonce="N" type="module" async="">;\n',
    '<script nonce="N" type="module" async="">import "/@id/__x00__virtual:react-router/inject-hmr-runtime";;\n\n',
  );

  it("rewrites the development bootstrap into a valid script that installs the hot-reload runtime first", async () => {
    const out = hydrateAfterPaint(devPage)!;
    const script = bootstrapText(out);
    // A static import left inside the loader's function was a syntax error that stopped every script.
    expect(() => new vm.Script(script.replaceAll("import(", "__import("))).not.toThrow();
    expect(script).not.toMatch(/import\s*"/);
    const run = runLoader(out, "observer");
    run.paint();
    await settle(() => run.imported.includes(ENTRY));
    expect(run.imported[0]).toBe("/@id/__x00__virtual:react-router/inject-hmr-runtime");
    expect(run.imported.slice(-3)).toEqual(BOOTSTRAP_IMPORTS);
    expect(run.window.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-C.js" }, "routes/home": { url: "/assets/home-D.js" } });
  });

  it("binds every kind of import clause as the module would, whatever the spacing and semicolons", async () => {
    const varied = page.replace(
      'import * as route0 from "/assets/root-C.js";\n',
      'import   *   as route0   from\n"/assets/root-C.js"\nimport def, { url as u, url } from \'/assets/x-F.js\';;;\nwindow.__extra = [def, u, url];\n',
    );
    const out = hydrateAfterPaint(varied)!;
    expect(() => new vm.Script(bootstrapText(out).replaceAll("import(", "__import("))).not.toThrow();
    const run = runLoader(out, "observer");
    run.paint();
    await settle(() => run.imported.includes(ENTRY));
    expect(run.window.__extra).toEqual([undefined, "/assets/x-F.js", "/assets/x-F.js"]);
    expect((run.window.__reactRouterRouteModules as Record<string, unknown>).root).toEqual({ url: "/assets/root-C.js" });
  });

  it("sends a bootstrap it cannot run the same way as React Router wrote it", () => {
    const withExport = page.replace("import(\"/assets/entry.client-A.js\");", 'import("/assets/entry.client-A.js");export const x = 1;');
    expect(hydrateAfterPaint(withExport)).toBeNull();
    const withAttributes = page.replace('import * as route1 from "/assets/home-D.js";', 'import * as route1 from "/assets/home-D.js" with { type: "json" };');
    expect(hydrateAfterPaint(withAttributes)).toBeNull();
  });

  it("leaves a document without React Router's bootstrap alone", () => {
    expect(hydrateAfterPaint("<html><head></head><body><script type=\"module\">import('/x.js')</script></body></html>")).toBeNull();
    expect(hydrateAfterPaint('<link rel="modulepreload" href="/a.js"/>')).toBeNull();
  });
});

describe("HydrateAfterPaintStream", () => {
  async function throughStream(chunks: Buffer[]): Promise<string> {
    const stream = new HydrateAfterPaintStream();
    const out: Buffer[] = [];
    stream.on("data", (chunk: Buffer) => out.push(Buffer.from(chunk)));
    const ended = new Promise((resolve) => stream.on("end", resolve));
    for (const chunk of chunks) stream.write(chunk);
    stream.end();
    await ended;
    return Buffer.concat(out).toString("utf8");
  }

  it("gives the same document as the whole-string rewrite however the stream is cut, even inside a character", async () => {
    const expected = hydrateAfterPaint(page);
    const bytes = Buffer.from(page);
    for (const size of [1, 7, 64, 1000, bytes.length]) {
      const chunks: Buffer[] = [];
      for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
      expect(await throughStream(chunks)).toBe(expected);
    }
  });

  it("passes a document without the bootstrap through unchanged", async () => {
    const html = "<html><body>Plain ₹ page</body></html>";
    expect(await throughStream([Buffer.from(html)])).toBe(html);
  });
});
