import { randomUUID } from "node:crypto";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { type Context, type ErrorHandler, Hono, type MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { ServerBuild } from "react-router";
import { CONTENT_PAGE_PATHS } from "../shared/content-pages";
import { LOCALES, localeOfPath, localePath } from "../shared/i18n";
import { createApiRouter } from "./api/index";
import { runWithRequestFacts } from "./context";
import { MAX_BODY_BYTES, largeBodyOf } from "./http/body-limits";
import type { AppEnv, Deps, RouterLoadContext } from "./context";
import { cachedPage } from "./http/cached-page";
import { cachedDocument } from "./http/cached-document";
import { carriesCookie, contactSentCookie, sessionTokenOf } from "./http/cookies";
import { studioGate } from "./pages/studio-gate";
import { copyPreview } from "./pages/copy-preview";
import { studioSession } from "./services/staff/studio-session";
import { unreadableForm } from "./http/page-form";
import { cachedPostPage } from "./pages/cached-post-page";
import { listingCounts } from "./pages/listing-counts";
import { mediaFiles } from "./pages/media-files";
import { ResponseCache } from "./http/response-cache";
import { postsVersion } from "./services/blog/versions";
import { compressText } from "./http/compress";
import { apiNotFound, HttpError, errorJson, isDatabaseUnavailable, isUnstorableText, serviceErrorJson } from "./http/errors";
import { isServiceError } from "./services/errors";
import { clientIp } from "./http/client-ip";
import { pageViews } from "./http/page-views";
import { crossSiteGuard, noStoreWhenAuthenticated, securityHeaders, siteOrigin, studioPrivate, withSiteOrigin } from "./http/security";
import { loadStaticFiles, serveStatic } from "./http/static";
import { contentVersion } from "./services/content/version";
import { useCountryDataDir } from "./services/analytics/country";
import { subscribeDomainEvents } from "./subscribers";
import { CACHE_POLICY, cacheBounds } from "./services/cache-policy";

export type AppOptions = {
  deps: Deps;
  /** Directory of the production build (client/ and server/ inside). Omit for an API-only app. */
  buildDir?: string;
  /** The React Router server build; loaded from buildDir when omitted. */
  build?: ServerBuild;
  /** Development: the handler Vite provides for pages. */
  pageHandler?: (request: Request, context: RouterLoadContext) => Promise<Response>;
};

type PageHandler = NonNullable<AppOptions["pageHandler"]>;

/** Whether the pages can be served yet: false while the page renderer is still loading (`serveBuild`). */
type Readiness = { pages: boolean };

/**
 * The Hono app: the request pipeline, the error answer, health checks, the API, uploaded media, then the pages
 * (the build's static files and React Router, or the development server's handler).
 */
export async function createApp(options: AppOptions): Promise<Hono<AppEnv>> {
  const { deps } = options;
  // Before any hit is recorded: which country tables the lookups read (decision 0035).
  useCountryDataDir(deps.config.COUNTRY_DATA_DIR);
  // Before any write: what follows a post's write (the assistant's index; decision 0059).
  subscribeDomainEvents();
  const app = new Hono<AppEnv>();
  useRequestPipeline(app, deps);
  app.onError(errorAnswer(deps));

  const readiness: Readiness = { pages: true };
  healthRoutes(app, deps, readiness);
  if (process.env.WP_TEST_ROUTES === "1") testRoutes(app);

  app.route("/api", createApiRouter());
  // Uploaded images (covers), from the database: public, immutable.
  app.on(["GET", "HEAD"], "/media/:name", mediaFiles());
  app.all("/api/*", apiNotFound);

  const handlePage = options.pageHandler ?? (options.buildDir ? serveBuild(app, deps, options.buildDir, options.build, readiness) : undefined);
  // The content pages, the post page, /blogs and /contact through the response cache: production build only (the dev server's pages
  // carry Vite's scripts).
  if (handlePage) pageRoutes(app, deps, handlePage, { cached: !options.pageHandler });
  return app;
}

/**
 * What every request passes through, in order: its log line and id, the security headers, page-view counting, the
 * caching rules of signed-in and studio answers, compression, the cross-site guard and the body caps.
 */
function useRequestPipeline(app: Hono<AppEnv>, deps: Deps): void {
  const { config, log } = deps;
  // One JSON line per request: method, path (never the query), status, duration, id, client address and, when a
  // session or bearer token named one, the account id. Every line written while the request runs carries the
  // same id, address and account (server/context.ts).
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = randomUUID();
    c.set("requestId", requestId);
    c.set("deps", deps);
    c.set("clientIp", clientIp(c, config.TRUST_PROXY));
    const facts = { reqId: requestId, ip: c.get("clientIp") };
    await runWithRequestFacts(facts, next);
    c.res.headers.set("X-Request-Id", requestId);
    const status = c.res.status;
    log.info(
      {
        ...facts,
        method: c.req.method,
        path: c.req.path,
        status,
        ms: Math.round((performance.now() - started) * 10) / 10,
        // Every limit's refusal, API and pages alike, is a 429: one event name to grep for them all.
        ...(status === 429 ? { event: "rate-limit.refused" } : {}),
      },
      "request",
    );
  });
  app.use(securityHeaders(deps));
  app.use(pageViews());
  app.use(noStoreWhenAuthenticated());
  app.use(studioPrivate());
  app.use(compressText());
  app.use(crossSiteGuard(config));
  app.use(bodyCaps(config));
}

/**
 * The body caps: 64 KiB; the larger bodies of http/body-limits.ts (the same list the body gate reads): a staff
 * member's post, copy or import write 1 MiB (checked against their session first), the studio's image upload its own
 * 10 MB (applied by its route, after the studio's guards).
 */
function bodyCaps(config: Deps["config"]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method === "GET" || c.req.method === "HEAD") return next();
    const large = largeBodyOf(c.req.method, c.req.path);
    // The studio's image upload has its own limit (10 MB), applied once the studio's guards have let it through. A
    // refusal may leave its body unread (no session, a wrong type): like the 413 below, it closes the connection.
    if (large?.kind === "upload" || large?.kind === "customer-upload") {
      await next();
      if (c.res.status >= 400) c.res.headers.set("connection", "close");
      return;
    }
    if (large && (await studioSession(c.get("deps"), sessionTokenOf(config, c.req.raw.headers)))) {
      return bodyLimit({
        maxSize: large.limit,
        onError: (cc) => cc.json({ success: false, message: `The request body is larger than ${large.limit / 1024} KiB.` }, 413, { connection: "close" }),
      })(c, next);
    }
    // The rest of an oversized body is never read, so the connection cannot carry another request: the 413 says
    // `Connection: close` and Node closes it after the answer. Kept alive, @hono/node-server would cut the socket
    // half a second later under a client that had already sent its next request on it (S6 in docs/findings.md).
    return bodyLimit({
      maxSize: MAX_BODY_BYTES,
      onError: (cc) =>
        cc.json({ success: false, message: `The request body is larger than ${MAX_BODY_BYTES / 1024} KiB.` }, 413, { connection: "close" }),
    })(c, next);
  };
}

/** The one answer to whatever a handler threw: its own status for an HttpError or a ServiceError, 503 for an outage. */
function errorAnswer({ log }: Deps): ErrorHandler<AppEnv> {
  return (error, c) => {
    if (error instanceof HttpError) return errorJson(c, error);
    if (isServiceError(error)) return serviceErrorJson(c, error);
    if (isDatabaseUnavailable(error)) {
      log.warn({ reqId: c.get("requestId"), err: { message: (error as Error).message } }, "database unavailable");
      return c.json({ success: false, message: "The service is temporarily unavailable. Please try again shortly." }, 503, {
        "Retry-After": "5",
      });
    }
    if (isUnstorableText(error)) {
      return c.json({ success: false, message: "The request contains characters that cannot be stored (such as a NUL character)." }, 400);
    }
    log.error({ reqId: c.get("requestId"), err: error }, "unhandled error");
    return c.json({ success: false, message: "Something went wrong. Please try again later." }, 500);
  };
}

/** /healthz while the process lives; /readyz while the database reads and the pages can be served. */
function healthRoutes(app: Hono<AppEnv>, deps: Deps, readiness: Readiness): void {
  app.get("/healthz", (c) => c.json({ status: "ok", uptime: Math.round(process.uptime()) }, 200, { "cache-control": "no-store" }));
  app.get("/readyz", async (c) => {
    const database = await databaseReadable(deps);
    const ready = database && readiness.pages;
    return c.json(
      { status: ready ? "ready" : "unavailable", database: database ? "ok" : "unreachable", ...(readiness.pages ? {} : { pages: "loading" }) },
      ready ? 200 : 503,
      { "cache-control": "no-store" },
    );
  });
}

/**
 * WP_TEST_ROUTES=1, for the graceful-shutdown test: requests that stay in flight for a while, how many of them the
 * server is holding right now, and which server process answered (tests of WEB_CONCURRENCY > 1).
 */
function testRoutes(app: Hono<AppEnv>): void {
  let inFlight = 0;
  app.get("/__test/slow", async (c) => {
    const ms = Math.min(Number(c.req.query("ms") ?? 500) || 0, 5_000);
    inFlight += 1;
    await new Promise((r) => setTimeout(r, ms));
    inFlight -= 1;
    return c.json({ ok: true, waited: ms });
  });
  app.get("/__test/in-flight", (c) => c.json({ inFlight }));
  app.get("/__test/pid", (c) => c.json({ pid: process.pid }));
}

/**
 * The production build's files: static assets, and React Router's request handler for the pages (nothing is
 * prerendered: decision 0024), which loads in the background (`readiness.pages` is false until it has).
 */
function serveBuild(app: Hono<AppEnv>, deps: Deps, buildDirOption: string, givenBuild: ServerBuild | undefined, readiness: Readiness): PageHandler {
  const { config, log } = deps;
  const buildDir = path.resolve(buildDirOption);
  const clientDir = path.join(buildDir, "client");
  app.use(serveStatic(loadStaticFiles(clientDir)));

  // React Router and every route module take about a second to load. They load while the server
  // already listens, so /healthz and the API answer at once; pages wait for them, and /readyz says
  // "not ready" until they are in.
  const handlerReady = (async () => {
    const { createRequestHandler } = await import("react-router");
    // A file URL made by Node: a build folder whose path holds `#`, `%` or a space still loads.
    const build = givenBuild ?? ((await import(/* @vite-ignore */ pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild);
    return createRequestHandler(build, config.NODE_ENV === "development" ? "development" : "production");
  })();
  readiness.pages = false;
  handlerReady.then(
    () => {
      readiness.pages = true;
    },
    (err: unknown) => log.fatal({ err }, "the page renderer could not be loaded; pages cannot be served"),
  );
  return async (request, context) => (await handlerReady)(request, context);
}

/** The pages: the content pages, `/blog/{slug}`, `/blogs` and `/contact` through the response cache when `cached`, every other path rendered. */
function pageRoutes(app: Hono<AppEnv>, deps: Deps, pageHandler: PageHandler, { cached }: { cached: boolean }): void {
  const { config } = deps;
  const renderPage = async (c: Context<AppEnv>, request: Request, cspNonce: string, viewCounted = false) => {
    // Pages and their .data requests see the URL the visitor's browser is on (https://… behind a proxy).
    const res = await pageHandler(withSiteOrigin(request, siteOrigin(c, config)), {
      deps,
      cspNonce,
      clientIp: c.get("clientIp"),
      requestId: c.get("requestId"),
      ...(viewCounted ? { viewCounted } : {}),
    });
    // A page whose loader failed because the database is unreachable is "try again shortly" (503), not a server fault.
    if (res.status === 500 && !(await databaseReadable(deps))) {
      const headers = new Headers(res.headers);
      headers.set("Retry-After", "5");
      return new Response(res.body, { status: 503, headers });
    }
    return res;
  };
  // A staff member's preview of a draft of the owner's copy: the ordinary render with the draft, never cached (decision 0027).
  app.get("*", async (c, next) => (await copyPreview(c, (request) => renderPage(c, request, c.get("cspNonce")))) ?? next());
  if (cached) {
    // Each page in both languages (decision 0032): the Hindi one is its own body under its own address.
    const postPage = cachedPostPage((c, request, nonce) => renderPage(c, request, nonce, true));
    app.get("/blog/:slug", postPage);
    app.get("/hi/blog/:slug", postPage);
    // Pages show the owner's content (the site's identity in the header, the footer, the WhatsApp button): every
    // shared page is keyed by the content version too, so a save in the studio shows on every process within
    // CONTENT_VERSION_TTL_MS (decision 0024).
    const content = () => contentVersion(deps.db);
    // The listing without filters is keyed by what it shows (decision 0062): the posts' version, the content version
    // and the counts on its first page's cards and in its totals, so it is rendered once per change, and a like of a
    // shown post shows on the next request. Nothing of the visitor is in it: a signed-in visitor gets their own render.
    app.on(
      ["GET"],
      ["/blogs", "/hi/blogs"],
      cachedPage(renderPage, {
        version: async (c) => {
          const [posts, copy, counts] = await Promise.all([postsVersion(deps), content(), listingCounts(deps, localeOfPath(c.req.path))]);
          return `${posts}:${copy}:${counts}`;
        },
        cache: new ResponseCache(cacheBounds(CACHE_POLICY.listingPage)),
      }),
    );
    // The contact page shows only the site's content, except once after a form sent without JavaScript.
    app.on(
      ["GET"],
      ["/contact", "/hi/contact"],
      cachedPage(renderPage, {
        version: content,
        shareable: (c) => !carriesCookie(contactSentCookie, c.req.header("cookie")),
        // Made once per content version (and ten minutes): worth compressing well.
        cache: new ResponseCache({ ...cacheBounds(CACHE_POLICY.contactPage), brotliQuality: 9 }),
      }),
    );
    // The sitemap lists the pages and every published post: made and compressed once per posts' version (it shows
    // nothing of the owner's content), not per request (issue 39, item 6).
    app.on(
      ["GET", "HEAD"],
      "/sitemap.xml",
      cachedDocument((c, request) => renderPage(c, request, c.get("cspNonce")), {
        version: () => postsVersion(deps),
        cache: new ResponseCache(cacheBounds(CACHE_POLICY.sitemap)),
      }),
    );
    // The feeds (English and Hindi) show the newest posts and the owner's words: made and compressed once per posts'
    // and content version, not per request (issue 47, item 7: 3-10 ms each).
    app.on(
      ["GET", "HEAD"],
      ["/rss.xml", "/hi/rss.xml"],
      cachedDocument((c, request) => renderPage(c, request, c.get("cspNonce")), {
        version: async () => `${await postsVersion(deps)}:${await content()}`,
        cache: new ResponseCache(cacheBounds(CACHE_POLICY.feeds)),
      }),
    );
    // The pages that were prerendered at build time: one body for everyone, made once per content version.
    const contentPages = new ResponseCache({ ...cacheBounds(CACHE_POLICY.contentPages), brotliQuality: 9 });
    app.on(
      ["GET", "HEAD"],
      CONTENT_PAGE_PATHS.flatMap((p) => LOCALES.map((l) => localePath(p, l))).flatMap((p) => (p === "/" ? [p] : [p, `${p}/`])),
      cachedPage(renderPage, { version: content, cache: contentPages }),
    );
  }
  app.all("*", async (c) => (await unreadableForm(c.req.raw)) ?? renderPage(c, await studioGate(c), c.get("cspNonce")));
}

/**
 * Whether the database answers a read of a real table. `select 1` alone never
 * touches SQLite's file, so it stays "ok" while the file is unreadable.
 */
async function databaseReadable(deps: Deps, timeoutMs = 2_000): Promise<boolean> {
  if (!(await deps.db.ping(timeoutMs))) return false;
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      deps.db.kysely.selectFrom("rate_limits").select("key").limit(1).execute(),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error("database read timed out")), timeoutMs);
      }),
    ]);
    return true;
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}
