/**
 * The owner runs the site's words (issue 28, decisions 0027 and 0028), in a browser, on what studio-copy.spec.ts
 * leaves out: the home page's headline changed in its document's editor by keyboard alone (draft, preview with the
 * bar while a visitor still sees the old headline, publish, the visitor sees the new one), the home editor axe clean
 * at 375 and 1280 px; an FAQ entry added at /studio/faq and published shows on `/` (and in its FAQPage JSON-LD) and
 * the help chat on /ai-help answers it, asked in its words and in other words, which it did not before.
 * The WhatsApp number changed in Settings is studio-settings.spec.ts's journey.
 */
import type { Browser, Locator, Page } from "@playwright/test";
import { HEADLINE } from "../../shared/content/site";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInNewOwner } from "./owner";

test.describe.configure({ mode: "serial" });
test.use({ reducedMotion: "reduce" });

const OWNER = { name: "Omar Owner", email: "omar.owner@example.com", password: "an owner runs the site 28", company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" };
const NEW_HEADLINE = "Every enquiry answered while you sleep";
const QUESTION = "Can I pay by UPI?";
const ANSWER = "Yes. We take UPI, debit and credit cards and bank transfers, and every invoice carries GST.";
const ALSO = "Do you accept PhonePe or Google Pay?";

/** Presses Tab (or Shift+Tab) until the locator has the focus. */
async function tabTo(page: Page, locator: Locator, { back = false, limit = 400 } = {}) {
  for (let i = 0; i < limit && !(await locator.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press(back ? "Shift+Tab" : "Tab");
  await expect(locator).toBeFocused();
}

/** Runs `look` on a page of a fresh browser context: a visitor without the owner's session. */
async function asVisitor<T>(browser: Browser, baseUrl: string, look: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: baseUrl, reducedMotion: "reduce" });
  try {
    return await look(await context.newPage());
  } finally {
    await context.close();
  }
}

const heroHeadline = (page: Page) => page.locator("#hero-heading");

/** What the help chat on /ai-help answers to one question, with the FAQ links it cites. */
async function chatAnswer(page: Page, question: string): Promise<{ text: string; links: string[] }> {
  await page.goto("/ai-help");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
  await page.getByRole("textbox", { name: "Your message" }).fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const answer = page.getByTestId("chat-log").locator('[data-role="bot"]').nth(1);
  await expect(answer.getByTestId("chat-text")).not.toBeEmpty({ timeout: 15_000 });
  return {
    text: ((await answer.getByTestId("chat-text").textContent()) ?? "").trim(),
    links: (await answer.getByRole("link").allTextContents()).map((t) => t.trim()),
  };
}

test("the owner changes the home page's headline by keyboard: draft, preview, publish; the visitor sees it only then", async ({ page, server, browser }) => {
  test.setTimeout(240_000);
  await signInNewOwner(page, server.url, server.databaseUrl, OWNER);

  await page.goto("/studio/pages");
  await page.getByRole("link", { name: "Home page" }).click();
  await expect(page).toHaveURL(/\/studio\/pages\/home(\?locale=en)?$/);
  await expect(page.getByRole("heading", { level: 1, name: "Home page" })).toBeVisible();
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }

  // Keyboard only from here: Tab to the headline, replace it, Shift+Tab back to "Save draft", Enter.
  const headline = page.getByLabel("Headline", { exact: true });
  await expect(headline).toHaveValue(HEADLINE);
  await page.locator("body").focus();
  await tabTo(page, headline);
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type(NEW_HEADLINE);
  await tabTo(page, page.getByRole("button", { name: "Save draft" }).first(), { back: true });
  await page.keyboard.press("Enter");
  await expect(page.getByText("Draft saved. Visitors still see the published copy.")).toBeVisible();
  await expect(page.getByTestId("draft-state")).toContainText("A draft is waiting to be published");
  await expect(headline).toHaveValue(NEW_HEADLINE);
  // The pressed button was drawn anew: the focus is on the outcome, next to the editor's buttons, not back at the top.
  await expect(page.getByRole("status").filter({ hasText: "Draft saved." }).locator("..")).toBeFocused();

  // The preview opens the real home page with the draft and the bar; a visitor still sees the old headline.
  const previewLink = page.getByRole("link", { name: "Preview draft" });
  await tabTo(page, previewLink, { limit: 10 });
  const [preview] = await Promise.all([page.context().waitForEvent("page"), page.keyboard.press("Enter")]);
  await preview.waitForLoadState();
  await expect(preview.getByTestId("preview-bar")).toContainText("Preview \u2014 not published");
  await expect(heroHeadline(preview)).toHaveText(NEW_HEADLINE);
  await preview.close();
  expect(await asVisitor(browser, server.url, async (visitor) => {
    await visitor.goto("/");
    return (await heroHeadline(visitor).textContent())?.trim();
  })).toBe(HEADLINE);

  await tabTo(page, page.getByRole("button", { name: "Publish" }).first(), { back: true, limit: 5 });
  await page.keyboard.press("Enter");
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();
  await expect(page.getByTestId("draft-state")).toContainText("No draft");

  await asVisitor(browser, server.url, async (visitor) => {
    await visitor.goto("/");
    await expect(heroHeadline(visitor)).toHaveText(NEW_HEADLINE);
    await expect(visitor.getByTestId("preview-bar")).toHaveCount(0);
  });
});

test("an FAQ entry the owner publishes shows on the home page and its JSON-LD, and the help chat answers it", async ({ page, server, browser }) => {
  test.setTimeout(240_000);

  // Before: the chat has no such answer.
  const before = await asVisitor(browser, server.url, (visitor) => chatAnswer(visitor, QUESTION));
  expect(before.text).not.toContain(ANSWER);

  await signInNewOwner(page, server.url, server.databaseUrl, { ...OWNER, email: "omar.faq@example.com" });
  await page.goto("/studio/faq");
  const items = page.getByTestId("copy-list-item");
  await expect(items.first()).toBeVisible();
  const count = await items.count();
  await page.getByRole("button", { name: "Add question" }).click();
  await expect(items).toHaveCount(count + 1);
  const entry = items.nth(count);
  await entry.getByLabel("Question", { exact: true }).fill(QUESTION);
  await entry.getByLabel("Answer").fill(ANSWER);
  await entry.getByLabel("Other ways visitors ask it (one per line, never shown)").fill(ALSO);
  await page.getByRole("button", { name: "Publish" }).first().click();
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();

  await asVisitor(browser, server.url, async (visitor) => {
    await visitor.goto("/");
    const faq = visitor.locator("section[data-section=faq]");
    const shown = faq.getByTestId("faq-entry").filter({ hasText: QUESTION });
    await expect(shown).toHaveCount(1);
    await shown.locator("summary").click();
    await expect(shown).toContainText(ANSWER);
    const jsonLd = await visitor.locator('script[type="application/ld+json"]').allTextContents();
    const faqPage = jsonLd.map((t) => JSON.parse(t) as unknown).flat().find((d) => (d as { "@type"?: string })["@type"] === "FAQPage") as { mainEntity: { name: string; acceptedAnswer: { text: string } }[] } | undefined;
    expect(faqPage?.mainEntity.find((q) => q.name === QUESTION)?.acceptedAnswer.text).toBe(ANSWER);
  });

  // The chat answers with the entry, asked in its words and in other words, and links to it.
  for (const asked of ["can i pay by upi", "Do you take PhonePe?"]) {
    const after = await asVisitor(browser, server.url, (visitor) => chatAnswer(visitor, asked));
    expect(after.text, asked).toBe(ANSWER);
    expect(after.links, asked).toContain(`FAQ: ${QUESTION}`);
  }
});
