import { LEGAL_DOCUMENTS, LEGAL_LAST_UPDATED } from "../../shared/content";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

// Contact details come from configuration: this file's server runs with its own.
const CONTACT = {
  COMPANY_EMAIL: "legal-desk@wiseparrot.example.org",
  COMPANY_PHONE: "+91 20 1234 5678",
  COMPANY_ADDRESS: "12 Test Lane, Kothrud, Pune 411038, India",
};
test.use({ serverEnv: CONTACT });

for (const doc of LEGAL_DOCUMENTS) {
  test.describe(doc.title, () => {
    test("has every section, a table of contents with working anchors, the date and the contact details", async ({ page }) => {
      await page.goto(doc.path);
      const article = page.getByRole("article");
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(doc.title);
      await expect(page.getByTestId("last-updated")).toHaveText(`Last updated: ${LEGAL_LAST_UPDATED.label}`);
      await expect(page.getByTestId("last-updated").locator("time")).toHaveAttribute("datetime", LEGAL_LAST_UPDATED.iso);

      const headings = doc.sections.map((s, i) => `${i + 1}. ${s.heading}`);
      await expect(article.locator("section > h2")).toHaveText(headings);

      const toc = page.getByRole("navigation", { name: "On this page" });
      await expect(toc.getByRole("link")).toHaveText(headings);
      const hrefs = await toc.getByRole("link").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toEqual(doc.sections.map((s) => `#${s.id}`));
      for (const section of doc.sections) await expect(page.locator(`[id="${section.id}"]`)).toHaveCount(1);

      // Every paragraph and point of the document is on the page.
      const text = await article.innerText();
      for (const section of doc.sections) {
        for (const line of [...(section.paragraphs ?? []), ...(section.points ?? []), ...(section.closing ?? [])]) {
          expect(text).toContain(line);
        }
      }

      const contact = page.getByTestId("legal-contact");
      await expect(contact).toContainText(CONTACT.COMPANY_EMAIL);
      await expect(contact).toContainText(CONTACT.COMPANY_PHONE);
      await expect(contact).toContainText(CONTACT.COMPANY_ADDRESS);
      await expect(contact.getByRole("link", { name: CONTACT.COMPANY_EMAIL })).toHaveAttribute("href", `mailto:${CONTACT.COMPANY_EMAIL}`);

      // A table-of-contents link takes the visitor to its section.
      const last = doc.sections[doc.sections.length - 1]!;
      await toc.getByRole("link", { name: new RegExp(last.heading) }).click();
      await expect(page).toHaveURL(new RegExp(`#${last.id}$`));
      await expect(page.locator(`[id="${last.id}"]`)).toBeInViewport();
    });

    for (const width of [375, 1280]) {
      test(`axe finds no violations at ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(doc.path);
        await expectAccessible(page);
      });
    }
  });
}

test("the spec's key legal points are stated", async ({ page }) => {
  await page.goto("/terms");
  const terms = await page.getByRole("article").innerText();
  expect(terms).toContain("Children's Online Privacy Protection Act");
  expect(terms).toContain("You must not be a minor.");
  expect(terms).toContain("true, accurate, current and complete registration information");
  expect(terms).toMatch(/bots, scripts/);
  expect(terms).toContain("without notice");
  expect(terms).toContain("capped at the amount you paid");
  expect(terms).toContain("become the property of Wise Parrot");

  await page.goto("/refund");
  const refund = await page.getByRole("article").innerText();
  expect(refund).toContain("Refunds are not available after 30 days from the purchase of a service.");
  expect(refund).toContain("denying the purchase code");

  await page.goto("/privacy");
  const privacy = await page.getByRole("article").innerText();
  expect(privacy).toContain("logged out automatically");
  expect(privacy).toMatch(/delete your personal information at any time by contacting/);
});
