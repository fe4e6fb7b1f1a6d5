import type { Page } from "@playwright/test";
import { expect, testWithCrm } from "./fixtures";

/**
 * Issue 45, item 4, measured at 375 px: the controls a thumb uses are at least 44 px tall (a checkbox through its
 * label, which toggles it), and after a successful newsletter subscription or contact send the focus is on the
 * message that says so, not on the page's body.
 */
const test = testWithCrm;

test.use({ viewport: { width: 375, height: 812 } });

async function height(page: Page, selector: string): Promise<number> {
  const box = await page.locator(selector).first().boundingBox();
  expect(box, selector).not.toBeNull();
  return box!.height;
}

test("the newsletter page's e-mail field is a 44 px target on a phone", async ({ page }) => {
  await page.goto("/newsletter/subscribe");
  expect(await height(page, "#newsletter-page-email")).toBeGreaterThanOrEqual(44);
});

test("checkboxes are 44 px targets through their labels, which toggle them", async ({ page }) => {
  for (const [path, name] of [
    ["/sign-in", "remember"],
    ["/blogs", "featured"],
  ] as const) {
    await page.goto(path);
    const label = page.locator(`label:has(input[name="${name}"])`);
    const box = (await label.boundingBox())!;
    expect(box.height, `${path}: ${name}'s label height`).toBeGreaterThanOrEqual(44);
    expect(box.width, `${path}: ${name}'s label width`).toBeGreaterThanOrEqual(44);
    const input = page.locator(`input[name="${name}"]`);
    const before = await input.isChecked();
    // A tap at the label's far end, away from the box itself.
    await label.click({ position: { x: box.width - 4, y: box.height / 2 } });
    await expect(input).toBeChecked({ checked: !before });
  }
});

test("the AI help chips and a blog card's Read Full Article are 44 px tall", async ({ page, request, server }) => {
  await page.goto("/ai-help");
  const chips = page.locator('button[name="quick"]');
  expect(await chips.count()).toBeGreaterThan(0);
  for (const chip of await chips.all()) expect((await chip.boundingBox())!.height).toBeGreaterThanOrEqual(44);

  const seeded = await request.post(`${server.url}/api/blogs/seed`, { headers: { origin: server.url } });
  expect(seeded.ok()).toBe(true);
  await page.goto("/blogs");
  const read = page.getByRole("link", { name: /^Read Full Article/ }).first();
  expect((await read.boundingBox())!.height).toBeGreaterThanOrEqual(44);
});

test("after a subscription the focus is on the message, in the footer and on the blog listing", async ({ page }) => {
  await page.goto("/about");
  const footer = page.locator("footer");
  await footer.getByRole("textbox").fill(`focus-footer-${Date.now()}@example.com`);
  await footer.getByRole("button", { name: "Subscribe" }).click();
  const status = footer.getByRole("status");
  await expect(status).toContainText(/subscri|confirm/i);
  await expect(status).toBeFocused();

  await page.goto("/blogs");
  const block = page.locator("section", { has: page.locator('input[name="source"][value="blogs"]') });
  await block.getByRole("textbox").fill(`focus-blogs-${Date.now()}@example.com`);
  await block.getByRole("button").click();
  const blogStatus = block.getByRole("status");
  await expect(blogStatus).toContainText(/Successfully/);
  await expect(blogStatus).toBeFocused();
});

test("after a subscription on /newsletter/subscribe the focus is on the answer's heading, in both languages", async ({ page }) => {
  for (const prefix of ["", "/hi"]) {
    await page.goto(`${prefix}/newsletter/subscribe`);
    await page.waitForSelector("html[data-hydrated]");
    await page.locator("#newsletter-page-email").fill(`focus-page-${prefix ? "hi" : "en"}-${Date.now()}@example.com`);
    await page.locator("main button[type=submit]").click();
    const heading = page.locator("main h1");
    await expect(page.locator("#newsletter-page-email")).toHaveCount(0);
    await expect(heading).toBeFocused();
    expect(await page.evaluate(() => document.activeElement === document.body)).toBe(false);
  }
});

test("after a contact send the focus is on the confirmation", async ({ page }) => {
  await page.goto("/contact");
  const form = page.getByTestId("contact-form");
  await form.getByLabel("First Name", { exact: false }).first().fill("Priya");
  await form.getByLabel("Last Name", { exact: false }).first().fill("Sharma");
  await form.getByLabel("Email", { exact: false }).first().fill(`focus-contact-${Date.now()}@example.com`);
  await form.getByLabel("Phone", { exact: false }).first().fill("+91 98765 00000");
  await form.getByLabel("Message", { exact: false }).first().fill("We run a dental clinic in Pune.");
  await form.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("contact-success")).toBeFocused();
});

test("the floating WhatsApp button's close control is a 44 px target beside the button, not on it (issue 45)", async ({ page }) => {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 812 });
    await page.goto("/about");
    const float = page.getByTestId("whatsapp-float");
    const close = float.getByTestId("whatsapp-close");
    const link = float.getByRole("link");
    // Shown once the page's script has looked beneath it (the keyboard brings it back when yielded).
    await link.focus();
    // Measured once it has come back into view: its slide takes 200 ms, and two boxes read mid-slide would not agree.
    await expect.poll(() => float.evaluate((el) => getComputedStyle(el).transform)).toBe("none");
    const c = (await close.boundingBox())!;
    const l = (await link.boundingBox())!;
    expect(c.width, `close width at ${width} px`).toBeGreaterThanOrEqual(44);
    expect(c.height, `close height at ${width} px`).toBeGreaterThanOrEqual(44);
    const overlaps = c.x < l.x + l.width && l.x < c.x + c.width && c.y < l.y + l.height && l.y < c.y + c.height;
    expect(overlaps, `close over the button at ${width} px`).toBe(false);
    await close.click();
    await expect(float).toHaveCount(0);
  }
});
