/**
 * The studio overview is the owner's inbox (issue 45, item 5): on every visit it lists what waits, with counts and
 * links, each only to the roles that may open it; "Nothing waits" only when nothing does.
 */
import { openDatabase } from "../../server/db/database";
import { createPost } from "../../server/services/blog/studio-posts";
import { recordQuestion } from "../../server/services/chat/questions";
import { storeLead } from "../../server/services/leads/intake";
import { testDeps } from "../helpers/deps";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./session";

// A server of its own: the counts below are exact.
test.use({ serverEnv: { WP_E2E_SERVER: "studio-overview" } });

async function seed(databaseUrl: string) {
  const db = await openDatabase(databaseUrl);
  try {
    const deps = testDeps(db);
    for (const name of ["Asha", "Ravi"]) {
      await storeLead(deps, { firstName: name, lastName: "Rao", email: `${name.toLowerCase()}@example.com`, phone: "98765 43210", message: "Hello", leadSource: "Web Research", website: "" } as Parameters<typeof storeLead>[1]);
    }
    const at = Date.now();
    for (let i = 0; i < 5; i++) {
      const email = `pending${i}@example.com`;
      await db.kysely.insertInto("subscribers").values({ email, email_normalized: email, status: "pending", created_at: at, updated_at: at, confirmed_at: null, unsubscribed_at: null }).execute();
    }
    for (let i = 0; i < 17; i++) await recordQuestion(deps, { question: `can you print ${i} flyers`, topic: "handover", fellThrough: false, answer: "A person can help.", handedOver: true, language: "en" });
    await createPost(deps, { userId: null, label: "test", clientIp: "203.0.113.9" }, { title: "Half-written story" });
  } finally {
    await db.close();
  }
}

test("the overview lists what waits, with counts and links, at 375 and 1280 px, to the roles that may open it", async ({ page, browser, server }) => {
  await signInAsStaff(page, server, "inbox.owner@example.com", "owner");
  await page.goto("/studio");
  const waiting = page.getByRole("region", { name: "Needs attention" });
  await expect(waiting.getByText(/^Nothing waits for you/)).toBeVisible();

  await seed(server.databaseUrl);
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    // Every visit, not only the first after something arrived: the same list on each reload.
    for (let visit = 0; visit < 2; visit++) {
      await page.goto("/studio");
      await expect(waiting.getByText(/Nothing waits/)).toHaveCount(0);
      await expect(waiting.getByRole("link", { name: "2 new leads not yet contacted" })).toHaveAttribute("href", "/studio/leads?stage=new");
      await expect(waiting.getByRole("link", { name: "17 visitor questions handed over to you" })).toHaveAttribute("href", "/studio/questions?handover=1");
      await expect(waiting.getByRole("link", { name: "5 subscribers have not confirmed yet" })).toHaveAttribute("href", "/studio/subscribers?status=pending");
      await expect(waiting.getByRole("link", { name: "1 draft" })).toHaveAttribute("href", "/studio/posts?status=draft");
      // Every item fits the screen.
      for (const link of await waiting.getByRole("link").all()) {
        const box = await link.boundingBox();
        expect(box!.x + box!.width).toBeLessThanOrEqual(width);
      }
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await expectAccessible(page);
  }
  await waiting.getByRole("link", { name: "2 new leads not yet contacted" }).click();
  await expect(page).toHaveURL(/\/studio\/leads\?stage=new$/);
  await expect(page.getByRole("link", { name: "Asha Rao" })).toBeVisible();

  // An editor may not open leads or subscribers: neither is listed (nor counted).
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 900 } });
  const editor = await context.newPage();
  try {
    await signInAsStaff(editor, server, "inbox.editor@example.com", "editor");
    await editor.goto("/studio");
    await editor.waitForSelector("html[data-hydrated]");
    const list = editor.getByRole("region", { name: "Needs attention" });
    await expect(list.getByRole("link", { name: "17 visitor questions handed over to you" })).toBeVisible();
    await expect(list.getByRole("link", { name: "1 draft" })).toBeVisible();
    await expect(list.getByRole("link")).toHaveCount(2);
    await expect(editor.getByText(/new leads|subscribers have not confirmed/)).toHaveCount(0);
  } finally {
    await context.close();
  }
});
