import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { openDatabase } from "../../server/db/database";
import { blogStats } from "../../server/services/blog/listing";
import { insertBlogs } from "../../server/services/blog/posts";
import { postScheduleWorker, publishDuePosts } from "../../server/services/blog/schedule";
import { WORKER_FACTORIES } from "../../server/workers";
import { blogSitemapEntries } from "../../server/services/blog/sitemap";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession, staffWithoutSecondFactor, visitorSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof createApp>>;

const HAVE_BUILD = buildPresent();
const BUILD_DIR = buildDir();

const BODY = "# Why it matters\n\nFirst paragraph of the post.\n\n> A wise quote\n\n- one\n- two\n\n## Next steps\n\nBook a demo.";

describe.each(testDatabaseKinds())("studio posts on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: App;
  let editor: string;
  let owner: string;
  let n = 0;

  const call = (method: string, path: string, { token, body, target = app }: { token?: string; body?: unknown; target?: App } = {}) =>
    target.request(`http://127.0.0.1${path}`, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const json = async (res: Response) => (await res.json()) as Json;

  const create = async (fields: Json, token = editor) => {
    const res = await call("POST", "/api/studio/posts", { token, body: fields });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return (await json(res)).post as Json;
  };
  const act = async (post: Json, action: string, body: Json = {}, token = editor) => {
    const res = await call("POST", `/api/studio/posts/${post.id}/${action}`, { token, body: { version: post.version, ...body } });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    return (await json(res)).post as Json;
  };
  const full = (title: string, extra: Json = {}) => ({
    title,
    excerpt: `About ${title}.`,
    author: "Asha Rao",
    category: "Technology",
    tags: ["automation", "studio"],
    body: BODY,
    ...extra,
  });

  /** Where a post shows publicly through the API and services: listing, search, category, stats, sitemap, one post. */
  async function publicPresence(slug: string, title: string) {
    const id = (await t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", slug).executeTakeFirst())?.id;
    const list = await json(await call("GET", "/api/blogs?limit=50"));
    const search = await json(await call("GET", `/api/blogs?search=${encodeURIComponent(title.toLowerCase())}`));
    const category = await json(await call("GET", "/api/blogs?category=Technology&exclude=other"));
    const one = await call("GET", `/api/blogs/${slug}`);
    const sitemap = await blogSitemapEntries(deps);
    const indexed = await t.db.kysely.selectFrom("knowledge_passages").select("id").where("source_key", "=", `post:${id}`).execute();
    return {
      list: list.data.some((b: Json) => b.slug === slug),
      search: search.data.some((b: Json) => b.slug === slug),
      category: category.data.some((b: Json) => b.slug === slug),
      api: one.status,
      sitemap: sitemap.some((e) => e.path === `/blog/${slug}`),
      indexed: indexed.length > 0,
    };
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true" });
    app = await createApp({ deps, ...(HAVE_BUILD ? { buildDir: BUILD_DIR } : {}) });
    await untilReady(app);
    editor = (await staffWithSession(deps, `editor.${kind}@example.com`, "editor")).token;
    owner = (await staffWithSession(deps, `owner.${kind}@example.com`, "owner")).token;
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  it("refuses every posts endpoint without a session (404, as an unknown address), to a visitor (403) and before the second factor (403)", async () => {
    const post = await create(full("Guarded post"));
    const visitor = await visitorSession(deps, `reader.${kind}@example.com`);
    const halfway = await staffWithoutSecondFactor(deps, `halfway.${kind}@example.com`, "editor");
    const endpoints: [string, string, unknown?][] = [
      ["GET", "/api/studio/posts"],
      ["POST", "/api/studio/posts", { title: "x" }],
      ["GET", `/api/studio/posts/${post.id}`],
      ["PUT", `/api/studio/posts/${post.id}`, { version: post.version, title: "Hijacked" }],
      ["POST", `/api/studio/posts/${post.id}/publish`, { version: post.version }],
      ["POST", `/api/studio/posts/${post.id}/schedule`, { version: post.version, scheduledAt: Date.now() + 3_600_000 }],
      ["POST", `/api/studio/posts/${post.id}/unpublish`, { version: post.version }],
      ["DELETE", `/api/studio/posts/${post.id}`],
      ["GET", `/api/studio/posts/${post.id}/revisions`],
      ["GET", `/api/studio/posts/${post.id}/revisions/compare?from=1&to=1`],
      ["GET", `/api/studio/posts/${post.id}/revisions/1`],
      ["POST", `/api/studio/posts/${post.id}/revisions/1/restore`, { version: post.version }],
    ];
    for (const [method, path, body] of endpoints) {
      const anonymous = await call(method, path, { body });
      expect(anonymous.status, `${method} ${path}`).toBe(404);
      expect((await call(method, path, { body, token: visitor })).status, `${method} ${path}`).toBe(403);
      expect((await call(method, path, { body, token: halfway })).status, `${method} ${path}`).toBe(403);
    }
    // Nothing changed.
    const after = await json(await call("GET", `/api/studio/posts/${post.id}`, { token: editor }));
    expect(after.post).toMatchObject({ title: "Guarded post", version: post.version, status: "draft" });
  });

  it("a draft is nowhere public; published it is everywhere; unpublished it is gone everywhere again", async () => {
    const draft = await create(full("Lighthouse keeping"));
    expect(draft).toMatchObject({ status: "draft", slug: "lighthouse-keeping", version: 1, readTime: "1 min read" });
    const statsBefore = await blogStats(deps);
    expect(await publicPresence(draft.slug, "Lighthouse keeping")).toEqual({ list: false, search: false, category: false, api: 404, sitemap: false, indexed: false });
    // No like or view for a post the public cannot see.
    expect((await call("POST", `/api/blogs/${draft.id}/like`, { body: {} })).status).toBe(404);

    const published = await act(draft, "publish");
    expect(published.status).toBe("published");
    expect(await publicPresence(draft.slug, "Lighthouse keeping")).toEqual({ list: true, search: true, category: true, api: 200, sitemap: true, indexed: true });
    expect((await blogStats(deps)).articles).toBe(statsBefore.articles + 1);
    const apiPost = await json(await call("GET", `/api/blogs/${draft.slug}`));
    expect(apiPost.data.content.sections).toEqual([
      { title: "Why it matters", content: ["First paragraph of the post.", '"A wise quote"', "• one", "• two"] },
      { title: "Next steps", content: ["Book a demo."] },
    ]);
    expect(apiPost.data.tags).toEqual(["automation", "studio"]);
    if (HAVE_BUILD) {
      expect((await call("GET", `/blog/${draft.slug}`)).status).toBe(200);
      expect(await (await call("GET", "/blogs")).text()).toContain("Lighthouse keeping");
      expect(await (await call("GET", "/rss.xml")).text()).toContain(`/blog/${draft.slug}`);
      expect(await (await call("GET", "/sitemap.xml")).text()).toContain(`/blog/${draft.slug}`);
    }

    await act(published, "unpublish");
    expect(await publicPresence(draft.slug, "Lighthouse keeping")).toEqual({ list: false, search: false, category: false, api: 404, sitemap: false, indexed: false });
    expect((await blogStats(deps)).articles).toBe(statsBefore.articles);
    expect((await call("POST", `/api/blogs/${draft.id}/like`, { body: {} })).status).toBe(404);
    if (HAVE_BUILD) {
      expect((await call("GET", `/blog/${draft.slug}`)).status).toBe(404);
      expect(await (await call("GET", "/blogs")).text()).not.toContain("Lighthouse keeping");
      expect(await (await call("GET", "/rss.xml")).text()).not.toContain(`/blog/${draft.slug}`);
      expect(await (await call("GET", "/sitemap.xml")).text()).not.toContain(`/blog/${draft.slug}`);
    }
    // Every step is in the audit log.
    const audit = await t.db.kysely.selectFrom("audit_log").select("action").where("record_type", "=", "post").where("record_id", "=", String(draft.id)).orderBy("id").execute();
    expect(audit.map((a) => a.action)).toEqual(["post.create", "post.publish", "post.unpublish"]);
  });

  it("a related post that is not published is not among a published post's related posts", async () => {
    const shown = await act(await create(full("Related shown", { category: "Case Study" })), "publish");
    await create(full("Related hidden draft", { category: "Case Study" }));
    const related = await json(await call("GET", `/api/blogs?category=${encodeURIComponent("Case Study")}&exclude=${shown.slug}&limit=3`));
    expect(related.data.map((b: Json) => b.title)).not.toContain("Related hidden draft");
    if (HAVE_BUILD) expect(await (await call("GET", `/blog/${shown.slug}`)).text()).not.toContain("Related hidden draft");
  });

  it("keeps raw HTML as text, in the API and on the page", async () => {
    const post = await act(await create(full("Html stays text", { body: "## <img src=x onerror=alert(1)>\n\n<script>alert('x')</script> and <b>bold</b>" })), "publish");
    const api = await json(await call("GET", `/api/blogs/${post.slug}`));
    expect(api.data.content.sections[0]).toEqual({ title: "<img src=x onerror=alert(1)>", content: ["<script>alert('x')</script> and <b>bold</b>"] });
    if (HAVE_BUILD) {
      const html = await (await call("GET", `/blog/${post.slug}`)).text();
      expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; and &lt;b&gt;bold&lt;/b&gt;");
      expect(html).not.toContain("<script>alert(");
      expect(html).not.toContain("<img src=x");
    }
  });

  it("a published post's slug change answers 301 from every old slug (chains collapse), and a new post taking an old slug wins", async () => {
    let post = await act(await create(full("Moving post", { slug: "moving-a" })), "publish");
    post = (await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, slug: "moving-b" } }))).post;
    post = (await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, slug: "moving-c" } }))).post;
    expect(post.slug).toBe("moving-c");
    for (const old of ["moving-a", "moving-b"]) {
      const res = await call("GET", `/api/blogs/${old}`);
      expect(res.status).toBe(301);
      expect(res.headers.get("location")).toBe("/api/blogs/moving-c");
      if (HAVE_BUILD) {
        const page = await call("GET", `/blog/${old}`);
        expect(page.status).toBe(301);
        expect(page.headers.get("location")).toBe("/blog/moving-c");
      }
    }
    // Another post takes the first old slug: it is that post now.
    const taker = await act(await create(full("Taker post", { slug: "moving-a" })), "publish");
    expect((await json(await call("GET", "/api/blogs/moving-a"))).data.title).toBe("Taker post");
    expect((await call("GET", "/api/blogs/moving-b")).status).toBe(301);
    // A slug that is taken is refused with a clear message, naming the field.
    const clash = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, slug: taker.slug } });
    expect(clash.status).toBe(409);
    expect(await json(clash)).toMatchObject({ field: "slug", message: "Another post already uses this slug. Choose another one." });
    const bad = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, slug: "Not A Slug!" } });
    expect(bad.status).toBe(400);
    expect((await json(bad)).field).toBe("slug");
  });

  it("a deleted post answers 410 at its slug and its old slugs; a draft deleted leaves nothing behind", async () => {
    let post = await act(await create(full("Short lived", { slug: "short-lived-old" })), "publish");
    post = (await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, slug: "short-lived" } }))).post;
    expect((await call("DELETE", `/api/studio/posts/${post.id}`, { token: editor })).status).toBe(200);
    expect((await call("GET", "/api/blogs/short-lived")).status).toBe(410);
    expect((await call("GET", "/api/blogs/short-lived-old")).status).toBe(410);
    if (HAVE_BUILD) expect((await call("GET", "/blog/short-lived")).status).toBe(410);
    expect((await call("GET", `/api/studio/posts/${post.id}`, { token: editor })).status).toBe(404);
    expect((await call("DELETE", `/api/studio/posts/${post.id}`, { token: editor })).status).toBe(404);
    const draft = await create(full("Never public"));
    await call("DELETE", `/api/studio/posts/${draft.id}`, { token: owner });
    expect((await call("GET", `/api/blogs/${draft.slug}`)).status).toBe(404);
  });

  it("refuses a save made on a stale version with a clear message, and changes nothing", async () => {
    const post = await create(full("Two editors"));
    const first = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, title: "First editor's title" } });
    expect(first.status).toBe(200);
    const second = await call("PUT", `/api/studio/posts/${post.id}`, { token: owner, body: { version: post.version, title: "Second editor's title" } });
    expect(second.status).toBe(409);
    const answer = await json(second);
    expect(answer.field).toBe("version");
    expect(answer.message).toMatch(/Someone else saved this post after you opened it/);
    expect((await json(await call("GET", `/api/studio/posts/${post.id}`, { token: editor }))).post).toMatchObject({ title: "First editor's title", version: 2 });
    // Saves that race: exactly one wins.
    const racers = await Promise.all(
      [editor, owner, editor].map((token, i) => call("PUT", `/api/studio/posts/${post.id}`, { token, body: { version: 2, title: `Racer ${i}` } })),
    );
    expect(racers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
  });

  it("says what a save did: a draft is saved as a draft, a published post's changes are live (issue 31)", async () => {
    const draft = await create(full("Saved as what"));
    const saved = await json(await call("PUT", `/api/studio/posts/${draft.id}`, { token: editor, body: { version: draft.version, title: "Saved as a draft" } }));
    expect(saved.message).toBe("Draft saved.");
    const live = await act(saved.post as Json, "publish");
    const changed = await json(await call("PUT", `/api/studio/posts/${live.id}`, { token: editor, body: { version: live.version, title: "Saved while live" } }));
    expect([changed.message, (changed.post as Json).status]).toEqual(["Changes saved: they are live on the site.", "published"]);
  });

  it("keeps a revision per save, compares two and restores one as a new save", async () => {
    let post = await create(full("Revised post"));
    for (let i = 1; i <= 3; i++) {
      post = (await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, title: `Revised post ${i}`, body: `${BODY}\n\nExtra ${i}.` } }))).post;
    }
    const { revisions } = await json(await call("GET", `/api/studio/posts/${post.id}/revisions`, { token: editor }));
    expect(revisions.map((r: Json) => r.version)).toEqual([4, 3, 2, 1]);
    const [latest, , , firstRevision] = revisions as Json[];
    const { comparison } = await json(await call("GET", `/api/studio/posts/${post.id}/revisions/compare?from=${firstRevision!.id}&to=${latest!.id}`, { token: editor }));
    expect(comparison.fields.find((f: Json) => f.field === "title")).toEqual({ field: "title", before: "Revised post", after: "Revised post 3", changed: true });
    expect(comparison.fields.find((f: Json) => f.field === "excerpt").changed).toBe(false);
    expect(comparison.body.filter((p: Json) => p.kind !== "same")).toEqual([{ kind: "added", text: "Extra 3." }]);

    const restore = await call("POST", `/api/studio/posts/${post.id}/revisions/${firstRevision!.id}/restore`, { token: editor, body: { version: post.version } });
    expect(restore.status).toBe(200);
    const restored = (await json(restore)).post;
    expect(restored).toMatchObject({ title: "Revised post", body: BODY, version: 5 });
    // A stale restore is refused like a stale save.
    expect((await call("POST", `/api/studio/posts/${post.id}/revisions/${firstRevision!.id}/restore`, { token: editor, body: { version: 4 } })).status).toBe(409);
    // Unknown or malformed revision ids are 404 / 400, never 500.
    expect((await call("GET", `/api/studio/posts/${post.id}/revisions/999999`, { token: editor })).status).toBe(404);
    expect((await call("GET", `/api/studio/posts/${post.id}/revisions/abc`, { token: editor })).status).toBe(404);
    expect((await call("GET", `/api/studio/posts/${post.id}/revisions/compare?from=x&to=1`, { token: editor })).status).toBe(400);
  });

  it("keeps at least the last 20 revisions", async () => {
    let post = await create(full("Many saves"));
    for (let i = 0; i < 25; i++) {
      post = (await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: i % 2 ? editor : owner, body: { version: post.version, excerpt: `Excerpt ${i}` } }))).post;
    }
    const { revisions } = await json(await call("GET", `/api/studio/posts/${post.id}/revisions`, { token: editor }));
    expect(revisions.length).toBeGreaterThanOrEqual(20);
    expect(revisions[0].version).toBe(26);
  });

  it("schedules a post for later; the worker publishes it when due, once", async () => {
    const post = await create(full("Scheduled story"));
    const past = await call("POST", `/api/studio/posts/${post.id}/schedule`, { token: editor, body: { version: post.version, scheduledAt: Date.now() - 1_000 } });
    expect(past.status).toBe(400);
    expect((await json(past)).field).toBe("scheduledAt");
    const garbage = await call("POST", `/api/studio/posts/${post.id}/schedule`, { token: editor, body: { version: post.version, scheduledAt: "tomorrow" } });
    expect(garbage.status).toBe(400);
    const at = Date.now() + 60_000;
    const scheduled = await act(post, "schedule", { scheduledAt: new Date(at).toISOString() });
    expect(scheduled).toMatchObject({ status: "scheduled", scheduledAt: at });
    expect((await call("GET", `/api/blogs/${post.slug}`)).status).toBe(404);
    expect(await publishDuePosts(deps, at - 1)).toEqual([]);
    expect(await publishDuePosts(deps, at + 1)).toEqual([post.id]);
    expect(await publishDuePosts(deps, at + 2)).toEqual([]);
    const live = await json(await call("GET", `/api/blogs/${post.slug}`));
    expect(live.data.date).toBe(new Date(at).toISOString());
    expect(await publicPresence(post.slug, "Scheduled story")).toMatchObject({ list: true, api: 200, sitemap: true, indexed: true });
    // A post that is missing what a public post needs cannot be published or scheduled.
    const bare = await create({ title: "Bare draft" });
    const refused = await call("POST", `/api/studio/posts/${bare.id}/publish`, { token: editor, body: { version: bare.version } });
    expect(refused.status).toBe(400);
    expect((await json(refused)).field).toBe("excerpt");
  });

  it("the server runs the schedule worker, which publishes a due post as soon as it looks", async () => {
    expect(WORKER_FACTORIES).toContain(postScheduleWorker);
    const at = Date.now() + 3_000;
    const post = await act(await create(full("Worker story")), "schedule", { scheduledAt: at });
    await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now()) + 50));
    // A worker looks at once when it starts, then every 15 seconds.
    const worker = postScheduleWorker(deps);
    try {
      let status = 0;
      for (let i = 0; i < 50 && status !== 200; i++) {
        status = (await call("GET", `/api/blogs/${post.slug}`)).status;
        if (status !== 200) await new Promise((r) => setTimeout(r, 100));
      }
      expect(status).toBe(200);
    } finally {
      await worker.stop();
    }
  });

  it("answers bad input with 4xx and changes nothing", async () => {
    const post = await create(full("Input checks"));
    const cases: [string, string, unknown, number][] = [
      ["PUT", `/api/studio/posts/${post.id}`, { version: post.version, category: "Astrology" }, 400],
      ["PUT", `/api/studio/posts/${post.id}`, { version: post.version, tags: Array.from({ length: 11 }, (_, i) => `t${i}`) }, 400],
      ["PUT", `/api/studio/posts/${post.id}`, { version: post.version, coverMediaId: 424242, coverAlt: "A parrot" }, 400],
      ["PUT", `/api/studio/posts/${post.id}`, { version: post.version, unknownField: 1 }, 400],
      ["PUT", `/api/studio/posts/${post.id}`, { title: "no version" }, 400],
      ["PUT", `/api/studio/posts/${post.id}`, [1, 2], 400],
      ["PUT", `/api/studio/posts/${post.id}`, { version: "1; drop table blogs", title: "x" }, 400],
      ["PUT", "/api/studio/posts/0", { version: 1 }, 404],
      ["PUT", "/api/studio/posts/99999999999999999999", { version: 1 }, 404],
      ["POST", "/api/studio/posts", { title: "" }, 400],
      ["POST", "/api/studio/posts", { title: "x".repeat(201) }, 400],
      ["GET", "/api/studio/posts?status=lost", undefined, 400],
      ["GET", "/api/studio/posts?page=-1", undefined, 400],
    ];
    for (const [method, path, body, status] of cases) {
      const res = await call(method, path, { token: editor, body });
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
    }
    const nul = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, title: "Nul\u0000title", body: "a\u0000b" } });
    expect(nul.status).toBe(200);
    expect((await json(nul)).post).toMatchObject({ title: "Nultitle", body: "ab" });
    const res = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: "not json" });
    expect(res.status).toBe(400);
  });

  it("lists every post for the studio with search, status and category filters", async () => {
    await create(full("Findable needle post", { category: "Healthcare" }));
    const all = await json(await call("GET", "/api/studio/posts", { token: editor }));
    expect(all.total).toBeGreaterThan(5);
    const found = await json(await call("GET", "/api/studio/posts?search=needle", { token: editor }));
    expect(found.posts.map((p: Json) => p.title)).toEqual(["Findable needle post"]);
    const drafts = await json(await call("GET", "/api/studio/posts?status=draft&category=Healthcare", { token: owner }));
    expect(drafts.posts.every((p: Json) => p.status === "draft" && p.category === "Healthcare")).toBe(true);
    expect(drafts.posts.length).toBeGreaterThan(0);
  });

  it("the studio's search finds '50%' and 'snake_case' as typed: % and _ are text, not wildcards", async () => {
    await create(full("Save 50% on every booking"));
    await create(full("Save 500 on every booking"));
    await create(full("Naming in snake_case"));
    await create(full("Naming in snakeXcase"));
    const titles = async (search: string) =>
      (await json(await call("GET", `/api/studio/posts?search=${encodeURIComponent(search)}`, { token: editor }))).posts.map((p: Json) => p.title);
    expect(await titles("50%")).toEqual(["Save 50% on every booking"]);
    expect(await titles("snake_case")).toEqual(["Naming in snake_case"]);
    // The slug holds neither character: a search by slug still finds the post.
    expect(await titles("naming-in-snake")).toEqual(["Naming in snakeXcase", "Naming in snake_case"]);
  });

  it("sample posts (no Markdown source) open in the editor as Markdown that gives their sections back", async () => {
    await insertBlogs(deps, [{ slug: "sample-like", title: "Sample like", excerpt: "E", author: "A", date: "2024-07-01", readTime: "3 min read", category: "Technology", featured: false, tags: [], sections: [{ title: "S", content: ["Plain.", "✅ Item", '"Quote"'] }] }]);
    const id = Number((await t.db.kysely.selectFrom("blogs").select("id").where("slug", "=", "sample-like").executeTakeFirstOrThrow()).id);
    const { post } = await json(await call("GET", `/api/studio/posts/${id}`, { token: editor }));
    expect(post.status).toBe("published");
    const saved = await json(await call("PUT", `/api/studio/posts/${id}`, { token: editor, body: { version: post.version, body: post.body } }));
    expect(saved.post.version).toBe(post.version + 1);
    expect((await json(await call("GET", "/api/blogs/sample-like"))).data.content.sections).toEqual([{ title: "S", content: ["Plain.", "✅ Item", '"Quote"'] }]);
  });

  it.runIf(HAVE_BUILD)("the studio's post pages: 404 to visitors, every page for staff, bad input answered on the page, never a 500", async () => {
    const page = (method: string, path: string, { token, form }: { token?: string; form?: Record<string, string> } = {}) =>
      app.request(`http://127.0.0.1${path}`, {
        method,
        redirect: "manual",
        headers: {
          "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
          ...(token ? { cookie: `wp_session=${token}` } : {}),
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
        },
        body: form ? new URLSearchParams(form).toString() : undefined,
      });
    const post = await create(full("Paged post"));
    const visitor = await visitorSession(deps, `page.reader.${kind}@example.com`, "203.0.113.78");
    const paths = ["/studio/posts", "/studio/posts/new", `/studio/posts/${post.id}`, `/studio/posts/${post.id}/preview`, `/studio/posts/${post.id}/revisions`];
    for (const path of paths) {
      expect((await page("GET", path)).status, path).toBe(404);
      expect((await page("GET", path, { token: visitor })).status, path).toBe(404);
      const staff = await page("GET", path, { token: editor });
      expect(staff.status, path).toBe(200);
      expect(staff.headers.get("cache-control")).toContain("no-store");
      expect(staff.headers.get("x-robots-tag")).toContain("noindex");
    }
    // A visitor's post to an editor's action changes nothing.
    expect((await page("POST", `/studio/posts/${post.id}`, { token: visitor, form: { intent: "publish", version: String(post.version) } })).status).toBe(404);
    expect((await json(await call("GET", `/api/studio/posts/${post.id}`, { token: editor }))).post.status).toBe("draft");

    expect((await page("GET", "/studio/posts/abc", { token: editor })).status).toBe(404);
    expect((await page("GET", "/studio/posts/999999999", { token: editor })).status).toBe(404);
    const badFilter = await page("GET", "/studio/posts?status=lost&page=-4", { token: editor });
    expect(badFilter.status).toBe(200);
    expect(await badFilter.text()).toContain("status must be one of");
    expect((await page("GET", `/studio/posts/${post.id}/revisions?from=x&to=999999`, { token: editor })).status).toBe(200);

    const fields = { title: "Paged post", excerpt: "E", author: "A", category: "Technology", tags: "a, b", body: "## S\n\nText", coverMediaId: "", coverAlt: "" };
    const stale = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { ...fields, intent: "save", version: "99" } });
    expect(stale.status).toBe(409);
    expect(await stale.text()).toContain("Someone else saved this post after you opened it");
    const badCover = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { ...fields, intent: "save", version: String(post.version), coverMediaId: "12x" } });
    expect(badCover.status).toBe(400);
    expect(await badCover.text()).toContain("That cover image does not exist");
    const past = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { ...fields, intent: "schedule", version: String(post.version), scheduledAt: "2001-01-01T10:00", tzOffset: "0" } });
    expect(past.status).toBe(400);
    const noConfirm = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { intent: "delete" } });
    expect(noConfirm.status).toBe(400);
    const saved = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { ...fields, intent: "save", version: String(post.version), title: "Paged post saved" } });
    expect(saved.status).toBe(200);
    const created = await page("POST", "/studio/posts/new", { token: editor, form: { ...fields, title: "Made on the page", intent: "create" } });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toMatch(/^\/studio\/posts\/\d+$/);
    const deleted = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { intent: "delete", confirm: "yes" } });
    expect(deleted.status).toBe(302);
    expect((await call("GET", `/api/studio/posts/${post.id}`, { token: editor })).status).toBe(404);
  });

  it.runIf(kind === "postgres")("publishing and unpublishing show on a second process at once; two schedule workers publish a post once", async () => {
    // A second server process: its own connection pool, its own response caches and write counters.
    const otherDb = await openDatabase(t.url);
    const other = await createApp({ deps: testDeps(otherDb, { TRUST_PROXY: "true" }) });
    // Its own editor: the save limit is per person and minute.
    editor = (await staffWithSession(deps, `second.process@example.com`, "editor")).token;
    try {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const post = await create(full(`Cross process ${i}`));
        // The second process has the listing cached before the publish.
        await call("GET", "/api/blogs?limit=50", { target: other });
        const started = performance.now();
        await act(post, "publish");
        let seen = false;
        while (!seen && performance.now() - started < 5_000) {
          const list = await json(await call("GET", "/api/blogs?limit=50", { target: other }));
          seen = list.data.some((b: Json) => b.slug === post.slug);
        }
        times.push(performance.now() - started);
        expect(seen).toBe(true);
        expect((await call("GET", `/api/blogs/${post.slug}`, { target: other })).status).toBe(200);
        const live = await json(await call("GET", `/api/studio/posts/${post.id}`, { token: editor }));
        await act(live.post, "unpublish");
        expect((await json(await call("GET", "/api/blogs?limit=50", { target: other }))).data.some((b: Json) => b.slug === post.slug)).toBe(false);
        expect((await call("GET", `/api/blogs/${post.slug}`, { target: other })).status).toBe(404);
      }
      times.sort((a, b) => a - b);
      console.log(`publish-to-visible on a second process (PostgreSQL), ms: median ${times[2]!.toFixed(1)}, all ${times.map((x) => x.toFixed(1)).join(", ")}`);

      // Two workers (two pools) race for the same due posts: each post is published once.
      const due: Json[] = [];
      const at = Date.now() + 60_000;
      for (let i = 0; i < 6; i++) due.push(await act(await create(full(`Due ${i}`)), "schedule", { scheduledAt: at }));
      const otherDeps = testDeps(otherDb);
      const [a, b] = await Promise.all([publishDuePosts(deps, at + 1), publishDuePosts(otherDeps, at + 1)]);
      expect([...a, ...b].sort((x, y) => x - y)).toEqual(due.map((p) => p.id).sort((x, y) => x - y));
      expect(a.filter((id) => b.includes(id))).toEqual([]);
      const audits = await t.db.kysely.selectFrom("audit_log").select("record_id").where("action", "=", "post.publish").where("actor", "=", "schedule").execute();
      for (const p of due) expect(audits.filter((x) => x.record_id === String(p.id))).toHaveLength(1);
    } finally {
      await otherDb.close();
    }
  });
});
