/**
 * Kit orders in the studio (issue 41, the business's side): the owner sees a submitted order on the overview, opens
 * it, assigns it, moves it to "live"; the customer is e-mailed that it is live. The orders list, its board and an
 * order's page are axe-clean at 375 and 1280 px.
 */
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../../server/db/database";
import { HINT_COOKIE } from "../../server/http/cookies";
import { testDeps } from "../helpers/deps";
import { submittedOrder } from "../helpers/kit-orders";
import { parseMail } from "../helpers/smtp-server";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./session";

// A server of its own: the overview's counts below are exact.
test.use({ serverEnv: { WP_E2E_SERVER: "studio-orders" } });

async function seedOrder(databaseUrl: string, email: string, submittedAt?: number) {
  const db = await openDatabase(databaseUrl);
  try {
    return await submittedOrder(testDeps(db), email, submittedAt === undefined ? {} : { submittedAt });
  } finally {
    await db.close();
  }
}

/** The text of the newest e-mail to `to` whose subject contains `subject`, waiting up to 10 s for it. */
async function mailTo(mailDir: string, to: string, subject: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith(".eml")).sort().reverse() : [];
    for (const file of files) {
      const raw = fs.readFileSync(path.join(mailDir, file), "utf8");
      const mail = parseMail(raw);
      if (raw.toLowerCase().includes(`to: ${to.toLowerCase()}`) && mail.subject.includes(subject)) return mail.text;
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no "${subject}" mail for ${to}`);
}

test("the owner finds a submitted order on the overview, assigns it and takes it live; the customer is told", async ({ page, server }) => {
  const customer = "asha.realty@example.com";
  const order = await seedOrder(server.databaseUrl, customer);
  await signInAsStaff(page, server, "orders.owner@example.com", "owner");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/studio");
  const waiting = page.getByRole("region", { name: "Needs attention" });
  const link = waiting.getByRole("link", { name: /1 kit order not live yet/ });
  await expect(link).toHaveAttribute("href", "/studio/orders");
  await expect(link).toContainText(/oldest: .* ago/);
  await expectAccessible(page);
  await link.click();
  await expect(page).toHaveURL(/\/studio\/orders$/);
  await page.getByRole("link", { name: order.number }).click();
  await expect(page).toHaveURL(new RegExp(`/studio/orders/${order.id}$`));
  await expect(page.getByRole("heading", { level: 1 })).toContainText(order.number);
  // The owner's page has the delete section too: axe-clean at both widths, nothing wider than the screen.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expect(page.getByRole("link", { name: "Delete order…" })).toBeVisible();
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  await page.getByRole("combobox", { name: "Assigned to" }).selectOption({ label: "orders.owner" });
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Assignee saved.");

  // A question to the customer (e-mailed, shown on their page) and a note only staff see.
  await page.getByLabel("Message to the customer").fill("Which areas of Pune do you cover?");
  await page.getByLabel("It is a question: ask the customer to answer it").check();
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(page.getByRole("status")).toContainText("Message sent");
  await page.getByLabel("Note", { exact: true }).fill("Internal: call after 6 pm");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note added.");
  await expect(page.getByTestId("order-notes")).toContainText("Internal: call after 6 pm");
  expect(await mailTo(server.mailDir, customer, "A question about your kit order")).toContain("Which areas of Pune do you cover?");

  await page.getByRole("combobox", { name: "Move to" }).selectOption("live");
  await page.getByRole("button", { name: "Save step" }).click();
  await expect(page.getByRole("status")).toHaveText("Moved to Live.");
  await expect(page.getByTestId("order-summary")).toContainText("Live");

  const text = await mailTo(server.mailDir, customer, "Your kit is live");
  expect(text).toContain(order.number);
  expect(text).toContain("is live");

  // The customer's own page (the onboarding's /templates) says so too, with the team's question and not the note.
  await page.context().clearCookies();
  await page.context().addCookies([
    { name: "wp_session", value: order.token, url: server.url, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: server.url, sameSite: "Lax" },
  ]);
  await page.goto("/templates");
  const kitOrder = page.getByTestId("kit-order");
  await expect(kitOrder.locator('[aria-current="step"]')).toContainText("Live");
  await expect(kitOrder).toContainText("Your kit is live.");
  await expect(kitOrder.getByTestId("order-messages")).toContainText("Which areas of Pune do you cover?");
  await expect(page.getByText("Internal: call after 6 pm")).toHaveCount(0);
});

test("the orders list, board and order page are accessible at 375 and 1280 px; overdue orders come first, in red", async ({ page, server }) => {
  const late = await seedOrder(server.databaseUrl, "late.customer@example.com", Date.now() - 80 * 3_600_000);
  const fresh = await seedOrder(server.databaseUrl, "fresh.customer@example.com");
  await signInAsStaff(page, server, "orders.editor@example.com", "editor");
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/studio/orders");
    const rows = page.locator("tbody tr[data-order]");
    await expect(rows.first()).toHaveAttribute("data-order", String(late.id));
    await expect(rows.first().getByTestId("overdue")).toContainText("Overdue by");
    await expect(page.locator(`tr[data-order="${fresh.id}"]`)).toContainText("left");
    await expectAccessible(page);
    await page.goto("/studio/orders?view=board");
    await expect(page.getByTestId("orders-board").locator(`[data-order="${late.id}"]`)).toContainText("Overdue");
    await expectAccessible(page);
    await page.goto(`/studio/orders/${late.id}`);
    await expect(page.getByTestId("order-brief")).toBeVisible();
    // An editor works the order but has no delete.
    await expect(page.getByRole("link", { name: "Delete order…" })).toHaveCount(0);
    await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
});

test("the note and the message are checked in the browser by the action's schema; without JavaScript the action says the same", async ({ page, server, browser }) => {
  const order = await seedOrder(server.databaseUrl, "checked.customer@example.com");
  await signInAsStaff(page, server, "orders.checker@example.com", "owner");
  await page.goto(`/studio/orders/${order.id}`);
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/studio/orders/")) posts.push(request.url());
  });

  // Only spaces: refused before anything is sent, the message under the field, the field focused and kept as typed.
  const message = page.getByLabel("Message to the customer");
  await message.fill("   ");
  await page.getByRole("button", { name: "Send message" }).click();
  await expect(message).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Write the message first.")).toBeVisible();
  await expect(message).toBeFocused();
  const note = page.getByLabel("Note", { exact: true });
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Write the note first.")).toBeVisible();
  expect(posts).toEqual([]);
  await expectAccessible(page);
  // Typing clears the field's message; the next send goes through.
  await note.fill("Call after lunch");
  await expect(page.getByText("Write the note first.")).toHaveCount(0);
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status")).toHaveText("Note added.");
  expect(posts).toHaveLength(1);

  // Without JavaScript the form posts, and the action answers with the same words next to the same field.
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: server.url });
  try {
    await context.addCookies(await page.context().cookies());
    const plain = await context.newPage();
    await plain.goto(`/studio/orders/${order.id}`);
    await plain.getByLabel("Message to the customer").fill("  ");
    await plain.getByRole("button", { name: "Send message" }).click();
    await expect(plain.getByLabel("Message to the customer")).toHaveAttribute("aria-invalid", "true");
    await expect(plain.getByText("Write the message first.")).toBeVisible();
  } finally {
    await context.close();
  }
});
