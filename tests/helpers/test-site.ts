import { afterAll, afterEach, beforeAll } from "vitest";
import { createApp } from "../../server/app";
import type { Db } from "../../server/db/database";
import { flushAnalytics } from "../../server/services/analytics/record";
import type { BlogInput } from "../../server/services/blog/types";
import { buildDir } from "./built-server";
import { createTestDatabase, type TestDatabase, type TestDatabaseKind } from "./databases";
import { testDeps } from "./deps";

export type TestApp = Awaited<ReturnType<typeof createApp>>;

/** What a data test works on; filled in before its first test. */
export type TestSite = {
  t: TestDatabase;
  deps: ReturnType<typeof testDeps>;
  /** The Hono app over the production build, once it answers /readyz (only when asked for with `app: true`). */
  app: TestApp;
};

/** Resolves once the app answers its readiness check (it loads the build and migrates first), or after 30 s. */
export async function untilReady(app: { request: (path: string) => Response | Promise<Response> }): Promise<void> {
  for (let i = 0; i < 300 && (await app.request("/readyz")).status !== 200; i++) await new Promise((r) => setTimeout(r, 100));
}

/** The app over the production build, once its readiness check passes. */
export async function readyApp(deps: ReturnType<typeof testDeps>, dir = buildDir()): Promise<TestApp> {
  const app = await createApp({ deps, buildDir: dir });
  await untilReady(app);
  return app;
}

/**
 * The set-up every data test of a file repeats, for one database kind: called inside the file's `describe`, it
 * opens a fresh database (and its deps, with the environment given) before the first test, runs `afterEach` after
 * each, and drops the database after the last. With `app: true` the site's app over the production build is
 * ready too.
 */
export function useTestSite(
  kind: TestDatabaseKind,
  options: { env?: Record<string, string>; app?: boolean; afterEach?: (site: TestSite) => Promise<void> } = {},
): TestSite {
  const site = {} as TestSite;
  beforeAll(async () => {
    site.t = await createTestDatabase(kind);
    site.deps = testDeps(site.t.db, options.env);
    if (options.app) site.app = await readyApp(site.deps);
  });
  afterAll(async () => {
    await site.t?.drop();
  });
  const each = options.afterEach;
  if (each) afterEach(() => each(site));
  return site;
}

/** Empties the analytics tables once the hits still being written are in, so each test counts only its own. */
export async function clearAnalytics(db: Db): Promise<void> {
  await flushAnalytics(db);
  for (const table of ["analytics_events", "analytics_visits", "analytics_daily"] as const) await db.kysely.deleteFrom(table).execute();
}

/** A post as insertBlogs takes it: one section, its texts named after its slug; `fields` set the rest. */
export function blogInput(slug: string, fields: Partial<BlogInput> = {}): BlogInput {
  return {
    slug,
    title: `Post ${slug}`,
    excerpt: `Excerpt of ${slug}`,
    author: "Page Tester",
    date: "2024-04-01",
    readTime: "3 min read",
    category: "Technology",
    featured: false,
    tags: ["pages"],
    sections: [{ title: "One", content: [`Text of ${slug}`] }],
    ...fields,
  };
}
