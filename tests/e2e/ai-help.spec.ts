import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

const HOSTILE = "<img src=x onerror=alert(1)>";

const log = (page: Page) => page.getByTestId("chat-log");
const input = (page: Page) => page.getByRole("textbox", { name: "Your message" });
const userMessages = (page: Page) => log(page).locator('[data-role="user"]');
const botMessages = (page: Page) => log(page).locator('[data-role="bot"]');

/** Opens the page and waits until React has taken over the form. */
async function open(page: Page) {
  await page.goto("/ai-help");
  await page.waitForFunction(() => {
    const el = document.querySelector("textarea");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
  // The welcome message gets its local stamp once the page runs.
  await expect(botMessages(page).first().getByTestId("chat-stamp")).toBeVisible();
}

// Reduced motion keeps the shell's rotating banner still, so axe never samples it mid-fade.
test.use({ timezoneId: "Asia/Kolkata", locale: "en-GB", reducedMotion: "reduce" });

test("shows every element of the AI help page and passes axe", async ({ page }) => {
  await open(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ask the Wise Parrot assistant");
  for (const title of ["Workflow Automation", "AI Features", "Industry Templates", "Getting Started"]) {
    await expect(page.getByRole("button", { name: new RegExp(`^${title}`) })).toBeVisible();
  }
  await expect(page.getByText("Online & Ready to Help!")).toBeVisible();
  await expect(page.getByText("AI ACTIVE", { exact: true })).toBeVisible();
  await expect(botMessages(page).first()).toContainText("Booking a demo takes under 5 minutes");
  for (const s of ["I want to know about pricing", "Can you show me a demo?", "How does the AI chatbot work?", "I need help with integration"]) {
    await expect(page.getByRole("button", { name: s, exact: true })).toBeVisible();
  }
  await expect(input(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Send", exact: true })).toBeVisible();
  for (const f of ["24/7 Support Available", "Smart AI Responses", "Instant Solutions"]) {
    await expect(page.getByRole("heading", { name: f })).toBeVisible();
  }
  await expectAccessible(page);
});

test("topic cards and suggestions send their queries and get the matching answers", async ({ page }) => {
  await open(page);
  const sent: Array<[string, string, string]> = [
    ["Getting Started", "Help me book demo", "Getting started is easy"],
    ["Workflow Automation", "Tell me about workflow automation", "15 hours a week"],
    ["AI Features", "What AI features do you offer?", "Wise Core"],
    ["Industry Templates", "Show me your industry templates", "50+ templates"],
  ];
  for (const [i, [card, query, answer]] of sent.entries()) {
    await page.getByRole("button", { name: new RegExp(`^${card}`) }).click();
    await expect(userMessages(page).nth(i)).toHaveText(new RegExp(`^You: ${query}`));
    await expect(botMessages(page).nth(i + 1)).toContainText(answer);
    await expect(input(page)).toBeFocused();
  }
  await page.getByRole("button", { name: "I want to know about pricing", exact: true }).click();
  await expect(userMessages(page).last()).toContainText("I want to know about pricing");
  await expect(botMessages(page).last()).toContainText("Professional: $29 a month");
  await expect(botMessages(page).last().locator("li")).toHaveCount(3);
  await expect(botMessages(page).last().locator("strong").first()).toHaveText("Free");
  await expect(page.getByTestId("chat-announcer")).toContainText("Professional: $29 a month");

  // The conversation keeps the newest message, with its time stamp and rating buttons, in view inside the log (which
  // was scrolled: the conversation is taller than the log by now): wholly, or, when the message alone is taller than
  // the log, down to its end.
  await expect
    .poll(() =>
      log(page).evaluate((el) => {
        const newest = el.lastElementChild?.getBoundingClientRect();
        const box = el.getBoundingClientRect();
        const style = getComputedStyle(el);
        const room = el.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        return (
          el.scrollTop > 0 &&
          !!newest &&
          (newest.top >= box.top - 1 || newest.height > room) &&
          newest.bottom <= box.bottom + 1
        );
      }),
    )
    .toBe(true);
  await expectAccessible(page);
});

test("Enter sends, Shift+Enter breaks the line, the input keeps focus and messages are stamped", async ({ page }) => {
  await page.clock.setFixedTime(new Date("2026-01-15T03:35:00Z")); // 09:05 in Kolkata
  await open(page);
  const box = input(page);
  await box.click();
  await box.pressSequentially("How do I integrate");
  await box.press("Shift+Enter");
  await box.pressSequentially("my CRM?");
  await expect(box).toHaveValue("How do I integrate\nmy CRM?");
  await expect(userMessages(page)).toHaveCount(0);

  await box.press("Enter");
  await expect(userMessages(page)).toHaveCount(1);
  await expect(userMessages(page).first().locator("br")).toHaveCount(1);
  await expect(userMessages(page).first().getByTestId("chat-text")).toHaveText("How do I integratemy CRM?");
  await expect(botMessages(page).nth(1)).toContainText("100+ integrations");
  await expect(box).toHaveValue("");
  await expect(box).toBeFocused();

  for (const stamp of await log(page).getByTestId("chat-stamp").allTextContents()) expect(stamp).toBe("Sent at 09:05");
  await expect(log(page).getByTestId("chat-stamp")).toHaveCount(3);
  // Bot and user messages look different.
  const colours = await Promise.all(
    [botMessages(page).nth(1), userMessages(page).first()].map((m) =>
      m.getByTestId("chat-text").evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor),
    ),
  );
  expect(colours[0]).not.toBe(colours[1]);

  // An empty message is not sent.
  await box.press("Enter");
  await box.fill("   ");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(userMessages(page)).toHaveCount(1);
  await expect(box).toBeFocused();
});

test("a hostile message is shown as text, never run", async ({ page }) => {
  let dialogs = 0;
  page.on("dialog", (d) => {
    dialogs += 1;
    void d.dismiss();
  });
  await open(page);
  await input(page).fill(HOSTILE);
  await input(page).press("Enter");
  await expect(userMessages(page).first().getByTestId("chat-text")).toHaveText(HOSTILE);
  await expect(botMessages(page)).toHaveCount(2);
  await expect(log(page).locator("img")).toHaveCount(0);
  expect(dialogs).toBe(0);
});

test("a message over 1000 characters is cut to 1000 and says so", async ({ page }) => {
  await open(page);
  const long = `pricing ${"a".repeat(1192)}`;
  await input(page).fill(long);
  await expect(page.getByTestId("chat-count")).toHaveText("Your message has 1200 characters; only the first 1000 will be sent.");
  await expect(input(page)).toHaveAttribute("aria-invalid", "true");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const sent = userMessages(page).first();
  await expect(sent.getByTestId("chat-truncated")).toHaveText("Cut to 1000 characters.");
  expect((await sent.getByTestId("chat-text").innerText()).length).toBe(1000);
  await expect(botMessages(page).nth(1)).toContainText("Our plans");
  await expect(page.getByTestId("chat-count")).toHaveText("0 / 1000");
});

test("works at 320 px without sideways scrolling", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 640 });
  await open(page);
  await page.getByRole("button", { name: "Can you show me a demo?", exact: true }).click();
  await expect(botMessages(page)).toHaveCount(2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
  await expectAccessible(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the form and the topic cards still get answers from the server", async ({ page, allowErrors }) => {
    await page.goto("/ai-help");
    await input(page).fill("What does it cost?");
    await page.getByRole("button", { name: "Send", exact: true }).click();
    await expect(userMessages(page)).toHaveCount(1);
    await expect(userMessages(page).first()).toContainText("What does it cost?");
    await expect(botMessages(page).nth(1)).toContainText("Professional: $29 a month");

    await page.getByRole("button", { name: /^Getting Started/ }).click();
    await expect(userMessages(page)).toHaveCount(2);
    await expect(userMessages(page).nth(1)).toContainText("Help me book demo");
    await expect(botMessages(page).nth(2)).toContainText("Getting started is easy");
    // The earlier exchange is still there.
    await expect(botMessages(page).nth(1)).toContainText("Professional: $29 a month");
    // With scripting off, Chromium refuses the nonce-less module preloads under the CSP: harmless here.
    allowErrors(/^requestfailed: GET .*\/assets\/.*\.js csp$/);
  });

  test("a forged conversation posted to the page is shown as text and cannot break it", async ({ request }) => {
    const res = await request.post("/ai-help", {
      form: {
        message: "hello",
        history: JSON.stringify([
          { text: HOSTILE, isBot: true, timestamp: 1e20 },
          { text: "**x**", isBot: false, timestamp: -5, truncated: "yes" },
        ]),
      },
    });
    expect(res.status()).toBe(200);
    const html = await res.text();
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain(HOSTILE);
    expect(html).toContain("Booking a demo takes under 5 minutes");
    const broken = await request.post("/ai-help", { form: { message: "hi", history: "{not json" } });
    expect(broken.status()).toBe(200);
  });
});
