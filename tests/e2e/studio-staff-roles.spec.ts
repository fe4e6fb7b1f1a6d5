/**
 * Staff management in the browser (issue 31): an owner makes an editor owner and back, resets the editor's
 * two-step sign-in (the editor, signed in elsewhere, is sent to set it up again), and edits their own name; the
 * pages are accessible at 1280 and 375 px and fit a 320 px screen.
 */
import { STAFF_PAGE, STUDIO_NAME_FORM } from "../../shared/content/studio-access";
import { openDatabase } from "../../server/db/database";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./session";

async function accessOf(databaseUrl: string, email: string): Promise<string | undefined> {
  const db = await openDatabase(databaseUrl);
  try {
    return (await db.kysely.selectFrom("users").select("access").where("email_normalized", "=", email).executeTakeFirst())?.access;
  } finally {
    await db.close();
  }
}

test("an owner changes an editor's role and resets their two-step sign-in; the editor is asked to enrol again", async ({ page, browser, server }) => {
  const stamp = Date.now();
  const owner = `roles.owner.${stamp}@example.com`;
  const editor = `roles.editor.${stamp}@example.com`;
  await signInAsStaff(page, server, owner, "owner");
  // The editor is signed in, second factor passed, in a browser of their own.
  const editorContext = await browser.newContext({ baseURL: server.url });
  const editorPage = await editorContext.newPage();
  await signInAsStaff(editorPage, server, editor, "editor");
  await editorPage.goto("/studio/posts");
  await expect(editorPage).toHaveURL(/\/studio\/posts$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/studio/staff");
  await page.getByRole("link", { name: `${STAFF_PAGE.manage}: ${editor}` }).click();
  await expect(page.getByRole("heading", { name: STAFF_PAGE.manageTitle(editor) })).toBeVisible();
  await expectAccessible(page);

  // Keyboard only: choose Owner, submit.
  const role = page.getByLabel(STAFF_PAGE.roleLabel, { exact: true });
  await role.focus();
  await role.selectOption("owner");
  await page.getByRole("button", { name: STAFF_PAGE.roleSubmit }).press("Enter");
  await expect(page.getByText(STAFF_PAGE.roleChanged(editor, "owner"))).toBeVisible();
  expect(await accessOf(server.databaseUrl, editor)).toBe("owner");
  const row = page.getByRole("row").filter({ hasText: editor });
  await expect(row).toContainText("Owner");

  // And back to editor.
  await page.getByLabel(STAFF_PAGE.roleLabel, { exact: true }).selectOption("editor");
  await page.getByRole("button", { name: STAFF_PAGE.roleSubmit }).click();
  await expect(page.getByText(STAFF_PAGE.roleChanged(editor, "editor"))).toBeVisible();
  expect(await accessOf(server.databaseUrl, editor)).toBe("editor");

  // Reset their two-step sign-in.
  await expect(row).toContainText(STAFF_PAGE.on);
  await page.getByRole("button", { name: STAFF_PAGE.resetSubmit }).click();
  await expect(page.getByText(STAFF_PAGE.resetDone(editor))).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: editor })).toContainText(STAFF_PAGE.off);

  // The editor's next step into the studio is the enrolment page: a new authenticator first.
  await editorPage.goto("/studio/posts");
  await expect(editorPage).toHaveURL(/\/studio\/enrol/);
  await expect(editorPage.getByRole("heading", { level: 1 })).toBeVisible();
  await editorContext.close();

  // Accessible at a phone's width too, with the member's forms open; nothing wider than 320 px.
  for (const width of [375, 320]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto(`/studio/staff?manage=${encodeURIComponent(editor)}`);
    await expect(page.getByRole("heading", { name: STAFF_PAGE.manageTitle(editor) })).toBeVisible();
    if (width === 375) await expectAccessible(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
  }
});

test("a staff member edits their own name; a bad one is refused next to the field", async ({ page, server, allowErrors }) => {
  const email = `name.editor.${Date.now()}@example.com`;
  await signInAsStaff(page, server, email, "editor");
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/studio/password");
    await expectAccessible(page);
  }
  const field = page.getByLabel(STUDIO_NAME_FORM.label, { exact: true });
  await field.fill("   ");
  await page.getByRole("button", { name: STUDIO_NAME_FORM.submit }).click();
  await expect(field).toHaveAttribute("aria-invalid", "true");
  await expect(field).toBeFocused();
  // The refused name is answered 400, which the browser logs.
  allowErrors(/status of 400/);
  await field.fill("Meera Iyer");
  await page.getByRole("button", { name: STUDIO_NAME_FORM.submit }).click();
  await expect(page.getByText(STUDIO_NAME_FORM.saved)).toBeVisible();
  await expect(page.getByLabel(STUDIO_NAME_FORM.label, { exact: true })).toHaveValue("Meera Iyer");
  await page.setViewportSize({ width: 320, height: 800 });
  await page.reload();
  await expect(page.getByLabel(STUDIO_NAME_FORM.label, { exact: true })).toHaveValue("Meera Iyer");
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
});
