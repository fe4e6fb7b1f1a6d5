/**
 * 'Add Sample Blogs' works only while the blog has never had a post (docs/findings.md, issue 26 item 3): an
 * anonymous POST /api/blogs/seed used to add the samples to a live blog and bring back a sample the owner had
 * deleted, with no audit line. Each case runs on a fresh database.
 */
import { afterEach, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { SAMPLE_BLOGS } from "../../server/services/blog/samples";
import { createPost, deletePost, publishPost, savePost } from "../../server/services/blog/studio-posts";
import { type Actor, listAudit } from "../../server/services/audit";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const REFUSAL = "Sample posts can only be added to a blog that has never had a post.";
const OWNER: Actor = { userId: null, label: "owner@example.com", clientIp: "203.0.113.1" };

describe.each(testDatabaseKinds())("'Add Sample Blogs' on %s", (kind) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  async function fresh() {
    t = await createTestDatabase(kind);
    const deps = testDeps(t.db, { TRUST_PROXY: "true" });
    const app = await createApp({ deps });
    const seed = async (ip = "198.51.100.23") => {
      const res = await app.request("/api/blogs/seed", { method: "POST", headers: { "x-forwarded-for": ip } });
      return { status: res.status, body: (await res.json()) as { success: boolean; message: string; added?: number } };
    };
    const counts = async () => ({
      blogs: Number((await t!.db.kysely.selectFrom("blogs").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
      audit: Number((await t!.db.kysely.selectFrom("audit_log").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n),
      slugs: (await t!.db.kysely.selectFrom("blogs").select("slug").orderBy("slug").execute()).map((r) => r.slug),
    });
    const expectRefused = async () => {
      const before = await counts();
      const refused = await seed();
      expect(refused).toEqual({ status: 409, body: { success: false, message: REFUSAL } });
      expect(await counts()).toEqual(before);
    };
    return { deps, seed, counts, expectRefused };
  }

  it("adds the samples to a blog that never had a post, once, and records it in the audit log with the client's address", async () => {
    const { deps, seed, counts, expectRefused } = await fresh();
    const first = await seed("198.51.100.23");
    expect(first).toEqual({ status: 200, body: { success: true, message: "Successfully added 3 sample blog posts!", added: 3 } });
    expect((await counts()).slugs).toEqual(SAMPLE_BLOGS.map((s) => s.slug).sort());
    const audit = await listAudit(deps, { action: "post.seed" });
    expect(audit).toHaveLength(1);
    const ids = (await t!.db.kysely.selectFrom("blogs").select("id").orderBy("id").execute()).map((r) => String(r.id));
    expect(audit[0]!.line).toMatchObject({ actor: "anonymous visitor", clientIp: "198.51.100.23", recordType: "post", recordId: ids.join(",") });
    // Running it twice adds nothing twice: refused, and nothing written (not even an audit line).
    await expectRefused();
  });

  it("refuses a blog with a draft, a scheduled or an unpublished post", async () => {
    const { expectRefused } = await fresh();
    const draft = await createPost({ db: t!.db }, OWNER, { title: "Our first real post" });
    await expectRefused();
    const published = await publishPost({ db: t!.db }, OWNER, draft.id, draft.version, {
      excerpt: "Real news.",
      author: "Asha Rao",
      category: "Technology",
      body: "A real paragraph of the owner's own.",
    });
    expect(published.status).toBe("published");
    await expectRefused();
  });

  it("refuses a blog whose every post was deleted: a deleted sample never comes back", async () => {
    const { seed, counts, expectRefused } = await fresh();
    expect((await seed()).status).toBe(200);
    const rows = await t!.db.kysely.selectFrom("blogs").select(["id"]).execute();
    for (const row of rows) await deletePost({ db: t!.db }, OWNER, Number(row.id));
    expect((await counts()).blogs).toBe(0);
    await expectRefused();
  });

  it("refuses a blog whose only post was a draft, deleted in the studio (it leaves no post and no gone address)", async () => {
    const { counts, expectRefused } = await fresh();
    const draft = await createPost({ db: t!.db }, OWNER, { title: "Never published" });
    await savePost({ db: t!.db }, OWNER, draft.id, draft.version, { excerpt: "A draft." });
    await deletePost({ db: t!.db }, OWNER, draft.id);
    expect((await counts()).blogs).toBe(0);
    expect(await t!.db.kysely.selectFrom("blog_gone").selectAll().execute()).toEqual([]);
    await expectRefused();
  });

  it("refuses a blog that has only a gone address", async () => {
    const { expectRefused } = await fresh();
    await t!.db.kysely.insertInto("blog_gone").values({ slug: SAMPLE_BLOGS[0]!.slug, gone_at: Date.now() }).execute();
    await expectRefused();
  });

  it("two seedings at the same moment add the samples once: one is refused", async () => {
    const { seed, counts } = await fresh();
    const answers = await Promise.all([seed("198.51.100.31"), seed("198.51.100.32"), seed("198.51.100.33")]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409, 409]);
    expect((await counts()).blogs).toBe(3);
    expect(await listAudit({ db: t!.db }, { action: "post.seed" })).toHaveLength(1);
  });
});
