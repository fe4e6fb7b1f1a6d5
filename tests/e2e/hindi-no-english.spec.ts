import type { Locator, Page } from "@playwright/test";
import { type Finding, findEnglish, formatFindings } from "../../scripts/hindi-check";
import { expect, test } from "./fixtures";
import { EXPECTED_PAGE_ERRORS, hindiPagesWithPost, openAllDetails, pageTexts } from "./hindi-pages";

/**
 * No English on a Hindi page (issue 33): every /hi page and every message it can show (the phone menu, the
 * splash, the forms' field errors, the contact form's toast, the chat's welcome and an answer) carries Latin
 * letters only in the allowed names, URLs and e-mail addresses (scripts/hindi-check.ts). Each test collects every
 * offending string on every page it visits and fails once, with the whole list. The banner's and the footer's
 * rotating texts are checked in full from the copy (scripts/hindi-check.test.ts); here the ones on screen.
 */

// Reduced motion: the rotations stand still while the page is read.
test.use({ viewport: { width: 375, height: 812 }, reducedMotion: "reduce" });

const summary = (findings: readonly Finding[]) => findings.map((f) => `${f.where}: ${f.words.join(", ")}`);

async function read(page: Page, label: string, into: Finding[]): Promise<void> {
  into.push(...findEnglish(await pageTexts(page, label)));
}

/**
 * Reads what an interaction added: the strings that were not on the page (at that place) before it, so a
 * message's finding is not lost among the page's own (the first test reports those).
 */
async function readNew(page: Page, before: Set<string>, label: string, into: Finding[]): Promise<void> {
  const now = await pageTexts(page, "");
  const added = now.filter((t) => !before.has(`${t.where}\u0000${t.text}`));
  into.push(...findEnglish(added.map((t) => ({ where: `${label}${t.where}`, text: t.text }))));
}

async function snapshot(page: Page): Promise<Set<string>> {
  return new Set((await pageTexts(page, "")).map((t) => `${t.where}\u0000${t.text}`));
}

test("every Hindi page: its text, labels, title and description", async ({ page, allowErrors }) => {
  test.setTimeout(240_000);
  const pages = await hindiPagesWithPost(page.request);
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  const findings: Finding[] = [];
  for (const path of pages) {
    await page.goto(path);
    await expect(page.locator("html")).toHaveAttribute("lang", "hi");
    await openAllDetails(page);
    const own: Finding[] = [];
    await read(page, path, own);
    // An English post shown in the Hindi frame (marked article[lang=en]) has its own title and description in its
    // language: the document's title and description cannot carry a lang of their own, so they are its.
    const englishPost = (await page.locator('article[lang="en"]').count()) > 0;
    findings.push(...own.filter((f) => !(englishPost && (f.where === `${path} title` || f.where === `${path} meta[name="description"]`))));
  }
  allowErrors(EXPECTED_PAGE_ERRORS);
  expect(summary(findings), `English on the Hindi pages:\n${formatFindings(findings)}`).toEqual([]);
});

test("the splash and the phone menu", async ({ page }) => {
  const findings: Finding[] = [];
  // The splash (?splash=true shows it on any page): its words, whether or not it is still up.
  await page.goto("/hi?splash=true");
  // Its text nodes one by one: the brand and the tagline are separate lines.
  const splashText = await page.locator("[data-splash-screen]").evaluate((el) => {
    const parts: string[] = [];
    const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) parts.push(node.textContent ?? "");
    return parts.join("\n");
  });
  expect(splashText.trim()).not.toBe("");
  findings.push(...findEnglish([{ where: "/hi splash", text: splashText }]));
  // The phone menu, on a page without the splash (it takes the first click).
  await page.goto("/hi");
  const before = await snapshot(page);
  const toggle = page.locator("header button[aria-controls]:visible").first();
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  await readNew(page, before, "/hi (menu open) ", findings);
  expect(summary(findings), formatFindings(findings)).toEqual([]);
});

/** Fills a form's visible fields with Hindi-page-like values, field by field by kind. */
async function fillForm(form: Locator): Promise<void> {
  for (const field of await form.locator("input:visible, textarea:visible, select:visible").all()) {
    const type = (await field.getAttribute("type")) ?? "";
    const tag = await field.evaluate((el) => el.tagName.toLowerCase());
    if (["hidden", "submit", "button", "checkbox", "radio"].includes(type)) continue;
    if (tag === "select") {
      const values = await field.locator("option").evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
      if (values[0]) await field.selectOption(values[0]);
    } else if (type === "email") await field.fill(`asha.${Date.now()}@example.com`);
    else if (type === "tel") await field.fill("9876543210");
    else if (type === "password") await field.fill("Parrot-quality-2026");
    else if (tag === "textarea") await field.fill("मुझे अपने क्लिनिक के लिए डेमो चाहिए, कृपया संपर्क करें।");
    else await field.fill("आशा कुलकर्णी");
  }
}

test("the forms' field errors and the contact form's toast", async ({ page, allowErrors }) => {
  test.setTimeout(120_000);
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  const findings: Finding[] = [];
  for (const path of ["/hi/contact", "/hi/sign-in", "/hi/get-started", "/hi/forgot-password", "/hi/newsletter/subscribe"]) {
    await page.goto(path);
    const form = page.locator("main form").filter({ has: page.locator('button[type="submit"], button:not([type])') }).first();
    const before = await snapshot(page);
    // Empty: every required field says what it needs (a form the browser checks itself shows its own bubble).
    await form.locator('button[type="submit"], button:not([type])').last().click();
    await page
      .locator('main [aria-invalid="true"]')
      .first()
      .waitFor({ timeout: 3_000 })
      .catch(() => undefined);
    await readNew(page, before, `${path} (empty form sent) `, findings);
    // A wrong e-mail address: its own message.
    const email = form.locator('input[type="email"]').first();
    if ((await email.count()) > 0) {
      await email.fill("asha@");
      await form.locator('button[type="submit"], button:not([type])').last().click();
      await page.waitForTimeout(300);
      await readNew(page, before, `${path} (bad e-mail) `, findings);
    }
  }
  // The contact form sent: its toast.
  await page.goto("/hi/contact");
  const contact = page.locator("main form").filter({ has: page.locator("textarea") }).first();
  await fillForm(contact);
  const beforeSend = await snapshot(page);
  await contact.locator('button[type="submit"], button:not([type])').last().click();
  const toast = page.locator("[data-sonner-toast]");
  await expect(toast).toHaveCount(1, { timeout: 15_000 });
  await readNew(page, beforeSend, "/hi/contact (sent, toast) ", findings);
  allowErrors(EXPECTED_PAGE_ERRORS);
  expect(summary(findings), formatFindings(findings)).toEqual([]);
});

test("the chat: its welcome and an answer", async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  const findings: Finding[] = [];
  await page.goto("/hi/ai-help");
  const log = page.getByTestId("chat-log");
  const bot = log.locator('[data-role="bot"]');
  await expect(bot.first()).toBeVisible();
  for (const message of await bot.all()) findings.push(...findEnglish([{ where: "/hi/ai-help welcome", text: await message.innerText() }]));
  const shown = await snapshot(page);
  const before = await bot.count();
  const box = page.locator("main textarea").first();
  await box.fill("कीमत कितनी है?");
  await box.press("Enter");
  await expect(bot).toHaveCount(before + 1, { timeout: 20_000 });
  await expect(page.locator('[data-role="bot"][aria-busy="true"]')).toHaveCount(0);
  await readNew(page, shown, "/hi/ai-help (answer) ", findings);
  expect(summary(findings), formatFindings(findings)).toEqual([]);
});
