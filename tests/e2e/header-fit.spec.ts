import type { Page } from "@playwright/test";
import { HEADER_HI } from "../../shared/content/hi/site";
import { HEADER } from "../../shared/content/site";
import { expect, test } from "./fixtures";
import { signInAsStaff, signUpAs } from "./session";

/**
 * Issue 45, item 1: from 320 to 1440 px, signed in or out, in both languages, the header's bar keeps every label on
 * one line and inside the window, and "Book Demo" is always on screen (at 768-820 px it used to fall past the right
 * edge with Sign Out, and labels wrapped to two lines). Where the full bar does not fit, the phone bar (Book Demo and
 * the menu) takes its place; where the full bar shows, the language switch shows its name.
 */
const WIDTHS = [320, 375, 768, 820, 900, 1024, 1280, 1440];
const LANGUAGES = [
  { prefix: "", header: HEADER },
  { prefix: "/hi", header: HEADER_HI },
];

type Fit = {
  overflow: number;
  outside: string[];
  wrapped: string[];
  bookVisible: boolean;
  switchLabel: string | null;
};

/** What the header's bar shows: controls past an edge, labels on more than one line, Book Demo, the switch's label. */
async function measure(page: Page, bookDemo: string): Promise<Fit> {
  return page.evaluate((bookLabel) => {
    const bar = document.querySelector("header > div")!;
    const width = document.documentElement.clientWidth;
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      return rect.width > 0 && rect.height > 0 && style.visibility !== "hidden" && !el.closest(".sr-only");
    };
    const controls = Array.from(bar.querySelectorAll<HTMLElement>("a, button")).filter(shown);
    const lines = (el: HTMLElement) => {
      // The most line boxes any one piece of the control's visible text takes (an avatar's initial and a name sit
      // at different heights on one line: each text is measured alone).
      let most = 0;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!node.textContent?.trim() || (node.parentElement && !shown(node.parentElement))) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set<number>();
        for (const rect of Array.from(range.getClientRects())) if (rect.width > 1) tops.add(Math.round(rect.top));
        most = Math.max(most, tops.size);
      }
      return most;
    };
    const name = (el: HTMLElement) => (el.textContent ?? "").replace(/\s+/g, " ").trim() || el.getAttribute("aria-label") || el.tagName;
    const switchLink = controls.find((el) => el.dataset.testid === "language-switch");
    const switchText = switchLink
      ? Array.from(switchLink.querySelectorAll("span")).filter(shown).map((s) => s.textContent ?? "").join("").trim()
      : null;
    return {
      overflow: document.documentElement.scrollWidth - width,
      outside: controls
        .filter((el) => {
          const rect = el.getBoundingClientRect();
          return rect.left < -0.5 || rect.right > width + 0.5;
        })
        .map(name),
      wrapped: controls.filter((el) => lines(el) > 1).map(name),
      bookVisible: controls.some((el) => {
        const rect = el.getBoundingClientRect();
        return name(el) === bookLabel && rect.left >= 0 && rect.right <= width && rect.top >= 0 && rect.bottom <= window.innerHeight;
      }),
      switchLabel: switchText,
    };
  }, bookDemo);
}

async function expectFits(page: Page, bookDemo: string, what: string) {
  const fit = await measure(page, bookDemo);
  expect(fit.overflow, `${what}: the page is wider than the window`).toBeLessThanOrEqual(0);
  expect(fit.outside, `${what}: controls past an edge`).toEqual([]);
  expect(fit.wrapped, `${what}: labels on two lines`).toEqual([]);
  expect(fit.bookVisible, `${what}: Book Demo on screen`).toBe(true);
  // Where the full bar shows the language switch, it shows its name (not the globe alone).
  if (fit.switchLabel !== null) expect(fit.switchLabel, `${what}: the language switch's name`).not.toBe("");
}

for (const { prefix, header } of LANGUAGES) {
  test(`header fits from 320 to 1440 px, signed out (${prefix || "/"})`, async ({ page }) => {
    await page.goto(`${prefix}/about`);
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectFits(page, header.bookDemo, `signed out at ${width} px`);
    }
  });

  test(`header fits from 320 to 1440 px, signed in (${prefix || "/"})`, async ({ page, server }) => {
    await signUpAs(page, server.url, {
      name: "Aarav Sharma",
      email: `header-fit-${prefix ? "hi" : "en"}-${Date.now()}@example.com`,
      password: "Correct-Horse-Battery-9",
      company: "Sharma Realty",
      industry: "Real Estate",
    });
    await page.goto(`${prefix}/about`);
    await expect(page.getByRole("button", { name: prefix ? /साइन आउट/ : "Sign Out" }).first()).toBeAttached();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectFits(page, header.bookDemo, `signed in at ${width} px`);
    }
  });

  test(`header fits from 320 to 1440 px, signed in as staff (${prefix || "/"})`, async ({ page, server }) => {
    await signInAsStaff(page, server, `header-fit-owner-${prefix ? "hi" : "en"}@example.com`, "owner");
    await page.goto(`${prefix}/about`);
    await expect(page.getByRole("link", { name: prefix ? "स्टूडियो" : "Studio" }).first()).toBeAttached();
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expectFits(page, header.bookDemo, `staff at ${width} px`);
    }
  });
}
