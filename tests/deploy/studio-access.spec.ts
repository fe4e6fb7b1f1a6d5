/**
 * The studio's sign-in through the TLS-terminating proxy (https://127.0.0.1:<port>, the session cookie then
 * `__Host-`, Secure): the owner signs in on /sign-in, sets up two-step sign-in with JavaScript, then signs in again
 * and passes the second factor with plain form posts.
 */
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { openDatabase } from "../../server/db/database";
import { runStaffCommand } from "../../server/staff-command";
import { testDeps } from "../helpers/deps";
import { expect, test } from "./fixtures";
import { markAddressVerified } from "../helpers/verified";

const PASSWORD = "owner passphrase behind the proxy 9";

const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  await page.emulateMedia({ reducedMotion: "reduce" });
});

async function signIn(page: Page, email: string) {
  await page.goto("/sign-in?redirectTo=%2Fstudio");
  const main = page.getByRole("main");
  await main.getByLabel("Email address").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await main.getByRole("button", { name: "Sign In" }).click();
}

test("studio: the owner signs in, sets up two-step sign-in, and passes it again without JavaScript", async ({ page, browser, server, reverseProxy }) => {
  test.setTimeout(90_000);
  const email = `proxy.owner.${Date.now().toString(36)}@example.com`;
  const register = await page.request.post(`${reverseProxy.url}/api/auth/register`, {
    headers: { origin: reverseProxy.url },
    data: { name: "Proxy Owner", email, password: PASSWORD, company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" },
  });
  expect(register.status()).toBe(201);
  await page.context().clearCookies();
  const db = await openDatabase(server.databaseUrl);
  try {
    await markAddressVerified(db, email);
    expect(await runStaffCommand(testDeps(db, { PUBLIC_URL: reverseProxy.url }), ["grant", "owner", email], () => {}, () => {})).toBe(0);
  } finally {
    await db.close();
  }

  await signIn(page, email);
  await expect(page).toHaveURL(`${reverseProxy.url}/studio/enrol`, { timeout: 15_000 });
  const cookies = await page.context().cookies(reverseProxy.url);
  expect(cookies.find((c) => c.name === "__Host-wp_session")?.secure).toBe(true);
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  await page.getByLabel("Code from the app").fill(appCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("recovery-codes").locator("li")).toHaveCount(10);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page).toHaveURL(`${reverseProxy.url}/studio`);

  const context = await browser.newContext({ javaScriptEnabled: false, baseURL: reverseProxy.url, ignoreHTTPSErrors: true });
  try {
    const plain = await context.newPage();
    await signIn(plain, email);
    await expect(plain).toHaveURL(`${reverseProxy.url}/studio/second-factor`);
    await plain.getByLabel("Code", { exact: true }).fill(appCode(secret, 1));
    await plain.getByRole("button", { name: "Continue" }).click();
    await expect(plain).toHaveURL(`${reverseProxy.url}/studio`);
    await expect(plain.getByRole("heading", { level: 1 })).toHaveText("Welcome, Proxy Owner");
    await plain.getByRole("button", { name: "Sign out" }).click();
    await expect(plain).toHaveURL(/\/sign-in\?signedOut=1$/);
    expect((await plain.goto("/studio"))?.status()).toBe(404);
  } finally {
    await context.close();
  }
});
