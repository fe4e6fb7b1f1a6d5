import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import sharp from "sharp";
import { openDatabase } from "../../server/db/database";
import { runStaffCommand } from "../../server/staff-command";
import { testConfig } from "../helpers/deps";
import { createLogger } from "../../server/logger";
import { totpCode } from "../helpers/media-staff";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signUpAs } from "./session";
import { markAddressVerified } from "../helpers/verified";

let made = 0;

/** An editor of this server's studio, signed in in this page's browser, past the second factor. */
async function signInAsEditor(page: Page, baseUrl: string, databaseUrl: string): Promise<void> {
  const email = `media.editor.${Date.now()}.${++made}@example.com`;
  await signUpAs(page, baseUrl, { name: "Media Editor", email, password: "a studio passphrase 11", company: "C", industry: "Healthcare" });
  const db = await openDatabase(databaseUrl);
  try {
    const deps = { config: testConfig({}, databaseUrl), db, log: createLogger("silent") };
    await markAddressVerified(db, email);
    await runStaffCommand(deps, ["grant", "editor", email], () => {}, () => {});
  } finally {
    await db.close();
  }
  const enrolment = await page.request.post(`${baseUrl}/api/studio/second-factor/enrolment`, { headers: { origin: baseUrl } });
  const { secret } = (await enrolment.json()) as { secret: string };
  const confirmed = await page.request.post(`${baseUrl}/api/studio/second-factor/enrolment/confirm`, {
    headers: { origin: baseUrl },
    data: { code: totpCode(secret) },
  });
  expect(confirmed.status()).toBe(200);
}

/** A photo-like JPEG written to a temporary file, as a person would pick it. */
async function photoFile(name: string, width = 1400, height = 900): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wp-media-e2e-")), name);
  await sharp({ create: { width, height, channels: 3, background: "#2a7", noise: { type: "gaussian", mean: 120, sigma: 40 } } })
    .jpeg({ quality: 80 })
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2982/100" } })
    .toFile(file);
  return file;
}

// Its own server (a worker option of its own): the library starts empty whatever other files uploaded.
test.use({ serverEnv: { WP_E2E_SERVER: "studio-media" } });

test.describe("the studio's media library", () => {
  test("an editor uploads an image, sees it in the library, and the page is accessible at 375 and 1280 px", async ({ page, server, allowErrors }) => {
    await signInAsEditor(page, server.url, server.databaseUrl);
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/studio/media");
    await expect(page.getByRole("heading", { level: 1, name: "Media" })).toBeVisible();
    await expect(page.getByText("No images yet.")).toBeVisible();
    await expectAccessible(page);

    // By keyboard: the file through its labelled input, then Upload.
    await page.getByLabel("Image file").setInputFiles(await photoFile("harbour.jpg"));
    await page.getByRole("button", { name: "Upload" }).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("status").filter({ hasText: "Image uploaded." })).toBeVisible();
    const row = page.getByTestId("media-row").filter({ hasText: "harbour.jpg" });
    await expect(row).toBeVisible();
    await expect(row).toContainText("1400 × 900");
    await expect(row).toContainText("Not used");
    const thumb = row.locator("img");
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(480);

    // A file that is not an image: the message next to the field.
    const text = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wp-media-e2e-")), "notes.jpg");
    fs.writeFileSync(text, "just some text\n");
    await page.getByLabel("Image file").setInputFiles(text);
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("This file is not an image we can read. Upload a JPEG, PNG, WebP or AVIF image.")).toBeVisible();
    await expect(page.getByLabel("Image file")).toHaveAttribute("aria-invalid", "true");
    allowErrors(/status of 400/);

    await expectAccessible(page);
    await page.setViewportSize({ width: 375, height: 800 });
    await expectAccessible(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);

    // Delete, with its confirmation.
    await row.getByRole("link", { name: "Delete harbour.jpg" }).click();
    await expect(page.getByRole("group", { name: "Delete image" })).toBeFocused();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Delete image" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Image deleted." })).toBeVisible();
    await expect(page.getByTestId("media-row")).toHaveCount(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the upload form posts to the API, which sends the browser back to the library", async ({ page, server }) => {
      await signInAsEditor(page, server.url, server.databaseUrl);
      await page.goto("/studio/media");
      await page.getByLabel("Image file").setInputFiles(await photoFile("no-js.jpg", 800, 500));
      await page.getByRole("button", { name: "Upload" }).click();
      await expect(page).toHaveURL(/\/studio\/media\?uploaded=\d+$/);
      await expect(page.getByRole("status").filter({ hasText: "Image uploaded." })).toBeVisible();
      await expect(page.getByTestId("media-row").filter({ hasText: "no-js.jpg" })).toContainText("800 × 500");
    });
  });

  test("a post's uploaded cover is drawn on the post page, the listing and related posts, without layout shift", async ({ page, server, browser }) => {
    await signInAsEditor(page, server.url, server.databaseUrl);
    await page.request.post(`${server.url}/api/blogs/seed`, { headers: { origin: server.url } });
    const uploaded = await page.request.post(`${server.url}/api/studio/media`, { headers: { origin: server.url }, multipart: { file: { name: "cover.jpg", mimeType: "image/jpeg", buffer: fs.readFileSync(await photoFile("cover.jpg", 2000, 1000)) } } });
    expect(uploaded.status()).toBe(201);
    const { media } = (await uploaded.json()) as { media: { id: number } };
    // The posts' editor sets covers; here the rows are set directly, for every sample post.
    const db = await openDatabase(server.databaseUrl);
    let slug: string;
    try {
      await db.kysely.updateTable("blogs").set({ cover_media_id: media.id, cover_alt: "A green field at dawn" }).execute();
      slug = (await db.kysely.selectFrom("blogs").select("slug").orderBy("id").executeTakeFirstOrThrow()).slug;
    } finally {
      await db.close();
    }

    // A visitor, in a fresh browser.
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const visitor = await context.newPage();
    const problems: string[] = [];
    visitor.on("console", (msg) => msg.type() === "error" && problems.push(msg.text()));
    visitor.on("requestfailed", (r) => problems.push(`${r.url()} ${r.failure()?.errorText}`));
    await visitor.goto(`${server.url}/blog/${slug}`);
    const hero = visitor.locator("article > picture img").first();
    await expect(hero).toHaveAttribute("alt", "A green field at dawn");
    await expect(hero).toHaveAttribute("loading", "eager");
    await expect(hero).toHaveAttribute("fetchpriority", "high");
    await expect(hero).toHaveAttribute("width", "960");
    await expect(hero).toHaveAttribute("height", "480");
    expect(await hero.getAttribute("srcset")).toMatch(/-480\.webp 480w, .*-960\.webp 960w, .*-1600\.webp 1600w$/);
    await expect(visitor.locator("article > picture source[type='image/avif']").first()).toHaveAttribute("srcset", /\.avif 480w/);
    // Shared on a social network, the post shows its cover.
    await expect(visitor.locator("meta[property='og:image']")).toHaveAttribute("content", new RegExp(`^${server.url}/media/[0-9a-f]{20}-960\\.webp$`));
    await expect(visitor.locator("meta[property='og:image:alt']")).toHaveAttribute("content", "A green field at dawn");
    await expect.poll(() => hero.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    // The box had its final height before the image arrived.
    const shift = await visitor.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[]) total += entry.value;
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 500);
        }),
    );
    expect(shift).toBeLessThan(0.01);
    const related = visitor.locator("[aria-labelledby='related-heading'] picture img");
    if ((await related.count()) > 0) await expect(related.first()).toHaveAttribute("loading", "lazy");

    await visitor.goto(`${server.url}/blogs`);
    const card = visitor.getByTestId("blog-card").first().locator("picture img");
    await expect(card).toHaveAttribute("loading", "lazy");
    await expect(card).toHaveAttribute("sizes", /370px/);
    await expect(card).toHaveAttribute("alt", "A green field at dawn");
    await expectAccessible(visitor);
    expect(problems).toEqual([]);
    await context.close();
  });

  test("a visitor gets the site's 404 at /studio/media", async ({ page, allowErrors }) => {
    const res = await page.goto("/studio/media");
    expect(res?.status()).toBe(404);
    allowErrors(/status of 404/);
  });
});
