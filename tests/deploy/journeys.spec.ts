/**
 * The journeys that post forms, through a real TLS-terminating reverse proxy at https://127.0.0.1:<port>
 * (docs/findings.md S1): each with JavaScript (fetch, React Router's .data requests) and, where the page has
 * one, the plain form post. Before S1's fix every page form here answered 400.
 */
import https from "node:https";
import type { Browser, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { AUTH_MESSAGES } from "../../shared/content/auth";
import { BLOG_NEWSLETTER, FOOTER_NEWSLETTER_MESSAGES, NEWSLETTER } from "../../shared/content";
import { CONTACT_FORM } from "../../shared/content/contact";
import { SAMPLE_BLOGS } from "../../server/services/blog/samples";
import { mailedLink } from "../helpers/mail-folder";
import { expect, test } from "./fixtures";

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++n}@example.com`;

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test("pages are served over https through the proxy, with the site's https URL in them", async ({ page, reverseProxy }) => {
  const res = await page.goto("/");
  expect(res?.status()).toBe(200);
  expect(page.url().startsWith(reverseProxy.url)).toBe(true);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`^${reverseProxy.url}/?$`));
});

/** A browser without JavaScript on the proxy's URL: every form is a plain post to the page's action. */
async function withoutJs(browser: Browser, baseURL: string, run: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL, ignoreHTTPSErrors: true });
  try {
    await run(await context.newPage());
  } finally {
    await context.close();
  }
}

function leadEmails(databaseUrl: string): string[] {
  const db = new Database(databaseUrl, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("select email from leads").all() as { email: string }[]).map((r) => r.email);
  } finally {
    db.close();
  }
}

test("contact: a lead sent with JavaScript and by the plain form post", async ({ page, server }) => {
  const form = page.getByTestId("contact-form");
  const fill = async (email: string) => {
    for (const [label, value] of Object.entries({ "First Name": "Priya", "Last Name": "Sharma", Email: email, Phone: "+91 98765 00000", Message: "Behind the proxy." })) {
      await form.getByLabel(label, { exact: false }).first().fill(value);
    }
  };
  await page.goto("/contact");
  await fill("proxy.js@example.com");
  await form.getByRole("button", { name: CONTACT_FORM.submit }).click();
  await expect(page.locator("[data-sonner-toast]")).toContainText(CONTACT_FORM.successMessage);

  await page.goto("/contact");
  await fill("proxy.form@example.com");
  // form.submit() skips the page's handler: the browser posts the form to the page's action itself.
  await form.evaluate((el) => (el as HTMLFormElement).submit());
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator("[data-sonner-toast]")).toContainText(CONTACT_FORM.successMessage);
  expect(leadEmails(server.databaseUrl)).toEqual(expect.arrayContaining(["proxy.js@example.com", "proxy.form@example.com"]));
});

test("newsletter: from the footer and from /blogs, with JavaScript and without", async ({ page, browser, reverseProxy }) => {
  await page.goto("/blogs");
  const block = page.getByRole("region", { name: BLOG_NEWSLETTER.heading });
  await block.getByRole("textbox", { name: "Email address" }).fill("proxy.listing@example.org");
  await block.getByRole("button", { name: "Subscribe" }).click();
  await expect(block.getByText(NEWSLETTER.subscribed)).toBeVisible();

  const footer = page.getByRole("contentinfo");
  await footer.getByRole("textbox", { name: "Email address" }).fill("proxy.footer@example.org");
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText(FOOTER_NEWSLETTER_MESSAGES.success.title)).toBeVisible();

  await withoutJs(browser, reverseProxy.url, async (plain) => {
    await plain.goto("/blogs");
    await plain.getByRole("contentinfo").getByRole("textbox", { name: "Email address" }).fill("proxy.nojs.footer@example.org");
    await plain.getByRole("contentinfo").getByRole("button", { name: "Subscribe" }).click();
    await expect(plain).toHaveURL(/\/newsletter\/subscribe$/);
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText(FOOTER_NEWSLETTER_MESSAGES.success.title);

    await plain.goto("/blogs");
    const listing = plain.getByRole("region", { name: BLOG_NEWSLETTER.heading });
    await listing.getByRole("textbox", { name: "Email address" }).fill("proxy.nojs.listing@example.org");
    await listing.getByRole("button", { name: "Subscribe" }).click();
    await expect(listing.getByText(NEWSLETTER.subscribed)).toBeVisible();
  });
});


const hydratedForm = (page: Page) => expect(page.locator('input[name="_js"]').first()).toHaveValue("1");

test("accounts: sign up in both steps, sign out, sign in, forgot and reset the password", async ({ page, server, reverseProxy }) => {
  test.slow();
  const email = uniqueEmail("proxy.account");
  const main = page.getByRole("main");
  await page.goto("/get-started");
  await hydratedForm(page);
  await main.getByLabel("First name").fill("Asha");
  await main.getByLabel("Last name").fill("Verma");
  await main.getByLabel("Email address").fill(email);
  await main.getByLabel("Password", { exact: true }).fill("first proxy password");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Almost There!" })).toBeVisible();
  await main.getByLabel("Company name").fill("Verma Realty");
  await main.getByLabel("Your role").selectOption("CEO/Founder");
  await main.getByLabel("Industry").selectOption("Healthcare");
  await main.getByRole("checkbox").check();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(AUTH_MESSAGES.accountCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  // Over https the session cookie is Secure.
  expect((await page.context().cookies()).find((c) => c.name.endsWith("wp_session"))).toMatchObject({ secure: true, httpOnly: true });

  await page.getByRole("banner").getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/signedOut=1/);
  await hydratedForm(page);
  await main.getByLabel("Email address").fill(email);
  await main.getByLabel("Password", { exact: true }).fill("first proxy password");
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/templates$/);
  await page.context().clearCookies();

  await page.goto("/forgot-password");
  await main.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Send reset link" }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetRequested)).toBeVisible();
  const link = await mailedLink(server.mailDir, email, "/reset-password");
  expect(link.startsWith(`${reverseProxy.url}/reset-password?token=`)).toBe(true);
  await page.goto(link);
  await main.getByLabel("New password", { exact: true }).fill("second proxy password");
  await main.getByLabel("Repeat the new password").fill("second proxy password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetDone)).toBeVisible();

  await page.goto("/sign-in");
  await hydratedForm(page);
  await main.getByLabel("Email address").fill(email);
  await main.getByLabel("Password", { exact: true }).fill("second proxy password");
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/templates$/);
});

test("AI help: the answer's event stream passes through the proxy unbuffered", async ({ page, llm, reverseProxy }) => {
  const pieces = ["Through ", "the ", "proxy, ", "one ", "piece ", "at ", "a ", "time."];
  llm.behave = () => ({ kind: "reply", content: pieces.join(""), pieces, pieceDelayMs: 150 });

  // In the browser: the page's chat gets an event stream and shows the whole answer.
  await page.goto("/ai-help");
  const input = page.getByRole("textbox", { name: "Your message" });
  await page.waitForFunction(() => {
    const el = document.querySelector("textarea");
    return !!el && Object.keys(el).some((k) => k.startsWith("__reactFiber"));
  });
  const answered = page.waitForResponse((r) => r.url().endsWith("/api/chat") && r.request().method() === "POST");
  await input.fill("Does streaming survive the proxy?");
  await input.press("Enter");
  expect((await answered).headers()["content-type"]).toContain("text/event-stream");
  await expect(page.getByTestId("chat-log").locator('[data-role="bot"]').last()).toContainText("Through the proxy, one piece at a time.");

  // On the wire: the stream's opening (the "start" event, sent at once) arrives long before the answer, which the
  // server holds until the model's last piece has come and its citations check out (decision 0028). Buffered by the
  // proxy, everything would land within a few milliseconds when the model is done.
  const arrivals = await new Promise<number[]>((resolve, reject) => {
    const times: number[] = [];
    const req = https.request(
      `${reverseProxy.url}/api/chat`,
      { method: "POST", rejectUnauthorized: false, headers: { "content-type": "application/json", accept: "text/event-stream", origin: reverseProxy.url } },
      (res) => {
        res.on("data", () => times.push(performance.now()));
        res.on("end", () => resolve(times));
        res.on("error", reject);
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify({ message: "stream please" }));
  });
  expect(arrivals.length).toBeGreaterThanOrEqual(2);
  // Eight pieces 150 ms apart: the model needs over a second; the opening must not wait for it.
  expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThan(600);
});

test("like a post, with JavaScript and without", async ({ page, browser, reverseProxy, request }) => {
  // Added by this test, or refused (409) because an earlier one on this server already added them.
  const seeded = await request.post("/api/blogs/seed", { headers: { origin: reverseProxy.url } });
  expect([200, 409]).toContain(seeded.status());
  const [first, second] = SAMPLE_BLOGS;

  await page.goto(`/blog/${first!.slug}`);
  await expect(page.getByTestId("likes")).toHaveText("0 likes");
  await page.getByRole("button", { name: /Like/ }).click();
  await expect(page.getByRole("button", { name: /Liked/ })).toBeDisabled();
  await expect(page.getByTestId("likes")).toHaveText("1 like");

  await withoutJs(browser, reverseProxy.url, async (plain) => {
    await plain.goto(`/blog/${second!.slug}`);
    await expect(plain.getByTestId("likes")).toHaveText("0 likes");
    await plain.getByRole("button", { name: /Like/ }).click();
    await expect(plain.getByRole("button", { name: /Liked/ })).toBeDisabled();
    await expect(plain.getByTestId("likes")).toHaveText("1 like");
  });
});
