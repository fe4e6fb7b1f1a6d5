import { HEADER_HI, NAV_LINKS_HI } from "../../shared/content/hi/site";
import { HEADER, NAV_LINKS } from "../../shared/content/site";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

/**
 * The phone menu's links are ordinary tap targets (44-48 px tall, one after another), in both languages at the
 * narrowest widths, and are named by their words alone (for the keyboard and screen readers).
 */
const LANGUAGES = [
  { path: "/about", header: HEADER, links: NAV_LINKS },
  { path: "/hi/about", header: HEADER_HI, links: NAV_LINKS_HI },
];

for (const width of [320, 375]) {
  for (const { path, header, links } of LANGUAGES) {
    test(`phone menu links on ${path} at ${width} px are 44-48 px tap targets`, async ({ page }) => {
      await page.setViewportSize({ width, height: 740 });
      await page.goto(path);
      await page.getByRole("button", { name: header.openMenu }).click();
      const menu = page.getByRole("navigation", { name: header.primaryNav });
      await expect(menu).toBeVisible();
      // Wait for the staggered entrance to end: the boxes are measured where they rest.
      await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== "running"));

      const boxes = [];
      for (const link of links) {
        const target = menu.getByRole("link", { name: link.label, exact: true });
        await expect(target).toBeVisible();
        const box = await target.boundingBox();
        expect(box, link.label).not.toBeNull();
        boxes.push(box!);
      }
      for (const [i, box] of boxes.entries()) {
        expect(box.height, `${links[i]!.label}: height`).toBeGreaterThanOrEqual(44);
        expect(box.height, `${links[i]!.label}: height`).toBeLessThanOrEqual(48);
        // The whole width of the menu is the target, not only the word.
        expect(box.width, `${links[i]!.label}: width`).toBeGreaterThan(width / 2);
        if (i > 0) {
          const gap = box.y - (boxes[i - 1]!.y + boxes[i - 1]!.height);
          expect(gap, `${links[i]!.label}: space above`).toBeGreaterThanOrEqual(0);
          expect(gap, `${links[i]!.label}: space above`).toBeLessThanOrEqual(8);
        }
      }
      // The keyboard reaches them in order, each named by its words.
      await expect(menu.getByRole("link", { name: links[0]!.label, exact: true })).toBeFocused();
      await page.keyboard.press("Tab");
      await expect(menu.getByRole("link", { name: links[1]!.label, exact: true })).toBeFocused();
      await expectAccessible(page);
    });
  }
}
