import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../tests/helpers/databases";
import { testDeps } from "../../../tests/helpers/deps";
import { seedSampleBlogs } from "../blog/posts";
import { forgetIssueContent, issueContent } from "./render";

/** An issue row as a send leaves it: its content frozen as JSON. */
async function freezeIssue(t: TestDatabase, subject: string): Promise<number> {
  const post = await t.db.kysely.selectFrom("blogs").select("id").orderBy("id").executeTakeFirstOrThrow();
  const row = await t.db.kysely
    .insertInto("newsletter_issues")
    .values({ blog_id: Number(post.id), subject, content: JSON.stringify({ title: subject }), created_at: Date.now(), created_by: null, labels: null, scheduled_for: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

describe("an issue's cached content", () => {
  const databases: TestDatabase[] = [];
  beforeAll(async () => {
    for (let i = 0; i < 2; i++) {
      const t = await createTestDatabase("sqlite");
      await seedSampleBlogs(testDeps(t.db));
      databases.push(t);
    }
  });
  afterAll(async () => {
    for (const t of databases) await t.drop();
  });

  it("is kept per database: the same issue id in two databases is two issues", async () => {
    const [a, b] = databases as [TestDatabase, TestDatabase];
    const idA = await freezeIssue(a, "From the first site");
    const idB = await freezeIssue(b, "From the second site");
    expect(idA).toBe(idB);
    const depsA = testDeps(a.db);
    const depsB = testDeps(b.db);
    expect(await issueContent(depsA, idA)).toMatchObject({ title: "From the first site" });
    expect(await issueContent(depsB, idB)).toMatchObject({ title: "From the second site" });
    // Forgetting one database's issue leaves the other's cached (read again from the row, it is the same).
    await a.db.kysely.updateTable("newsletter_issues").set({ content: JSON.stringify({ title: "Frozen again" }) }).where("id", "=", idA).execute();
    await b.db.kysely.updateTable("newsletter_issues").set({ content: JSON.stringify({ title: "Changed underneath" }) }).where("id", "=", idB).execute();
    forgetIssueContent(a.db, idA);
    expect(await issueContent(depsA, idA)).toMatchObject({ title: "Frozen again" });
    expect(await issueContent(depsB, idB)).toMatchObject({ title: "From the second site" });
  });
});
