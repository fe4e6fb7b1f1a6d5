import type { Page } from "@playwright/test";
import { BUILT_IN_BLOGS, LOCAL_BLOGS } from "../../shared/content/blog";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

// The shell's rotating taglines fade in; axe can catch a frame mid-fade and report its contrast.
// Those are the shell's and are checked by its own tests; these pages are checked without motion.
test.use({ contextOptions: { reducedMotion: "reduce" } });

const cards = (page: Page) => page.getByTestId("local-blog");
const card = (page: Page, title: string) => cards(page).filter({ has: page.getByRole("heading", { name: title, exact: true }) });
const stored = (page: Page, key: string) => page.evaluate((k) => JSON.parse(localStorage.getItem(k) ?? "null") as unknown, key);

async function open(page: Page) {
  await page.goto("/blogs-advanced");
  // The page reads storage once hydrated; publishing is enabled from then on.
  await expect(page.getByRole("button", { name: LOCAL_BLOGS.form.submit })).toBeEnabled();
}

async function write(page: Page, draft: { title: string; description: string; author: string; image?: string }) {
  await page.getByLabel("Title").fill(draft.title);
  await page.getByLabel("Description").fill(draft.description);
  await page.getByLabel("Author").fill(draft.author);
  if (draft.image) await page.getByLabel("Image URL (optional)").fill(draft.image);
  await page.getByRole("button", { name: LOCAL_BLOGS.form.submit }).click();
}

test("the two built-in articles, the stats, 'No blogs yet.', and expand/collapse over 150 characters", async ({ page }) => {
  await open(page);
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByTestId("total-articles")).toHaveText("2");
  await expect(page.getByTestId("your-blogs")).toHaveText("0");
  await expect(page.getByText("No blogs yet.")).toBeVisible();
  for (const blog of BUILT_IN_BLOGS) {
    const c = card(page, blog.title);
    await expect(c).toContainText("5 min read");
    await expect(c).toContainText("Free to Read");
    await expect(c).toContainText(`By ${blog.author}`);
    await expect(c.getByRole("button", { name: /Delete/ })).toHaveCount(0);
  }
  await expect(card(page, BUILT_IN_BLOGS[0]!.title).locator("time")).toHaveText("July 1, 2024");
  await expect(card(page, BUILT_IN_BLOGS[1]!.title).locator("time")).toHaveText("July 5, 2024");

  const first = card(page, BUILT_IN_BLOGS[0]!.title);
  const toggle = first.getByRole("button", { name: "Read Full Article" });
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await expect(first.locator("strong")).toHaveCount(0);
  await toggle.click();
  await expect(first.getByRole("button", { name: "Read Less" })).toHaveAttribute("aria-expanded", "true");
  // Bold and bullets are elements once expanded.
  await expect(first.locator("strong")).toHaveText("A digital growth assistant answers in seconds, day and night.");
  await expect(first.locator("li")).toHaveCount(3);
  await expect(first.locator("li").first()).toHaveText("Replies to every WhatsApp message within seconds");
  await expectAccessible(page);
  // A click on the card body collapses it too.
  await first.locator("p").first().click();
  await expect(first.getByRole("button", { name: "Read Full Article" })).toBeVisible();
});

test("a visitor's blog: validation, rendering rules as text, storage surviving a reload, delete only after confirming", async ({ page }) => {
  await open(page);
  await page.getByRole("button", { name: LOCAL_BLOGS.form.submit }).click();
  await expect(page.getByText(LOCAL_BLOGS.form.required)).toBeVisible();
  // Issue 18: a message under each empty field, and the first one takes focus.
  await expect(page.getByTestId("field-error")).toHaveText([LOCAL_BLOGS.form.missing.title, LOCAL_BLOGS.form.missing.description, LOCAL_BLOGS.form.missing.author]);
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page.getByLabel("Title")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Title")).toHaveAccessibleDescription(LOCAL_BLOGS.form.missing.title);
  // Typing in a field clears its own message only.
  await page.getByLabel("Title").fill("Half a draft");
  await expect(page.getByTestId("field-error")).toHaveText([LOCAL_BLOGS.form.missing.description, LOCAL_BLOGS.form.missing.author]);
  await page.getByRole("button", { name: LOCAL_BLOGS.form.submit }).click();
  await expect(page.getByLabel("Description")).toBeFocused();

  const description = "Short intro with **bold words**.\n\n. first dot bullet\n- second dash bullet\n\n<img src=x onerror=alert(1)> stays text";
  await write(page, { title: "My clinic story", description, author: "Dr. Rao" });
  await expect(page.getByText(LOCAL_BLOGS.form.saved)).toBeVisible();
  await expect(page.getByTestId("total-articles")).toHaveText("3");
  await expect(page.getByTestId("your-blogs")).toHaveText("1");
  await expect(page.getByText("No blogs yet.")).toHaveCount(0);

  const mine = card(page, "My clinic story");
  await expect(mine.locator("strong")).toHaveText("bold words");
  await expect(mine.locator("li")).toHaveText(["first dot bullet", "second dash bullet"]);
  await expect(mine.locator("img")).toHaveCount(0);
  await expect(mine).toContainText("<img src=x onerror=alert(1)> stays text");

  const saved = (await stored(page, "userBlogs")) as Array<Record<string, unknown>>;
  expect(saved).toHaveLength(1);
  expect(saved[0]).toMatchObject({ title: "My clinic story", description, author: "Dr. Rao", views: 0, likes: 0, isUserCreated: true });

  await page.reload();
  await expect(page.getByTestId("your-blogs")).toHaveText("1");
  await expect(card(page, "My clinic story")).toBeVisible();

  // The delete control appears on hover (and keyboard focus), for the visitor's own blogs only.
  const del = card(page, "My clinic story").getByRole("button", { name: "Delete: My clinic story" });
  await expect(del).toHaveCSS("opacity", "0");
  await card(page, "My clinic story").hover();
  await expect(del).toHaveCSS("opacity", "1");
  await del.click();
  const dialog = page.getByRole("dialog", { name: "Are you sure you want to delete this blog?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(card(page, "My clinic story")).toBeVisible();
  await del.focus();
  await page.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(card(page, "My clinic story")).toHaveCount(0);
  await expect(page.getByText("No blogs yet.")).toBeVisible();
  expect(await stored(page, "userBlogs")).toEqual([]);
});

test("bookmarks keep whole articles and survive a reload; share copies title, description and address", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await open(page);
  await page.evaluate(() => Object.defineProperty(navigator, "share", { value: undefined, configurable: true }));
  const second = card(page, BUILT_IN_BLOGS[1]!.title);
  await second.getByRole("button", { name: "Bookmark" }).click();
  await expect(second.getByRole("button", { name: "Bookmarked" })).toHaveAttribute("aria-pressed", "true");
  expect(await stored(page, "bookmarkedBlogs")).toEqual([BUILT_IN_BLOGS[1]]);
  await expect(page.getByTestId("bookmarks").getByRole("link")).toHaveText([BUILT_IN_BLOGS[1]!.title]);

  await second.getByRole("button", { name: "Share" }).click();
  await expect(page.getByText("Blog content copied to clipboard!")).toBeVisible();
  // Issue 18: the message goes away by itself.
  await expect(page.getByText("Blog content copied to clipboard!")).toHaveCount(0, { timeout: LOCAL_BLOGS.noticeMs + 4000 });
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toContain(BUILT_IN_BLOGS[1]!.title);
  expect(copied).toContain(BUILT_IN_BLOGS[1]!.description);
  expect(copied).toContain(`${new URL(page.url()).origin}/blogs-advanced#blog-2`);

  await page.reload();
  await expect(card(page, BUILT_IN_BLOGS[1]!.title).getByRole("button", { name: "Bookmarked" })).toBeVisible();
  await card(page, BUILT_IN_BLOGS[1]!.title).getByRole("button", { name: "Bookmarked" }).click();
  expect(await stored(page, "bookmarkedBlogs")).toEqual([]);
});

test("corrupt or foreign storage never breaks the page", async ({ page }) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    localStorage.setItem("userBlogs", "{not json");
    localStorage.setItem("bookmarkedBlogs", JSON.stringify([{ id: "x" }, 5, null, { id: 9, title: "<b>ok</b>", description: "d", author: "a", date: "2024-01-01", image: "javascript:alert(1)", isUserCreated: true }]));
  });
  await open(page);
  await expect(cards(page)).toHaveCount(2);
  const error = page.getByText("Error loading blogs. Please refresh the page.");
  await expect(error).toBeVisible();
  await expect(error).toHaveClass(/text-rose-700/);
  // The one well-formed foreign bookmark is kept, as text, without its unsafe image.
  await expect(page.getByTestId("bookmarks").getByRole("link")).toHaveText(["<b>ok</b>"]);
  await expectAccessible(page);

  // Writing a blog replaces the unreadable value.
  await write(page, { title: "Fresh start", description: "Works again.", author: "Me" });
  await expect(page.getByTestId("your-blogs")).toHaveText("1");
  await page.reload();
  await expect(card(page, "Fresh start")).toBeVisible();
  await expect(page.getByText("Error loading blogs. Please refresh the page.")).toHaveCount(0);

  await page.evaluate(() => localStorage.setItem("userBlogs", JSON.stringify({ not: "an array" })));
  await page.reload();
  await expect(cards(page)).toHaveCount(2);
  await expect(page.getByText("Error loading blogs. Please refresh the page.")).toBeVisible();
});

test("works at 320 px wide", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await open(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});
