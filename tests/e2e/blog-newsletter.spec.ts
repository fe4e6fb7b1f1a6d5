import type { Page } from "@playwright/test";
import { BLOG_NEWSLETTER, FOOTER_NEWSLETTER_MESSAGES, NEWSLETTER } from "../../shared/content";
import { type CapturedMail, startTestSmtpServer, type TestSmtpServer } from "../helpers/smtp-server";
import { expectAccessible } from "./a11y";
import { expect, test as base } from "./fixtures";

// This file's server sends its mail to a real SMTP server the test starts.
const test = base.extend<object, { smtp: TestSmtpServer }>({
  smtp: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from this pattern.
    async ({}, use) => {
      const smtp = await startTestSmtpServer();
      await use(smtp);
      await smtp.close();
    },
    { scope: "worker" },
  ],
  serverEnv: [
    async ({ smtp }, use) => {
      await use({ SMTP_URL: smtp.url });
    },
    { scope: "worker" },
  ],
});

// The shell's rotating taglines fade in; axe can catch a frame mid-fade and report its contrast.
// Those are the shell's and are checked by its own tests; these pages are checked without motion.
test.use({ contextOptions: { reducedMotion: "reduce" } });

const to = (address: string) => (m: CapturedMail) => m.to.includes(address);
function link(mail: CapturedMail, kind: "confirm" | "unsubscribe"): string {
  const found = new RegExp(`https?://\\S+/newsletter/${kind}\\?token=[A-Za-z0-9_-]+`).exec(mail.text)?.[0];
  if (!found) throw new Error(`no ${kind} link in the mail`);
  return found;
}

const listingBlock = (page: Page) => page.getByRole("region", { name: BLOG_NEWSLETTER.heading });
const footer = (page: Page) => page.getByRole("contentinfo");

test("the listing's block: required message, 'Subscribing...', the server's message in green, then the e-mailed link confirms", async ({ page, smtp, server, allowErrors, pageErrors }) => {
  await page.goto("/blogs");
  const block = listingBlock(page);
  const input = block.getByRole("textbox", { name: "Email address" });
  await expect(input).toHaveAttribute("type", "email");
  await expect(input).toHaveAttribute("required", "");
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(block.getByText("Please enter your email address")).toHaveAttribute("data-tone", "error");

  let release!: () => void;
  const gate = new Promise<void>((r) => (release = r));
  await page.route("**/api/newsletter/subscribe", async (route) => {
    await gate;
    await route.continue();
  });
  await input.fill("reader@example.org");
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(block.getByRole("button", { name: "Subscribing..." })).toBeDisabled();
  await expect(input).toBeDisabled();
  release();
  const success = block.getByText(NEWSLETTER.subscribed);
  await expect(success).toBeVisible();
  await expect(success).toHaveAttribute("data-tone", "success");
  await expect(input).toHaveValue("");
  await expectAccessible(page);

  const mail = await smtp.waitForMail(to("reader@example.org"), 10_000);
  expect(mail.subject).toBe(NEWSLETTER.email.subject);
  const confirmUrl = link(mail, "confirm");
  expect(confirmUrl.startsWith(`${server.url}/newsletter/confirm?token=`)).toBe(true);

  await page.goto(confirmUrl);
  await expectAccessible(page);
  await page.getByRole("button", { name: NEWSLETTER.confirm.button }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEWSLETTER.confirm.confirmed.heading);
  // Confirming does not read the page's data again with the spent token (that answered 400 in the console).
  expect(pageErrors).toEqual([]);
  // Opened again from the e-mail, the spent link says what it did, not "subscribe again" (issue 31).
  const again = await page.goto(confirmUrl);
  expect(again?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEWSLETTER.confirm.confirmed.heading);
  await expect(page.getByRole("button", { name: NEWSLETTER.confirm.button })).toHaveCount(0);

  await page.goto(link(mail, "unsubscribe"));
  await page.getByRole("button", { name: NEWSLETTER.unsubscribe.button }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEWSLETTER.unsubscribe.done.heading);
  await expectAccessible(page);
  expect(pageErrors).toEqual([]);
  // The unsubscribe link opened again says the address is unsubscribed; the confirmation link no longer confirms.
  await page.goto(link(mail, "unsubscribe"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEWSLETTER.unsubscribe.done.heading);
  const stale = await page.goto(confirmUrl);
  expect(stale?.status()).toBe(400);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEWSLETTER.confirm.invalid.heading);
  // That refusal answers 400 on purpose.
  allowErrors(/status of 400/);
});

test("the listing's block shows a server refusal in red and a network error", async ({ page, allowErrors }) => {
  await page.goto("/blogs");
  const block = listingBlock(page);
  await block.getByRole("textbox", { name: "Email address" }).fill("not-an-address");
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(block.getByText("Please enter a valid email address.")).toHaveAttribute("data-tone", "error");
  allowErrors(/400 \(Bad Request\)/);

  await page.route("**/api/newsletter/subscribe", (route) => route.abort("internetdisconnected"));
  await block.getByRole("textbox", { name: "Email address" }).fill("offline@example.org");
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(block.getByText(BLOG_NEWSLETTER.network)).toBeVisible();
  allowErrors(/newsletter\/subscribe|ERR_INTERNET_DISCONNECTED/);
});

test("the footer form subscribes for real, with the footer's messages", async ({ page, smtp }) => {
  await page.goto("/blogs-advanced");
  const f = footer(page);
  const input = f.getByRole("textbox", { name: "Email address" });
  await f.getByRole("button", { name: "Subscribe" }).click();
  await expect(f.getByText(FOOTER_NEWSLETTER_MESSAGES.required.title)).toBeVisible();
  await expect(f.getByText(FOOTER_NEWSLETTER_MESSAGES.required.message)).toBeVisible();
  await input.fill("nodot@example");
  await f.getByRole("button", { name: "Subscribe" }).click();
  await expect(f.getByText(FOOTER_NEWSLETTER_MESSAGES.invalid.title)).toBeVisible();
  await input.fill("footer@example.org");
  await f.getByRole("button", { name: "Subscribe" }).click();
  await expect(f.getByText(FOOTER_NEWSLETTER_MESSAGES.success.title)).toBeVisible();
  await expect(f.getByText(FOOTER_NEWSLETTER_MESSAGES.success.message)).toBeVisible();
  await expect(input).toHaveValue("");
  await smtp.waitForMail(to("footer@example.org"), 10_000);
});

test("without JavaScript both forms still subscribe", async ({ browser, server, smtp }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  const page = await context.newPage();
  await page.goto("/blogs");
  await footer(page).getByRole("textbox", { name: "Email address" }).fill("nojs-footer@example.org");
  await footer(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(page).toHaveURL(/\/newsletter\/subscribe$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(FOOTER_NEWSLETTER_MESSAGES.success.title);
  await smtp.waitForMail(to("nojs-footer@example.org"), 10_000);

  await page.goto("/blogs");
  await listingBlock(page).getByRole("textbox", { name: "Email address" }).fill("nojs-listing@example.org");
  await listingBlock(page).getByRole("button", { name: "Subscribe" }).click();
  await expect(listingBlock(page).getByText(NEWSLETTER.subscribed)).toBeVisible();
  const mail = await smtp.waitForMail(to("nojs-listing@example.org"), 10_000);

  // The confirmation page is a plain form too.
  await page.goto(link(mail, "confirm"));
  await page.getByRole("button", { name: NEWSLETTER.confirm.button }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(NEWSLETTER.confirm.confirmed.heading);
  await context.close();
});
