import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { seedSampleBlogs } from "./posts";
import { SAMPLE_BLOGS } from "./samples";
import { blogSitemapEntries } from "./sitemap";

describe.each(testDatabaseKinds())("blog sitemap entries on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });

  it("lists nothing without posts, then one /blog/<slug> per post, newest first, with a lastmod date", async () => {
    const deps = testDeps(t.db);
    expect(await blogSitemapEntries(deps)).toEqual([]);
    await seedSampleBlogs(deps);
    const entries = await blogSitemapEntries(deps);
    expect(entries.map((e) => e.path)).toEqual([...SAMPLE_BLOGS].reverse().map((s) => `/blog/${s.slug}`));
    for (const e of entries) expect(e.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });
});
