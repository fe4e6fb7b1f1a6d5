/**
 * Issue 48 item 4 ("forms written once"), in a browser: the studio's categories, staff invitation, subscriber
 * labels and settings forms are checked before they are sent by the schema their action checks them with. A
 * refused form posts nothing, shows each message by its field (aria-invalid, described by the message), focuses the
 * first field refused and keeps what was typed; a message goes once its field is changed; what only the server knows
 * (a category's name taken) lands in the same place. The worker's server is shared: nothing here changes the site.
 */
import type { Page } from "@playwright/test";
import { openDatabase } from "../../server/db/database";
import { AUDIENCE_TOOLS_MESSAGES } from "../../shared/content/audience-tools";
import { CATEGORY_MESSAGES, DEFAULT_CATEGORY_NAMES } from "../../shared/content/blog-categories";
import { STAFF_PAGE } from "../../shared/content/studio-access";
import { SETTINGS_PAGE } from "../../shared/content/studio-settings";
import { expect, test } from "./fixtures";
import { signInAsStaff } from "./session";

test.describe.configure({ mode: "serial" });

/** The POSTs the page sends to a studio page from now on (a form's submission, with JavaScript: React Router's fetch). */
function posts(page: Page): () => number {
  let n = 0;
  page.on("request", (request) => {
    if (request.method() === "POST" && new URL(request.url()).pathname.startsWith("/studio/")) n++;
  });
  return () => n;
}

test("a refused studio form posts nothing, says why by the field, focuses it and keeps what was typed", async ({ page, server, allowErrors }) => {
  test.setTimeout(120_000);
  await signInAsStaff(page, server, "forms.checked.owner@example.com", "owner");
  const sent = posts(page);

  // Categories: "All" is the listing's own choice; the Hindi name typed stays.
  await page.goto("/studio/categories");
  const add = page.getByRole("region", { name: "Add a category" });
  const name = add.getByLabel("Name", { exact: true });
  await name.fill("All");
  await add.getByLabel("Name in Hindi").fill("सभी");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText(CATEGORY_MESSAGES.nameReserved)).toBeVisible();
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toBeFocused();
  await expect(name).toHaveValue("All");
  await expect(add.getByLabel("Name in Hindi")).toHaveValue("सभी");
  expect(sent()).toBe(0);
  // Typing takes the message away; a name the blog has already is what only the server knows: its answer (409) lands by the field too.
  await name.fill(DEFAULT_CATEGORY_NAMES[0]!.toLowerCase());
  await expect(add.getByText(CATEGORY_MESSAGES.nameReserved)).toHaveCount(0);
  await expect(name).not.toHaveAttribute("aria-invalid", "true");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText(CATEGORY_MESSAGES.nameTaken)).toBeVisible();
  // That refusal is a 409 on purpose.
  allowErrors(/status of 409/);
  await expect(name).toHaveAttribute("aria-invalid", "true");
  await expect(name).toHaveValue(DEFAULT_CATEGORY_NAMES[0]!.toLowerCase());
  expect(sent()).toBe(1);

  // Staff: an invitation to a malformed address.
  await page.goto("/studio/staff");
  const before = sent();
  const email = page.getByLabel(STAFF_PAGE.inviteEmail);
  await email.fill("new.editor@example");
  await page.getByRole("button", { name: STAFF_PAGE.inviteSubmit }).click();
  await expect(page.getByText(STAFF_PAGE.emailInvalid)).toBeVisible();
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(email).toHaveValue("new.editor@example");
  expect(sent()).toBe(before);

  // A subscriber's labels: one that is not a label (the subscriber, pending, is taken away again after).
  const withDb = async <R>(work: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<R>): Promise<R> => {
    const db = await openDatabase(server.databaseUrl);
    try {
      return await work(db);
    } finally {
      await db.close();
    }
  };
  const now = Date.now();
  const id = await withDb(async (db) =>
    Number(
      (
        await db.kysely
          .insertInto("subscribers")
          .values({ email: "forms.reader@example.com", email_normalized: "forms.reader@example.com", status: "pending", created_at: now, updated_at: now, confirmed_at: null, unsubscribed_at: null })
          .returning("id")
          .executeTakeFirstOrThrow()
      ).id,
    ),
  );
  try {
    await page.goto(`/studio/subscribers?labels=${id}`);
    const labelsForm = page.locator('section[aria-labelledby="labels-title"]');
    const labels = labelsForm.getByLabel("Labels", { exact: true });
    await labels.fill("pune, <clinic>");
    await labelsForm.getByRole("button", { name: "Save labels" }).click();
    await expect(labelsForm.getByText(AUDIENCE_TOOLS_MESSAGES.labelInvalid)).toBeVisible();
    await expect(labels).toHaveAttribute("aria-invalid", "true");
    await expect(labels).toBeFocused();
    await expect(labels).toHaveValue("pune, <clinic>");
    expect(sent()).toBe(before);
    expect(await withDb((db) => db.kysely.selectFrom("subscriber_labels").select("label").where("subscriber_id", "=", id).execute())).toEqual([]);
  } finally {
    await withDb((db) => db.kysely.deleteFrom("subscribers").where("id", "=", id).execute());
  }

  // Settings: two bad fields, both said at once, the first focused.
  await page.goto("/studio/settings");
  const companyEmail = page.getByLabel("Company e-mail");
  const phone = page.getByLabel("Phone", { exact: true });
  await companyEmail.fill("not an address");
  await phone.fill("1");
  await page.getByRole("button", { name: SETTINGS_PAGE.save }).click();
  await expect(page.getByText(SETTINGS_PAGE.fieldError("Company e-mail", "must be an e-mail address"))).toBeVisible();
  await expect(page.getByText(SETTINGS_PAGE.fieldError("Phone", "must be at least 3 characters"))).toBeVisible();
  await expect(companyEmail).toBeFocused();
  await expect(companyEmail).toHaveValue("not an address");
  await expect(phone).toHaveValue("1");
  expect(sent()).toBe(before);
});
