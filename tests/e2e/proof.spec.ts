/**
 * Proof the owner gives, shown well (issue 45, item 2, decision 0055). On a fresh install the home page and /about show
 * no customer, no face, no result's source, no case study, no team, and nothing that claims to be live; the studio
 * overview says what proof is missing. Then the owner gives it through the studio's copy editor, choosing images
 * from the media library: the customer strip (a grey logo, a name with its city), a testimonial's photo, business
 * name, measured result and case study link, a source line under a result, a person of the team. Visitors see it
 * in both languages at 375 and 1280 px, with images sized up front and lazy, no sideways scroll, axe clean.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import type { Page } from "@playwright/test";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./session";

test.describe.configure({ mode: "serial" });
// A server of its own: the published copy below would change every other file's pages.
test.use({ serverEnv: { WP_E2E_SERVER: "proof" } });

const WIDTHS = [375, 1280];

async function imageFile(name: string, width: number, height: number, background: string): Promise<string> {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "wp-proof-e2e-")), name);
  await sharp({ create: { width, height, channels: 3, background } }).png().toFile(file);
  return file;
}

async function fitsAndAccessible(page: Page, width: number) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${page.url()} at ${width} px`).toBeLessThanOrEqual(width);
  await expectAccessible(page);
}

/** A visitor's page (no cookies), after the published copy reached it (pages are cached per content version). */
async function visitorPage(page: Page, baseUrl: string, width: number): Promise<Page> {
  const context = await page.context().browser()!.newContext({ baseURL: baseUrl, viewport: { width, height: 900 } });
  await context.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  return context.newPage();
}

/** Chooses an image of the library for the image field at `fieldPath` (the copy editor's picker, with JavaScript). */
async function chooseImage(page: Page, fieldPath: string, imageName: string) {
  await page.locator(`[aria-controls="copy-${fieldPath}-library"]`).click();
  await page.getByRole("button", { name: `Use ${imageName}` }).click();
  await expect(page.locator(`[name="${fieldPath}"]`)).toHaveValue(/^\/media\/[0-9a-f]{20}-\d+\.webp$/);
}

test("with nothing given the pages invent no proof and claim nothing live; the overview says what is missing", async ({ page, server }) => {
  test.setTimeout(240_000);
  for (const width of WIDTHS) {
    const visitor = await visitorPage(page, server.url, width);
    try {
      for (const home of ["/", "/hi"]) {
        await visitor.goto(home);
        const testimonials = visitor.locator("section[data-section=testimonials]");
        await expect(testimonials.locator("blockquote")).toHaveCount(3);
        await expect(visitor.locator("[data-slot=customers]")).toHaveCount(0);
        await expect(testimonials.locator("img")).toHaveCount(0);
        await expect(visitor.getByTestId("testimonial-result")).toHaveCount(0);
        await expect(visitor.getByTestId("metric-source")).toHaveCount(0);
        await expect(visitor.locator("body")).not.toContainText(/Updated live|लाइव अपडेट/);
        await expect(visitor.locator("[data-drawing=leads-board]")).toContainText(home === "/" ? "Example" : "उदाहरण");
        await fitsAndAccessible(visitor, width);
      }
      for (const about of ["/about", "/hi/about"]) {
        await visitor.goto(about);
        await expect(visitor.locator("[data-section=team]")).toHaveCount(0);
        await expect(visitor.getByRole("main").locator("img")).toHaveCount(0);
        await fitsAndAccessible(visitor, width);
      }
    } finally {
      await visitor.context().close();
    }
  }

  await signInAsStaff(page, server, "proof.owner@example.com", "owner");
  await page.goto("/studio");
  const hints = page.getByRole("region", { name: "Proof visitors can check" });
  await expect(hints.getByRole("link", { name: /^No customer logos or names yet/ })).toHaveAttribute("href", "/studio/pages/home#copy-testimonials.logos");
  await expect(hints.getByRole("link", { name: "3 of 3 testimonials lack a photo, a business name or a measured result." })).toBeVisible();
  await expect(hints.getByRole("link", { name: "3 of 3 results on the home page have no source line under the figure." })).toBeVisible();
  await expect(hints.getByRole("link", { name: /^The About page shows no team yet/ })).toHaveAttribute("href", "/studio/pages/about#copy-team.people");
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await fitsAndAccessible(page, width);
  }
  // A hint opens its field.
  await hints.getByRole("link", { name: /^The About page shows no team yet/ }).click();
  await expect(page).toHaveURL(/\/studio\/pages\/about#copy-team\.people$/);
  await expect(page.locator("#copy-team\\.people")).toBeInViewport();
});

test("proof given in the studio shows well on / and /about in both languages, at 375 and 1280 px", async ({ page, server }) => {
  test.setTimeout(300_000);
  await signInAsStaff(page, server, "proof.owner@example.com", "owner");
  // The media library: a wide logo and two portraits, uploaded as the Media page does.
  for (const [name, w, h, colour] of [
    ["asha-clinics-logo.png", 600, 200, "#1d4ed8"],
    ["rohan.png", 600, 600, "#b45309"],
    ["neha.png", 800, 800, "#0f766e"],
  ] as const) {
    const uploaded = await page.request.post(`${server.url}/api/studio/media`, {
      headers: { origin: server.url },
      multipart: { file: { name, mimeType: "image/png", buffer: fs.readFileSync(await imageFile(name, w, h, colour)) } },
    });
    expect(uploaded.status(), name).toBeLessThan(300);
  }
  // A case study to link to: a published post.
  expect((await page.request.post(`${server.url}/api/blogs/seed`, { headers: { origin: server.url } })).ok()).toBe(true);
  const slug = ((await (await page.request.get(`${server.url}/api/blogs?limit=1`)).json()) as { data: { slug: string }[] }).data[0]!.slug;
  const caseStudy = `${server.url}/blog/${slug}`;

  // The home page's copy: two customers, the first testimonial's proof, the first result's source.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/studio/pages/home");
  await page.waitForSelector("html[data-hydrated]");
  for (let i = 0; i < 2; i++) {
    await page.getByRole("button", { name: "Add customer" }).click();
    await expect(page.locator(`[name="testimonials.logos.${i}.name"]`)).toBeVisible();
    await page.waitForSelector("html[data-hydrated]");
  }
  await page.locator('[name="testimonials.logos.0.name"]').fill("Asha Clinics");
  await page.locator('[name="testimonials.logos.0.city"]').fill("Pune");
  await chooseImage(page, "testimonials.logos.0.src", "asha-clinics-logo.png");
  await page.locator('[name="testimonials.logos.1.name"]').fill("Green Heights Realty");
  await page.locator('[name="testimonials.logos.1.city"]').fill("Nashik");
  await chooseImage(page, "testimonials.items.0.photo", "rohan.png");
  await page.locator('[name="testimonials.items.0.businessName"]').fill("Deshmukh Properties");
  await page.locator('[name="testimonials.items.0.result"]').fill("3x site visits in the first 10 days");
  await page.locator('[name="testimonials.items.0.caseStudy"]').fill(caseStudy);
  await page.locator('[name="metrics.items.0.source"]').fill("Deshmukh Properties, Pune, March 2026");
  await page.locator('[name="metrics.items.0.sourceHref"]').fill(caseStudy);
  await page.getByRole("button", { name: "Publish" }).first().click();
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();
  await expectAccessible(page);

  // About: one person of the team.
  await page.goto("/studio/pages/about");
  await page.waitForSelector("html[data-hydrated]");
  await page.getByRole("button", { name: "Add person" }).click();
  await expect(page.locator('[name="team.people.0.name"]')).toBeVisible();
  await page.waitForSelector("html[data-hydrated]");
  await page.locator('[name="team.people.0.name"]').fill("Neha Joshi");
  await page.locator('[name="team.people.0.role"]').fill("Founder");
  await chooseImage(page, "team.people.0.photo", "neha.png");
  await page.getByRole("button", { name: "Publish" }).first().click();
  await expect(page.getByText("Published: visitors see it now.")).toBeVisible();

  // The overview now says only what is still missing.
  await page.goto("/studio");
  const hints = page.getByRole("region", { name: "Proof visitors can check" });
  await expect(hints.getByRole("link", { name: "2 of 3 testimonials lack a photo, a business name or a measured result." })).toBeVisible();
  await expect(hints.getByRole("link", { name: "2 of 3 results on the home page have no source line under the figure." })).toBeVisible();
  await expect(hints.getByRole("link")).toHaveCount(2);

  for (const width of WIDTHS) {
    const visitor = await visitorPage(page, server.url, width);
    try {
      for (const home of ["/", "/hi"]) {
        await expect(async () => {
          await visitor.goto(home);
          await expect(visitor.locator("[data-slot=customers]")).toBeVisible({ timeout: 500 });
        }).toPass({ timeout: 15_000 });
        const strip = visitor.locator("[data-slot=customers]");
        await expect(strip.getByTestId("customer")).toHaveCount(2);
        const logo = strip.getByRole("img", { name: "Asha Clinics" });
        await expect(logo).toHaveAttribute("width", "144");
        await expect(logo).toHaveAttribute("height", "48");
        await expect(logo).toHaveAttribute("loading", "lazy");
        expect(await logo.evaluate((img) => getComputedStyle(img).filter)).toContain("grayscale");
        await expect(strip.getByTestId("customer").nth(1)).toContainText("Green Heights Realty");
        await expect(strip.getByTestId("customer").nth(1)).toContainText("Nashik");
        // The strip is one quiet row: its items share a line at 1280 px, and none leaves the screen at 375.
        const boxes = await strip.getByTestId("customer").evaluateAll((els) => els.map((el) => el.getBoundingClientRect()).map((r) => ({ middle: r.top + r.height / 2, right: r.right })));
        for (const box of boxes) expect(box.right).toBeLessThanOrEqual(width);
        if (width === 1280) expect(Math.abs(boxes[0]!.middle - boxes[1]!.middle)).toBeLessThan(2);

        const card = visitor.locator("section[data-section=testimonials] figure").first();
        await card.scrollIntoViewIfNeeded();
        const portrait = card.locator("figcaption img");
        await expect(portrait).toHaveAttribute("width", "44");
        await expect(portrait).toHaveAttribute("loading", "lazy");
        await expect(card.getByTestId("testimonial-business-name")).toHaveText("Deshmukh Properties");
        await expect(card.getByTestId("testimonial-result")).toContainText("3x site visits in the first 10 days");
        const link = card.getByRole("link", { name: /Deshmukh Properties/ });
        await expect(link).toHaveAttribute("href", caseStudy);
        await expect(link).toContainText(home === "/" ? "Read the case study" : "पूरी केस स्टडी पढ़ें");
        expect((await link.boundingBox())!.height).toBeGreaterThanOrEqual(44);
        // The others stay as they were: no invented result.
        await expect(visitor.getByTestId("testimonial-result")).toHaveCount(1);

        const source = visitor.getByTestId("metric-source");
        await expect(source).toHaveCount(1);
        await expect(source).toContainText(home === "/" ? "Source: Deshmukh Properties, Pune, March 2026" : "स्रोत: Deshmukh Properties, Pune, March 2026");
        await expect(source.getByRole("link")).toHaveAttribute("href", caseStudy);
        await fitsAndAccessible(visitor, width);
      }
      for (const about of ["/about", "/hi/about"]) {
        await expect(async () => {
          await visitor.goto(about);
          await expect(visitor.locator("[data-section=team]")).toBeVisible({ timeout: 500 });
        }).toPass({ timeout: 15_000 });
        const team = visitor.locator("[data-section=team]");
        await expect(team.getByRole("heading", { level: 2 })).toHaveText(about === "/about" ? "The people behind Wise Parrot" : "Wise Parrot की टीम");
        const member = team.getByTestId("team-member");
        await expect(member).toHaveCount(1);
        await expect(member).toContainText("Neha Joshi");
        await expect(member).toContainText("Founder");
        const photo = member.locator("img");
        await expect(photo).toHaveAttribute("width", "320");
        await expect(photo).toHaveAttribute("height", "320");
        await expect(photo).toHaveAttribute("loading", "lazy");
        await photo.scrollIntoViewIfNeeded();
        await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
        await fitsAndAccessible(visitor, width);
      }
    } finally {
      await visitor.context().close();
    }
  }
});
