/**
 * The owner's archive from the studio (issue 32): the Export page lists what the archive holds, is accessible at a
 * phone's and a desktop's width, and its button downloads a Wise Parrot archive.
 */
import fs from "node:fs";
import { gunzipSync } from "node:zlib";
import { readTar } from "../../server/services/backup/tar";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { withSamplePosts } from "./samples";
import { signInAsStaff } from "./session";

test("the owner downloads the archive from the studio's Export page", async ({ page, server }) => {
  await signInAsStaff(page, server, "export.owner@example.com", "owner");
  await withSamplePosts(page.request, server.url);

  await page.goto("/studio");
  await page.getByRole("link", { name: "Export" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Export" })).toBeVisible();
  await expect(page.locator("dt", { hasText: "Posts" }).first()).toBeVisible();
  const shown = Number(await page.locator("dt", { hasText: /^Posts$/ }).locator("xpath=following-sibling::dd[1]").textContent());
  expect(shown).toBeGreaterThanOrEqual(3);
  for (const size of [{ width: 375, height: 800 }, { width: 1280, height: 900 }]) {
    await page.setViewportSize(size);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(size.width);
  }

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download the archive" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^wise-parrot-\d{4}-\d{2}-\d{2}\.tar\.gz$/);
  const entries = readTar(gunzipSync(fs.readFileSync((await download.path())!)));
  const manifest = JSON.parse(entries.find((e) => e.name === "manifest.json")!.data.toString()) as { format: string; tables: Record<string, number> };
  expect(manifest.format).toBe("wise-parrot-archive");
  expect(manifest.tables.blogs).toBe(shown);
});
