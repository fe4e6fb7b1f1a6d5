/**
 * Every studio page, with something in it (issue 31): no page scrolls sideways on a 320 px phone, and axe finds
 * nothing at 375 and 1280 px. This covers the pages studio-narrow.spec.ts does not reach (a post's revisions and a
 * restore in the editor, the preview, an import, a newsletter's preview and progress, a lead, a staff member's
 * forms, a page's copy and its revisions) as well as the ones it does.
 */
import { openDatabase } from "../../server/db/database";
import { createPost, publishPost, savePost } from "../../server/services/blog/studio-posts";
import { addSubscriber } from "../../server/services/newsletter/import";
import { startNewsletter } from "../../server/services/newsletter/queue";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { HINT_COOKIE } from "../../server/http/cookies";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";

test("every studio page fits 320 px and is accessible at 375 and 1280 px", async ({ page, server, allowErrors }) => {
  test.setTimeout(600_000);
  const stamp = Date.now();
  const db = await openDatabase(server.databaseUrl);
  const pages: string[] = [];
  try {
    const deps = testDeps(db);
    const owner = await staffWithSession(deps, `every.owner.${stamp}@example.com`, "owner");
    const editor = await staffWithSession(deps, `every.editor.${stamp}@example.com`, "editor");
    await page.context().addCookies([
      { name: "wp_session", value: owner.token, url: server.url, httpOnly: true, sameSite: "Lax" },
      { name: HINT_COOKIE, value: "1", url: server.url, sameSite: "Lax" },
    ]);
    await withSamplePosts(page.request, server.url);
    const actor = { userId: owner.userId, label: owner.email, clientIp: "203.0.113.20", secondFactorAt: Date.now() };

    // A published post with a long unbroken word, edited once (two revisions), and sent as a newsletter to a label.
    const draft = await createPost(deps, actor, {
      title: `Every page ${stamp}`,
      excerpt: "A post for every page.",
      author: "Page Person",
      category: "Technology",
      tags: ["pages"],
      body: "## One\n\n1. First\n2. Second\n\nSee https://example.org/a/very/long/address/that/does/not/break/easily/anywhere/at/all/ok",
    });
    const live = await publishPost(deps, actor, draft.id, draft.version);
    await savePost(deps, actor, live.id, live.version, { body: "## One\n\nThe second words, **bold**." });
    const revision = await db.kysely.selectFrom("blog_revisions").select("id").where("blog_id", "=", draft.id).orderBy("id").executeTakeFirstOrThrow();
    const address = `a.very.long.subscriber.address.${stamp}@example-agency.co.in`;
    await addSubscriber(deps, { email: address, name: "Long Name", labels: "partners", consent: "Signed up at the clinic's front desk, on paper." }, actor);
    const newsletter = await startNewsletter(deps, draft.id, 1, actor, Date.now(), { labels: ["partners"] });

    // A lead, to open.
    const leadAnswer = await page.request.post(`${server.url}/api/leads`, {
      headers: { origin: server.url },
      data: { firstName: "Priyadarshini", lastName: "Venkataraghavan", email: `priyadarshini.${stamp}@example-clinic.co.in`, phone: "9876543210", message: "We run three clinics" },
    });
    expect(leadAnswer.ok()).toBe(true);
    const lead = await db.kysely.selectFrom("leads").select("id").orderBy("id", "desc").executeTakeFirstOrThrow();

    await page.goto("/studio/pages");
    const copyPage = await page.locator('main a[href^="/studio/pages/"]').first().getAttribute("href");
    expect(copyPage).toBeTruthy();

    pages.push(
      "/studio",
      "/studio/posts",
      "/studio/posts/new",
      `/studio/posts/${draft.id}`,
      `/studio/posts/${draft.id}?restore=${revision.id}`,
      `/studio/posts/${draft.id}/revisions`,
      `/studio/posts/${draft.id}/preview`,
      "/studio/categories",
      "/studio/media",
      "/studio/analytics",
      "/studio/questions",
      "/studio/subscribers",
      "/studio/subscribers?label=partners",
      "/studio/subscribers/import",
      "/studio/newsletters",
      `/studio/newsletters/new?post=${draft.id}`,
      `/studio/newsletters/${newsletter.issueId}`,
      `/studio/newsletters/${newsletter.issueId}?already=1`,
      "/studio/leads",
      `/studio/leads/${lead.id}`,
      "/studio/accounts",
      "/studio/staff",
      `/studio/staff?manage=${encodeURIComponent(editor.email)}`,
      "/studio/audit",
      "/studio/export",
      "/studio/password",
      "/studio/settings",
      "/studio/pages",
      copyPage!,
      copyPage!.replace(/(\?|$)/, "/revisions$1"),
      "/studio/faq",
      "/studio/faq/revisions",
    );
  } finally {
    await db.close();
  }

  const wide: string[] = [];
  const failing: string[] = [];
  const inaccessible: string[] = [];
  for (const path of pages) {
    const answer = await page.goto(path);
    if (answer?.status() !== 200) failing.push(`${path}: ${answer?.status()}`);
    await page.setViewportSize({ width: 320, height: 740 });
    const scroll = await page.evaluate(() => document.documentElement.scrollWidth);
    if (scroll > 320) wide.push(`${path} at 320 px: ${scroll} px wide`);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // The newsletter's preview frame is the e-mail itself, sandboxed (no script: axe cannot run in it).
      await expectAccessible(page, { exclude: path.startsWith("/studio/newsletters/new") ? ["iframe"] : [] }).catch((error: Error) => inaccessible.push(`${path} at ${width} px: ${error.message.split("\n").slice(0, 12).join("\n")}`));
    }
  }
  // axe reaches into the newsletter preview's sandboxed frame, which (rightly) runs no script.
  allowErrors(/Blocked script execution in 'about:srcdoc'/);
  expect({ failing, wide, inaccessible }).toEqual({ failing: [], wide: [], inaccessible: [] });
});
