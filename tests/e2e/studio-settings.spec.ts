/**
 * The owner runs the site (issue 28, decision 0024), in a browser: an owner who signs in lands in the studio and the
 * site's header shows them a Studio link; in Settings (axe clean at 375 and 1280 px, used by keyboard only) a bad
 * WhatsApp number gets a message next to its field, and a good one is used by every WhatsApp link on `/` and
 * `/contact` and by the floating button. Changing it with a second factor 20 minutes old asks for a fresh code beside
 * the form first (issue 39, item 3).
 */
import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { openDatabase } from "../../server/db/database";
import { makeOwner, totpCode as code } from "./owner";

test.describe.configure({ mode: "serial" });

const OWNER = { name: "Sita Settings", email: "sita.settings@example.com", password: "a settings passphrase 31", company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" };
const NEW_NUMBER = "447700900123";

/** Tabs until `locator` has the focus (keyboard only), at most `limit` presses. */
async function tabTo(page: Page, locator: ReturnType<Page["getByLabel"]>, limit = 80) {
  for (let i = 0; i < limit && !(await locator.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(locator).toBeFocused();
}

async function accessibleAtBothWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Every WhatsApp link of the page (the floating button, the footer, the page's own). */
async function whatsappLinks(page: Page): Promise<string[]> {
  return page.locator('a[href*="wa.me/"]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
}

test("an owner who signs in lands in the studio, changes the WhatsApp number in Settings, and the site uses it", async ({ page, server, allowErrors }) => {
  test.setTimeout(180_000);
  const secret = await makeOwner(page, server.url, server.databaseUrl, OWNER);

  // Signed in through the ordinary page, with no redirectTo: staff land in the studio (after their code).
  await page.goto("/sign-in");
  const main = page.getByRole("main");
  await main.getByLabel("Email address").fill(OWNER.email);
  await main.getByLabel("Password", { exact: true }).fill(OWNER.password);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/studio\/second-factor$/, { timeout: 15_000 });
  await page.getByLabel("Code", { exact: true }).fill(code(secret, 1));
  // The 30-second step of that code: a later code must be of a later step (a code is used once).
  const usedStep = Math.floor((Date.now() + 30_000) / 30_000);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/studio$/);

  // The site's header shows staff the way back.
  await page.goto("/");
  const studioLink = page.getByRole("banner").getByRole("link", { name: "Studio", exact: true });
  await expect(studioLink).toBeVisible();
  const before = await whatsappLinks(page);
  expect(before.length).toBeGreaterThan(2);
  expect(before.every((href) => !href.includes(NEW_NUMBER))).toBe(true);

  await studioLink.click();
  await expect(page).toHaveURL(/\/studio$/);
  await page.goto("/studio/settings");
  await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();
  await accessibleAtBothWidths(page);

  // Keyboard only: a bad number is refused, with the message next to the field, which gets the focus back.
  const field = page.getByLabel("WhatsApp number");
  await tabTo(page, field);
  await page.keyboard.type("12ab");
  await page.keyboard.press("Enter");
  await expect(page.getByText("WhatsApp number must be 8 to 15 digits, country code first.")).toBeVisible();
  // The refused save answers 400, which the browser reports.
  allowErrors(/status of 400/);
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await accessibleAtBothWidths(page);

  // The WhatsApp number is where chats go (issue 39, item 3): with a second factor 20 minutes old the save asks for a
  // fresh code beside the form, keeping what was typed; with the code it is saved.
  const db = await openDatabase(server.databaseUrl);
  try {
    await db.kysely.updateTable("sessions").set({ second_factor_at: Date.now() - 20 * 60_000 }).where("second_factor_at", "is not", null).execute();
  } finally {
    await db.close();
  }
  await field.focus();
  await page.keyboard.press("Control+A");
  await page.keyboard.type(`+44 7700 900123`);
  await page.keyboard.press("Enter");
  const stepUp = page.getByLabel("Code", { exact: true });
  await expect(stepUp).toBeFocused();
  // The refusal answers 403, which the browser reports.
  allowErrors(/status of 403/);
  await expect(page.getByText("enter a new code from your authenticator app")).toBeVisible();
  await expect(field).toHaveValue("+44 7700 900123");
  await accessibleAtBothWidths(page);
  while (Math.floor((Date.now() + 30_000) / 30_000) <= usedStep) await page.waitForTimeout(500);
  await stepUp.fill(code(secret, 1));
  await page.keyboard.press("Enter");
  await expect(page.getByText("Settings saved. The site shows them within a few seconds.")).toBeVisible();
  await expect(field).toHaveValue("+44 7700 900123");
  await expect(field).not.toHaveAttribute("aria-invalid", "true");

  // A visitor (no cookies) sees the new number in every WhatsApp link, the floating button's too.
  await page.context().clearCookies();
  for (const path of ["/", "/contact"]) {
    await expect(async () => {
      await page.goto(path);
      const links = await whatsappLinks(page);
      expect(links.length, path).toBeGreaterThan(1);
      for (const href of links) expect(new URL(href).pathname, `${path}: ${href}`).toBe(`/${NEW_NUMBER}`);
    }).toPass({ timeout: 10_000 });
    await expect(page.getByTestId("whatsapp-float").getByRole("link")).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${NEW_NUMBER}\\?`));
    await expect(page.getByRole("banner").getByRole("link", { name: "Studio", exact: true })).toHaveCount(0);
  }
});

test("the demo video changed in Settings plays in the home page's frame: the page's policy follows the saved address", async ({ page, server, allowErrors }) => {
  test.setTimeout(180_000);
  const owner = { ...OWNER, name: "Vidya Video", email: "vidya.video@example.com" };
  const secret = await makeOwner(page, server.url, server.databaseUrl, owner);
  // The players answer from here (no network): what Chromium frames, or refuses to under the page's policy.
  await page.route("https://player.vimeo.com/**", (route) => route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>The owner's Vimeo player</p>" }));

  await page.goto("/sign-in");
  const main = page.getByRole("main");
  await main.getByLabel("Email address").fill(owner.email);
  await main.getByLabel("Password", { exact: true }).fill(owner.password);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/studio\/second-factor$/, { timeout: 15_000 });
  await page.getByLabel("Code", { exact: true }).fill(code(secret, 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/studio$/);

  await page.goto("/studio/settings");
  const field = page.getByLabel("Demo video");
  // Vimeo's own page cannot be framed: refused, with the player address to use instead.
  await field.fill("https://vimeo.com/76979871");
  await field.press("Enter");
  await expect(page.getByText("Demo video is Vimeo's page, which cannot be embedded: use its player, https://player.vimeo.com/video/76979871.")).toBeVisible();
  // The refused save answers 400, which the browser reports.
  allowErrors(/status of 400/);
  await field.fill("https://player.vimeo.com/video/76979871");
  await field.press("Enter");
  await expect(page.getByText("Settings saved. The site shows them within a few seconds.")).toBeVisible();

  // A visitor opens the video on the home page: the frame loads the new player (a policy violation is a console
  // error, which fails the test, and leaves the frame empty).
  await page.context().clearCookies();
  await page.goto("/");
  await expect(page.getByTestId("hero-watch-here")).toHaveAttribute("href", "https://player.vimeo.com/video/76979871");
  await page.getByTestId("hero-watch-here").click();
  const frame = page.locator('[data-section="demo-video"] iframe');
  await expect(frame).toHaveAttribute("src", "https://player.vimeo.com/video/76979871");
  await expect(page.frameLocator('[data-section="demo-video"] iframe').getByText("The owner's Vimeo player")).toBeVisible();
});
