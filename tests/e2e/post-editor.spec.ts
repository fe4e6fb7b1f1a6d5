import type { BrowserContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { HINT_COOKIE } from "../../server/http/cookies";
import { type Db, openDatabase } from "../../server/db/database";
import { uploadMedia } from "../../server/services/media/library";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";

let db: Db;
test.beforeAll(async ({ server, playwright }) => {
  db = await openDatabase(server.databaseUrl);
  // The worker's server is shared: the samples go in before this spec's posts, or 'Add Sample Blogs' (refused on a
  // blog that had posts) would leave a later spec on this server without them.
  const request = await playwright.request.newContext();
  try {
    await withSamplePosts(request, server.url);
  } finally {
    await request.dispose();
  }
});
test.afterAll(async () => {
  await db?.close();
});

async function signInAs(context: BrowserContext, baseUrl: string, email: string, access: "owner" | "editor") {
  const staff = await staffWithSession(testDeps(db), email, access);
  await context.addCookies([
    { name: "wp_session", value: staff.token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: baseUrl, sameSite: "Lax" },
  ]);
}

/** Tab (forwards) until the focused element is `target`; fails after `max` presses. Keyboard only. */
async function tabTo(page: Page, target: Locator, max = 80) {
  for (let i = 0; i < max; i++) {
    if (await target.evaluate((el) => el === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error("never reached by Tab");
}

/**
 * What floats over the page (the banner, the WhatsApp button, a sticky header) is hidden, then one region is taken:
 * the article's header (category, title, author, date and read time, excerpt) or its body.
 */
async function regionShot(page: Page, selector: string): Promise<Buffer> {
  await page.evaluate(() => {
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      const position = getComputedStyle(el).position;
      if (position === "fixed" || position === "sticky") el.style.visibility = "hidden";
    }
  });
  return page.locator(selector).screenshot({ animations: "disabled" });
}

/**
 * Two screenshots' pixels: the share of pixels whose colour differs by more than a little. An element's box may
 * round to one pixel more or less on either page (its top sits at a fraction of a pixel): up to 2 px of size
 * difference is compared over the common area; more counts as different.
 */
async function differingShare(a: Buffer, b: Buffer): Promise<{ share: number; sizes: string }> {
  const [ma, mb] = await Promise.all([sharp(a).metadata(), sharp(b).metadata()]);
  const sizes = `${ma.width}x${ma.height} / ${mb.width}x${mb.height}`;
  if (Math.abs(ma.width! - mb.width!) > 2 || Math.abs(ma.height! - mb.height!) > 2) return { share: 1, sizes };
  const area = { left: 0, top: 0, width: Math.min(ma.width!, mb.width!), height: Math.min(ma.height!, mb.height!) };
  const [ra, rb] = await Promise.all([
    sharp(a).extract(area).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
    sharp(b).extract(area).ensureAlpha().raw().toBuffer({ resolveWithObject: true }),
  ]);
  let differing = 0;
  for (let i = 0; i < ra.data.length; i += 4) {
    const d = Math.abs(ra.data[i]! - rb.data[i]!) + Math.abs(ra.data[i + 1]! - rb.data[i + 1]!) + Math.abs(ra.data[i + 2]! - rb.data[i + 2]!);
    if (d > 24) differing++;
  }
  return { share: differing / (ra.data.length / 4), sizes };
}

const BODY = "Before any heading, with **bold** and a [guide](https://guides.example/start).\n\n## Steps\n\n1. First step\n2. Second step\n\n- A bullet\n\n> A quote that matters\n\nSee https://docs.example/page for more.";

test("keyboard only: an editor writes a post with a link, bold text and a library picture, and publishes it", async ({ page, server }) => {
  const bytes = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#2f855a" } }).png().toBuffer();
  const media = (await uploadMedia(testDeps(db), { bytes, name: "keyboard-parrot.png" }, { userId: null, label: "e2e", clientIp: "203.0.113.9" })).item;
  await signInAs(page.context(), server.url, "keys.editor@example.com", "editor");
  await page.goto("/studio/posts/new");
  await expect(page.locator("html[data-hydrated]")).toBeAttached();

  await tabTo(page, page.getByLabel("Title", { exact: true }));
  await page.keyboard.type("Typed with keys");
  await tabTo(page, page.getByLabel("Excerpt"));
  await page.keyboard.type("Written without a mouse.");
  await tabTo(page, page.getByLabel("Author"));
  await page.keyboard.type("Key Person");

  const body = page.getByLabel("Body");
  await tabTo(page, body);
  await page.keyboard.type("## Keys\n\nA ");
  await page.keyboard.press("Control+b");
  await page.keyboard.type("strong");
  await page.keyboard.press("End");
  await page.keyboard.type(" word and ");
  await page.keyboard.press("Control+k");
  // The link's address is selected: typed over.
  await page.keyboard.type("https://example.org/keys");
  await page.keyboard.press("End");
  await page.keyboard.type(".\n\n");
  await expect(body).toHaveValue("## Keys\n\nA **strong** word and [link text](https://example.org/keys).\n\n");

  // The picture: chosen from the library, alt text typed, inserted with Enter.
  const choose = page.getByLabel("Picture", { exact: true });
  await tabTo(page, choose);
  await page.keyboard.press("ArrowDown");
  await expect(choose).toHaveValue(String(media.id));
  await tabTo(page, page.getByLabel("Alt text (required)"));
  await page.keyboard.type("A green square");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Our colour");
  await page.keyboard.press("Enter");
  await expect(page.getByText("Picture inserted into the body.")).toBeVisible();
  await expect(body).toHaveValue(`## Keys\n\nA **strong** word and [link text](https://example.org/keys).\n\n![A green square](media:${media.id} "Our colour")`);
  await expect(body).toBeFocused();

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }

  await tabTo(page, page.getByRole("button", { name: "Create draft" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/studio\/posts\/\d+$/);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  await tabTo(page, page.getByRole("button", { name: "Publish now" }), 120);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();

  await page.goto("/blog/typed-with-keys");
  const article = page.locator("article");
  await expect(article.getByRole("link", { name: "link text" })).toHaveAttribute("href", "https://example.org/keys");
  await expect(article.getByRole("link", { name: "link text" })).toHaveAttribute("rel", "noopener noreferrer");
  await expect(article.locator("strong", { hasText: "strong" })).toBeVisible();
  const picture = article.getByRole("img", { name: "A green square" });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute("srcset", /\/media\/.+ \d+w/);
  await expect(article.locator("figcaption")).toHaveText("Our colour");
});

test("the preview equals the live page, pixel for pixel, at 375 and 1280 px", async ({ page, server }) => {
  await signInAs(page.context(), server.url, "preview.owner@example.com", "owner");
  const deps = testDeps(db);
  const { createPost, publishPost } = await import("../../server/services/blog/studio-posts");
  const actor = { userId: null, label: "e2e", clientIp: "203.0.113.10" };
  const draft = await createPost(deps, actor, { title: "Preview equals live", excerpt: "The same pixels.", author: "Pixel Person", category: "Technology", tags: ["pixels"], body: BODY });
  await publishPost(deps, actor, draft.id, draft.version);

  // The site's font is `font-display: optional` (used only when cached or quick for the first layout): both pages are
  // compared with it in the cache, as a returning visitor sees them.
  await page.goto("/blog/preview-equals-live");
  await page.evaluate(() => document.fonts.ready);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/studio/posts/${draft.id}/preview`);
    await expect(page.getByText("Preview: this is how the post will look once published.")).toBeVisible();
    // The header too: the title's size and the author, date and read time apart were what the old preview got wrong.
    const regions = ["article > header", "[data-post-body]"];
    const preview = [];
    for (const region of regions) preview.push(await regionShot(page, region));
    await page.goto("/blog/preview-equals-live");
    for (const [i, region] of regions.entries()) {
      const live = await regionShot(page, region);
      const { share, sizes } = await differingShare(preview[i]!, live);
      console.log(`preview vs live, ${region} at ${width}px: ${sizes}, ${(share * 100).toFixed(3)}% of pixels differ`);
      expect(share, `share of differing pixels of ${region} at ${width} (${sizes})`).toBeLessThan(0.001);
    }
  }
  // The numbered list is one list with numbers, and nothing heads the text before the first heading.
  await expect(page.locator("[data-post-body] ol > li")).toHaveCount(2);
  await expect(page.locator("[data-post-body] h2")).toHaveCount(1);
});

test("restoring a revision of a published post puts it in the editor unsaved; the site changes when it is saved", async ({ page, server, browser }) => {
  await signInAs(page.context(), server.url, "restore.editor@example.com", "editor");
  const deps = testDeps(db);
  const { createPost, publishPost, savePost } = await import("../../server/services/blog/studio-posts");
  const actor = { userId: null, label: "e2e", clientIp: "203.0.113.11" };
  const draft = await createPost(deps, actor, { title: "Restore me", excerpt: "Restored.", author: "R", category: "Technology", tags: [], body: "## A\n\nThe original words." });
  const live = await publishPost(deps, actor, draft.id, draft.version);
  await savePost(deps, actor, live.id, live.version, { body: "## A\n\nThe newer words." });

  await page.goto(`/studio/posts/${draft.id}/revisions`);
  await page.getByRole("link", { name: `Restore version ${live.version}` }).click();
  await expect(page.getByText(`Version ${live.version} is in the editor below, not saved yet`)).toBeVisible();
  await expect(page.getByLabel("Body")).toHaveValue("## A\n\nThe original words.");

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`${server.url}/blog/restore-me`);
  await expect(reader.getByText("The newer words.")).toBeVisible();

  await page.getByRole("button", { name: "Save changes" }).click();
  // A published post's save is live: it is not called a draft beside the "Published" badge (issue 31).
  await expect(page.getByRole("status").filter({ hasText: "Changes saved: they are live on the site." })).toBeVisible();
  await expect(page.getByText("Draft saved.")).toHaveCount(0);
  await expect(page.getByText("not saved yet")).toHaveCount(0);
  await reader.reload();
  await expect(reader.getByText("The original words.")).toBeVisible();
  await visitor.close();

  const audit = await db.kysely.selectFrom("audit_log").select(["action", "detail"]).where("record_type", "=", "post").where("record_id", "=", String(draft.id)).orderBy("id").execute();
  expect(audit.map((a) => a.action).at(-1)).toBe("post.revision.restore");
  expect(audit.at(-1)?.detail).toMatch(new RegExp(`^version ${live.version} restored as v\\d+ restore-me `));
  // The audit page shows it so.
  await signInAs(page.context(), server.url, "restore.owner@example.com", "owner");
  await page.goto("/studio/audit?action=post.revision.restore");
  await expect(page.getByRole("cell", { name: new RegExp(`version ${live.version} restored as`) }).first()).toBeVisible();
});

test("the search-result preview follows the search fields, falls back to the title and excerpt, and is cut like a result", async ({ page, server }) => {
  await signInAs(page.context(), server.url, "seo.editor@example.com", "editor");
  const { createPost } = await import("../../server/services/blog/studio-posts");
  const draft = await createPost(testDeps(db), { userId: null, label: "e2e", clientIp: "203.0.113.12" }, {
    title: "Searchable in the preview",
    excerpt: "What the excerpt says.",
    author: "S",
    category: "Technology",
    tags: [],
    body: "## A\n\nText.",
  });
  await page.goto(`/studio/posts/${draft.id}`);
  const preview = page.getByTestId("search-preview");
  // Empty search fields: the title and the excerpt, as the page's head uses them.
  await expect(preview).toContainText("Searchable in the preview");
  await expect(preview).toContainText("What the excerpt says.");
  await expect(preview).toContainText(`blog › ${draft.slug}`);

  await page.getByLabel("Search headline").fill("A headline <b>for search</b>");
  const long = `${"Every word counts here ".repeat(10)}and the end.`;
  await page.getByLabel("Search description").fill(long);
  await expect(preview).toContainText("A headline <b>for search</b>");
  await expect(preview).not.toContainText("Searchable in the preview");
  // Cut at a word within 155 characters, with an ellipsis; the end is not shown.
  const description = preview.locator("p").nth(2);
  const shown = (await description.textContent()) ?? "";
  expect(shown.endsWith("...")).toBe(true);
  expect(shown.length).toBeLessThanOrEqual(158);
  expect(long.startsWith(shown.slice(0, -3))).toBe(true);
  await expect(preview).not.toContainText("and the end.");

  // Cleared again: back to the title.
  await page.getByLabel("Search headline").fill("");
  await expect(preview).toContainText("Searchable in the preview");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
});

test("the sharing image is chosen from the library by keyboard, and the live page shares it", async ({ page, server }) => {
  await signInAs(page.context(), server.url, "share.editor@example.com", "editor");
  const deps = testDeps(db);
  const actor = { userId: null, label: "e2e", clientIp: "203.0.113.13" };
  const bytes = await sharp({ create: { width: 1200, height: 630, channels: 3, background: "#0f766e" } }).png().toBuffer();
  const picture = (await uploadMedia(deps, { bytes, name: "share-card.png" }, actor)).item;
  const { createPost, publishPost } = await import("../../server/services/blog/studio-posts");
  const draft = await createPost(deps, actor, { title: "Shared with a card", excerpt: "Shared.", author: "S", category: "Technology", tags: [], body: "## A\n\nText." });
  await publishPost(deps, actor, draft.id, draft.version);

  await page.goto(`/studio/posts/${draft.id}`);
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
  const group = page.getByRole("radiogroup", { name: "Sharing image" });
  await expect(group.getByRole("radio", { name: "None: the cover is shared." })).toBeChecked();
  const choice = group.getByRole("radio", { name: "share-card.png" });
  await choice.focus();
  await page.keyboard.press("Space");
  await expect(choice).toBeChecked();
  await page.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Changes saved" })).toBeVisible();
  await expect(page.getByRole("radiogroup", { name: "Sharing image" }).getByRole("radio", { name: "share-card.png" })).toBeChecked();

  const html = await (await page.request.get(`${server.url}/blog/${draft.slug}`)).text();
  const ogImage = /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1] ?? "";
  // The chosen picture's file (the post has no cover: without the choice it would share the drawn cover art).
  const files = await db.kysely.selectFrom("media_files").select("name").where("media_id", "=", picture.id).execute();
  expect(files.map((f) => `/media/${f.name}`)).toContain(new URL(ogImage).pathname);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
});
