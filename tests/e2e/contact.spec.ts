import Database from "better-sqlite3";
import type { Locator, Page } from "@playwright/test";
import { CONTACT_CARDS, CONTACT_FORM, SUPPORT_CHANNELS, SUPPORT_STATS } from "../../shared/content/contact";
import { expectAccessible } from "./a11y";
import { expect, pausedClock, testWithCrm } from "./fixtures";

// This file's server forwards leads to a real local CRM endpoint.
const test = testWithCrm;

const WHATSAPP = "910000000000";
const person = {
  "First Name": "Priya",
  "Last Name": "Sharma",
  Email: "priya.sharma@example.com",
  Phone: "+91 98765 00000",
  Message: "We run a dental clinic in Pune and want WhatsApp follow-ups.",
};

function leadsIn(databaseUrl: string): { email: string; status: string; first_name: string }[] {
  const db = new Database(databaseUrl, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("select email, status, first_name from leads order by id").all() as { email: string; status: string; first_name: string }[];
  } finally {
    db.close();
  }
}

async function fill(form: Locator, values: Partial<typeof person>) {
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: false }).first().fill(value);
}

const form = (page: Page) => page.getByTestId("contact-form");
const visibleSlide = (page: Page) => page.locator("[data-slide]:visible");

test.describe("contact cards", () => {
  test("open mailto, tel, two prefilled WhatsApp chats and the maps link", async ({ page }) => {
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    const cards = page.getByTestId("contact-cards").getByRole("link");
    await expect(cards).toHaveCount(5);
    await expect(page.locator('[data-card="email"]')).toHaveAttribute("href", "mailto:hello@example.com");
    await expect(page.locator('[data-card="call"]')).toHaveAttribute("href", "tel:+910000000000");
    for (const id of ["whatsapp-chat", "whatsapp-demo"]) {
      const card = page.locator(`[data-card="${id}"]`);
      const href = (await card.getAttribute("href")) ?? "";
      const url = new URL(href);
      expect(url.origin + url.pathname).toBe(`https://wa.me/${WHATSAPP}`);
      const spec = CONTACT_CARDS.find((c) => c.id === id)!.target;
      expect(url.searchParams.get("text")).toBe(spec.kind === "whatsapp" ? spec.text : "");
      await expect(card).toHaveAttribute("target", "_blank");
      await expect(card).toHaveAttribute("rel", /noopener/);
    }
    const office = page.locator('[data-card="office"]');
    await expect(office).toHaveAttribute("href", "https://www.google.com/maps/search/?api=1&query=Pune%2C+Maharashtra%2C+India");
    await expect(office).toContainText("Pune, Maharashtra, India");
    await expect(page.getByTestId("whatsapp-widget-send")).toHaveAttribute("href", new RegExp(`^https://wa\\.me/${WHATSAPP}\\?text=`));
  });
});

test.describe("support channel slider", () => {
  test("shows the six channels and the stat claims, advancing every 5 s with wrap-around", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/contact");
    const stats = page.getByTestId("support-stats");
    for (const stat of SUPPORT_STATS) await expect(stats).toContainText(stat.value);
    await expect(page.locator("[data-slide]")).toHaveCount(6);
    await expect(visibleSlide(page)).toHaveCount(1);
    for (let i = 0; i < SUPPORT_CHANNELS.length + 1; i++) {
      const channel = SUPPORT_CHANNELS[i % SUPPORT_CHANNELS.length]!;
      const slide = visibleSlide(page);
      await expect(slide).toHaveAttribute("data-slide", channel.id);
      await expect(slide.getByRole("heading")).toHaveText(channel.title);
      await expect(slide).toContainText(channel.availability);
      await expect(slide).toContainText(channel.responseTime);
      await expect(slide).toContainText(channel.description);
      await page.clock.runFor(4900);
      await expect(visibleSlide(page)).toHaveAttribute("data-slide", channel.id);
      await page.clock.runFor(100);
    }
  });

  test("pauses while the pointer is over it and resumes when it leaves", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/contact");
    const slider = page.getByTestId("support-slider");
    await slider.locator("[data-slide]:visible").hover();
    await expect(slider).toHaveAttribute("data-paused", "true");
    await page.clock.runFor(15_000);
    await expect(visibleSlide(page)).toHaveAttribute("data-slide", SUPPORT_CHANNELS[0]!.id);
    await page.mouse.move(1, 1);
    await expect(slider).toHaveAttribute("data-paused", "false");
    await page.clock.runFor(5000);
    await expect(visibleSlide(page)).toHaveAttribute("data-slide", SUPPORT_CHANNELS[1]!.id);
  });

  test("does not move on its own for visitors who prefer reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await pausedClock(page);
    await page.goto("/contact");
    await page.clock.runFor(15_000);
    await expect(visibleSlide(page)).toHaveAttribute("data-slide", SUPPORT_CHANNELS[0]!.id);
    await page.getByTestId("support-slider").getByRole("button", { name: "Next channel" }).click();
    await expect(visibleSlide(page)).toHaveAttribute("data-slide", SUPPORT_CHANNELS[1]!.id);
  });

  test("moves by arrows (wrapping), thumbnails, dots, the keyboard, and can be paused", async ({ page }) => {
    await pausedClock(page);
    await page.goto("/contact");
    const slider = page.getByTestId("support-slider");
    const at = (n: number) => expect(visibleSlide(page)).toHaveAttribute("data-slide", SUPPORT_CHANNELS[n]!.id);

    await slider.getByRole("button", { name: "Previous channel" }).click();
    await at(5);
    await slider.getByRole("button", { name: "Next channel" }).click();
    await at(0);
    await slider.getByRole("button", { name: "Next channel" }).click();
    await at(1);

    await slider.locator('[data-thumb="community"]').click();
    await at(4);
    await expect(slider.locator('[data-thumb="community"]')).toHaveAttribute("aria-current", "true");

    await slider.getByRole("button", { name: "Show channel 3: Phone Support" }).click();
    await at(2);
    await expect(slider.getByRole("button", { name: "Show channel 3: Phone Support" })).toHaveAttribute("aria-current", "true");

    // Keyboard only: Tab to a control, Enter/Space press it, Left/Right move.
    await slider.getByRole("button", { name: "Next channel" }).focus();
    await page.keyboard.press("Enter");
    await at(3);
    await page.keyboard.press(" ");
    await at(4);
    await page.keyboard.press("ArrowRight");
    await at(5);
    await page.keyboard.press("ArrowRight");
    await at(0);
    await page.keyboard.press("ArrowLeft");
    await at(5);

    // The pause button stops the rotation even after the pointer and focus leave.
    await slider.getByRole("button", { name: "Pause rotation" }).click();
    await expect(slider.getByRole("button", { name: "Resume rotation" })).toHaveAttribute("aria-pressed", "true");
    await page.mouse.move(1, 1);
    await page.getByRole("heading", { level: 1 }).click();
    await page.clock.runFor(12_000);
    await at(5);
    await slider.getByRole("button", { name: "Resume rotation" }).click();
    await page.mouse.move(1, 1);
    await page.getByRole("heading", { level: 1 }).click();
    await page.clock.runFor(5000);
    await at(0);
  });
});

test.describe("contact form", () => {
  // The shell's rotating banner fades its text in; a still page gives axe a stable contrast reading.
  test.use({ contextOptions: { reducedMotion: "reduce" } });
  test("each check shows its message next to the field, announced, with focus on the field", async ({ page }) => {
    page.on("dialog", (dialog) => {
      throw new Error(`unexpected dialog: ${dialog.message()}`);
    });
    await page.goto("/contact");
    const f = form(page);
    const submit = f.getByRole("button", { name: CONTACT_FORM.submit });
    const alert = page.getByTestId("contact-alert");

    // The alert says what the spec's check stops at; focus goes to the first invalid field in the form's order
    // (issue 30), which is that field unless an earlier field's e-mail format is wrong too.
    const expectError = async (name: string, label: string, message: string, focusedLabel = label) => {
      await submit.click();
      const input = f.getByLabel(label, { exact: false }).first();
      await expect(f.getByLabel(focusedLabel, { exact: false }).first()).toBeFocused();
      await expect(input).toHaveAttribute("aria-invalid", "true");
      const describedBy = await input.getAttribute("aria-describedby");
      await expect(page.locator(`#${describedBy}`)).toHaveText(message);
      await expect(f.locator(`[data-error-for="${name}"]`)).toBeVisible();
      await expect(alert).toHaveText(message);
      await expect(alert).toHaveAttribute("role", "alert");
    };

    await expectError("firstName", "First Name", "First Name cannot be empty.");
    await expectAccessible(page);
    await fill(f, { "First Name": "   " });
    await expectError("firstName", "First Name", "First Name cannot be empty.");
    await fill(f, { "First Name": person["First Name"] });
    await expectError("lastName", "Last Name", "Last Name cannot be empty.");
    await fill(f, { "Last Name": person["Last Name"] });
    await expectError("email", "Email", "Email cannot be empty.");
    await fill(f, { Email: "priya@example" });
    // Blank fields come before the e-mail's format in the alert, as in the spec's check; the invalid Email,
    // first in the form, takes focus, on this submit and on the next (it took Phone's before issue 30).
    await expectError("phone", "Phone", "Phone cannot be empty.", "Email");
    await expectError("phone", "Phone", "Phone cannot be empty.", "Email");
    await expect(f.locator('[data-error-for="email"]')).toHaveText("Please enter a valid email address.");
    await fill(f, { Phone: person.Phone });
    await expectError("message", "Message", "Message cannot be empty.", "Email");
    await fill(f, { Message: person.Message });
    await expectError("email", "Email", "Please enter a valid email address.");
    await expectError("email", "Email", "Please enter a valid email address.");

    // The browser caps the lengths too.
    await expect(f.getByLabel("First Name", { exact: false }).first()).toHaveAttribute("maxlength", "40");
    await expect(f.getByLabel("Last Name", { exact: false }).first()).toHaveAttribute("maxlength", "80");
    await expect(f.getByLabel("Email", { exact: false }).first()).toHaveAttribute("maxlength", "100");
    await expect(f.getByLabel("Phone", { exact: false }).first()).toHaveAttribute("maxlength", "30");
  });

  test("sends, disables the button meanwhile, resets, shows the toast once, and forwards the lead", async ({ page, server, crm }) => {
    await page.goto("/contact");
    const f = form(page);
    const submit = f.getByRole("button", { name: CONTACT_FORM.submit });
    await fill(f, person);

    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route("**/api/leads", async (route) => {
      await held;
      await route.continue();
    });
    await submit.click();
    await expect(f.getByRole("button", { name: CONTACT_FORM.sending })).toBeDisabled();
    release();

    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(CONTACT_FORM.successTitle);
    await expect(toast).toContainText(CONTACT_FORM.successMessage);
    await page.waitForTimeout(500);
    await expect(toast).toHaveCount(1);
    await expect(submit).toBeEnabled();
    for (const label of Object.keys(person)) await expect(f.getByLabel(label, { exact: false }).first()).toHaveValue("");
    await expectAccessible(page);

    const stored = leadsIn(server.databaseUrl).filter((l) => l.email === person.Email);
    expect(stored).toHaveLength(1);
    await expect.poll(() => crm.requestsFor(person.Email).length, { timeout: 10_000 }).toBe(1);
    expect(crm.requestsFor(person.Email)[0]?.form).toMatchObject({
      oid: "00DE2E000000001",
      first_name: "Priya",
      last_name: "Sharma",
      phone: person.Phone,
      description: person.Message,
      lead_source: "Web Research",
    });
    await expect.poll(() => leadsIn(server.databaseUrl).find((l) => l.email === person.Email)?.status).toBe("delivered");
  });

  test("a post made before the page's script ran still shows the toast once, and not after a reload", async ({ page }) => {
    await page.goto("/contact");
    const f = form(page);
    await fill(f, { ...person, Email: "early.post@example.com" });
    // form.submit() skips the page's handler: the browser posts the form itself.
    await f.evaluate((el) => (el as HTMLFormElement).submit());
    await expect(page).toHaveURL(/\/contact$/);
    const toast = page.locator("[data-sonner-toast]");
    await expect(toast).toHaveCount(1);
    await expect(toast).toContainText(CONTACT_FORM.successMessage);
    await page.reload();
    await expect(page.getByRole("heading", { name: CONTACT_FORM.title })).toBeVisible();
    await page.waitForTimeout(500);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(page.getByTestId("contact-success")).toHaveCount(0);

    // The flag alone (a bookmark, the history) says nothing and is removed.
    await page.goto("/contact?submitted=1");
    await expect(page).toHaveURL(/\/contact$/);
    await page.waitForTimeout(500);
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
    await expect(page.getByTestId("contact-success")).toHaveCount(0);
  });

  test("the server's answer to a bad post is rendered with the messages and stays accessible once the script runs", async ({ page, allowErrors }) => {
    await page.goto("/contact");
    const f = form(page);
    await fill(f, { "First Name": "Asha", Email: "asha@" });
    await f.evaluate((el) => (el as HTMLFormElement).submit());
    await expect(f.locator('[data-error-for="lastName"]')).toHaveText("Last Name cannot be empty.");
    await expect(f.locator('[data-error-for="email"]')).toHaveText("Please enter a valid email address.");
    await expect(f.getByLabel("First Name", { exact: false }).first()).toHaveValue("Asha");
    await expect(f.getByLabel("Last Name", { exact: false }).first()).toBeFocused();
    await expectAccessible(page);
    // Once fixed, the script takes over and sends it.
    await fill(f, { ...person, "First Name": "Asha", Email: "asha@example.com" });
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(1);
    await expect(f.locator("[data-error-for]")).toHaveCount(0);
    // The refused post answered 400 on purpose; Chromium logs that.
    allowErrors(/^console: Failed to load resource: the server responded with a status of 400/);
  });

  test("fits a 320 px screen", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 800 });
    await page.goto("/contact");
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectAccessible(page);
  });
});

test.describe("contact form without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.afterEach(({ allowErrors }) => {
    // With scripting off, Chromium refuses the page's module scripts and reports each as failed.
    allowErrors(/^requestfailed: GET \S+\/assets\/\S+\.js csp$/);
  });

  test("shows the server's messages next to the fields, then a success message once", async ({ page, server, allowErrors }) => {
    await page.goto("/contact");
    const f = form(page);
    await fill(f, { "First Name": person["First Name"], Email: "not-an-email" });
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(f.locator('[data-error-for="lastName"]')).toHaveText("Last Name cannot be empty.");
    await expect(f.locator('[data-error-for="email"]')).toHaveText("Please enter a valid email address.");
    await expect(page.getByTestId("contact-alert")).toHaveText("Last Name cannot be empty.");
    await expect(f.getByLabel("Last Name", { exact: false }).first()).toBeFocused();
    // What was typed is kept.
    await expect(f.getByLabel("First Name", { exact: false }).first()).toHaveValue(person["First Name"]);

    await fill(f, { ...person, Email: "nojs@example.com" });
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(page).toHaveURL(/\/contact\?submitted=1$/);
    const success = page.getByTestId("contact-success");
    await expect(success).toContainText(CONTACT_FORM.successTitle);
    await expect(success).toContainText(CONTACT_FORM.successMessage);
    await expect(f.getByLabel("First Name", { exact: false }).first()).toHaveValue("");
    expect(leadsIn(server.databaseUrl).filter((l) => l.email === "nojs@example.com")).toHaveLength(1);

    // A reload neither posts again nor repeats the message.
    await page.reload();
    await expect(page.getByTestId("contact-success")).toHaveCount(0);
    expect(leadsIn(server.databaseUrl).filter((l) => l.email === "nojs@example.com")).toHaveLength(1);
    allowErrors(/^console: Failed to load resource: the server responded with a status of 400/);
  });

  test("a filled honeypot gets the same success but is stored as spam and never forwarded", async ({ page, server, crm }) => {
    await page.goto("/contact");
    const f = form(page);
    await fill(f, { ...person, Email: "bot@example.com" });
    await f.locator('input[name="website"]').fill("http://spam.example");
    await f.getByRole("button", { name: CONTACT_FORM.submit }).click();
    await expect(page.getByTestId("contact-success")).toContainText(CONTACT_FORM.successTitle);
    expect(leadsIn(server.databaseUrl).find((l) => l.email === "bot@example.com")?.status).toBe("spam");
    await page.waitForTimeout(1000);
    expect(crm.requestsFor("bot@example.com")).toHaveLength(0);
  });
});
