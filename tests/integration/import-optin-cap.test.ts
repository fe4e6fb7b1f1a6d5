/**
 * Issue 39, item 11: subscriber imports had no hourly cap (two imports queued 6,000 opt-in e-mails). The opt-in
 * e-mails the studio's imports and additions may queue are capped per hour, site-wide (AUDIENCE_LIMITS.optinsPerHour):
 * an import that would go over is refused whole (429, a message saying how many are left and when, nothing added,
 * nothing owed), while an import whose people consented (no e-mail owed) still goes through. On SQLite and
 * PostgreSQL, through the studio's API.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AUDIENCE_LIMITS } from "../../shared/content/audience-tools";
import { createApp } from "../../server/app";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";

const SITE = "http://127.0.0.1";
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabaseKinds())("the hourly cap on opt-in e-mails from imports on %s", (kind) => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;
  let token = "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const deps = testDeps(t.db, { TRUST_PROXY: "true", PUBLIC_URL: SITE });
    app = await createApp({ deps });
    token = (await staffWithSession(deps, `cap.owner.${kind}@example.com`, "owner")).token;
  });
  afterAll(async () => {
    await t?.drop();
  });

  const importCsv = (csv: string, consent?: string) =>
    app.request(`${SITE}/api/studio/audience/subscribers/import`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}`, "x-forwarded-for": "198.51.100.9" },
      body: JSON.stringify({ csv, ...(consent ? { consent } : {}) }),
    });
  const csvOf = (prefix: string, count: number) => ["email", ...Array.from({ length: count }, (_, i) => `${prefix}${i}.${kind}@example.com`)].join("\n");
  const count = async (prefix: string) =>
    Number((await t.db.kysely.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).where("email", "like", `${prefix}%`).executeTakeFirstOrThrow()).n);

  it("a first import up to the cap goes through; a second in the same hour is refused whole, with how many are left; consented rows still go in", async () => {
    // The allowance is per clock hour: a test that would straddle its end waits for the next one.
    const toHourEnd = 3_600_000 - (Date.now() % 3_600_000);
    if (toHourEnd < 60_000) await new Promise((r) => setTimeout(r, toHourEnd + 100));
    const first = Math.floor(AUDIENCE_LIMITS.optinsPerHour * 0.6);
    const second = AUDIENCE_LIMITS.optinsPerHour - first + 1;
    const ok = await importCsv(csvOf("first", first));
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as Json).report).toMatchObject({ added: first, optin: first });

    const refused = await importCsv(csvOf("second", second));
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as Json;
    const left = (AUDIENCE_LIMITS.optinsPerHour - first).toLocaleString("en-IN");
    expect(body).toMatchObject({ success: false, message: expect.stringContaining(`only ${left} more can go out this hour`) });
    expect(body.message).toContain("Nothing was added");
    // Nothing added, nothing owed: the first import's addresses alone wait for their e-mail.
    expect(await count("second")).toBe(0);
    const owed = await t.db.kysely.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).where("optin_due_at", "is not", null).executeTakeFirstOrThrow();
    expect(Number(owed.n)).toBe(first);

    // What is left fits: exactly the rest of the hour's allowance goes through, then even one more is refused.
    expect((await importCsv(csvOf("rest", AUDIENCE_LIMITS.optinsPerHour - first))).status).toBe(200);
    expect((await importCsv(csvOf("one-more", 1))).status).toBe(429);
    expect(await count("one-more")).toBe(0);
    // People who consented are owed no e-mail: their import is not held back.
    const consented = await importCsv(csvOf("consented", 50), "Signed up at our stall, November fair");
    expect(consented.status).toBe(200);
    expect(((await consented.json()) as Json).report).toMatchObject({ added: 50, confirmed: 50 });
  }, 120_000);
});
