/**
 * Issue 44, item 8: the studio's newsletter preview shows the copy a Hindi subscriber gets, not only the English one:
 * the Hindi frame (read more, unsubscribe), the post's /hi address and the Hindi unsubscribe page, chosen with an
 * English / Hindi switch on the page. SQLite and PostgreSQL; the page through the built app.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { createPost, publishPost } from "../../server/services/blog/studio-posts";
import { previewNewsletter } from "../../server/services/newsletter/queue";
import { NEWSLETTER_EMAIL } from "../../shared/content/audience";
import { NEWSLETTER_EMAIL_HI } from "../../shared/content/hi/audience";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const SITE = "https://wise-parrot.example.test";
const ACTOR = { userId: null, label: "newsletter preview", clientIp: "203.0.113.5" };
const DEVANAGARI = /[\u0900-\u097f]/;

describe.each(testDatabaseKinds())("the newsletter preview in the subscriber's language on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let postId: number;
  let slug: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: SITE });
    const draft = await createPost(deps, ACTOR, { title: "Replies in seconds", excerpt: "What changed.", author: "Asha Rao", category: "Healthcare", body: "# Monday\n\nThe first replies." });
    const post = await publishPost(deps, ACTOR, draft.id, draft.version);
    postId = post.id;
    slug = post.slug;
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("English by default; Hindi shows the Hindi frame, the /hi post address and the Hindi unsubscribe page", async () => {
    const en = await previewNewsletter(deps, postId);
    expect(en.text).toContain(NEWSLETTER_EMAIL.readMore);
    expect(en.text).toContain(`${SITE}/blog/${slug}`);
    expect(en.text).toContain(`${SITE}/newsletter/unsubscribe?token=PREVIEW`);
    expect(en.html).toContain('<html lang="en">');

    const hi = await previewNewsletter(deps, postId, [], "hi");
    expect(hi.text).toContain(NEWSLETTER_EMAIL_HI.readMore);
    expect(hi.text).not.toContain(NEWSLETTER_EMAIL.readMore);
    expect(hi.text).toContain(`${SITE}/hi/blog/${slug}`);
    expect(hi.text).toContain(`${SITE}/hi/newsletter/unsubscribe?token=PREVIEW`);
    expect(hi.html).toContain('<html lang="hi">');
    expect(hi.html).toMatch(DEVANAGARI);
    // The post itself is as written (English here): only the frame follows the subscriber.
    expect(hi.subject).toBe(en.subject);
  });

  it.skipIf(!buildPresent())(`the studio page switches between the two copies (build at ${path.relative(process.cwd(), buildDir())})`, async () => {
    const app = await createApp({ deps, buildDir: buildDir() });
    await untilReady(app);
    const token = (await staffWithSession(deps, `preview-owner.${kind}@example.com`, "owner")).token;
    const get = async (p: string) => (await app.request(`${SITE}${p}`, { headers: { cookie: `__Host-wp_session=${token}` } })).text();
    const english = await get(`/studio/newsletters/new?post=${postId}`);
    expect(english).toMatch(/<a [^>]*aria-current="page"[^>]*data-testid="frame-en"/);
    expect(english).toMatch(/<a [^>]*href="\/studio\/newsletters\/new\?post=\d+&amp;frame=hi"[^>]*data-testid="frame-hi"|<a [^>]*data-testid="frame-hi"[^>]*href="\/studio\/newsletters\/new\?post=\d+&amp;frame=hi"/);
    expect(english).toContain(NEWSLETTER_EMAIL.readMore);
    const hindi = await get(`/studio/newsletters/new?post=${postId}&frame=hi`);
    expect(hindi).toMatch(/<a [^>]*aria-current="page"[^>]*data-testid="frame-hi"/);
    expect(hindi).toContain(NEWSLETTER_EMAIL_HI.readMore);
    expect(hindi).toContain(`/hi/newsletter/unsubscribe?token=PREVIEW`);
  });
});
