import type { Page } from "@playwright/test";
import { FAQ } from "../../shared/content/faq";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";

const log = (page: Page) => page.getByTestId("chat-log");
const input = (page: Page) => page.getByRole("textbox", { name: "Your message" });
const botMessages = (page: Page) => log(page).locator('[data-role="bot"]');

async function open(page: Page) {
  await page.goto("/ai-help");
  await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
}

async function ask(page: Page, question: string) {
  await input(page).fill(question);
  await page.getByRole("button", { name: "Send", exact: true }).click();
}

test.use({ reducedMotion: "reduce" });

test("answers from a published post with a citation link that opens the post; axe clean", async ({ page }) => {
  await withSamplePosts(page.request);
  await open(page);
  await ask(page, "How did a real estate agency get more site visits?");
  const answer = botMessages(page).nth(1);
  // A section of the case study answers (quoted as text), and the post is cited.
  await expect(answer.getByTestId("chat-text")).toContainText("agency");
  const link = answer.getByTestId("chat-sources").getByRole("link", {
    name: "From our blog: Case Study: How a Real Estate Agency Doubled Its Site Visits in 60 Days",
  });
  await expect(link).toHaveAttribute("href", "/blog/real-estate-agency-doubles-site-visits-with-ai-assistant");
  await expect(link).not.toHaveAttribute("target");
  await expectAccessible(page);

  await link.click();
  await expect(page).toHaveURL(/\/blog\/real-estate-agency-doubles-site-visits-with-ai-assistant$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Case Study: How a Real Estate Agency Doubled Its Site Visits in 60 Days",
  );
});

test("answers a question a keyword would have missed from the FAQ, linking to the home page's entry", async ({ page }) => {
  await open(page);
  await ask(page, "Do you support Hindi?");
  const languages = FAQ.find((f) => f.id === "languages")!;
  const answer = botMessages(page).nth(1);
  await expect(answer.getByTestId("chat-text")).toHaveText(languages.answer);
  const link = answer.getByRole("link", { name: `FAQ: ${languages.question}` });
  await link.click();
  await expect(page).toHaveURL(/\/#faq-languages$/);
  await expect(page.locator("#faq-languages")).toBeInViewport();
  await expect(page.locator("#faq-languages")).toContainText(languages.answer);
});
