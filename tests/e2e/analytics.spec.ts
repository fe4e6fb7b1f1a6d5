import { Secret, TOTP } from "otpauth";
import type { Page } from "@playwright/test";
import { ANALYTICS_COPY } from "../../shared/content/analytics";
import { parseConfig } from "../../server/config";
import { type Db, openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import { runStaffCommand } from "../../server/staff-command";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { markAddressVerified } from "../helpers/verified";
import { withSamplePosts } from "./samples";

// The built server records into its own database; the test reads the same file to count what was recorded.
let db: Db | undefined;
async function database(url: string): Promise<Db> {
  db ??= await openDatabase(url);
  return db;
}
test.afterAll(async () => {
  await db?.close();
});

async function recorded(url: string, expected: number, name?: string) {
  const d = await database(url);
  const read = async () => {
    let q = d.kysely.selectFrom("analytics_events").selectAll().orderBy("id");
    if (name) q = q.where("name", "=", name);
    return q.execute();
  };
  // Writes are batched for a quarter of a second; then a moment more to see that nothing else arrives.
  await expect.poll(async () => (await read()).length, { timeout: 5_000 }).toBeGreaterThanOrEqual(expected);
  await new Promise((r) => setTimeout(r, 800));
  return read();
}

async function clean(url: string) {
  const d = await database(url);
  await d.kysely.deleteFrom("analytics_events").execute();
  await d.kysely.deleteFrom("analytics_visits").execute();
}

/** An owner with the second factor passed, signed in in this browser (the studio's own API enrols the factor). */
async function signInOwner(page: Page, baseUrl: string, databaseUrl: string) {
  const email = `owner.${Date.now()}@example.com`;
  const register = await page.request.post(`${baseUrl}/api/auth/register`, {
    headers: { origin: baseUrl },
    data: { name: "Studio Owner", email, password: "a studio passphrase 11", company: "C", industry: "Healthcare", role: "user" },
  });
  expect(register.status()).toBe(201);
  const { token } = (await register.json()) as { token: string };
  const d = await database(databaseUrl);
  const config = parseConfig({ DATABASE_URL: databaseUrl, PUBLIC_URL: baseUrl, LOG_LEVEL: "silent" });
  await markAddressVerified(d, email);
  expect(await runStaffCommand({ config, db: d, log: createLogger("silent") }, ["grant", "owner", email], () => {}, () => {})).toBe(0);
  const headers = { origin: baseUrl, authorization: `Bearer ${token}` };
  const enrolment = (await (await page.request.post(`${baseUrl}/api/studio/second-factor/enrolment`, { headers })).json()) as { secret: string };
  const code = new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(enrolment.secret) }).generate();
  expect((await page.request.post(`${baseUrl}/api/studio/second-factor/enrolment/confirm`, { headers, data: { code } })).status()).toBe(200);
  await page.context().addCookies([{ name: "wp_session", value: token, url: baseUrl, httpOnly: true, sameSite: "Lax" }]);
}

test.describe("analytics", () => {
  test("walking five pages by clicking links records exactly five page views", async ({ page, server }) => {
    await clean(server.databaseUrl);
    const fetched: string[] = [];
    page.on("request", (r) => {
      const u = new URL(r.url());
      if (u.origin === server.url && !u.pathname.startsWith("/assets/")) fetched.push(`${r.method()} ${u.pathname}${u.search} ${r.headers()["sec-purpose"] ?? ""}`.trim());
    });
    await page.goto("/");
    const nav = page.getByRole("navigation").first();
    for (const [name, path] of [["About", "/about"], ["Blogs", "/blogs"], ["AI Help", "/ai-help"], ["Contact", "/contact"]] as const) {
      await nav.getByRole("link", { name, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.locator("h1").first()).toBeVisible();
    }
    const views = await recorded(server.databaseUrl, 5, "pageview");
    // What the browser asked for while walking (documented in decision 0017).
    console.log(`requests while walking:\n  ${fetched.join("\n  ")}`);
    expect(views.map((v) => v.path)).toEqual(["/", "/about", "/blogs", "/ai-help", "/contact"]);
    expect(new Set(views.map((v) => v.visitor)).size).toBe(1);
  });

  test("data requests (a prefetch, a navigation) and a form post that stays on its page are no page view", async ({ page, server }) => {
    await clean(server.databaseUrl);
    await withSamplePosts(page.request, server.url);
    const data: string[] = [];
    page.on("request", (r) => {
      if (new URL(r.url()).pathname.endsWith(".data")) data.push(`${r.method()} ${new URL(r.url()).pathname}`);
    });
    await page.goto("/blogs");
    // Before React has hydrated the page, a click is a document load: no prefetch, no client navigation.
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-hydrated"));
    const link = page.locator('main a[href^="/blog/"]').first();
    const slugPath = (await link.getAttribute("href"))!;
    // Hovering the card's link asks for the post's data ahead (prefetch="intent"); clicking navigates.
    await link.hover();
    await expect.poll(() => data.filter((d) => d === `GET ${slugPath}.data`).length).toBeGreaterThanOrEqual(1);
    await link.click();
    await expect(page).toHaveURL(slugPath);
    // Like: a fetcher post to the page's action; the URL stays, and the post's loader does not run again.
    await page.getByRole("button", { name: /Like/ }).click();
    await expect(page.getByRole("button", { name: /Liked/ })).toBeDisabled();
    expect(data).toContain(`POST ${slugPath}.data`);
    const views = await recorded(server.databaseUrl, 2, "pageview");
    expect(views.map((v) => v.path)).toEqual(["/blogs", slugPath]);
  });

  test("Book Demo and WhatsApp clicks record one goal each with their page; the dashboard shows them and is accessible", async ({ page, server }) => {
    await clean(server.databaseUrl);
    // WhatsApp is another site: answered here, so the test never leaves the machine. Book Demo opens the site's own
    // booking page (a fresh install books on the site, issue 42): the click is its goal, on the page it was made on.
    await page.context().route(/^https:\/\/wa\.me\//, (route) => route.fulfill({ status: 200, contentType: "text/html", body: "<title>elsewhere</title>" }));
    await page.goto("/about");
    await page.getByRole("banner").getByRole("link", { name: "Book Demo" }).first().click();
    await expect(page).toHaveURL(/\/book-demo$/);
    await page.getByRole("navigation").first().getByRole("link", { name: "Blogs", exact: true }).click();
    await expect(page).toHaveURL(/\/blogs$/);
    const chat = page.waitForEvent("popup");
    await page.getByTestId("whatsapp-float").getByRole("link").click();
    await (await chat).close();

    const goals = (await recorded(server.databaseUrl, 5)).filter((e) => e.name !== "pageview");
    expect(goals.map((g) => [g.name, g.path])).toEqual([["book-demo", "/about"], ["whatsapp", "/blogs"]]);

    // The dashboard's figures equal counts made here from the raw rows.
    // (Creating the owner's account is itself a sign-up goal, recorded from the API.)
    await signInOwner(page, server.url, server.databaseUrl);
    const events = await recorded(server.databaseUrl, 6);
    const views = events.filter((e) => e.name === "pageview");
    const visits = new Set(views.map((v) => `${v.day}/${v.visitor}`));
    const goalNames = new Set(events.filter((e) => e.name !== "pageview").map((e) => e.name));
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/studio/analytics?period=7d");
      const totals = page.getByTestId("analytics-totals");
      // Each figure is followed by its comparison with the period before (a dd of its own).
      await expect(totals.locator("dd").nth(0)).toHaveText(String(visits.size));
      await expect(totals.locator("dd").nth(2)).toHaveText(String(views.length));
      await expect(totals.locator("dd").nth(1)).toHaveText(/new: none in the period before$/);
      await expect(page.getByTestId("analytics-compared")).toContainText("Changes are against the period before");
      await expect(page.getByTestId("analytics-entries").locator("tbody tr").first()).toBeVisible();
      await expect(page.getByTestId("analytics-exits").locator("tbody tr").first()).toBeVisible();
      await expect(page.getByTestId("analytics-systems").locator("tbody tr").first()).toBeVisible();
      const funnel = page.getByTestId("analytics-funnel");
      await expect(funnel.getByRole("listitem").first()).toContainText("Landed on the site");
      // The funnel is compared too: with the 30 days before its own, each step in words.
      await expect(funnel).toContainText("Changes are against the 30 days before");
      await expect(funnel.getByRole("listitem").first()).toContainText("new: none in the period before");
      const goalRows = page.getByTestId("analytics-goals").locator("tbody tr");
      await expect(goalRows).toHaveCount(goalNames.size);
      await expect(goalRows.filter({ hasText: "Book Demo click" }).locator("td").first()).toHaveText("1");
      await expect(goalRows.filter({ hasText: "WhatsApp click" }).locator("td").first()).toHaveText("1");
      const byPage = page.getByTestId("analytics-goals-by-page").locator("tbody tr");
      await expect(byPage.filter({ hasText: "Book Demo click" })).toContainText("/about");
      await expect(byPage.filter({ hasText: "WhatsApp click" })).toContainText("/blogs");
      await expectAccessible(page);
    }
    // A range that makes no sense is said next to its fields; the page still answers (the default period).
    await page.goto("/studio/analytics?from=2026-03-05&to=2026-03-01");
    await expect(page.locator("#analytics-range-error")).toHaveText(ANALYTICS_COPY.rangeError);
    await expect(page.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("analytics-totals").locator("dd").nth(2)).toHaveText(String(views.length));
    // The CSV export carries the same figures.
    const csv = await page.request.get(`${server.url}/api/studio/analytics.csv?period=7d`);
    expect(csv.status()).toBe(200);
    expect(csv.headers()["content-type"]).toContain("text/csv");
    const lines = (await csv.text()).split("\r\n");
    expect(lines).toContain(`goal,book-demo,1,,1,${Math.round((1 / visits.size) * 10_000) / 10_000},0`);
    expect(lines.find((l) => l.startsWith("total,,"))).toMatch(new RegExp(`^total,,${visits.size},${views.length},`));
    // Filter by a page by clicking it (a plain link: works without JavaScript too).
    await page.getByRole("link", { name: "/about", exact: true }).first().click();
    await expect(page).toHaveURL(/page=%2Fabout/);
    await expect(page.getByText("Showing visits")).toBeVisible();
  });
});
