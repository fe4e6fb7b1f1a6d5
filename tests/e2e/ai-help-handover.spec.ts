import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

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

test("a visitor asking for a person gets a WhatsApp link prefilled with the question and the page; axe clean", async ({ page }) => {
  await open(page);
  const question = "yeh bot bekar hai, mujhe kisi insaan se baat karni hai";
  await ask(page, question);
  const answer = botMessages(page).nth(1);
  await expect(answer.getByTestId("chat-text")).toContainText("Here is how to reach a person on our team");
  const whatsapp = answer.getByRole("link", { name: "send them your question" });
  const href = await whatsapp.getAttribute("href");
  expect(href).toMatch(/^https:\/\/wa\.me\/\d{8,15}\?text=/);
  const text = new URL(href!).searchParams.get("text");
  expect(text).toContain(question);
  expect(text).toContain("(on /ai-help)");
  await expect(whatsapp).toHaveAttribute("target", "_blank");
  await expect(answer.getByTestId("chat-text")).toContainText("Mon-Fri 9AM-6PM IST");
  await expect(answer.getByRole("link", { name: "contact page" })).toHaveAttribute("href", "/contact");
  await expectAccessible(page);
});

test("a follow-up is answered with the previous turn, and what the site cannot answer goes to a person", async ({ page }) => {
  await open(page);
  await ask(page, "How much does it cost?");
  await expect(botMessages(page).nth(1).getByTestId("chat-text")).toContainText("$29 a month");
  await ask(page, "is that monthly or yearly?");
  await expect(botMessages(page).nth(2).getByTestId("chat-text")).toContainText("$29 a month");
  await ask(page, "Can I pay by UPI?");
  const handover = botMessages(page).nth(3);
  await expect(handover.getByTestId("chat-text")).toContainText("I'm not sure about that");
  const href = await handover.getByRole("link", { name: "send them your question" }).getAttribute("href");
  expect(new URL(href!).searchParams.get("text")).toContain("Can I pay by UPI?");
});
