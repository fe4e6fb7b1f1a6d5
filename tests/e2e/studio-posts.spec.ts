import type { BrowserContext, Page } from "@playwright/test";
import { HINT_COOKIE } from "../../server/http/cookies";
import { type Db, openDatabase } from "../../server/db/database";
import { publishDuePosts } from "../../server/services/blog/schedule";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

// A staff member is made through the services on the server's own database (access granted, TOTP enrolled with a
// known secret, a session that passed the code), then the browser carries that session's cookie.
let db: Db;
test.beforeAll(async ({ server }) => {
  db = await openDatabase(server.databaseUrl);
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

async function axeAtBothWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
}

async function writeDraft(page: Page, title: string) {
  await page.goto("/studio/posts/new");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Excerpt").fill(`What ${title} is about.`);
  await page.getByLabel("Body").fill("# Why\n\nA first paragraph <b>with tags</b>.\n\n> A quote\n\n- one\n- two\n\n## Then\n\nThe end.");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/studio\/posts\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
}

test("an owner writes a post, previews it and publishes it; a visitor sees it on /blogs and at /blog/{slug}", async ({ page, server, browser }) => {
  await signInAs(page.context(), server.url, "owner.e2e@example.com", "owner");
  await page.goto("/studio/posts");
  await axeAtBothWidths(page);

  await writeDraft(page, "Parrots in the studio");
  await axeAtBothWidths(page);

  // Not public yet.
  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  expect((await reader.goto(`${server.url}/blog/parrots-in-the-studio`))?.status()).toBe(404);

  await page.getByRole("link", { name: "Preview" }).click();
  await expect(page.getByText("Preview: this is how the post will look once published.")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Parrots in the studio" })).toBeVisible();
  // Raw HTML is text.
  await expect(page.getByText("A first paragraph <b>with tags</b>.")).toBeVisible();
  await axeAtBothWidths(page);

  await page.getByRole("link", { name: "Back to the editor" }).click();
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();

  await reader.goto(`${server.url}/blogs`);
  await expect(reader.getByText("Parrots in the studio").first()).toBeVisible();
  await reader.goto(`${server.url}/blog/parrots-in-the-studio`);
  await expect(reader.getByRole("heading", { level: 1, name: "Parrots in the studio" })).toBeVisible();
  await expect(reader.getByText("A first paragraph <b>with tags</b>.")).toBeVisible();
  await visitor.close();

  await page.goto("/studio/posts?status=published");
  await expect(page.getByRole("link", { name: "Parrots in the studio" })).toBeVisible();
});

test("an editor schedules a post; when it is due the schedule worker publishes it for visitors", async ({ page, server, browser }) => {
  await signInAs(page.context(), server.url, "editor.e2e@example.com", "editor");
  await writeDraft(page, "Scheduled parrots");
  const id = Number(/\/studio\/posts\/(\d+)$/.exec(page.url())![1]);
  const local = await page.evaluate(() => {
    const at = new Date(Date.now() + 2 * 3_600_000);
    return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
  });
  await page.getByLabel("Publish at").fill(local);
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByRole("status").filter({ hasText: "Scheduled." })).toBeVisible();
  await expect(page.getByText("Scheduled", { exact: true }).first()).toBeVisible();

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  expect((await reader.goto(`${server.url}/blog/scheduled-parrots`))?.status()).toBe(404);
  // The worker's pass, as the server runs it every 15 seconds, at a time after the schedule.
  expect(await publishDuePosts(testDeps(db), Date.now() + 3 * 3_600_000)).toEqual([id]);
  expect((await reader.goto(`${server.url}/blog/scheduled-parrots`))?.status()).toBe(200);
  await reader.goto(`${server.url}/blogs`);
  await expect(reader.getByText("Scheduled parrots").first()).toBeVisible();
  await visitor.close();

  await page.goto(`/studio/posts/${id}/revisions`);
  await expect(page.getByRole("heading", { name: /Revisions/, level: 1 })).toBeVisible();
  await axeAtBothWidths(page);
});

test("the editor saves by keyboard alone, autosaves while typing, and says so when a save is refused", async ({ page, server, browser, allowErrors }) => {
  await signInAs(page.context(), server.url, "keys.e2e@example.com", "editor");
  await page.goto("/studio/posts/new");
  await axeAtBothWidths(page);
  await writeDraft(page, "Keyboard post");
  const editorUrl = page.url();

  // Keyboard only: into the title, type, then Tab to "Save draft" and press Enter.
  await page.getByLabel("Title").focus();
  await page.keyboard.press("End");
  await page.keyboard.type(" by keys");
  for (let i = 0; i < 40; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim())) === "Save draft") break;
  }
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Keyboard post by keys" })).toBeVisible();

  // Autosave: typing is saved a few seconds later without a button.
  await page.getByLabel("Body").press("End");
  await page.getByLabel("Body").pressSequentially(" Autosaved words.");
  await expect(page.getByText(/Saved at/)).toBeVisible({ timeout: 10_000 });

  // Someone else saves in between: the next save is refused, says why, and keeps the text typed here.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(other, server.url, "other.e2e@example.com", "editor");
  await otherPage.goto(editorUrl);
  await otherPage.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await otherPage.getByLabel("Excerpt").fill("Changed by another editor.");
  await otherPage.getByRole("button", { name: "Save draft" }).click();
  await expect(otherPage.getByRole("status").filter({ hasText: "Draft saved." })).toBeVisible();
  await other.close();

  await page.getByLabel("Title").fill("My unsaved title");
  await expect(page.getByRole("alert").filter({ hasText: "Someone else saved this post" })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByLabel("Title")).toHaveValue("My unsaved title");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This post was changed elsewhere" })).toBeVisible();
  await expect(page.getByLabel("Title")).toHaveValue("My unsaved title");
  // The refused saves (409) are the point of this step.
  allowErrors(/409/);
});
