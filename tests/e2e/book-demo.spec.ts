import { expectAccessible } from "./a11y";
import { expect, test as base } from "./fixtures";
import { signInAsStaff } from "./session";
import { openDatabase } from "../../server/db/database";
import { newestMailTo } from "../helpers/mail-folder";
import { type RazorpayStandIn, startRazorpayStandIn } from "../helpers/razorpay-server";

/**
 * The demo booked on the site (issue 42), in a real browser at a phone's and a desktop's width, in English and
 * Hindi: pick a time, fill in the form, pay on the local Razorpay stand-in (through the real SDK), land on the
 * confirmation with its .ics; cancel from the e-mail's link; the owner marks a demo attended. Axe on each page.
 */
const test = base.extend<object, { standIn: RazorpayStandIn }>({
  standIn: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter
    async ({}, use) => {
      const standIn = await startRazorpayStandIn();
      await use(standIn);
      await standIn.close();
    },
    { scope: "worker" },
  ],
  serverEnv: [async ({ standIn }, use) => use(standIn.env), { scope: "worker" }],
});

/** The cancel link in the newest booking e-mail to `to` in the server's mail folder. */
async function mailedManageLink(mailDir: string, to: string): Promise<string> {
  const link = /https?:\/\/\S+\/book-demo\/manage\?t=[A-Za-z0-9_-]+&do=cancel/;
  return link.exec((await newestMailTo(mailDir, to, (m) => link.test(m.text))).text)![0];
}

const CASES = [
  { width: 375, height: 740, locale: "en" as const },
  { width: 1280, height: 800, locale: "hi" as const },
];

for (const { width, height, locale } of CASES) {
  test(`books and pays at ${width} px (${locale}), gets the .ics, cancels from the e-mail`, async ({ page, server, standIn, allowErrors }) => {
    standIn.webhookUrl = `${server.url}/api/razorpay/webhook`;
    await page.setViewportSize({ width, height });
    const prefix = locale === "hi" ? "/hi" : "";
    await page.goto(`${prefix}/`);
    await page.getByRole("banner").getByRole("link", { name: locale === "hi" ? /डेमो/ : /^Book Demo$/ }).first().click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/book-demo$`));
    await expect(page.getByTestId("slot-zone")).toContainText(/UTC|\//);
    await expectAccessible(page);

    const form = page.getByTestId("book-form");
    // Sending without a time or details: messages next to the fields, focus on the first.
    await form.getByRole("button", { name: locale === "hi" ? "बुक करें और भुगतान करें" : "Book and pay" }).click();
    await expect(page.locator("#slot-error")).toBeVisible();
    await form.locator("details").first().locator("label").first().click();
    const email = `visitor-${width}-${locale}@example.com`;
    await form.locator("#book-name").fill("Kiran Patil");
    await form.locator("#book-email").fill(email);
    await form.locator("#book-whatsapp").fill("+91 98765 43210");
    await form.locator("#book-businessType").fill("Dental clinic");
    await form.getByRole("button", { name: locale === "hi" ? "बुक करें और भुगतान करें" : "Book and pay" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/book-demo/done\\?b=`));
    await expectAccessible(page);

    await page.getByTestId("pay-link").click();
    await expect(page.getByRole("heading", { name: /Pay 1 INR/ })).toBeVisible();
    await page.getByRole("button", { name: "Pay now" }).click();
    await expect(page).toHaveURL(new RegExp(`${prefix}/book-demo/done\\?b=`));
    await expect(page.getByTestId("booking-payment")).toContainText(locale === "hi" ? "भुगतान मिल गया" : "Paid");
    await expectAccessible(page);

    const ics = page.getByTestId("ics-link");
    const href = await ics.getAttribute("href");
    const calendar = await page.request.get(`${server.url}${href}`);
    expect(calendar.headers()["content-type"]).toContain("text/calendar");
    expect(await calendar.text()).toContain("BEGIN:VEVENT");

    const cancel = await mailedManageLink(server.mailDir, email);
    await page.goto(new URL(cancel).pathname + new URL(cancel).search);
    await expectAccessible(page);
    await page.getByRole("button", { name: locale === "hi" ? "मेरा डेमो रद्द करें" : "Cancel my demo" }).click();
    await expect(page.getByTestId("manage-result")).toBeVisible();
    // The link is spent: the page says so, answered 410 Gone.
    await page.goto(new URL(cancel).pathname + new URL(cancel).search);
    await expect(page.getByRole("main")).toContainText(locale === "hi" ? "यह लिंक अब काम नहीं करता" : "This link is no longer valid");
    allowErrors(/status of 410/);
  });
}

test("the owner sees a booking and marks it attended", async ({ page, server }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto("/book-demo");
  const form = page.getByTestId("book-form");
  await form.locator("details").first().locator("label").first().click();
  await form.locator("#book-name").fill("Owner Check");
  await form.locator("#book-email").fill("owner-check@example.com");
  await form.locator("#book-whatsapp").fill("+91 90000 12345");
  await form.locator("#book-businessType").fill("Gym");
  await form.getByRole("button", { name: "Book and pay" }).click();
  await expect(page).toHaveURL(/\/book-demo\/done\?b=/);
  await page.getByTestId("pay-link").click();
  await page.getByRole("button", { name: "Pay now" }).click();
  await expect(page.getByTestId("booking-payment")).toContainText("Paid");

  // A demo under way (started ten minutes ago), as the owner meets it during the call.
  const db = await openDatabase(server.databaseUrl);
  try {
    const start = Date.now() - 10 * 60_000;
    await db.kysely
      .insertInto("demo_bookings")
      .values({ public_id: "e2e-under-way-0001", starts_at: start, ends_at: start + 30 * 60_000, active_start: start, status: "confirmed", payment: "none", amount_paise: 100, name: "Under Way", email: "under-way@example.com", whatsapp: "+91 90000 54321", business_type: "Bakery", note: "", locale: "en", visitor_zone: "Asia/Kolkata", created_at: start - 86_400_000, scheduled_at: start - 86_400_000, confirmed_at: start - 86_400_000 })
      .execute();
  } finally {
    await db.close();
  }

  await signInAsStaff(page, server, "demo-owner@example.com", "owner");
  await page.goto("/studio/bookings");
  const row = page.locator("tr", { hasText: "Owner Check" });
  await expect(row).toContainText("Paid");
  await expect(row).toContainText("owner-check@example.com");
  await expectAccessible(page);
  const now = page.locator("tr", { hasText: "Under Way" });
  await now.getByRole("button", { name: "Mark attended" }).click();
  await expect(page.getByRole("status")).toContainText("Saved.");
  await expect(page.locator("tr", { hasText: "Under Way" })).toContainText("Attended");
  await expect(page.getByTestId("booking-funnel")).toContainText("Attended");
});
