import { SITEMAP_PAGES } from "../../app/content/seo";
import { expect, test } from "./fixtures";

/**
 * Every public page at the narrowest phone the product supports: nothing makes
 * the page scroll sideways. A wide element may scroll inside its own region
 * (the comparison table does), but only inside a box that fits the screen.
 */
test("every page fits a 320 px screen without sideways scrolling", async ({ page, request, server, allowErrors }) => {
  test.setTimeout(90_000);
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.setViewportSize({ width: 320, height: 640 });
  const seeded = await request.post(`${server.url}/api/blogs/seed`, { headers: { origin: server.url } });
  expect(seeded.ok()).toBe(true);
  const listing = (await (await request.get(`${server.url}/api/blogs`)).json()) as { data: { slug: string }[] };
  const pages = [...SITEMAP_PAGES.map((p) => p.path), `/blog/${listing.data[0]!.slug}`, "/forgot-password", "/no-such-page"];

  for (const path of pages) {
    await page.goto(path);
    const layout = await page.evaluate(() => {
      // Elements that stick out of the screen, unless an ancestor clips or scrolls them, or they are hidden on purpose.
      const outside: string[] = [];
      for (const el of Array.from(document.querySelectorAll("body *"))) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || (box.right <= innerWidth + 0.5 && box.left >= -0.5)) continue;
        // Kept away from eyes and screen readers on purpose (the contact form's trap for bots).
        if (el.closest('[aria-hidden="true"]') && box.right <= 0) continue;
        let contained = false;
        for (let parent = el.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
          const style = getComputedStyle(parent);
          if (style.overflowX !== "visible" && parent.getBoundingClientRect().right <= innerWidth + 0.5) contained = true;
        }
        if (!contained) outside.push(`${el.tagName.toLowerCase()} ${el.textContent?.trim().slice(0, 40) ?? ""}`);
      }
      return { scrollWidth: document.documentElement.scrollWidth, outside };
    });
    expect(layout.scrollWidth, path).toBeLessThanOrEqual(320);
    expect(layout.outside, path).toEqual([]);
  }
  // The unknown page answers 404 on purpose.
  allowErrors(/status of 404/);
});
