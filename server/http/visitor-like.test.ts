import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/databases";
import { testDeps } from "../../tests/helpers/deps";
import { listBlogs } from "../services/blog/listing";
import { seedSampleBlogs } from "../services/blog/posts";
import { visitorCookie } from "./cookies";
import { likeAsVisitor } from "./visitor-like";

describe("a like from a browser", () => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let blogId: number;
  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
    deps = testDeps(t.db, { PUBLIC_URL: "https://wise-parrot.example.com", LIKES_PER_POST_PER_ADDRESS_PER_DAY: "2" });
    await seedSampleBlogs(deps);
    blogId = (await listBlogs(deps, { limit: 1 })).data[0]!.id;
  });
  afterAll(async () => {
    await t.drop();
  });

  /** One like: the Cookie header it sends and the Set-Cookie values it is answered with. */
  async function like(cookieHeader: string | undefined, clientIp: string, id = blogId) {
    const set: string[] = [];
    const result = await likeAsVisitor(deps, id, { cookieHeader, clientIp, setCookie: (value) => set.push(value) });
    return { result, set };
  }

  it("gives a browser without a visitor cookie a new one and counts its like", async () => {
    const first = await like(undefined, "192.0.2.1");
    expect(first.result).toEqual({ likes: 1, alreadyLiked: false });
    expect(first.set).toHaveLength(1);
    expect(first.set[0]).toBe(visitorCookie.write(deps.config, visitorCookie.read(deps.config, first.set[0]!.split(";")[0])!));
    expect(first.set[0]).toMatch(/; Secure/);
  });

  it("counts a visitor once per post and sets no cookie for a browser that has one", async () => {
    const first = await like(undefined, "192.0.2.2");
    const cookie = first.set[0]!.split(";")[0]!;
    const again = await like(`other=1; ${cookie}`, "192.0.2.2");
    expect(again.set).toEqual([]);
    expect(again.result).toEqual({ likes: (first.result as { likes: number }).likes, alreadyLiked: true });
  });

  it("replaces a forged or garbled visitor cookie instead of trusting it", async () => {
    for (const forged of ["wp_visitor=x", `wp_visitor=${"a".repeat(31)}`, `wp_visitor=${"a".repeat(40)}<`, "wp_visitor="]) {
      const answer = await like(forged, "192.0.2.3");
      expect(answer.set, forged).toHaveLength(1);
      const issued = visitorCookie.read(deps.config, answer.set[0]!.split(";")[0]);
      expect(issued, forged).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(forged).not.toContain(issued);
    }
  });

  it("hands a new visitor its cookie even when the like is not counted (unknown post, over the address's allowance)", async () => {
    const unknown = await like(undefined, "192.0.2.4", 999_999);
    expect(unknown.result).toBeUndefined();
    expect(unknown.set).toHaveLength(1);
    await like(undefined, "192.0.2.5");
    await like(undefined, "192.0.2.5");
    const limited = await like(undefined, "192.0.2.5");
    expect(limited.result).toMatchObject({ limited: true });
    expect(limited.set).toHaveLength(1);
  });
});
