import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../tests/helpers/databases";
import { hitRateLimit, peekRateLimit, pruneRateLimits, resetRateLimit } from "./rate-limit";

describe.each(testDatabaseKinds())("rate limits on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t.drop();
  });

  it("allows up to the limit in a window, then refuses with the seconds left", async () => {
    const opts = { limit: 3, windowMs: 60_000, now: 120_000 };
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await hitRateLimit(t.db, "k1", opts));
    expect(results.map((r) => r.allowed)).toEqual([true, true, true, false]);
    expect(results[3]?.count).toBe(4);
    expect(results[3]?.retryAfterSeconds).toBe(60);
  });

  it("starts a new window after the old one ends", async () => {
    await hitRateLimit(t.db, "k2", { limit: 1, windowMs: 1000, now: 5_000 });
    expect((await hitRateLimit(t.db, "k2", { limit: 1, windowMs: 1000, now: 5_500 })).allowed).toBe(false);
    const next = await hitRateLimit(t.db, "k2", { limit: 1, windowMs: 1000, now: 6_000 });
    expect(next).toMatchObject({ allowed: true, count: 1 });
  });

  it("counts every concurrent hit exactly once", async () => {
    const hits = await Promise.all(
      Array.from({ length: 25 }, () => hitRateLimit(t.db, "k3", { limit: 10, windowMs: 60_000, now: 60_000 })),
    );
    expect(hits.filter((h) => h.allowed)).toHaveLength(10);
    expect(await peekRateLimit(t.db, "k3", 60_000, 60_000)).toBe(25);
  });

  it("resets and prunes counters", async () => {
    await hitRateLimit(t.db, "k4", { limit: 1, windowMs: 1000, now: 1_000 });
    await resetRateLimit(t.db, "k4");
    expect(await peekRateLimit(t.db, "k4", 1000, 1_000)).toBe(0);
    await hitRateLimit(t.db, "k5", { limit: 1, windowMs: 1000, now: 1_000 });
    expect(await pruneRateLimits(t.db, 10_000)).toBeGreaterThanOrEqual(1);
    expect(await peekRateLimit(t.db, "k5", 1000, 1_000)).toBe(0);
  });
});
