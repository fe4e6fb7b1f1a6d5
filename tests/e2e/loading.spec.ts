import { expect, test } from "./fixtures";

// Scripts load after the first paint (app/lib/hydrate-after-paint.server.ts): the page is drawn from the
// document alone, then hydrated. Checked in the browser's own timings.
for (const pathname of ["/", "/blogs", "/sign-in"]) {
  test(`${pathname}: no script is requested before the first contentful paint, and the page then hydrates`, async ({ page }) => {
    await page.goto(pathname);
    await expect(page.locator("html")).toHaveAttribute("data-hydrated", "");
    const timings = await page.evaluate(() => ({
      fcp: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? null,
      scripts: performance
        .getEntriesByType("resource")
        .filter((entry) => new URL(entry.name).pathname.endsWith(".js"))
        .map((entry) => ({ url: new URL(entry.name).pathname, start: entry.startTime })),
    }));
    expect(timings.fcp).not.toBeNull();
    expect(timings.scripts.length).toBeGreaterThan(3);
    for (const script of timings.scripts) expect(script.start, script.url).toBeGreaterThanOrEqual(timings.fcp ?? Infinity);
  });
}
