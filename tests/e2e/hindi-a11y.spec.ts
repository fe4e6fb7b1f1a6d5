import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";
import { EXPECTED_PAGE_ERRORS, hindiPagesWithPost } from "./hindi-pages";

/**
 * axe on every Hindi page (issue 33) at a phone's and a laptop's width: WCAG 2.1 A/AA and best practices, the
 * same rules as tests/e2e/a11y.ts, with every page's violations collected before the test fails (not only the
 * first page's).
 */

// Reduced motion keeps the rotating banner still, so axe never samples it mid-movement (as the English specs do).
test.use({ reducedMotion: "reduce" });

for (const width of [375, 1280]) {
  test(`axe finds nothing on any Hindi page at ${width} px`, async ({ page, allowErrors }) => {
    test.setTimeout(300_000);
    await page.setViewportSize({ width, height: width < 600 ? 812 : 800 });
    await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
    const pages = await hindiPagesWithPost(page.request);
    const violations: string[] = [];
    for (const path of pages) {
      await page.goto(path);
      const results = await new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]).analyze();
      for (const v of results.violations) {
        violations.push(`${path}: ${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `   ${n.target.join(" ")}`).join("\n")}`);
      }
    }
    allowErrors(EXPECTED_PAGE_ERRORS);
    expect(violations, `axe violations on the Hindi pages at ${width} px`).toEqual([]);
  });
}
