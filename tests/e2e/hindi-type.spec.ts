import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

/**
 * Devanagari typography on the Hindi pages (issue 33): the Hindi face draws the Devanagari, no element spaces
 * its letters (letter spacing pulls apart the headline that joins a word's letters), and lines have room for
 * the vowel signs above and below. The English pages keep their own type, and never load the Hindi face.
 */

type Measured = { tag: string; text: string; letterSpacing: string; lineHeight: number; fontSize: number };

async function measure(page: Page): Promise<Measured[]> {
  return page.evaluate(() =>
    Array.from(document.body.querySelectorAll("h1, h2, h3, p, li, a, button, span, label"))
      .filter((el) => !el.closest('[lang^="en"]') && (el as HTMLElement).innerText?.trim() && (el as HTMLElement).offsetParent !== null)
      .map((el) => {
        const style = getComputedStyle(el);
        return {
          tag: el.tagName.toLowerCase(),
          text: (el as HTMLElement).innerText.trim().slice(0, 40),
          letterSpacing: style.letterSpacing,
          lineHeight: parseFloat(style.lineHeight),
          fontSize: parseFloat(style.fontSize),
        };
      }),
  );
}

test.use({ viewport: { width: 375, height: 812 } });

test("Hindi pages: the Hindi face, no letter spacing, taller lines; the English page keeps its type", async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.goto("/hi");
  // The Hindi face draws Devanagari here (a system copy of the font or the shipped file).
  const hindiFace = () =>
    page.evaluate(async () => {
      await document.fonts.ready;
      return Array.from(document.fonts)
        .filter((f) => f.family.replace(/"/g, "") === "Hindi Sans")
        .map((f) => f.status);
    });
  expect(await hindiFace()).toEqual(["loaded"]);
  // Asked for from the <head> on, before the first paint needs it.
  await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveAttribute("href", /noto-sans-devanagari-hindi-400.*\.woff2$/);
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Hindi Sans"/);
  const hindi = await measure(page);
  expect(hindi.length).toBeGreaterThan(10);
  expect(hindi.filter((m) => m.letterSpacing !== "normal").map((m) => `${m.tag} "${m.text}": ${m.letterSpacing}`)).toEqual([]);
  for (const m of hindi.filter((x) => ["h1", "h2", "h3"].includes(x.tag))) expect(m.lineHeight / m.fontSize, `${m.tag} "${m.text}"`).toBeGreaterThanOrEqual(1.3);
  for (const m of hindi.filter((x) => x.tag === "p")) expect(m.lineHeight / m.fontSize, `p "${m.text}"`).toBeGreaterThanOrEqual(1.6);

  await page.goto("/");
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^Jakarta/);
  const english = await measure(page);
  // The English headings keep their tightening, and the Hindi face is never fetched.
  expect(english.find((m) => m.tag === "h1")?.letterSpacing).not.toBe("normal");
  expect(await hindiFace()).toEqual(["unloaded"]);
  await expect(page.locator('head link[rel="preload"][as="font"]')).toHaveCount(0);
});
