import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Fails with the list of axe violations (WCAG 2.1 A/AA and best practices) on the page as it is now. */
export async function expectAccessible(page: Page, { exclude = [] as string[] } = {}): Promise<void> {
  let builder = new AxeBuilder({ page }).withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `   ${n.target.join(" ")}`).join("\n")}`,
  );
  expect(summary, `axe violations on ${page.url()}`).toEqual([]);
}
