/**
 * Issue 26, items 10, 12 and 13 in the browser: changing one's password on /templates (messages next to the fields),
 * the studio's export button still downloads (now a POST), and the step-up prompt for an owner invitation keeps the
 * form as it was.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { AUTH_MESSAGES, AUTH_VALIDATION } from "../../shared/content/auth";
import { STUDIO_MESSAGES } from "../../shared/content/studio";
import { HINT_COOKIE } from "../../server/http/cookies";
import { openDatabase } from "../../server/db/database";
import { makeOwnerSession } from "./owner";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

const PASSWORD = "violet harbour kettle drums";

async function register(page: Page, baseUrl: string, email: string): Promise<string> {
  const res = await page.request.post(`${baseUrl}/api/auth/register`, {
    headers: { origin: baseUrl },
    data: { name: "Priya Nair", email, password: PASSWORD, company: "Nair Clinic", industry: "Healthcare", role: "user" },
  });
  expect(res.status()).toBe(201);
  return ((await res.json()) as { token: string }).token;
}

async function useSession(page: Page, baseUrl: string, token: string): Promise<void> {
  await page.context().addCookies([
    { name: "wp_session", value: token, url: baseUrl, httpOnly: true, sameSite: "Lax" },
    { name: HINT_COOKIE, value: "1", url: baseUrl, sameSite: "Lax" },
  ]);
}

test("a signed-in person changes their password on /templates: messages next to the fields, other sessions end", async ({ page, server, allowErrors }) => {
  const email = `priya.${Date.now()}@example.com`;
  const token = await register(page, server.url, email);
  const other = await page.request.post(`${server.url}/api/auth/login`, { headers: { origin: server.url }, data: { email, password: PASSWORD } });
  const otherToken = ((await other.json()) as { token: string }).token;
  await useSession(page, server.url, token);
  await page.goto("/templates");
  const form = page.getByRole("form", { name: "Change password" });
  const current = form.getByLabel("Current password", { exact: true });
  const next = form.getByLabel("New password", { exact: true });
  await expectAccessible(page);

  // The server's refusals (the action answers 400) reach the fields.
  await current.fill("not my password at all");
  await next.fill("saffron lighthouse pebble");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(current).toHaveAccessibleDescription(AUTH_MESSAGES.currentPasswordWrong);
  await expect(current).toBeFocused();

  await current.fill(PASSWORD);
  await next.fill("India@123");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(next).toHaveAccessibleDescription(new RegExp(`${AUTH_VALIDATION.passwordGuessable.slice(0, 30)}|most common passwords`));
  await expect(next).toHaveAttribute("aria-invalid", "true");
  // The two refusals' 400s, expected.
  allowErrors(/status of 400/);

  await current.fill(PASSWORD);
  await next.fill("saffron lighthouse pebble");
  await form.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText(AUTH_MESSAGES.passwordChanged)).toBeVisible();
  await expect(current).toHaveValue("");
  await expectAccessible(page);

  // This browser stays signed in; the other session is over; the new password signs in.
  await page.reload();
  await expect(form).toBeVisible();
  const otherProfile = await page.request.get(`${server.url}/api/auth/profile`, { headers: { authorization: `Bearer ${otherToken}` } });
  expect(otherProfile.status()).toBe(401);
  const again = await page.request.post(`${server.url}/api/auth/login`, { headers: { origin: server.url }, data: { email, password: "saffron lighthouse pebble" } });
  expect(again.status()).toBe(200);
});

const OWNER = { name: "Osei Owner", email: "osei.owner@example.com", password: "an owner's long passphrase 7", company: "Osei Ltd", industry: "Healthcare", role: "user" };

test.describe.configure({ mode: "serial" });

test("the studio's export button downloads the CSV (a POST), and an old second factor asks for a code in the form", async ({ page, server, allowErrors }) => {
  const owner = await makeOwnerSession(page, server.url, server.databaseUrl, OWNER);
  await useSession(page, server.url, owner.token);

  await page.goto("/studio/accounts");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^accounts-\d{4}-\d{2}-\d{2}\.csv$/);
  expect(fs.readFileSync((await download.path())!, "utf8")).toContain(OWNER.email);
  await expect(page).toHaveURL(/\/studio\/accounts$/);

  // Twenty minutes later (the session's second factor made older in the database), an owner invitation asks again.
  const db = await openDatabase(server.databaseUrl);
  try {
    await db.kysely.updateTable("sessions").set({ second_factor_at: Date.now() - 20 * 60_000 }).execute();
  } finally {
    await db.close();
  }
  await page.goto("/studio/staff");
  const invite = page.getByRole("region", { name: "Invite someone" }).or(page.locator("form", { has: page.getByRole("button", { name: "Send invitation" }) }));
  await invite.getByLabel("E-mail address").fill("new.owner@example.com");
  await invite.getByLabel("Access").selectOption("owner");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(STUDIO_MESSAGES.stepUp)).toBeVisible();
  // The action's 403 (a fresh code wanted), expected.
  allowErrors(/status of 403/);
  const codeField = invite.getByLabel("Code", { exact: true });
  await expect(codeField).toBeFocused();
  // What was typed is still there.
  await expect(invite.getByLabel("E-mail address")).toHaveValue("new.owner@example.com");
  await expect(invite.getByLabel("Access")).toHaveValue("owner");
  await expectAccessible(page);
  // A code of the next time step (the enrolment used this one's).
  await codeField.fill(new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(owner.secret) }).generate({ timestamp: Date.now() + 30_000 }));
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent to new.owner@example.com.")).toBeVisible();
});
