import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { openDatabase } from "../../server/db/database";
import { HINT_COOKIE } from "../../server/http/cookies";
import { runStaffCommand } from "../../server/staff-command";
import { testDeps } from "../helpers/deps";
import { markAddressVerified } from "../helpers/verified";
import { expect } from "./fixtures";

export type OwnerAccount = { name: string; email: string; password: string; company: string; industry: string; role: string };

/** The code of a second-factor secret, `stepsAhead` 30-second periods from now. */
export const totpCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });

/**
 * The owner's account on this worker's server: registered, its address verified (a never-verified account is taken
 * back by the grant), granted "owner" on the command line, two-step sign-in set up through the API. Returns the
 * session that set it up (past the second factor) and the second factor's secret; the page's cookies are untouched.
 */
export async function makeOwnerSession(page: Page, baseUrl: string, databaseUrl: string, owner: OwnerAccount): Promise<{ token: string; secret: string }> {
  const headers = { origin: baseUrl };
  expect((await page.request.post(`${baseUrl}/api/auth/register`, { headers, data: owner })).status()).toBe(201);
  const db = await openDatabase(databaseUrl);
  try {
    await markAddressVerified(db, owner.email);
    expect(await runStaffCommand(testDeps(db), ["grant", "owner", owner.email], () => {}, () => {})).toBe(0);
  } finally {
    await db.close();
  }
  const login = await page.request.post(`${baseUrl}/api/auth/login`, { headers, data: { email: owner.email, password: owner.password } });
  const { token } = (await login.json()) as { token: string };
  const auth = { ...headers, authorization: `Bearer ${token}` };
  const { secret } = (await (await page.request.post(`${baseUrl}/api/studio/second-factor/enrolment`, { headers: auth })).json()) as { secret: string };
  expect((await page.request.post(`${baseUrl}/api/studio/second-factor/enrolment/confirm`, { headers: auth, data: { code: totpCode(secret) } })).status()).toBe(200);
  return { token, secret };
}

/** makeOwnerSession for a test that signs in through the pages: returns the secret, the page's context without cookies. */
export async function makeOwner(page: Page, baseUrl: string, databaseUrl: string, owner: OwnerAccount): Promise<string> {
  const { secret } = await makeOwnerSession(page, baseUrl, databaseUrl, owner);
  await page.context().clearCookies();
  return secret;
}

const ownerTokens = new Map<string, string>();

/**
 * The page signed in as `owner` (made once per server with makeOwnerSession, its session kept for the worker's
 * other tests): the session cookie and the signed-in hint, as the sign-in would leave them.
 */
export async function signInOwner(page: Page, baseUrl: string, databaseUrl: string, owner: OwnerAccount): Promise<void> {
  const key = `${baseUrl} ${owner.email}`;
  const token = ownerTokens.get(key) ?? (await makeOwnerSession(page, baseUrl, databaseUrl, owner)).token;
  ownerTokens.set(key, token);
  await page.context().addCookies([
    { name: "wp_session", value: token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: baseUrl, sameSite: "Lax" },
  ]);
}

/** A new owner (makeOwner) signs in through the pages, password then code, and lands in the studio. */
export async function signInNewOwner(page: Page, baseUrl: string, databaseUrl: string, owner: OwnerAccount): Promise<void> {
  const secret = await makeOwner(page, baseUrl, databaseUrl, owner);
  await page.goto("/sign-in");
  const main = page.getByRole("main");
  await main.getByLabel("Email address").fill(owner.email);
  await main.getByLabel("Password", { exact: true }).fill(owner.password);
  await main.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/studio\/second-factor$/, { timeout: 15_000 });
  await page.getByLabel("Code", { exact: true }).fill(totpCode(secret, 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page).toHaveURL(/\/studio$/);
}
