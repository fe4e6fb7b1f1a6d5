import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { seedSampleBlogs } from "./posts";
import { SAMPLE_BLOGS } from "./samples";
import { postsVersion } from "./versions";

describe.each(testDatabaseKinds())("the posts' version on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    await seedSampleBlogs(deps);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("is read once for every request asking in the same turn, and sees every write committed before they asked", async () => {
    const reads = vi.spyOn(t.db.kysely, "selectFrom");
    try {
      const before = await postsVersion(deps);
      reads.mockClear();
      const seen = await Promise.all(Array.from({ length: 20 }, () => postsVersion(deps)));
      expect(reads).toHaveBeenCalledTimes(1);
      expect(new Set(seen)).toEqual(new Set([before]));
      // A write committed, then requests asking (with one that asked a turn later): none gets the older version.
      await t.db.kysely.updateTable("blogs").set({ title: "A new title" }).where("slug", "=", SAMPLE_BLOGS[0]!.slug).execute();
      const after = await Promise.all([postsVersion(deps), postsVersion(deps), new Promise<string>((resolve) => setImmediate(() => resolve(postsVersion(deps))))]);
      expect(after.every((v) => v !== before)).toBe(true);
    } finally {
      reads.mockRestore();
    }
  });

  it("moves with an edit of a published post, not with likes or views", async () => {
    const id = Number((await t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", SAMPLE_BLOGS[1]!.slug).executeTakeFirstOrThrow()).id);
    const before = await postsVersion(deps);
    await t.db.kysely.updateTable("blogs").set((eb) => ({ likes: eb("likes", "+", 1), views: eb("views", "+", 5) })).where("id", "=", id).execute();
    expect(await postsVersion(deps)).toBe(before);
    await t.db.kysely.updateTable("blogs").set({ excerpt: "Edited" }).where("id", "=", id).execute();
    expect(await postsVersion(deps)).not.toBe(before);
  });
});
