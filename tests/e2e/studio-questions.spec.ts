/**
 * Issue 29: a visitor rates an answer; the owner sees the questions visitors asked, grouped by meaning, with the ones
 * handed over to a person, and "Answer this" opens the FAQ editor prefilled with the question.
 */
import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./session";

test.use({ reducedMotion: "reduce" });

const FELL_THROUGH = "Do you print wedding invitation cards?";

async function ask(page: Page, question: string, answerNumber: number) {
  await page.getByRole("textbox", { name: "Your message" }).fill(question);
  await page.getByRole("textbox", { name: "Your message" }).press("Enter");
  const answer = page.getByTestId("chat-log").locator('[data-role="bot"]').nth(answerNumber);
  await expect(answer.getByRole("group", { name: "Was this answer helpful?" })).toBeVisible();
  return answer;
}

test("a visitor rates an answer with the keyboard, once", async ({ page }) => {
  await page.goto("/ai-help");
  const answer = await ask(page, "What does it cost?", 1);
  const helpful = answer.getByRole("button", { name: "Helpful", exact: true });
  const notHelpful = answer.getByRole("button", { name: "Not helpful", exact: true });
  await expect(helpful).toHaveAttribute("aria-pressed", "false");
  // Touch-sized targets.
  for (const button of [helpful, notHelpful]) {
    const box = (await button.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThanOrEqual(44);
  }
  const rated = page.waitForResponse((r) => r.url().endsWith("/api/chat/rating"));
  await helpful.focus();
  await page.keyboard.press("Enter");
  expect((await rated).status()).toBe(200);
  await expect(helpful).toHaveAttribute("aria-pressed", "true");
  await expect(answer.getByRole("status")).toHaveText("Thanks for your feedback.");
  // A second choice sends nothing.
  let more = 0;
  page.on("request", (r) => {
    if (r.url().endsWith("/api/chat/rating")) more += 1;
  });
  await notHelpful.focus();
  await page.keyboard.press("Enter");
  await expect(notHelpful).toHaveAttribute("aria-pressed", "false");
  expect(more).toBe(0);
  await expectAccessible(page);
});

test("the owner sees a question that fell through, grouped, rated, and answers it", async ({ page, server, allowErrors }) => {
  await page.goto("/ai-help");
  const office = await ask(page, "Where is your office?", 1);
  await office.getByRole("button", { name: "Not helpful", exact: true }).click();
  await expect(office.getByRole("status")).toHaveText("Thanks for your feedback.");
  await ask(page, "aapka office kaha hai", 2);
  await ask(page, FELL_THROUGH, 3);

  await signInAsStaff(page, server, "questions.editor@example.com", "editor");
  await page.goto("/studio");
  await page.getByRole("link", { name: "Questions", exact: true }).click();
  await expect(page).toHaveURL(/\/studio\/questions$/);
  await expect(page.getByRole("heading", { level: 1, name: "Questions visitors asked" })).toBeVisible();

  const groups = page.getByTestId("question-group");
  // Two wordings of one question, in English and Hinglish: one group.
  const officeGroup = groups.filter({ hasText: "Where is your office?" });
  await expect(officeGroup).toHaveCount(1);
  await expect(officeGroup).toContainText("aapka office kaha hai");
  // At least these two: another spec on this worker's server may have asked it too (in Hindi, hindi-ai-help.spec).
  await expect(officeGroup).toContainText(/Asked\s*([2-9]|\d{2,}) times/);
  await expect(officeGroup.getByTestId("question-ratings")).toContainText(/\d+ helpful, [1-9]\d* not helpful/);
  const fell = groups.filter({ has: page.getByRole("heading", { name: FELL_THROUGH }) });
  await expect(fell.getByTestId("question-handed-over")).toHaveText("Yes");

  await page.getByRole("checkbox", { name: "Handed over only" }).check();
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(page).toHaveURL(/handover=1/);
  await expect(groups.filter({ has: page.getByRole("heading", { name: FELL_THROUGH }) })).toHaveCount(1);
  await expect(groups.filter({ hasText: "Where is your office?" })).toHaveCount(0);

  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 320, height: 700 });
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);

  const answerThis = page.getByRole("link", { name: `Answer this: ${FELL_THROUGH}` });
  await expect(answerThis).toHaveAttribute("href", `/studio/faq?question=${encodeURIComponent(FELL_THROUGH)}`);
  // The FAQ editor is its own page (another change); the link leads there with the question.
  await answerThis.click();
  await expect(page).toHaveURL((url) => url.pathname === "/studio/faq" && url.searchParams.get("question") === FELL_THROUGH);
  // Until the FAQ editor is merged, /studio/faq answers 404 here.
  await page.waitForLoadState("load");
  allowErrors(/status of 404/);
});

test("the page is the studio's: a visitor gets nothing, and it is never cached", async ({ page, server }) => {
  const res = await page.request.get(`${server.url}/studio/questions`);
  expect(res.status()).toBe(404);
  await signInAsStaff(page, server, "questions.owner@example.com", "owner");
  const response = await page.goto("/studio/questions");
  expect(response?.status()).toBe(200);
  expect(response?.headers()["cache-control"]).toMatch(/no-store/);
});
