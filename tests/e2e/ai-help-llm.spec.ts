import type { Page } from "@playwright/test";
import { type LlmServer, startLlmServer } from "../helpers/llm-server";
import { expectAccessible } from "./a11y";
import { expect, test as base } from "./fixtures";

const KEY = "sk-e2e-0123456789-secret";

// A real OpenAI-compatible server on 127.0.0.1, started before the site's server so its URL can be configured.
const test = base.extend<{ llm: LlmServer }, { llmServer: LlmServer }>({
  llmServer: [
    // Playwright reads a fixture's dependencies from this pattern, so "none" must be written as {}.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const server = await startLlmServer();
      await use(server);
      await server.close();
    },
    { scope: "worker" },
  ],
  serverEnv: [
    async ({ llmServer }, use) => {
      await use({ LLM_API_KEY: KEY, LLM_BASE_URL: llmServer.url, LLM_TIMEOUT_MS: "10000" });
    },
    { scope: "worker" },
  ],
  llm: async ({ llmServer }, use) => {
    llmServer.requests.length = 0;
    await use(llmServer);
  },
});

test.use({ reducedMotion: "reduce" });

const log = (page: Page) => page.getByTestId("chat-log");
const botMessages = (page: Page) => log(page).locator('[data-role="bot"]');

async function open(page: Page) {
  await page.goto("/ai-help");
  await page.waitForFunction(() => {
    const el = document.querySelector("textarea");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
}

/**
 * Records every text the bot's messages show, at every change, from now on: what a visitor could have seen.
 * Read with seenTexts().
 */
async function watchBotTexts(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __seen: string[] }).__seen = seen;
    const log = document.querySelector('[data-testid="chat-log"]')!;
    const note = () => {
      for (const el of log.querySelectorAll('[data-role="bot"] [data-testid="chat-text"]')) seen.push(el.textContent ?? "");
    };
    new MutationObserver(note).observe(log, { subtree: true, childList: true, characterData: true });
  });
}
const seenTexts = (page: Page) => page.evaluate(() => (window as unknown as { __seen: string[] }).__seen);

test("the model's reply shows whole once checked, after the typing indicator", async ({ page, llm, server }) => {
  const pieces = ["Our assistant ", "answers **every** ", "enquiry ", "in seconds."];
  llm.behave = () => ({ kind: "reply", content: pieces.join(""), pieces, firstDelayMs: 700, pieceDelayMs: 500 });
  await open(page);
  await watchBotTexts(page);
  await page.getByRole("textbox", { name: "Your message" }).fill("How does the AI chatbot work?");
  await page.getByRole("textbox", { name: "Your message" }).press("Enter");

  await expect(page.getByTestId("chat-typing")).toBeVisible();
  await expect(page.getByTestId("chat-announcer")).toHaveText("The Wise Parrot assistant is typing…");
  const reply = botMessages(page).nth(1);
  await expect(reply).toContainText("Our assistant answers every enquiry in seconds.");
  await expect(page.getByTestId("chat-typing")).toHaveCount(0);
  // Held on the server until the model finished and its citations checked out: never a part of it on screen.
  expect((await seenTexts(page)).filter((t) => t.startsWith("Our") && !t.includes("in seconds."))).toEqual([]);
  await expect(reply.locator("strong")).toHaveText("every");
  await expect(page.getByTestId("chat-announcer")).toHaveText(
    "Wise Parrot assistant: Our assistant answers every enquiry in seconds.",
  );

  const body = llm.requests.at(-1)?.body;
  expect(body).toMatchObject({ model: "gpt-3.5-turbo", stream: true, max_tokens: 800, temperature: 0.3 });
  expect(body.messages.at(-1)).toEqual({ role: "user", content: "How does the AI chatbot work?" });
  // The key stays on the server.
  expect(await page.content()).not.toContain(KEY);
  expect(server.output()).not.toContain(KEY);
  await expectAccessible(page);
});

test("a failing model gives the local fallback reply", async ({ page, llm }) => {
  llm.behave = () => ({ kind: "status", status: 500 });
  await open(page);
  await page.getByRole("button", { name: "I want to know about pricing", exact: true }).click();
  await expect(botMessages(page).nth(1)).toContainText("Professional: $29 a month");
  expect(llm.requests).toHaveLength(1);
});

test("a reply whose citations fail is never shown, not even for a moment: the local answer is", async ({ page, llm }) => {
  // Cites a source it was not given, written slowly enough for any streamed piece to be seen.
  const rejected = "Our plans cost **nothing at all** [7], forever, for every business.";
  llm.behave = () => ({ kind: "reply", content: rejected, pieceDelayMs: 120 });
  await open(page);
  await watchBotTexts(page);
  await page.getByRole("textbox", { name: "Your message" }).fill("What does it cost?");
  await page.getByRole("textbox", { name: "Your message" }).press("Enter");
  await expect(botMessages(page).nth(1)).toContainText("Professional: $29 a month");
  const seen = await seenTexts(page);
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((t) => /nothing at all|forever/.test(t))).toEqual([]);
  expect(llm.requests).toHaveLength(1);
});

test("a stream cut mid-way is replaced by the fallback reply", async ({ page, llm }) => {
  llm.behave = () => ({ kind: "broken-stream", pieces: ["Half a ", "sentence"] });
  await open(page);
  await watchBotTexts(page);
  await page.getByRole("textbox", { name: "Your message" }).fill("hello");
  await page.getByRole("textbox", { name: "Your message" }).press("Enter");
  await expect(botMessages(page).nth(1)).toContainText("Booking a demo takes under 5 minutes");
  await expect(botMessages(page).nth(1)).not.toContainText("Half a");
  expect((await seenTexts(page)).filter((t) => t.includes("Half a"))).toEqual([]);
});
