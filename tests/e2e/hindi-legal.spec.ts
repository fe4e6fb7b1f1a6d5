/**
 * The legal pages in Hindi (issue 33): the whole document in Hindi, section for section with the English (same
 * anchors), the notice that the English version governs with its link, the contact box in Hindi, and the page's
 * language for search engines (canonical at /hi, hreflang to the English page).
 */
import { LEGAL_DOCUMENTS } from "../../shared/content";
import { LEGAL_GOVERNS_HI, LEGAL_LAST_UPDATED_HI, LEGAL_UI_HI, PRIVACY_HI, REFUND_HI, TERMS_HI } from "../../shared/content/hi/legal";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

const HINDI = { "/privacy": PRIVACY_HI, "/terms": TERMS_HI, "/refund": REFUND_HI } as const;

for (const english of LEGAL_DOCUMENTS) {
  const doc = HINDI[english.path];
  const path = `/hi${english.path}`;
  test.describe(`${path}`, () => {
    test("is the whole document in Hindi, with the same sections and anchors as the English, and says the English governs", async ({ page, server }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(200);
      await expect(page.locator("html")).toHaveAttribute("lang", "hi");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.getByTestId("last-updated")).toHaveText(`${LEGAL_UI_HI.lastUpdated} ${LEGAL_LAST_UPDATED_HI.label}`);

      const article = page.getByRole("article");
      const headings = doc.sections.map((s, i) => `${i + 1}. ${s.heading}`);
      await expect(article.locator("section > h2")).toHaveText(headings);
      const toc = page.getByRole("navigation", { name: LEGAL_UI_HI.tocHeading });
      const hrefs = await toc.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      // The same anchors as the English page: a link to /privacy#cookies works in both languages.
      expect(hrefs).toEqual(english.sections.map((s) => `#${s.id}`));
      const text = await article.innerText();
      for (const section of doc.sections) {
        for (const line of [...(section.paragraphs ?? []), ...(section.points ?? [])]) expect(text).toContain(line);
      }

      // The English version governs, and is one link away (a full load of the English page).
      const governs = page.getByTestId("legal-governs");
      await expect(governs).toContainText(LEGAL_GOVERNS_HI.text);
      const link = governs.getByRole("link", { name: LEGAL_GOVERNS_HI.link });
      await expect(link).toHaveAttribute("href", english.path);
      await expect(link).toHaveAttribute("hreflang", "en");

      const contact = page.getByTestId("legal-contact").first();
      await expect(contact).toContainText(LEGAL_UI_HI.contactHeading);
      await expect(contact).toContainText(LEGAL_UI_HI.addressLabel);

      // Search engines: this language's address is canonical, the English page its alternate.
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", `${server.url}${path}`);
      await expect(page.locator('link[rel="alternate"][hreflang="en"]')).toHaveAttribute("href", `${server.url}${english.path}`);
      await expect(page.locator('link[rel="alternate"][hreflang="hi"]')).toHaveAttribute("href", `${server.url}${path}`);

      await link.click();
      await expect(page).toHaveURL(`${server.url}${english.path}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(english.title);
      await expect(page.getByTestId("legal-governs")).toHaveCount(0);
    });
  });
}

test("a Hindi legal page is accessible on a phone and on a desktop", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/hi/privacy");
    await expectAccessible(page);
  }
});
