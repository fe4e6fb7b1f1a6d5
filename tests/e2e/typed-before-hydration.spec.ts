import type { Locator, Page } from "@playwright/test";
import Database from "better-sqlite3";
import { AUTH_MESSAGES } from "../../shared/content/auth";
import { BLOG_NEWSLETTER, CONTACT_FORM, LOCAL_BLOGS, NEWSLETTER } from "../../shared/content";
import { FOOTER_NEWSLETTER_MESSAGES } from "../../shared/content/site";
import { HINT_COOKIE } from "../../server/http/cookies";
import { openDatabase } from "../../server/db/database";
import { testDeps } from "../helpers/deps";
import { mailedLink } from "../helpers/mail-folder";
import { staffWithSession } from "../helpers/studio-staff";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Issue 30: what a visitor types before the page's scripts take over survives hydration.
 *
 * Pages hydrate after the first paint (docs/decisions/0008-hydrate-after-paint.md). Each test throttles
 * Chromium's CPU 6x (a slow phone), opens the page without waiting for anything but the first byte, and types
 * as soon as the field exists. The page's scripts are held back until the typing is done, so every keystroke
 * lands on the server-rendered form (the test checks that the page has not hydrated yet); then they load and
 * hydrate, and the values, focus and caret must still be there, and the form must send what was typed.
 */

test.use({ contextOptions: { reducedMotion: "reduce" } });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 6 });
});

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++n}@example.com`;

/** Holds every script of the app until the returned function is called (the route stays for later pages). */
async function holdScripts(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute("data-hydrated"));

/** Opens `url` (first byte only), runs `type` on the server-rendered page, then lets it hydrate. */
async function typeBeforeHydration(page: Page, url: string, type: () => Promise<void>): Promise<void> {
  const release = await holdScripts(page);
  await page.goto(url, { waitUntil: "commit" });
  await type();
  expect(await hydrated(page), "the typing must happen before hydration, or this test proves nothing").toBe(false);
  release();
  await waitForHydration(page);
}

/** Moves the caret `back` characters to the left and says where it is. */
async function caretBack(field: Locator, back: number): Promise<number> {
  for (let i = 0; i < back; i++) await field.press("ArrowLeft");
  return field.evaluate((el: HTMLInputElement | HTMLTextAreaElement) => el.selectionStart ?? -1);
}
const caret = (field: Locator) => field.evaluate((el: HTMLInputElement | HTMLTextAreaElement) => el.selectionStart ?? -1);

/** After hydration: the field still holds what was typed, has focus, and the caret is where the visitor left it. */
async function expectKept(field: Locator, value: string, caretAt: number) {
  await expect(field).toHaveValue(value);
  await expect(field).toBeFocused();
  expect(await caret(field)).toBe(caretAt);
}

test("footer newsletter (every page): the e-mail typed early is kept and the subscription succeeds", async ({ page, server }) => {
  const email = uniqueEmail("footer");
  const field = page.getByRole("contentinfo").getByRole("textbox", { name: "Email address" });
  let at = -1;
  await typeBeforeHydration(page, "/", async () => {
    await field.pressSequentially(email);
    at = await caretBack(field, 4);
  });
  await expectKept(field, email, at);
  await field.press("Enter");
  await expect(page.getByRole("contentinfo").getByText(FOOTER_NEWSLETTER_MESSAGES.success.title)).toBeVisible();
  await expect(page.getByRole("contentinfo").getByText(FOOTER_NEWSLETTER_MESSAGES.success.confirmation)).toBeVisible();
  expect(await mailedLink(server.mailDir, email, "/newsletter/confirm")).toContain("/newsletter/confirm?token=");
});

test("/blogs: the newsletter e-mail, the category and 'Featured Only' chosen early are kept and applied", async ({ page, server }) => {
  const email = uniqueEmail("listing");
  const block = page.getByRole("region", { name: BLOG_NEWSLETTER.heading });
  const field = block.getByRole("textbox", { name: "Email address" });
  const category = page.getByRole("combobox", { name: "Category" });
  const featured = page.getByRole("checkbox", { name: "Featured Only" });
  let at = -1;
  let chosen = "";
  await typeBeforeHydration(page, "/blogs", async () => {
    chosen = (await category.locator("option").nth(1).getAttribute("value")) ?? "";
    await category.selectOption(chosen);
    await featured.check();
    await field.pressSequentially(email);
    at = await caretBack(field, 2);
  });
  await expectKept(field, email, at);
  await expect(category).toHaveValue(chosen);
  await expect(featured).toBeChecked();
  // The filters chosen before the scripts ran are applied, as if chosen after.
  await expect(page).toHaveURL(new RegExp(`[?&]category=${encodeURIComponent(chosen).replace(/%20/g, "(\\+|%20)")}`));
  await expect(page).toHaveURL(/[?&]featured=true/);
  await field.press("Enter");
  await expect(block.getByText(NEWSLETTER.subscribed)).toBeVisible();
  expect(await mailedLink(server.mailDir, email, "/newsletter/confirm")).toContain("/newsletter/confirm?token=");
});

function leadsIn(databaseUrl: string): { email: string; message: string }[] {
  const db = new Database(databaseUrl, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select email, message from leads").all() as { email: string; message: string }[];
  } finally {
    db.close();
  }
}

test("contact: every field typed early is kept and the lead is stored", async ({ page, server }) => {
  const form = page.getByTestId("contact-form");
  const email = uniqueEmail("lead");
  const message = "We run a clinic in Pune and want WhatsApp reminders for appointments.";
  const messageBox = form.getByLabel("Message", { exact: false }).first();
  let at = -1;
  await typeBeforeHydration(page, "/contact", async () => {
    await form.getByLabel("First Name", { exact: false }).first().pressSequentially("Priya");
    await form.getByLabel("Last Name", { exact: false }).first().pressSequentially("Sharma");
    await form.getByLabel("Email", { exact: false }).first().pressSequentially(email);
    await form.getByLabel("Phone", { exact: false }).first().pressSequentially("+91 98765 43210");
    await messageBox.pressSequentially(message);
    at = await caretBack(messageBox, 10);
  });
  await expectKept(messageBox, message, at);
  await expect(form.getByLabel("First Name", { exact: false }).first()).toHaveValue("Priya");
  await expect(form.getByLabel("Last Name", { exact: false }).first()).toHaveValue("Sharma");
  await expect(form.getByLabel("Email", { exact: false }).first()).toHaveValue(email);
  await expect(form.getByLabel("Phone", { exact: false }).first()).toHaveValue("+91 98765 43210");
  await form.getByRole("button", { name: CONTACT_FORM.submit }).click();
  await expect(page.locator("[data-sonner-toast]")).toContainText(CONTACT_FORM.successTitle);
  expect(leadsIn(server.databaseUrl).filter((l) => l.email === email).map((l) => l.message)).toEqual([message]);
});

test("sign-up: step 1 typed early is kept; step 2 reached by a plain post before hydration keeps its choices too", async ({ page }) => {
  test.slow();
  const main = page.getByRole("main");
  const email = uniqueEmail("signup");
  const password = main.getByLabel("Password", { exact: true });
  let at = -1;
  await typeBeforeHydration(page, "/get-started", async () => {
    await main.getByLabel("First name").pressSequentially("Asha");
    await main.getByLabel("Last name").pressSequentially("Deshpande");
    await main.getByLabel("Email address").pressSequentially(email);
    await password.pressSequentially("correct horse battery");
    at = await caretBack(password, 3);
  });
  await expectKept(password, "correct horse battery", at);
  await expect(main.getByLabel("First name")).toHaveValue("Asha");
  await expect(main.getByLabel("Email address")).toHaveValue(email);

  // Step 1 submitted before the scripts run is a plain form post; the server answers with step 2.
  await page.unrouteAll({ behavior: "wait" });
  const release = await holdScripts(page);
  await page.goto("/get-started", { waitUntil: "commit" });
  await main.getByLabel("First name").pressSequentially("Asha");
  await main.getByLabel("Last name").pressSequentially("Deshpande");
  await main.getByLabel("Email address").pressSequentially(email);
  await password.pressSequentially("correct horse battery");
  await password.press("Enter");
  await expect(page.getByRole("heading", { level: 1, name: "Almost There!" })).toBeVisible();
  const company = main.getByLabel("Company name");
  await company.pressSequentially("Deshpande Dental");
  await main.getByLabel("Your role").selectOption("CEO/Founder");
  await main.getByLabel("Industry").selectOption("Healthcare");
  await main.getByRole("checkbox").check();
  await company.focus();
  const companyAt = await caretBack(company, 6);
  expect(await hydrated(page)).toBe(false);
  release();
  await waitForHydration(page);
  await expectKept(company, "Deshpande Dental", companyAt);
  await expect(main.getByLabel("Your role")).toHaveValue("CEO/Founder");
  await expect(main.getByLabel("Industry")).toHaveValue("Healthcare");
  await expect(main.getByRole("checkbox")).toBeChecked();
  await page.getByRole("button", { name: "Create Account" }).click();
  await expect(page.getByText(AUTH_MESSAGES.accountCreated)).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
});

async function register(baseUrl: string, email: string, password: string) {
  const response = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { origin: baseUrl, "content-type": "application/json" },
    body: JSON.stringify({ name: "Asha Deshpande", email, password, company: "Deshpande Dental", industry: "Healthcare" }),
  });
  expect(response.ok, await response.clone().text()).toBe(true);
}

test("sign-in: e-mail, industry, password and 'Remember me' set early are kept and sign the visitor in", async ({ page, server }) => {
  const email = uniqueEmail("signin");
  await register(server.url, email, "correct horse battery");
  const main = page.getByRole("main");
  const password = main.getByLabel("Password", { exact: true });
  let at = -1;
  await typeBeforeHydration(page, "/sign-in", async () => {
    await main.getByLabel("Email address").pressSequentially(email);
    await main.getByLabel("Industry").selectOption("Healthcare");
    await main.getByRole("checkbox", { name: "Remember me" }).check();
    await password.pressSequentially("correct horse battery");
    at = await caretBack(password, 5);
  });
  await expectKept(password, "correct horse battery", at);
  await expect(main.getByLabel("Email address")).toHaveValue(email);
  await expect(main.getByLabel("Industry")).toHaveValue("Healthcare");
  await expect(main.getByRole("checkbox", { name: "Remember me" })).toBeChecked();
  await password.press("Enter");
  await expect(page).toHaveURL(/\/templates$/);
});

test("forgot and reset password: the e-mail and both new passwords typed early are kept and used", async ({ page, server }) => {
  test.slow();
  const email = uniqueEmail("reset");
  await register(server.url, email, "first password");
  const main = page.getByRole("main");
  const emailField = main.getByLabel("Email address");
  let at = -1;
  await typeBeforeHydration(page, "/forgot-password", async () => {
    await emailField.pressSequentially(email);
    at = await caretBack(emailField, 1);
  });
  await expectKept(emailField, email, at);
  await emailField.press("Enter");
  await expect(page.getByText(AUTH_MESSAGES.resetRequested)).toBeVisible();

  const link = await mailedLink(server.mailDir, email, "/reset-password");
  await page.unrouteAll({ behavior: "wait" });
  const repeat = main.getByLabel("Repeat the new password");
  await typeBeforeHydration(page, link, async () => {
    await main.getByLabel("New password", { exact: true }).pressSequentially("second password");
    await repeat.pressSequentially("second password");
    at = await caretBack(repeat, 2);
  });
  await expectKept(repeat, "second password", at);
  await expect(main.getByLabel("New password", { exact: true })).toHaveValue("second password");
  await page.getByRole("button", { name: "Set new password" }).click();
  await expect(page.getByText(AUTH_MESSAGES.resetDone)).toBeVisible();
});

test("/ai-help: the message typed early is kept, counted and sent", async ({ page }) => {
  const box = page.getByRole("textbox", { name: "Your message" });
  const text = "What does the Professional plan cost?";
  let at = -1;
  await typeBeforeHydration(page, "/ai-help", async () => {
    await box.pressSequentially(text);
    at = await caretBack(box, 5);
  });
  await expectKept(box, text, at);
  await expect(page.getByTestId("chat-count")).toContainText(String(text.length));
  await box.press("Enter");
  await expect(page.getByTestId("chat-log").locator('[data-role="user"]').last()).toContainText(text);
  await expect(box).toHaveValue("");
});

test("/blogs-advanced: the local draft typed early is kept and published", async ({ page }) => {
  const form = page.getByRole("region", { name: LOCAL_BLOGS.form.heading });
  const title = form.getByLabel(LOCAL_BLOGS.form.title, { exact: false });
  const author = form.getByLabel(LOCAL_BLOGS.form.author, { exact: false });
  let at = -1;
  await typeBeforeHydration(page, "/blogs-advanced", async () => {
    await title.pressSequentially("Reminders that patients read");
    await form.getByLabel(LOCAL_BLOGS.form.description, { exact: false }).pressSequentially("Short, friendly, on WhatsApp.");
    await author.pressSequentially("Asha");
    at = await caretBack(author, 2);
  });
  await expectKept(author, "Asha", at);
  await expect(title).toHaveValue("Reminders that patients read");
  await form.getByRole("button", { name: LOCAL_BLOGS.form.submit }).click();
  await expect(form.getByText(LOCAL_BLOGS.form.saved)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Reminders that patients read" })).toBeVisible();
});

test("studio: a new post's title, excerpt and body typed early are kept and saved", async ({ page, server }) => {
  const db = await openDatabase(server.databaseUrl);
  try {
    const staff = await staffWithSession(testDeps(db), uniqueEmail("typing.editor"), "editor");
    await page.context().addCookies([
      { name: "wp_session", value: staff.token, url: server.url, httpOnly: true, sameSite: "Lax" },
      { name: HINT_COOKIE, value: "1", url: server.url, sameSite: "Lax" },
    ]);
  } finally {
    await db.close();
  }
  const body = page.getByLabel("Body");
  let at = -1;
  await typeBeforeHydration(page, "/studio/posts/new", async () => {
    await page.getByLabel("Title").pressSequentially("Typed before the scripts");
    await page.getByLabel("Excerpt").pressSequentially("Kept after hydration.");
    await body.pressSequentially("# Why\n\nBecause phones are slow.");
    at = await caretBack(body, 4);
  });
  await expectKept(body, "# Why\n\nBecause phones are slow.", at);
  await expect(page.getByLabel("Title")).toHaveValue("Typed before the scripts");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/studio\/posts\/\d+$/);
  await expect(page.getByLabel("Title")).toHaveValue("Typed before the scripts");
  await expect(page.getByLabel("Excerpt")).toHaveValue("Kept after hydration.");
});
