import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { HINT_COOKIE } from "../../server/http/cookies";
import { type Db, openDatabase } from "../../server/db/database";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

let db: Db;
test.beforeAll(async ({ server }) => {
  db = await openDatabase(server.databaseUrl);
});
test.afterAll(async () => {
  await db?.close();
});

// The cover field in the post editor: upload a new image by keyboard, choose it, alt text required; the published
// post shows it; the preview too.
test("an editor gives a post a cover from the editor: upload, choose, alt text, preview, publish", async ({ page, server, browser, allowErrors }) => {
  const staff = await staffWithSession(testDeps(db), "cover.editor@example.com", "editor");
  await page.context().addCookies([
    { name: "wp_session", value: staff.token, url: server.url, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: server.url, sameSite: "Lax" },
  ]);
  await page.goto("/studio/posts/new");
  await page.getByLabel("Title").fill("Covers for posts");
  await page.getByLabel("Excerpt").fill("A post with a cover.");
  await page.getByLabel("Body").fill("# Why\n\nBecause pictures help.");
  await page.getByRole("button", { name: "Create draft" }).click();
  await expect(page).toHaveURL(/\/studio\/posts\/\d+$/);

  const field = page.getByTestId("cover-field");
  await expect(field.getByRole("radio", { name: /No cover/ })).toBeChecked();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wp-cover-")), "sunrise.jpg");
  await sharp({ create: { width: 1800, height: 900, channels: 3, background: "#c84", noise: { type: "gaussian", mean: 120, sigma: 30 } } }).jpeg().toFile(file);
  await field.getByLabel("Upload a new image").setInputFiles(file);
  await field.getByRole("button", { name: "Upload", exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(field.getByRole("radio", { name: "sunrise.jpg" })).toBeChecked();
  await expect(field.getByLabel("Alt text")).toHaveAttribute("required", "");
  await expectAccessible(page);

  // Alt text missing: not published (the browser's own check, or the server's message beside the field).
  await page.getByRole("button", { name: "Publish now" }).click();
  await page.waitForTimeout(500);
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toHaveCount(0);
  expect(await field.getByLabel("Alt text").evaluate((el: HTMLInputElement) => el.validity.valueMissing || el.getAttribute("aria-invalid") === "true")).toBe(true);
  await field.getByLabel("Alt text").fill("The sun rising over the sea");
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Published." })).toBeVisible();
  await page.setViewportSize({ width: 375, height: 800 });
  await expectAccessible(page);

  // The preview draws the cover as the public page will.
  await page.getByRole("link", { name: "Preview" }).click();
  await expect(page.locator("article > picture img").first()).toHaveAttribute("alt", "The sun rising over the sea");

  const visitor = await browser.newContext();
  const reader = await visitor.newPage();
  await reader.goto(`${server.url}/blog/covers-for-posts`);
  const hero = reader.locator("article > picture img").first();
  await expect(hero).toHaveAttribute("alt", "The sun rising over the sea");
  await expect(hero).toHaveAttribute("srcset", /-960\.webp 960w/);
  await visitor.close();
  allowErrors(/status of 400/);
});
