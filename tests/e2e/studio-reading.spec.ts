/**
 * The studio reads well (issue 45, items 6 and 7): the lead page puts the message and the replies first and the
 * CRM delivery in a collapsed block; an e-mail address in the Accounts table stays whole; the questions page shows
 * answers as plain text; the studio is set in the site's font; at 375 px the tab row shows the current section.
 */
import { openDatabase } from "../../server/db/database";
import { recordQuestion } from "../../server/services/chat/questions";
import { storeLead } from "../../server/services/leads/intake";
import { testDeps } from "../helpers/deps";
import { visitorSession } from "../helpers/studio-staff";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./session";

test.use({ serverEnv: { WP_E2E_SERVER: "studio-reading" } });

async function withDb<T>(databaseUrl: string, work: (deps: ReturnType<typeof testDeps>) => Promise<T>): Promise<T> {
  const db = await openDatabase(databaseUrl);
  try {
    return await work(testDeps(db));
  } finally {
    await db.close();
  }
}

test("the lead page: the message and the replies first, the delivery collapsed, and no source the visitor never chose", async ({ page, server }) => {
  await signInAsStaff(page, server, "reading.owner@example.com", "owner");
  const { id } = await withDb(server.databaseUrl, (deps) =>
    storeLead(deps, { firstName: "Meera", lastName: "Iyer", email: "meera@example.com", phone: "98765 43210", message: "We run two bakeries in Pune.", leadSource: "Web Research", website: "" } as Parameters<typeof storeLead>[1]),
  );
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`/studio/leads/${id}`);
    const message = page.getByRole("heading", { name: "Message" });
    const replies = page.getByRole("link", { name: "E-mail", exact: true });
    const delivery = page.getByTestId("delivery");
    await expect(page.getByText("We run two bakeries in Pune.")).toBeVisible();
    await expect(replies).toBeVisible();
    // Reading order: the message, then the replies, then the delivery block, which is closed.
    const precedes = async (first: typeof message) => first.evaluate((el, after) => Boolean(after && el.compareDocumentPosition(after) & Node.DOCUMENT_POSITION_FOLLOWING), await delivery.elementHandle());
    expect(await precedes(message)).toBe(true);
    expect(await precedes(replies)).toBe(true);
    await expect(delivery).not.toHaveAttribute("open", /.*/);
    await expect(page.getByText("Attempts", { exact: true })).toBeHidden();
    await expect(page.getByText("Last error", { exact: true })).toBeHidden();
    // The form's hidden default is not something the visitor said.
    await expect(page.locator("dt", { hasText: "Came from" }).locator("+ dd")).toHaveText("not asked");
    await expect(page.getByText("Web Research")).toHaveCount(0);
    await expectAccessible(page);
  }
  await page.getByText("Delivery to the CRM").click();
  await expect(page.getByText("Attempts", { exact: true })).toBeVisible();
});

test("Accounts keeps an address whole, questions read as plain text, the studio is in the site's font, the current tab is in view at 375 px", async ({ page, server }) => {
  await signInAsStaff(page, server, "reading.owner2@example.com", "owner");
  await withDb(server.databaseUrl, async (deps) => {
    await visitorSession(deps, "priyadarshini.venkataraghavan@example-clinic.co.in");
    await recordQuestion(deps, {
      question: "can I talk to a person",
      topic: "handover",
      fellThrough: false,
      answer: "**Talk to us:**\n- [WhatsApp](https://wa.me/919876543210?text=Hello%2C%20I%20need%20help)\n- [E-mail](mailto:hello%40example.com)",
      handedOver: true,
      language: "en",
    });
  });

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/studio/accounts");
  const address = page.getByTestId("account-email").filter({ hasText: "priyadarshini" });
  await expect(address).toBeVisible();
  // Each half of the address is on one line (it may break only before the "@").
  const lines = await address.evaluate((el) => Array.from(el.querySelectorAll(":scope > span")).map((s) => s.getClientRects().length));
  expect(lines).toEqual([1, 1]);
  // The studio's text is set in Plus Jakarta Sans, as the site's is.
  expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"?Jakarta"?,/);
  await expectAccessible(page);

  await page.goto("/studio/questions");
  const group = page.getByTestId("question-group").filter({ hasText: "can I talk to a person" });
  await expect(group).toContainText("Talk to us:");
  await expect(group).toContainText("WhatsApp (https://wa.me/919876543210?text=Hello, I need help)");
  await expect(group).toContainText("E-mail (hello@example.com)");
  await expect(group).not.toContainText("**");
  await expect(group).not.toContainText("%20");
  await expect(group).not.toContainText("](");

  // At 375 px the tab row scrolls sideways: the current section is scrolled into it.
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ["/studio/settings", "/studio/audit", "/studio/questions"]) {
    await page.goto(path);
    const nav = page.getByRole("navigation", { name: /studio/i });
    const current = nav.locator('[aria-current="page"]');
    await expect(current).toBeVisible();
    await expect
      .poll(async () => {
        const row = await nav.locator("ul").boundingBox();
        const tab = await current.boundingBox();
        return Boolean(row && tab && tab.x >= row.x - 1 && tab.x + tab.width <= row.x + row.width + 1);
      }, { message: `${path}: the current tab is in view` })
      .toBe(true);
  }
});
