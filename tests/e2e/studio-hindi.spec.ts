/**
 * The owner's Hindi in the studio (issue 33), in a browser: /studio/pages says each document's Hindi state; the
 * owner opens the home page's Hindi (English beside each field, the Hindi inputs `lang="hi"`), writes the Hindi
 * headline, saves a draft, previews the real `/hi` with it, publishes, and a visitor sees it on `/hi` while `/` is
 * unchanged; the owner changes an English field and sees it listed as missing Hindi (linked to its field), the
 * English shown on `/hi` meanwhile; the office address in Hindi shows on `/hi` only; a visit to /hi/about counts
 * under Hindi in the analytics. The editor is axe clean at 375 and 1280 px and fits 320 px.
 */
import type { Page } from "@playwright/test";
import { HERO } from "../../shared/content/home";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInNewOwner } from "./owner";

test.describe.configure({ mode: "serial" });
// This file's own server: what it publishes (the home page's copy) is not what other specs of the worker expect.
test.use({ serverEnv: { COMPANY_ADDRESS_HI: "" } });

const OWNER = { name: "Hema Hindi", email: "hema.hindi@example.com", password: "a hindi editing passphrase 9", company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" };
const HINDI_HEADLINE = "WhatsApp पर हर ग्राहक को तुरंत जवाब";
const NEW_TAGLINE = "Answers on WhatsApp, day and night.";
const HINDI_ADDRESS = "बानेर, पुणे, महाराष्ट्र 411045";

async function accessibleAtAllWidths(page: Page) {
  await page.setViewportSize({ width: 320, height: 800 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth), page.url()).toBeLessThanOrEqual(320);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** What a visitor (another browser context, no cookies) sees on a page: the h1, the hero's tagline, the footer. */
async function visitorSees(page: Page, baseUrl: string, path: string) {
  const context = await page.context().browser()!.newContext({ baseURL: baseUrl });
  try {
    const visitor = await context.newPage();
    await visitor.goto(path);
    return {
      headline: ((await visitor.locator("#hero-heading").textContent()) ?? "").trim(),
      text: (await visitor.locator("#hero-heading").locator("..").textContent()) ?? "",
      footer: (await visitor.getByRole("contentinfo").textContent()) ?? "",
    };
  } finally {
    await context.close();
  }
}

test("the owner writes the home page's Hindi beside the English, previews and publishes /hi, and sees what shows English", async ({ page, server }) => {
  // Three axe passes and a dozen page loads: minutes on a loaded machine.
  test.setTimeout(480_000);
  await signInNewOwner(page, server.url, server.databaseUrl, OWNER);

  // Pages: every document's Hindi state.
  await page.goto("/studio/pages");
  const homeRow = page.getByTestId("copy-doc").filter({ has: page.getByRole("link", { name: "Home page", exact: true }) });
  await expect(homeRow.getByTestId("hindi-state")).toHaveText("Hindi complete");
  await homeRow.getByTestId("hindi-state").getByRole("link").click();
  await expect(page).toHaveURL(/\/studio\/pages\/home\?locale=hi$/);

  // The Hindi editor: the switch says which language, the English beside each field, the Hindi inputs in Hindi.
  const languages = page.getByRole("navigation", { name: "Language of the copy" });
  await expect(languages.getByRole("link", { name: "हिन्दी" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByTestId("translation-complete")).toBeVisible();
  const headline = page.getByLabel("Headline", { exact: true });
  await expect(headline).toHaveAttribute("lang", "hi");
  await expect(headline).toHaveValue("");
  const englishHeadline = page.locator("#copy-hero\\.headline-english [data-testid=english-value]");
  await expect(englishHeadline).toHaveText(HERO.headline);
  await expect(englishHeadline).toHaveAttribute("lang", "en");
  // Lists follow the English: no add, remove or move buttons in the Hindi.
  await expect(page.getByRole("button", { name: /^Add / })).toHaveCount(0);
  await accessibleAtAllWidths(page);

  await headline.fill(HINDI_HEADLINE);
  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(page.getByText("Draft saved. Visitors still see the published copy.")).toBeVisible();
  expect((await visitorSees(page, server.url, "/hi")).headline).not.toBe(HINDI_HEADLINE);

  // The preview is the real /hi page with the draft.
  const [preview] = await Promise.all([page.context().waitForEvent("page"), page.getByRole("link", { name: "Preview draft" }).click()]);
  await preview.waitForLoadState();
  expect(new URL(preview.url()).pathname).toBe("/hi");
  await expect(preview.locator("html")).toHaveAttribute("lang", "hi");
  await expect(preview.getByTestId("preview-bar")).toBeVisible();
  await expect(preview.locator("#hero-heading")).toHaveText(HINDI_HEADLINE);
  await preview.close();

  await page.getByRole("button", { name: "Publish" }).first().click();
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();
  expect((await visitorSees(page, server.url, "/hi")).headline).toBe(HINDI_HEADLINE);
  expect((await visitorSees(page, server.url, "/")).headline).toBe(HERO.headline);

  // An English field changed: its Hindi is missing, listed and linked; /hi shows the English meanwhile.
  await languages.getByRole("link", { name: "English" }).click();
  await expect(page).toHaveURL(/\/studio\/pages\/home\?locale=en$/);
  await expect(page.getByTestId("english-value")).toHaveCount(0);
  await page.getByLabel("Tagline", { exact: true }).fill(NEW_TAGLINE);
  await page.getByRole("button", { name: "Publish" }).first().click();
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();

  await languages.getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/locale=hi$/);
  const missing = page.getByTestId("missing-translation");
  await expect(missing.getByRole("heading")).toHaveText(/1 field shows English on the Hindi page/);
  await missing.getByRole("link", { name: "First screen, Tagline" }).click();
  const tagline = page.getByLabel("Tagline", { exact: true });
  await expect(tagline).toBeFocused();
  await expect(page.locator("#copy-hero\\.tagline-english [data-testid=english-value]")).toHaveText(NEW_TAGLINE);
  // The placeholder says what shows while it is empty: the English.
  await expect(tagline).toHaveAttribute("placeholder", NEW_TAGLINE);
  await accessibleAtAllWidths(page);
  const onHindi = await visitorSees(page, server.url, "/hi");
  expect(onHindi.text).toContain(NEW_TAGLINE);
  expect(onHindi.headline).toBe(HINDI_HEADLINE);

  await page.goto("/studio/pages");
  await expect(homeRow.getByTestId("hindi-state")).toHaveText("Hindi: 1 field shows English");

  // The Hindi translation of the tagline takes it off the list.
  await homeRow.getByTestId("hindi-state").getByRole("link").click();
  await page.getByLabel("Tagline", { exact: true }).fill("WhatsApp पर दिन-रात जवाब।");
  await page.getByRole("button", { name: "Publish" }).first().click();
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();
  await expect(page.getByTestId("translation-complete")).toBeVisible();
  expect((await visitorSees(page, server.url, "/hi")).text).toContain("WhatsApp पर दिन-रात जवाब।");
  expect((await visitorSees(page, server.url, "/")).text).toContain(NEW_TAGLINE);
});

test("the office address in Hindi shows on the Hindi pages only", async ({ page, server, allowErrors }) => {
  test.setTimeout(180_000);
  await signInNewOwner(page, server.url, server.databaseUrl, { ...OWNER, email: "hema.address@example.com" });
  await page.goto("/studio/settings");
  const address = await page.getByLabel("Office address", { exact: true }).evaluate((el) => {
    // The field is empty while the default applies; its hint names the default.
    const input = el as HTMLInputElement;
    return input.value || (document.getElementById(input.getAttribute("aria-describedby")?.split(" ")[0] ?? "")?.textContent ?? "").replace(/^.*Default:\s*/, "").trim();
  });
  expect(address.length).toBeGreaterThan(3);
  const field = page.getByLabel("Office address in Hindi");
  await expect(field).toHaveAttribute("lang", "hi");
  await expect(page.getByText("Empty: the Hindi pages show the office address above.")).toBeVisible();
  await field.fill("क");
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Office address in Hindi must be at least 3 characters.")).toBeVisible();
  // The refused save answers 400, which the browser reports.
  allowErrors(/status of 400/);
  await page.getByLabel("Office address in Hindi").fill(HINDI_ADDRESS);
  await page.getByRole("button", { name: "Save settings" }).click();
  await expect(page.getByText("Settings saved.", { exact: false })).toBeVisible();
  await expect.poll(async () => (await visitorSees(page, server.url, "/hi")).footer, { timeout: 15_000 }).toContain(HINDI_ADDRESS);
  const englishNow = (await visitorSees(page, server.url, "/")).footer;
  expect(englishNow).not.toContain(HINDI_ADDRESS);
  // The English address still shows on the English pages.
  expect(englishNow).toContain(address);
});

test("a visit to /hi/about counts under Hindi in the analytics, and the language filter keeps it", async ({ page, server }) => {
  test.setTimeout(180_000);
  await signInNewOwner(page, server.url, server.databaseUrl, { ...OWNER, email: "hema.analytics@example.com" });
  const context = await page.context().browser()!.newContext({ baseURL: server.url });
  const visitor = await context.newPage();
  await visitor.goto("/hi/about");
  await expect(visitor.locator("html")).toHaveAttribute("lang", "hi");
  await context.close();
  const hindiRow = page.getByTestId("analytics-languages").getByRole("row").filter({ has: page.getByRole("link", { name: "हिन्दी" }) });
  await expect
    .poll(
      async () => {
        await page.goto("/studio/analytics?period=7d");
        return Number((await hindiRow.getByRole("cell").first().textContent()) ?? "0");
      },
      { timeout: 20_000 },
    )
    .toBeGreaterThanOrEqual(1);
  await hindiRow.getByRole("link", { name: "हिन्दी" }).click();
  await expect(page).toHaveURL(/language=hi/);
  await expect(page.getByText("Showing visits: Language हिन्दी.", { exact: false })).toBeVisible();
  const pages = page.getByRole("table", { name: "Top pages" });
  await expect(pages.getByRole("link", { name: "/hi/about" })).toBeVisible();
  await expectAccessible(page);
});
