import type { BrowserContext } from "@playwright/test";
import { HINT_COOKIE } from "../../server/http/cookies";
import { type Db, openDatabase } from "../../server/db/database";
import { createPost, schedulePost } from "../../server/services/blog/studio-posts";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { expect, test } from "./fixtures";

// Found in the studio's review (issue 15): the schedule field in a browser whose time zone is not the server's.
let db: Db;
test.beforeAll(async ({ server }) => {
  db = await openDatabase(server.databaseUrl);
});
test.afterAll(async () => {
  await db?.close();
});

async function signInAs(context: BrowserContext, baseUrl: string, email: string) {
  const staff = await staffWithSession(testDeps(db), email, "editor");
  await context.addCookies([
    { name: "wp_session", value: staff.token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: baseUrl, sameSite: "Lax" },
  ]);
  return { userId: staff.userId, label: email, clientIp: "203.0.113.5", access: "editor" as const };
}

const FULL = { excerpt: "About it.", author: "Asha Rao", category: "Technology", body: "# One\n\nA paragraph." };
const scheduledAt = async (id: number) => Number((await db.kysely.selectFrom("blogs").select("scheduled_at").where("id", "=", id).executeTakeFirstOrThrow()).scheduled_at);

test.describe("in Paris (UTC+1 in winter, UTC+2 in summer)", () => {
  test.use({ timezoneId: "Europe/Paris" });

  test("a scheduled post's time shows in the browser's zone, and scheduling again without touching it keeps the time", async ({ page, server }) => {
    const actor = await signInAs(page.context(), server.url, "zone.review.e2e@example.com");
    const deps = testDeps(db);
    const post = await createPost(deps, actor, { title: "Zone review post", ...FULL });
    // 1 December 2099, 09:00 UTC: 10:00 in Paris.
    const at = Date.UTC(2099, 11, 1, 9, 0);
    await schedulePost(deps, actor, post.id, post.version, at);
    await page.goto(`/studio/posts/${post.id}`);
    await expect(page.getByText("Time zone: Europe/Paris.")).toBeVisible();
    await expect(page.getByLabel("Publish at")).toHaveValue("2099-12-01T10:00");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Scheduled." })).toBeVisible();
    expect(await scheduledAt(post.id)).toBe(at);
  });

  test("a time typed in summer is read with summer's offset, whatever today's is", async ({ page, server }) => {
    const actor = await signInAs(page.context(), server.url, "summer.review.e2e@example.com");
    const post = await createPost(testDeps(db), actor, { title: "Summer review post", ...FULL });
    await page.goto(`/studio/posts/${post.id}`);
    // Whatever the date today, one 10:00 in January and one in July: UTC+1, then UTC+2.
    await page.getByLabel("Publish at").fill("2099-01-15T10:00");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Scheduled." })).toBeVisible();
    expect(await scheduledAt(post.id)).toBe(Date.UTC(2099, 0, 15, 9, 0));
    await page.getByLabel("Publish at").fill("2099-07-15T10:00");
    await page.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Scheduled." })).toBeVisible();
    await expect.poll(() => scheduledAt(post.id)).toBe(Date.UTC(2099, 6, 15, 8, 0));
  });
});
