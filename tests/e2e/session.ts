import type { Page } from "@playwright/test";
import { HINT_COOKIE } from "../../server/http/cookies";
import { openDatabase } from "../../server/db/database";
import type { StaffAccess } from "../../shared/content/studio";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";

export type NewAccount = { name: string; email: string; password: string; company: string; industry: string };

/**
 * Creates an account through POST /api/auth/register and signs this page's browser in with its token, as
 * the sign-up form would (the session cookie is `wp_session` on plain http, as in the tests).
 */
/** Signs this page's browser in with a session token (and the hint cookie the site's header reads). */
async function useSession(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.context().addCookies([
    { name: "wp_session", value: token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: baseUrl, sameSite: "Lax" },
  ]);
}

/** A staff member made in the server's database through the services (granted, enrolled, second factor passed), signed in. */
export async function signInAsStaff(page: Page, server: { url: string; databaseUrl: string }, email: string, access: StaffAccess): Promise<void> {
  const db = await openDatabase(server.databaseUrl);
  try {
    await useSession(page, server.url, (await staffWithSession(testDeps(db), email, access)).token);
  } finally {
    await db.close();
  }
}

export async function signUpAs(page: Page, baseUrl: string, account: NewAccount): Promise<void> {
  const response = await page.request.post(`${baseUrl}/api/auth/register`, { headers: { origin: baseUrl }, data: account });
  if (!response.ok()) throw new Error(`sign-up answered ${response.status()}: ${await response.text()}`);
  const { token } = (await response.json()) as { token: string };
  await useSession(page, baseUrl, token);
}
