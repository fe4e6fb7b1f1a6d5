import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { ServiceError } from "../errors";
import { blogStats, listBlogs } from "./listing";
import { seedSampleBlogs } from "./posts";
import { SAMPLE_BLOGS } from "./samples";

describe.each(testDatabaseKinds())("the blog listing on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedSampleBlogs(testDeps(t.db));
  });
  afterAll(async () => {
    await t.drop();
  });

  it("pages by cursor from newest to oldest without numbering the pages", async () => {
    const deps = testDeps(t.db);
    const first = await listBlogs(deps, { limit: 2 });
    expect(first.pagination).toMatchObject({ limit: 2, page: 1, hasMore: true });
    const second = await listBlogs(deps, { limit: 2, cursor: first.pagination.nextCursor! });
    expect(second.pagination).toEqual({ limit: 2, hasMore: false, nextCursor: null });
    expect([...first.data, ...second.data].map((b) => b.slug)).toEqual([...SAMPLE_BLOGS].reverse().map((s) => s.slug));
  });

  it("refuses a cursor it did not make as invalid input naming the cursor", async () => {
    const deps = testDeps(t.db);
    for (const cursor of ["not-a-cursor", Buffer.from("1.2.3").toString("base64url"), Buffer.from("x.1").toString("base64url")]) {
      const error = await listBlogs(deps, { cursor }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect(error).toMatchObject({ kind: "invalid", field: "cursor", message: "cursor is not valid; use the nextCursor of a previous answer." });
    }
  });

  it("answers an empty page for a search nothing matches, and counts every post in the stats", async () => {
    const deps = testDeps(t.db);
    expect(await listBlogs(deps, { search: "zzqqxx nothing like this" })).toEqual({
      data: [],
      pagination: { limit: expect.any(Number), page: 1, hasMore: false, nextCursor: null },
    });
    expect(await blogStats(deps)).toEqual({ readers: 0, likes: 0, articles: SAMPLE_BLOGS.length });
  });
});
