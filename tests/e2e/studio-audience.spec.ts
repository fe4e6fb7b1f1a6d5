import type { Page } from "@playwright/test";
import { openDatabase } from "../../server/db/database";
import { signInOwner } from "./owner";
import { expectAccessible } from "./a11y";
import { expect, testWithMailAndCrm } from "./fixtures";
import { withSamplePosts } from "./samples";

// This file's server sends mail to a real local SMTP server and forwards leads to a real local CRM.
const test = testWithMailAndCrm({ CRM_HIDDEN_FIELDS: "oid=00DE2E000000001", MAIL_SEND_RATE_PER_MINUTE: "0", LEAD_RATE_LIMIT_PER_HOUR: "50" });

const OWNER = { name: "Olive Owner", email: "olive.owner@example.com", password: "an owner's long passphrase 7", company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" };
const SIZES = [
  { width: 375, height: 800 },
  { width: 1280, height: 900 },
];

async function checkAxeAtBothSizes(page: Page) {
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expectAccessible(page, { exclude: ["iframe"] });
  }
}

test.describe.configure({ mode: "serial" });

test("the owner sends a post as a newsletter and sees the progress reach sent", async ({ page, server, smtp }) => {
  await signInOwner(page, server.url, server.databaseUrl, OWNER);
  await withSamplePosts(page.request, server.url);
  const db = await openDatabase(server.databaseUrl);
  let publishedId = 0;
  try {
    publishedId = Number((await db.kysely.selectFrom("blogs").select("id").where("status", "=", "published").orderBy("id").executeTakeFirstOrThrow()).id);
    const now = Date.now();
    for (const [i, status] of (["confirmed", "confirmed", "confirmed", "pending"] as const).entries()) {
      const email = `reader${i}@example.com`;
      await db.kysely
        .insertInto("subscribers")
        .values({ email, email_normalized: email, status, created_at: now, updated_at: now, confirmed_at: status === "confirmed" ? now : null, unsubscribed_at: null })
        .execute();
    }
  } finally {
    await db.close();
  }

  await page.goto("/studio/subscribers");
  await expect(page.getByRole("heading", { level: 1, name: "Subscribers" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "reader0@example.com", exact: true })).toBeVisible();
  await checkAxeAtBothSizes(page);

  // A published post's editor offers the owner to send it, and leads to the same preview.
  await page.goto(`/studio/posts/${publishedId}`);
  await page.getByRole("link", { name: "Send as newsletter" }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/newsletters/new\\?post=${publishedId}$`));
  await expect(page.getByTitle("HTML part")).toBeVisible();

  await page.goto("/studio/newsletters");
  await checkAxeAtBothSizes(page);
  await page.getByRole("button", { name: "Preview the newsletter" }).click();
  await expect(page).toHaveURL(/\/studio\/newsletters\/new\?post=\d+/);
  await expect(page.getByTitle("HTML part")).toBeVisible();
  await expect(page.getByText("Unsubscribe: ")).toBeVisible();
  await checkAxeAtBothSizes(page);

  await page.getByRole("button", { name: "Send a test to me" }).click();
  await expect(page.getByText(`A test was sent to ${OWNER.email}.`)).toBeVisible();
  await expect.poll(() => smtp.messages.filter((m) => m.to.includes(OWNER.email) && m.subject.startsWith("[Test]")).length).toBe(1);

  await page.getByRole("checkbox", { name: "Yes, send this post to 3 confirmed subscribers now." }).check();
  await page.getByRole("button", { name: "Send to 3 confirmed subscribers" }).click();
  await expect(page).toHaveURL(/\/studio\/newsletters\/\d+$/);
  // The page reads its figures again by itself until the send is done.
  await expect(page.getByRole("status").or(page.locator("p[aria-live]")).getByText("Sent", { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(page.locator("dt", { hasText: /^Sent$/ }).locator("xpath=following-sibling::dd[1]")).toHaveText("3");
  await checkAxeAtBothSizes(page);
  const delivered = smtp.messages.filter((m) => m.headers.get("list-unsubscribe-post") === "List-Unsubscribe=One-Click");
  expect(delivered.map((m) => m.to[0]).sort()).toEqual(["reader0@example.com", "reader1@example.com", "reader2@example.com"]);
});

test("the leads inbox shows a lead from /contact and retries it against a CRM that failed once", async ({ page, server, crm }) => {
  await signInOwner(page, server.url, server.databaseUrl, OWNER);
  // The CRM refuses the first lead it sees (a final 4xx: the lead is failed), then takes everything.
  crm.script({ status: 400, body: "bad field" });
  await page.goto("/contact");
  const form = page.getByTestId("contact-form");
  for (const [label, value] of Object.entries({ "First Name": "Priya", "Last Name": "Sharma", Email: "priya.sharma@example.com", Phone: "+91 98765 00000", Message: "We want WhatsApp follow-ups." })) {
    await form.getByLabel(label, { exact: false }).first().fill(value);
  }
  await form.getByRole("button", { name: "Send Message" }).click();
  await crm.waitForRequests(1, 20_000);

  await page.goto("/studio/leads");
  await expect(page.getByRole("link", { name: "Priya Sharma" })).toBeVisible();
  await expect.poll(async () => {
    await page.reload();
    return page.getByRole("row", { name: /Priya Sharma/ }).getByText("Failed").count();
  }, { timeout: 20_000 }).toBe(1);
  await checkAxeAtBothSizes(page);

  await page.getByRole("link", { name: "Priya Sharma" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Lead: Priya Sharma" })).toBeVisible();
  await expect(page.getByText("bad field")).toBeVisible();
  await checkAxeAtBothSizes(page);
  await page.getByRole("button", { name: "Retry delivery" }).click();
  await expect(page.getByText("The lead is queued for delivery again.")).toBeVisible();
  await crm.waitForRequests(2, 20_000);
  await expect.poll(async () => {
    await page.reload();
    return page.getByText("Delivered", { exact: true }).count();
  }, { timeout: 20_000 }).toBeGreaterThan(0);

  await page.goto("/studio/accounts");
  await expect(page.getByRole("cell", { name: OWNER.email, exact: true })).toBeVisible();
  await checkAxeAtBothSizes(page);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner previews and sends another post, and the refusal of an unticked confirmation shows next to it", async ({ page, server, smtp, allowErrors }) => {
    await signInOwner(page, server.url, server.databaseUrl, OWNER);
    await page.goto("/studio/newsletters");
    await page.getByRole("button", { name: "Preview the newsletter" }).click();
    await expect(page).toHaveURL(/\/studio\/newsletters\/new\?post=\d+/);
    const subject = (await page.getByText(/^Subject:/).locator("..").textContent())?.replace(/^Subject:\s*/, "").trim() ?? "";
    // The browser's own check would stop an unticked box; the server says the same thing when it gets there.
    await page.getByRole("checkbox").evaluate((box) => box.removeAttribute("required"));
    await page.getByRole("button", { name: "Send to 3 confirmed subscribers" }).click();
    await expect(page.getByText("Tick the box to confirm the number of subscribers.")).toBeVisible();
    await expect(page.getByRole("checkbox")).toHaveAttribute("aria-invalid", "true");
    // That refusal is a 400 page, as a refused form is.
    allowErrors(/status of 400/);

    await page.getByRole("checkbox", { name: "Yes, send this post to 3 confirmed subscribers now." }).check();
    await page.getByRole("button", { name: "Send to 3 confirmed subscribers" }).click();
    await expect(page).toHaveURL(/\/studio\/newsletters\/\d+$/);
    await expect.poll(() => smtp.messages.filter((m) => m.subject === subject).length, { timeout: 20_000 }).toBe(3);
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.locator("p[aria-live]").getByText("Sent", { exact: true })).toBeVisible();
  });
});
