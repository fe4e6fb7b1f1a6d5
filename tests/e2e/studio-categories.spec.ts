/**
 * The owner's category list (issue 31, decision 0034), in a browser: an editor adds a category (with its Hindi
 * name) on /studio/categories (axe clean at 375 and 1280 px), a post published in it shows under it on /blogs and
 * /hi/blogs (the Hindi name), a rename keeps old links working (301 to the new name), reordering moves it, and
 * removing it moves its post to the category chosen. The worker's server is shared: the spec leaves the list as it
 * found it (its own category only).
 */
import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";
import { signInAsStaff } from "./session";

test.describe.configure({ mode: "serial" });

const FIRST = "Yoga Studios";
const RENAMED = "Yoga & Pilates";

const card = (page: Page, name: string) => page.locator(`li[data-category="${name}"]`);

test("an editor adds, renames, reorders and removes a category, and the blog follows", async ({ page, server, allowErrors }) => {
  test.setTimeout(180_000);
  // The worker's server is shared: the sample posts first (the seeding refuses a blog that has had a post).
  await withSamplePosts(page.request, server.url);
  await signInAsStaff(page, server, "categories.editor@example.com", "editor");
  await page.goto("/studio/categories");
  await expect(page.getByRole("heading", { name: "Categories", level: 1 })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }

  // Added from the form at the foot of the page, by keyboard.
  const add = page.getByRole("region", { name: "Add a category" });
  await add.getByLabel("Name", { exact: true }).fill(FIRST);
  await add.getByLabel("Name in Hindi").fill("योग स्टूडियो");
  await add.getByLabel("Name in Hindi").press("Enter");
  await expect(page.getByRole("status")).toContainText(`Added "${FIRST}".`);
  await expect(card(page, FIRST)).toContainText("0 posts");
  // A second category of the same name: refused beside the field.
  await add.getByLabel("Name", { exact: true }).fill(FIRST.toLowerCase());
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText("The blog already has a category with this name.")).toBeVisible();
  // That refusal is a 409 on purpose.
  allowErrors(/status of 409/);

  // A post in it, through the editor's API (the page's session).
  const headers = { origin: server.url };
  const created = await page.request.post(`${server.url}/api/studio/posts`, {
    headers,
    data: { title: `Classes that fill themselves ${Date.now()}`, excerpt: "Bookings on WhatsApp.", author: "Asha Rao", category: FIRST, body: "# Start\n\nA yoga studio's week." },
  });
  expect(created.status(), await created.text()).toBe(201);
  const post = ((await created.json()) as { post: { id: number; version: number; slug: string; title: string } }).post;
  expect((await page.request.post(`${server.url}/api/studio/posts/${post.id}/publish`, { headers, data: { version: post.version } })).status()).toBe(200);

  // The public filter offers it, in each language's name, and finds the post.
  await page.goto("/blogs");
  await expect(page.getByLabel("Category").locator("option", { hasText: FIRST })).toHaveCount(1);
  await page.goto(`/blogs?category=${encodeURIComponent(FIRST)}`);
  await expect(page.getByRole("heading", { name: post.title })).toBeVisible();
  await page.goto("/hi/blogs");
  await expect(page.locator("select[name=category] option", { hasText: "योग स्टूडियो" })).toHaveAttribute("value", FIRST);

  // Renamed: its post moves with it, and the old link lands on the new name.
  await page.goto("/studio/categories");
  await card(page, FIRST).getByText(`Rename ${FIRST}`).click();
  await card(page, FIRST).getByLabel("Name", { exact: true }).fill(RENAMED);
  await card(page, FIRST).getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("status")).toContainText(`Renamed "${FIRST}" to "${RENAMED}"`);
  await expect(card(page, RENAMED)).toContainText("1 post");
  const old = await page.request.get(`${server.url}/blogs?category=${encodeURIComponent(FIRST)}`, { maxRedirects: 0 });
  expect(old.status()).toBe(301);
  expect(old.headers().location).toBe(`/blogs?category=${encodeURIComponent(RENAMED).replaceAll("%20", "+")}`);
  await page.goto(`/blogs?category=${encodeURIComponent(FIRST)}`);
  await expect(page).toHaveURL(/category=Yoga\+%26\+Pilates/);
  await expect(page.getByRole("heading", { name: post.title })).toBeVisible();

  // Up one place and back: the studio's list shows the order.
  await page.goto("/studio/categories");
  const order = () => page.locator("li[data-category]").evaluateAll((items) => items.map((li) => li.getAttribute("data-category")));
  const before = await order();
  const at = before.indexOf(RENAMED);
  await page.getByRole("button", { name: `Move ${RENAMED} up` }).click();
  await expect(page.getByRole("status")).toContainText(`Moved "${RENAMED}".`);
  await expect.poll(async () => (await order()).indexOf(RENAMED)).toBe(at - 1);
  await page.getByRole("button", { name: `Move ${RENAMED} down` }).click();
  await expect.poll(order).toEqual(before);

  // Removed, its post moved to Technology.
  await card(page, RENAMED).getByText(`Remove ${RENAMED}`).click();
  await card(page, RENAMED).getByLabel("Move its posts to").selectOption("Technology");
  await card(page, RENAMED).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("status")).toContainText(`Removed "${RENAMED}"; its post is now in "Technology".`);
  await expect(card(page, RENAMED)).toHaveCount(0);
  const now = (await (await page.request.get(`${server.url}/api/blogs/${post.slug}`)).json()) as { data: { category: string } };
  expect(now.data.category).toBe("Technology");
  await page.request.delete(`${server.url}/api/studio/posts/${post.id}`, { headers });
});
