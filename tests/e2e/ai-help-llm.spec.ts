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

test("the model's reply streams into the page as it is written, after the typing indicator", async ({ page, llm, server }) => {
  const pieces = ["Our assistant ", "answers **every** ", "enquiry ", "in seconds."];
  llm.behave = () => ({ kind: "reply", content: pieces.join(""), pieces, firstDelayMs: 700, pieceDelayMs: 500 });
  await open(page);
  await page.getByRole("textbox", { name: "Your message" }).fill("How does the AI chatbot work?");
  await page.getByRole("textbox", { name: "Your message" }).press("Enter");

  await expect(page.getByTestId("chat-typing")).toBeVisible();
  await expect(page.getByTestId("chat-announcer")).toHaveText("The Wise Parrot assistant is typing…");
  const reply = botMessages(page).nth(1);
  await expect(reply).toContainText("Our assistant");
  await expect(page.getByTestId("chat-typing")).toHaveCount(0);
  // Part of the reply is on screen while the rest is still being written.
  expect(await reply.innerText()).not.toContain("in seconds.");
  await expect(reply).toContainText("Our assistant answers every enquiry in seconds.");
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

test("a stream cut mid-way is replaced by the fallback reply", async ({ page, llm }) => {
  llm.behave = () => ({ kind: "broken-stream", pieces: ["Half a ", "sentence"] });
  await open(page);
  await page.getByRole("textbox", { name: "Your message" }).fill("hello");
  await page.getByRole("textbox", { name: "Your message" }).press("Enter");
  await expect(botMessages(page).nth(1)).toContainText("Booking a demo takes under 5 minutes");
  await expect(botMessages(page).nth(1)).not.toContainText("Half a");
});
