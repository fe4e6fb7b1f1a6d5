import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../tests/helpers/databases";
import { publish, subscribe } from "./events";

describe("the domain's events", () => {
  let t: TestDatabase;
  const deps = () => ({ db: t.db });

  beforeAll(async () => {
    t = await createTestDatabase("sqlite");
  });
  afterAll(async () => {
    await t.drop();
  });

  it("runs the handlers one after the other, in the order they subscribed, and returns once the last is done", async () => {
    const seen: string[] = [];
    subscribe("post.deleted", "first", async (_deps, event) => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      seen.push(`first ${event.id}`);
    });
    subscribe("post.deleted", "second", async (_deps, event) => {
      seen.push(`second ${event.id}`);
    });
    await publish(deps(), { kind: "post.deleted", id: 7 });
    expect(seen).toEqual(["first 7", "second 7"]);
    // Another kind reaches neither.
    await publish(deps(), { kind: "posts.recategorized", ids: [7], category: "Technology" });
    expect(seen).toEqual(["first 7", "second 7"]);
  });

  it("hands a handler's error to the writer, and the handlers after it do not run", async () => {
    const seen: number[] = [];
    subscribe("posts.recategorized", "fails", async () => {
      throw new Error("index unavailable");
    });
    subscribe("posts.recategorized", "after", async (_deps, event) => {
      seen.push(...event.ids);
    });
    await expect(publish(deps(), { kind: "posts.recategorized", ids: [1, 2], category: "Health" })).rejects.toThrow("index unavailable");
    expect(seen).toEqual([]);
    // Subscribed again under its name, the handler is replaced, not added: the writes go through again.
    subscribe("posts.recategorized", "fails", async () => undefined);
    await publish(deps(), { kind: "posts.recategorized", ids: [1, 2], category: "Health" });
    expect(seen).toEqual([1, 2]);
  });
});
