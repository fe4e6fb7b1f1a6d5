import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { analyticsDashboard, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { uploadMedia } from "../../server/services/media/library";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { previewNewsletter } from "../../server/services/newsletter/queue";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
type App = Awaited<ReturnType<typeof createApp>>;

const HAVE_BUILD = buildPresent();
const BUILD_DIR = buildDir();

/** A body with every mark of decision 0029, text before the first heading, and markup that must stay text. */
const MARKED =
  "Opening words with **bold**, *italic* and [our guide](https://guides.example/start).\n\n" +
  "## Steps\n\n1. First step\n2. Second step\n3. Third step\n\n- a bullet\n\n" +
  "Read https://docs.example/page. <script>alert(1)</script>\n\n[[button:whatsapp]]";

describe.each(testDatabaseKinds())("the post editor's marks and fixes on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: App;
  let editor: string;
  let owner: string;
  let n = 0;

  const call = (method: string, path: string, { token, body, ip }: { token?: string; body?: unknown; ip?: string } = {}) =>
    app.request(`http://127.0.0.1${path}`, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-for": ip ?? `198.51.100.${(++n % 250) + 1}`,
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
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
  const json = async (res: Response) => (await res.json()) as Json;
  const full = (title: string, body = MARKED) => ({ title, excerpt: `About ${title}.`, author: "Asha Rao", category: "Technology", tags: ["marks"], body });
  const create = async (fields: Json) => {
    const res = await call("POST", "/api/studio/posts", { token: editor, body: fields });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(201);
    return (await json(res)).post as Json;
  };
  const act = async (post: Json, action: string, body: Json = {}) => {
    const res = await call("POST", `/api/studio/posts/${post.id}/${action}`, { token: editor, body: { version: post.version, ...body } });
    expect(res.status, JSON.stringify(await res.clone().json())).toBe(200);
    return (await json(res)).post as Json;
  };
  const auditOf = async (id: number) =>
    (await t.db.kysely.selectFrom("audit_log").select(["action", "detail"]).where("record_type", "=", "post").where("record_id", "=", String(id)).orderBy("id").execute()).map((r) => r.action);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true" });
    app = await createApp({ deps, ...(HAVE_BUILD ? { buildDir: BUILD_DIR } : {}) });
    await untilReady(app);
    editor = (await staffWithSession(deps, `marks.editor.${kind}@example.com`, "editor")).token;
    owner = (await staffWithSession(deps, `marks.owner.${kind}@example.com`, "owner")).token;
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  it("stores the spec's shape: no invented heading, numbered items as `1. text`, marks as typed", async () => {
    const post = await act(await create(full("Marked post")), "publish");
    const api = await json(await call("GET", `/api/blogs/${post.slug}`));
    const blog = api.data ?? api.blog ?? api;
    expect(blog.content.sections).toEqual([
      { title: "", content: ["Opening words with **bold**, *italic* and [our guide](https://guides.example/start)."] },
      {
        title: "Steps",
        content: ["1. First step", "2. Second step", "3. Third step", "\u2022 a bullet", "Read https://docs.example/page. <script>alert(1)</script>", "[[button:whatsapp]]"],
      },
    ]);
    // A post without marks keeps exactly the shape it had.
    const plain = await act(await create(full("Plain post", "## One\n\nJust text.\n\n- item")), "publish");
    expect((await json(await call("GET", `/api/blogs/${plain.slug}`))).data?.content ?? (await json(await call("GET", `/api/blogs/${plain.slug}`))).content).toEqual({
      sections: [{ title: "One", content: ["Just text.", "\u2022 item"] }],
    });
  });

  it("refuses a javascript: link and a picture without alt text or not in the library, changing nothing", async () => {
    const post = await create(full("Safe links"));
    for (const body of ["See [this](javascript:alert(1)).", "Go [there](data:text/html,x)", "![](media:1)", "![A parrot](media:999999)"]) {
      const res = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, body } });
      expect(res.status, body).toBe(400);
      expect((await json(res)).field ?? "body").toBe("body");
    }
    const after = await json(await call("GET", `/api/studio/posts/${post.id}`, { token: editor }));
    expect(after.post).toMatchObject({ version: post.version, body: MARKED });
  });

  it.runIf(HAVE_BUILD)("renders numbered lists, links with rel on outside addresses, bold and italic, escaped markup, and no Introduction heading", async () => {
    const post = await act(await create(full("Rendered marks")), "publish");
    const html = await (await call("GET", `/blog/${post.slug}`)).text();
    const body = html.slice(html.indexOf("Opening words"), html.indexOf("related-heading") > 0 ? html.indexOf("related-heading") : undefined);
    expect(body).toMatch(/<ol[^>]*class="list-decimal[^"]*"[^>]*><li>First step<\/li><li>Second step<\/li><li>Third step<\/li><\/ol>/);
    expect(body).not.toContain("\u2022 1.");
    expect(body).toMatch(/<ul[^>]*><li>a bullet<\/li><\/ul>/);
    expect(body).toContain('<a href="https://guides.example/start" rel="noopener noreferrer"');
    expect(body).toContain('<a href="https://docs.example/page" rel="noopener noreferrer"');
    expect(body).toContain("<strong");
    expect(body).toContain("<em>italic</em>");
    expect(body).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    expect(body).not.toContain("<script>alert(1)");
    expect(html).not.toMatch(/<h2[^>]*>(?:<[^>]+>)*[^<]*(?:<[^>]+>)*Introduction/);
    // The button line is the site's WhatsApp button, with the number from the settings.
    expect(body).toMatch(/<a href="https:\/\/wa\.me\/\d+\?text=[^"]+" target="_blank" rel="noopener noreferrer" class="btn-primary">Start WhatsApp Chat/);
  });

  it.runIf(HAVE_BUILD)("under /hi the body's button is the Hindi page's, marked as Hindi inside the English article", async () => {
    const post = await act(await create(full("Hindi frame button")), "publish");
    const html = await (await call("GET", `/hi/blog/${post.slug}`)).text();
    const body = html.slice(html.indexOf("data-post-body"));
    expect(body).toMatch(/<p lang="hi"><a href="https:\/\/wa\.me\/\d+\?text=%E0%A4[^"]+" target="_blank" rel="noopener noreferrer" class="btn-primary">WhatsApp पर बात करें/);
    expect(body).not.toContain("Start WhatsApp Chat");
  });

  it.runIf(HAVE_BUILD)("a Book Demo button line is the site's booking button on the page and in the e-mail", async () => {
    const { siteSettings } = await import("../../server/services/content/settings");
    // A fresh install books on the site (issue 42): the page links /book-demo in the same tab, the e-mail its address.
    const booking = (await siteSettings(deps)).site.bookingUrl;
    expect(booking).toBe("/book-demo");
    const post = await act(await create(full("Book from the post", "## Ready?\n\n[[button:book-demo]]")), "publish");
    const html = await (await call("GET", `/blog/${post.slug}`)).text();
    const body = html.slice(html.indexOf("data-post-body"), html.indexOf("cta-heading"));
    expect(body).toContain(`<a href="${booking}" class="btn-primary">Book Demo`);
    expect(body).not.toContain("[[button");
    const mail = await previewNewsletter(deps, post.id);
    expect(mail.html).toContain(`href="${deps.config.PUBLIC_URL}${booking}"`);
    expect(mail.html).not.toContain("[[button");
  });

  it.runIf(HAVE_BUILD)("shows a library picture inline with its alt text, caption and the cover's responsive versions", async () => {
    const actor = { userId: null, label: "marks test", clientIp: "203.0.113.5" };
    const bytes = await sharp({ create: { width: 1600, height: 900, channels: 3, background: `#${kind === "sqlite" ? "123456" : "654321"}` } }).png().toBuffer();
    const media = (await uploadMedia(deps, { bytes, name: "inline.png" }, actor)).item.id;
    const post = await act(await create(full("Pictured post", `## Look\n\n![A green parrot on a branch](media:${media} "Our parrot")`)), "publish");
    const html = await (await call("GET", `/blog/${post.slug}`)).text();
    const figure = html.slice(html.indexOf("<figure"), html.indexOf("</figure>") + 9);
    expect(figure).toContain('alt="A green parrot on a branch"');
    expect(figure).toMatch(/srcSet="\/media\/[^"]+ \d+w, /i);
    expect(figure).toContain('sizes="(min-width: 768px) 720px, calc(100vw - 2rem)"');
    expect(figure).toContain("<figcaption");
    expect(figure).toContain("Our parrot");
  });

  it("the newsletter e-mail shows the same marks: a numbered list without bullets, links, bold", async () => {
    const post = await act(await create(full("Mailed marks")), "publish");
    const { html, text } = await previewNewsletter(deps, post.id);
    expect(html).toMatch(/<ol style="[^"]*list-style-type:decimal;[^"]*"><li[^>]*>First step<\/li><li[^>]*>Second step<\/li>/);
    expect(html).not.toContain("\u2022 1.");
    expect(html).toContain('<a href="https://guides.example/start"');
    expect(html).toContain('<a href="https://docs.example/page"');
    expect(html).toContain("<strong>bold</strong>");
    expect(html).toContain("&lt;script&gt;");
    expect(html).not.toContain("<script>");
    expect(text).toContain("1. First step\n2. Second step\n3. Third step");
    expect(text).toContain("our guide (https://guides.example/start)");
    // The WhatsApp line is the site's button.
    expect(html).toMatch(/href="https:\/\/wa\.me\/\d+\?text=/);
  });

  it("the API's restore is one save audited as a revision restored", async () => {
    let post = await create(full("Restored by API", "## A\n\nFirst."));
    post = await act(post, "publish");
    const edited = await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, body: "## A\n\nSecond." } }));
    const { revisions } = await json(await call("GET", `/api/studio/posts/${post.id}/revisions`, { token: editor }));
    const first = (revisions as Json[]).at(-1)!;
    const restored = await call("POST", `/api/studio/posts/${post.id}/revisions/${first.id}/restore`, { token: editor, body: { version: edited.post.version } });
    expect(restored.status).toBe(200);
    expect((await auditOf(post.id)).at(-1)).toBe("post.revision.restore");
  });

  it.runIf(HAVE_BUILD)("restoring a published post's revision fills the editor unsaved; the post changes only when saved, audited as restored", async () => {
    let post = await act(await create(full("Live restore", "## A\n\nThe first text.")), "publish");
    post = (await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, title: "Live restore, renamed", body: "## A\n\nThe second text." } }))).post;
    const { revisions } = await json(await call("GET", `/api/studio/posts/${post.id}/revisions`, { token: editor }));
    const first = (revisions as Json[]).at(-1)!;
    const auditBefore = await auditOf(post.id);

    // The revisions page offers the restore as a link into the editor (no form that writes).
    const list = await (await page("GET", `/studio/posts/${post.id}/revisions`, { token: editor })).text();
    expect(list).toContain(`href="/studio/posts/${post.id}?restore=${first.id}"`);

    const opened = await page("GET", `/studio/posts/${post.id}?restore=${first.id}`, { token: editor });
    expect(opened.status).toBe(200);
    const editorHtml = await opened.text();
    expect(editorHtml).toContain("The first text.");
    expect(editorHtml).toContain(`name="restoredFrom" value="${first.id}"`);
    expect(editorHtml).toContain("not saved yet");
    // Nothing changed: the live page, the post, the audit.
    const live = await (await call("GET", `/blog/${post.slug}`)).text();
    expect(live).toContain("The second text.");
    expect(live).not.toContain("The first text.");
    expect((await json(await call("GET", `/api/studio/posts/${post.id}`, { token: editor }))).post).toMatchObject({ version: post.version, title: "Live restore, renamed" });
    expect(await auditOf(post.id)).toEqual(auditBefore);

    // An unknown revision is a 404 page, never a 500.
    expect((await page("GET", `/studio/posts/${post.id}?restore=99999999`, { token: editor })).status).toBe(404);
    expect((await page("GET", `/studio/posts/${post.id}?restore=x`, { token: editor })).status).toBe(404);

    // Saving from the editor puts it live and says "revision restored".
    const form = { title: "Live restore", slug: post.slug, excerpt: post.excerpt, author: post.author, category: post.category, tags: "marks", body: "## A\n\nThe first text.", coverMediaId: "", coverAlt: "" };
    const saved = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { ...form, intent: "save", version: String(post.version), restoredFrom: String(first.id) } });
    expect(saved.status).toBe(200);
    expect((await auditOf(post.id)).slice(auditBefore.length)).toEqual(["post.revision.restore"]);
    // The line names the version the revisions page offered ("Restore version 2"), and says it was restored.
    const line = await t.db.kysely.selectFrom("audit_log").select("detail").where("record_type", "=", "post").where("record_id", "=", String(post.id)).orderBy("id", "desc").executeTakeFirstOrThrow();
    expect(line.detail).toBe(`version ${first.version} restored as v${post.version + 1} ${post.slug} (revision ${first.id})`);
    // Saved as a published post's changes: the answer does not call it a draft.
    expect(await saved.text()).toContain("Changes saved: they are live on the site.");
    expect(await (await call("GET", `/blog/${post.slug}`)).text()).toContain("The first text.");
    // The page's save (in React Router's bundle) reached the assistant's index the host subscribed (decision 0059).
    const indexed = await t.db.kysely.selectFrom("knowledge_passages").select("body").where("source_key", "=", `post:${post.id}`).execute();
    expect(indexed.map((p) => p.body)).toEqual(["The first text."]);
    // A restore naming another post's revision is refused.
    const other = await create(full("Other post", "## B\n\nOther."));
    const { revisions: otherRevisions } = await json(await call("GET", `/api/studio/posts/${other.id}/revisions`, { token: editor }));
    const current = (await json(await call("GET", `/api/studio/posts/${post.id}`, { token: editor }))).post;
    const foreign = await page("POST", `/studio/posts/${post.id}`, { token: editor, form: { ...form, intent: "save", version: String(current.version), restoredFrom: String(otherRevisions[0].id) } });
    expect(foreign.status).toBe(404);
  });

  it.runIf(HAVE_BUILD)("the preview is drawn in the public site's frame and stylesheet, not the studio's", async () => {
    const post = await create(full("Previewed"));
    const res = await page("GET", `/studio/posts/${post.id}/preview`, { token: editor });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(res.headers.get("x-robots-tag")).toContain("noindex");
    const html = await res.text();
    const live = await (await call("GET", "/blogs")).text();
    // The same stylesheet (inlined, by its href) as a public page; the studio's is not there.
    const sheet = /<style[^>]*data-href="([^"]*\/app-[^"]+\.css)"/.exec(live)?.[1];
    expect(sheet).toBeTruthy();
    expect(html).toMatch(new RegExp(`<style[^>]*data-href="${sheet}"`));
    expect(html).not.toMatch(/studio-[\w-]+\.css/);
    expect(html).toContain('id="main"');
    expect(html).toMatch(/<ol[^>]*list-decimal/);
    // Not staff: the site's 404.
    expect((await page("GET", `/studio/posts/${post.id}/preview`)).status).toBe(404);
  });

  it("one post, one view count: the public answer, the studio's list and the analytics posts table agree", async () => {
    const post = await act(await create(full("Counted post")), "publish");
    for (let i = 1; i <= 4; i++) await call("GET", `/api/blogs/${post.slug}`, { ip: `192.0.2.${i}` });
    // The same address again within the hour is the same view.
    await call("GET", `/api/blogs/${post.slug}`, { ip: "192.0.2.1" });
    const api = await json(await call("GET", `/api/blogs/${post.slug}`, { ip: "192.0.2.1" }));
    const publicViews = (api.data ?? api).views;
    expect(publicViews).toBe(4);
    const list = await json(await call("GET", `/api/studio/posts?search=${encodeURIComponent("Counted post")}`, { token: owner }));
    const listed = ((list.posts ?? list.data) as Json[]).find((p) => p.id === post.id)!;
    expect(listed.views).toBe(publicViews);
    const dashboard = await analyticsDashboard(deps, parseDashboardQuery({ period: "30d" }));
    expect(dashboard.posts.find((p) => p.slug === post.slug)?.totalViews).toBe(publicViews);
  });

  it.runIf(HAVE_BUILD)("the post's search headline, description and sharing image are its page's head; bad values are refused", async () => {
    const actor = { userId: null, label: "seo test", clientIp: "203.0.113.6" };
    const bytes = await sharp({ create: { width: 1300, height: 700, channels: 3, background: `#${kind === "sqlite" ? "a1b2c3" : "c3b2a1"}` } }).png().toBuffer();
    const media = (await uploadMedia(deps, { bytes, name: "share.png" }, actor)).item.id;
    let post = await act(await create(full("Searchable post", "## A\n\nText.")), "publish");
    for (const [changes, field] of [
      [{ metaTitle: "x".repeat(201) }, "metaTitle"],
      [{ metaDescription: "x".repeat(401) }, "metaDescription"],
      [{ socialMediaId: 99999999 }, "socialMediaId"],
      [{ socialMediaId: "1" }, "socialMediaId"],
    ] as const) {
      const res = await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, ...changes } });
      expect(res.status, field).toBe(400);
    }
    post = (await json(await call("PUT", `/api/studio/posts/${post.id}`, { token: editor, body: { version: post.version, metaTitle: "Found <first>", metaDescription: "What searchers read.", socialMediaId: media } }))).post;
    expect(post).toMatchObject({ metaTitle: "Found <first>", metaDescription: "What searchers read.", socialMediaId: media });
    const head = (await (await call("GET", `/blog/${post.slug}`)).text()).split("</head>")[0]!;
    expect(head).toContain("<title>Found &lt;first&gt; | Wise Parrot</title>");
    expect(head).toContain('<meta name="description" content="What searchers read."/>');
    expect(head).toMatch(/<meta property="og:image" content="[^"]*\/media\/[^"]+"/);
    // The API keeps the spec's shape: no new fields.
    const api = await json(await call("GET", `/api/blogs/${post.slug}`));
    expect(Object.keys(api.data ?? api)).not.toContain("metaTitle");
  });
});

