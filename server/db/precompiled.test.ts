import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../../tests/helpers/databases";
import { precompiled } from "./precompiled";

const BY_KEY = precompiled((db, key: string, minCount: number) =>
  db.selectFrom("rate_limits").select(["key", "count"]).where("key", "=", key).where("count", ">=", minCount).where("window_start", ">=", 0),
);

describe.each(testDatabaseKinds())("precompiled queries (%s)", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await t.db.kysely
      .insertInto("rate_limits")
      .values([
        { key: "a", window_start: 0, count: 3, expires_at: 1 },
        { key: "b", window_start: 0, count: 1, expires_at: 1 },
      ])
      .execute();
  });
  afterAll(() => t.drop());

  it("compiles to the builder's own SQL, with the call's values in the placeholders' places and constants kept", () => {
    const built = t.db.kysely
      .selectFrom("rate_limits")
      .select(["key", "count"])
      .where("key", "=", "a")
      .where("count", ">=", 2)
      .where("window_start", ">=", 0)
      .compile();
    expect(BY_KEY.compiled(t.db.kysely, "a", 2)).toEqual({ sql: built.sql, parameters: [...built.parameters] });
  });

  it("runs with new values each call, inside a transaction too", async () => {
    expect((await BY_KEY.execute(t.db.kysely, "a", 2)).rows).toEqual([{ key: "a", count: 3 }]);
    expect((await BY_KEY.execute(t.db.kysely, "b", 2)).rows).toEqual([]);
    const inTrx = await t.db.kysely.transaction().execute(async (trx) => (await BY_KEY.execute(trx, "b", 1)).rows);
    expect(inTrx).toEqual([{ key: "b", count: 1 }]);
  });
});
