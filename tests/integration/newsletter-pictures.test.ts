/**
 * Pictures in newsletter e-mails (issue 31, decision 0034): the post's uploaded cover leads the e-mail with its alt
 * text, and the library pictures of its body appear where the body shows them, with their alt text and caption, all
 * at absolute addresses of the site; a picture deleted from the library is left out. The preview and a real send
 * (the test message, through the outbox) render the same. SQLite and PostgreSQL.
 */
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createPost, publishPost } from "../../server/services/blog/studio-posts";
import { deleteMedia, uploadMedia } from "../../server/services/media/library";
import { previewNewsletter, sendTestNewsletter } from "../../server/services/newsletter/queue";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { LOGO_PATH } from "../../server/services/mail-template";

const SITE = "https://wise-parrot.example.test";
const ACTOR = { userId: null, label: "newsletter pictures", clientIp: "203.0.113.5" };

describe.each(testDatabaseKinds())("pictures in newsletters on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: SITE });
  });
  afterAll(async () => {
    await t?.drop();
  });

  const picture = async (name: string, colour: string) => {
    const bytes = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } }).png().toBuffer();
    return (await uploadMedia(deps, { bytes, name }, ACTOR)).item.id;
  };

  it("carries the cover and the body's pictures at absolute addresses with their alt text and captions", async () => {
    const cover = await picture("cover.png", "#1d4ed8");
    const inline = await picture("inline.png", "#15803d");
    const gone = await picture("gone.png", "#b91c1c");
    const draft = await createPost(deps, ACTOR, {
      title: "A clinic's week on WhatsApp",
      excerpt: "What changed when replies went out in seconds.",
      author: "Asha Rao",
      category: "Healthcare",
      coverMediaId: cover,
      coverAlt: "Reception desk of a Pune clinic",
      body: `# Monday\n\nThe first replies.\n\n![Chart of replies <per hour>](media:${inline} "Replies per hour, before & after")\n\nMore text.\n\n![A picture later deleted](media:${gone})`,
    });
    const post = await publishPost(deps, ACTOR, draft.id, draft.version);
    await deleteMedia(deps, gone, ACTOR).catch(() => undefined);

    const preview = await previewNewsletter(deps, post.id);
    // The pictures of the post (the header's logo mark, on every message, aside).
    const images = [...preview.html.matchAll(/<img src="([^"]+)" alt="([^"]*)"/g)].map((m) => [m[1], m[2]]).filter(([src]) => !src!.endsWith(LOGO_PATH));
    const media = /^https:\/\/wise-parrot\.example\.test\/media\/[^"]+\.webp$/;
    // The cover first (under the title), then the body's picture; the deleted one is not there.
    expect(images).toHaveLength(2);
    expect(images[0]![0]).toMatch(media);
    expect(images[0]![1]).toBe("Reception desk of a Pune clinic");
    expect(images[1]![0]).toMatch(media);
    expect(images[1]![0]).not.toBe(images[0]![0]);
    expect(images[1]![1]).toBe("Chart of replies &lt;per hour&gt;");
    expect(preview.html).toContain("Replies per hour, before &amp; after");
    expect(preview.html.indexOf("The first replies.")).toBeLessThan(preview.html.indexOf(images[1]![0]!));
    expect(preview.html.indexOf(images[1]![0]!)).toBeLessThan(preview.html.indexOf("More text."));
    expect(preview.html).not.toContain("A picture later deleted");
    expect(preview.text).toContain("[Chart of replies <per hour>]\nReplies per hour, before & after");

    // A real message (the staff member's test send, through the outbox) carries the same pictures.
    await sendTestNewsletter(deps, post.id, { ...ACTOR, email: `owner.${kind}@example.test` });
    const sent = await t.db.kysely.selectFrom("mail_outbox").select("html_body").where("kind", "=", "newsletter-test").executeTakeFirstOrThrow();
    expect([...sent.html_body!.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1]).filter((src) => !src!.endsWith(LOGO_PATH))).toEqual(images.map((i) => i[0]));
  });

  it("uses the post's title as the cover's alt text when it has none of its own, and drops pictures from elsewhere", async () => {
    const draft = await createPost(deps, ACTOR, { title: "No pictures here", excerpt: "Text only.", author: "Asha Rao", category: "Technology", body: "# One\n\nJust words." });
    const post = await publishPost(deps, ACTOR, draft.id, draft.version);
    const preview = await previewNewsletter(deps, post.id);
    // No picture but the header's logo mark.
    expect([...preview.html.matchAll(/<img src="([^"]+)"/g)].map((m) => m[1])).toEqual([`${SITE}${LOGO_PATH}`]);
    await t.db.kysely.updateTable("blogs").set({ image: "https://elsewhere.example/cover.jpg" }).where("id", "=", post.id).execute();
    expect((await previewNewsletter(deps, post.id)).html).not.toContain("elsewhere.example");
    await t.db.kysely.updateTable("blogs").set({ image: "/images/blog/cover.jpg" }).where("id", "=", post.id).execute();
    expect((await previewNewsletter(deps, post.id)).html).toContain(`<img src="${SITE}/images/blog/cover.jpg" alt="No pictures here"`);
  });
});
