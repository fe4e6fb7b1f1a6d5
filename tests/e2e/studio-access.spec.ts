/**
 * The studio's access, in a browser: the owner (granted on the command line) signs in through /sign-in, sets up
 * two-step sign-in, keeps the recovery codes, signs in again with a code and with a recovery code (once only),
 * invites an editor who accepts by the e-mailed link and cannot open owners' pages; a visitor's account sees the
 * site's 404. Every page built here is checked with axe at 375 and 1280 px; the second-factor form by keyboard only.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import { openDatabase } from "../../server/db/database";
import { runStaffCommand } from "../../server/staff-command";
import { testDeps } from "../helpers/deps";
import { mailedLink } from "../helpers/mail-folder";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signUpAs } from "./session";
import { markAddressVerified } from "../helpers/verified";

test.describe.configure({ mode: "serial" });

const PASSWORD = "owner passphrase for the studio 42";
let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++n}@example.com`;

/** What the authenticator app shows for this key, `stepsAhead` 30-second steps from now (a code is accepted once). */
const appCode = (secret: string, stepsAhead = 0) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret.replace(/\s+/g, "")) }).generate({
    timestamp: Date.now() + stepsAhead * 30_000,
  });

async function grant(server: { databaseUrl: string; url: string; mailDir: string }, access: "owner" | "editor", email: string) {
  const db = await openDatabase(server.databaseUrl);
  try {
    // Whoever registered the address before verified it (an unverified one would be taken back, as its own test shows).
    await markAddressVerified(db, email);
    const code = await runStaffCommand(testDeps(db, { PUBLIC_URL: server.url, MAIL_DIR: server.mailDir }), ["grant", access, email], () => {}, () => {});
    expect(code).toBe(0);
  } finally {
    await db.close();
  }
}

/** axe at a phone's and a desktop's width. */
async function accessibleAtBothWidths(page: Page) {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function signInThroughThePage(page: Page, email: string, password: string) {
  await page.goto("/sign-in?redirectTo=%2Fstudio");
  const main = page.getByRole("main");
  await main.getByLabel("Email address").fill(email);
  await main.getByLabel("Password", { exact: true }).fill(password);
  await main.getByRole("button", { name: "Sign In" }).click();
}

async function signOutOfTheStudio(page: Page) {
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/sign-in\?signedOut=1$/);
}

/** The enrolment page: reads the key as a person would, confirms a first code, returns the key and the recovery codes. */
async function enrol(page: Page): Promise<{ secret: string; codes: string[] }> {
  await expect(page).toHaveURL(/\/studio\/enrol$/);
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" }).locator("svg")).toBeVisible();
  const secret = (await page.getByTestId("totp-secret").innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await page.getByLabel("Code from the app").fill(appCode(secret));
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByRole("heading", { name: "Save your recovery codes" })).toBeVisible();
  const codes = (await page.getByTestId("recovery-codes").locator("li").allInnerTexts()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  for (const code of codes) expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
  return { secret, codes };
}

async function enterCode(page: Page, code: string) {
  await expect(page).toHaveURL(/\/studio\/second-factor(\?next=[^#]*)?$/);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Continue" }).click();
}

test("the owner sets up two-step sign-in, signs in with a code and with a recovery code, invites an editor", async ({ page, server, allowErrors }) => {
  test.setTimeout(180_000);
  const ownerEmail = uniqueEmail("owner");
  const register = await page.request.post(`${server.url}/api/auth/register`, {
    headers: { origin: server.url },
    data: { name: "Olive Owner", email: ownerEmail, password: PASSWORD, company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" },
  });
  expect(register.status()).toBe(201);
  const spareEmail = uniqueEmail("spare.editor");
  const spare = await page.request.post(`${server.url}/api/auth/register`, {
    headers: { origin: server.url },
    data: { name: "Spare Editor", email: spareEmail, password: PASSWORD, company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" },
  });
  expect(spare.status()).toBe(201);
  await page.context().clearCookies();
  await grant(server, "owner", ownerEmail);
  await grant(server, "editor", spareEmail);

  // Sign in through the site's own page; the studio asks for two-step sign-in to be set up first.
  await signInThroughThePage(page, ownerEmail, PASSWORD);
  await expect(page).toHaveURL(/\/studio\/enrol$/, { timeout: 15_000 });
  await accessibleAtBothWidths(page);
  const { secret, codes } = await enrol(page);
  await accessibleAtBothWidths(page);

  // The codes download as a text file.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download as text" }).click()]);
  expect(download.suggestedFilename()).toBe("wise-parrot-studio-recovery-codes.txt");
  const file = fs.readFileSync((await download.path())!, "utf8");
  for (const code of codes) expect(file).toContain(code);

  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Welcome, Olive Owner");
  await accessibleAtBothWidths(page);

  // Signed out and in again: a code from the app, typed and sent by keyboard only.
  await signOutOfTheStudio(page);
  await signInThroughThePage(page, ownerEmail, PASSWORD);
  await expect(page).toHaveURL(/\/studio\/second-factor$/, { timeout: 15_000 });
  await accessibleAtBothWidths(page);
  const codeField = page.getByLabel("Code", { exact: true });
  for (let i = 0; i < 20 && !(await codeField.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
  await expect(codeField).toBeFocused();
  await page.keyboard.type("000000");
  await page.keyboard.press("Enter");
  await expect(page.getByText("That code is not right. Check your authenticator app and try again.")).toBeVisible();
  await expect(codeField).toBeFocused();
  await expect(codeField).toHaveAttribute("aria-invalid", "true");
  await accessibleAtBothWidths(page);
  allowErrors(/status of 400/);
  await codeField.focus();
  await page.keyboard.press("Control+A");
  // The enrolment used this step's code: the app's next one is accepted (one step of drift either way).
  await page.keyboard.type(appCode(secret, 1));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/studio$/);

  // A recovery code instead of the app: it works once.
  await signOutOfTheStudio(page);
  await signInThroughThePage(page, ownerEmail, PASSWORD);
  await enterCode(page, codes[0]!);
  await expect(page).toHaveURL(/\/studio$/);
  await signOutOfTheStudio(page);
  await signInThroughThePage(page, ownerEmail, PASSWORD);
  await enterCode(page, codes[0]!);
  await expect(page.getByText("That code is not right.", { exact: false })).toBeVisible();
  allowErrors(/status of 400/);
  await enterCode(page, codes[1]!);
  await expect(page).toHaveURL(/\/studio$/);

  // Staff: the owner invites an editor.
  await page.getByRole("link", { name: "Staff" }).first().click();
  await expect(page).toHaveURL(/\/studio\/staff$/);
  await expect(page.getByRole("cell", { name: ownerEmail })).toBeVisible();
  await accessibleAtBothWidths(page);
  // Removing someone asks first.
  await page.getByRole("link", { name: `Remove access: ${spareEmail}` }).click();
  await expect(page.getByRole("heading", { name: `Remove studio access for ${spareEmail}?` })).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByRole("button", { name: "Yes, remove access" }).click();
  await expect(page.getByText(`Studio access removed for ${spareEmail}.`)).toBeVisible();
  await expect(page.getByRole("cell", { name: spareEmail })).toHaveCount(0);
  const editorEmail = uniqueEmail("editor");
  await page.getByLabel("E-mail address").fill(editorEmail);
  await page.getByLabel("Access", { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText(`Invitation sent to ${editorEmail}.`)).toBeVisible();
  await accessibleAtBothWidths(page);

  // The audit log shows what happened, newest first, and filters by action.
  await page.getByRole("link", { name: "Audit log" }).first().click();
  await expect(page).toHaveURL(/\/studio\/audit$/);
  // Newest first: the invitation just sent (a file run earlier on the same server may have invited someone too).
  await expect(page.getByRole("cell", { name: "staff.invite" }).first()).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByLabel("Action", { exact: true }).selectOption("staff.grant");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/action=staff\.grant/);
  await expect(page.getByRole("cell", { name: "staff.invite" })).toHaveCount(0);
  await expect(page.getByRole("cell", { name: "command line" }).first()).toBeVisible();
  await signOutOfTheStudio(page);

  // The editor opens the e-mailed link, makes an account, signs in, sets up two-step sign-in.
  const link = await mailedLink(server.mailDir, editorEmail, "/studio/invitation");
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "Join the Wise Parrot studio" })).toBeVisible();
  await accessibleAtBothWidths(page);
  await page.getByRole("main").getByLabel("Your name").fill("Eddie Editor");
  await page.getByRole("main").getByLabel("Password", { exact: true }).fill("editor passphrase for the studio 7");
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page.getByText("Your account is ready.")).toBeVisible();
  // The link works once.
  await page.goto(new URL(link).pathname + new URL(link).search);
  await expect(page.getByRole("heading", { name: "This invitation cannot be used" })).toBeVisible();
  await accessibleAtBothWidths(page);

  await signInThroughThePage(page, editorEmail, "editor passphrase for the studio 7");
  await expect(page).toHaveURL(/\/studio\/enrol$/, { timeout: 15_000 });
  await enrol(page);
  await page.getByRole("link", { name: "I have saved them" }).click();
  await expect(page).toHaveURL(/\/studio$/);
  await expect(page.getByRole("navigation", { name: "Studio" }).getByRole("link", { name: "Staff" })).toHaveCount(0);
  const staffPage = await page.goto("/studio/staff");
  expect(staffPage?.status()).toBe(403);
  await expect(page.getByText("Only the owner can open this page.")).toBeVisible();
  allowErrors(/status of 403/);
  await signOutOfTheStudio(page);

  // A visitor's account: the studio does not exist.
  await signUpAs(page, server.url, { name: "Vera Visitor", email: uniqueEmail("visitor"), password: PASSWORD, company: "V", industry: "Healthcare" });
  const visitorStudio = await page.goto("/studio");
  expect(visitorStudio?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: /Oops! Page not found/ })).toBeVisible();
  allowErrors(/status of 404/);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the owner signs in and passes the second factor with plain forms", async ({ page, server, allowErrors }) => {
    const email = uniqueEmail("nojs.owner");
    const register = await page.request.post(`${server.url}/api/auth/register`, {
      headers: { origin: server.url },
      data: { name: "Nora NoScript", email, password: PASSWORD, company: "Wise Parrot", industry: "Healthcare", role: "Founder/CEO" },
    });
    expect(register.status()).toBe(201);
    await page.context().clearCookies();
    await grant(server, "owner", email);

    await signInThroughThePage(page, email, PASSWORD);
    const { secret, codes } = await enrol(page);
    await page.getByRole("link", { name: "I have saved them" }).click();
    await expect(page).toHaveURL(/\/studio$/);
    await signOutOfTheStudio(page);

    await signInThroughThePage(page, email, PASSWORD);
    await enterCode(page, "12");
    await expect(page.getByText("Enter the 6-digit code from your authenticator app, or a recovery code.")).toBeVisible();
    allowErrors(/status of 400/);
    await enterCode(page, appCode(secret, 1));
    await expect(page).toHaveURL(/\/studio$/);
    expect(codes).toHaveLength(10);
  });
});
