import type { Page } from "@playwright/test";
import { HINT_COOKIE } from "../../server/http/cookies";

export type NewAccount = { name: string; email: string; password: string; company: string; industry: string };

/**
 * Creates an account through POST /api/auth/register and signs this page's browser in with its token, as
 * the sign-up form would (the session cookie is `wp_session` on plain http, as in the tests).
 */
export async function signUpAs(page: Page, baseUrl: string, account: NewAccount): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/auth/register`, { headers: { origin: baseUrl }, data: account });
  if (!response.ok()) throw new Error(`sign-up answered ${response.status()}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  await page.context().addCookies([
    { name: "wp_session", value: token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: baseUrl, sameSite: "Lax" },
  ]);
}
