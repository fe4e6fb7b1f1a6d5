import { ABOUT } from "../../shared/content";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

test.describe("about page", () => {
  test("states the mission, the trust line and India, with Book Demo and Get in Touch", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We don't build bots. We build trust.");
    await expect(page.getByRole("heading", { name: ABOUT.missionHeading })).toBeVisible();
    await expect(page.getByTestId("mission")).toHaveText(ABOUT.mission);
    await expect(page.getByRole("heading", { name: "Based in India" })).toBeVisible();
    await expect(page.locator("main")).toContainText("India");

    const main = page.locator("main");
    const book = main.getByRole("link", { name: /^Book Demo/ });
    await expect(book).toHaveAttribute("href", "/book-demo");
    await expect(book).not.toHaveAttribute("target", "_blank");

    const contact = main.getByRole("link", { name: "Get in Touch" });
    await expect(contact).toHaveAttribute("href", "/contact");
    await contact.click();
    await expect(page).toHaveURL(/\/contact$/);
  });

  test("works without JavaScript", async ({ browser, server }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${server.url}/about`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("We don't build bots. We build trust.");
    await expect(page.getByRole("link", { name: "Get in Touch" })).toHaveAttribute("href", "/contact");
    await context.close();
  });

  for (const width of [375, 1280]) {
    test(`axe finds no violations at ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/about");
      await expectAccessible(page);
    });
  }
});
