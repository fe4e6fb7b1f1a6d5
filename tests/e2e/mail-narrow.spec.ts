/**
 * Issue 30: every e-mail the site sends reads on a 375 px phone. The messages are made by the running server (its
 * API) or, for the one made on the command line, by the same services against the server's database; each is
 * read back from the server's mail folder and its real HTML part is shown in Chromium at 375 px: nothing may be
 * wider than the screen (an unbroken token link made the verification mail 509 px wide), each action is a button
 * with its address below it, and greetings use the first name alone.
 */
import fs from "node:fs";
import path from "node:path";
import { EMAIL_TEMPLATE } from "../../shared/content/audience";
import { openDatabase } from "../../server/db/database";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { testDeps } from "../helpers/deps";
import { addressedTo, type FolderMail, newestMailTo } from "../helpers/mail-folder";
import { parseMail } from "../helpers/smtp-server";
import { staffWithSession } from "../helpers/studio-staff";
import { expect, test } from "./fixtures";

test.use({ serverEnv: { LEAD_NOTIFY_EMAILS: "sales.team@example.com" } });

let n = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++n}@example.com`;

type Mail = FolderMail;
const mailTo = (mailDir: string, to: string) => newestMailTo(mailDir, to);

test("every e-mail fits a 375 px screen, shows its action as a button with the link below, and greets by first name", async ({ page, server }) => {
  test.slow();
  const post = (url: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${server.url}${url}`, { method: "POST", headers: { origin: server.url, "content-type": "application/json", ...headers }, body: JSON.stringify(body) });
  const expectOk = async (response: Response) => expect(response.ok, `${response.status} ${await response.clone().text()}`).toBe(true);

  // Made on the command line (as `npm run staff -- grant`): the set-password mail. Then the owner acts in the studio.
  const owner = uniqueEmail("owner");
  const db = await openDatabase(server.databaseUrl);
  let ownerToken: string;
  let postId: number;
  try {
    const deps = testDeps(db, { PUBLIC_URL: server.url, MAIL_DIR: server.mailDir });
    ownerToken = (await staffWithSession(deps, owner, "owner")).token;
    await settleMailDeliveries();
    await seedSampleBlogs(deps);
    const published = await db.kysely.selectFrom("blogs").select("id").orderBy("id").executeTakeFirstOrThrow();
    postId = Number(published.id);
  } finally {
    await db.close();
  }
  const asOwner = { authorization: `Bearer ${ownerToken}` };

  const visitor = uniqueEmail("asha");
  await expectOk(await post("/api/auth/register", { name: "Asha Deshpande", email: visitor, password: "correct horse battery", company: "Deshpande Dental", industry: "Healthcare" }));
  const verification = await mailTo(server.mailDir, visitor);
  await expectOk(await post("/api/auth/reset-password", { email: visitor }));
  let reset: Mail | undefined;
  await expect.poll(async () => (reset = await mailTo(server.mailDir, visitor)).subject, { timeout: 10_000 }).not.toBe(verification.subject);
  const reader = uniqueEmail("reader");
  await expectOk(await post("/api/newsletter/subscribe", { email: reader }));
  await expectOk(
    await post("/api/leads", { firstName: "Priya", lastName: "Sharma", email: uniqueEmail("lead"), phone: "+91 98765 43210", message: `A long message ${"without-any-break-".repeat(12)}`, leadSource: "Web Research" }),
  );
  const editor = uniqueEmail("editor");
  await expectOk(await post("/api/studio/staff/invitations", { email: editor, access: "editor" }, asOwner));
  await expectOk(await post("/api/studio/audience/newsletters/test", { post: postId }, asOwner));

  const mails: [string, Mail][] = [
    ["verification", verification],
    ["password reset", reset!],
    ["newsletter confirmation", await mailTo(server.mailDir, reader)],
    ["lead notification", await mailTo(server.mailDir, "sales.team@example.com")],
    ["staff invitation", await mailTo(server.mailDir, editor)],
    ["newsletter issue (test send)", await mailTo(server.mailDir, owner)],
  ];
  // The owner's first mail was the set-password one; the newest is the test newsletter.
  const setPassword = fs
    .readdirSync(server.mailDir)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => parseMail(fs.readFileSync(path.join(server.mailDir, f), "utf8")))
    .find((m) => addressedTo(m, owner) && /password/i.test(m.subject));
  expect(setPassword, "the set-password mail").toBeDefined();
  mails.push(["staff set-password", setPassword!]);

  await page.setViewportSize({ width: 375, height: 812 });
  for (const [name, mail] of mails) {
    expect(mail.html, name).not.toBe("");
    // A token may hold '-' or '_', where a browser may break a line anyway: the worst case has neither.
    await page.setContent(mail.html.replace(/token=[\w-]+/g, (token) => token.replace(/[-_]/g, "x")));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${name}: ${width} px wide at 375`).toBeLessThanOrEqual(375);
    // The action: a button, and its address shown below it.
    const buttons = await page.locator('td > a[style*="display:inline-block"]').evaluateAll((links) => links.map((a) => (a as HTMLAnchorElement).href));
    expect(buttons.length, `${name}: a button`).toBeGreaterThan(0);
    for (const href of buttons) {
      const below = page.locator("p", { hasText: EMAIL_TEMPLATE.linkBelow }).locator(`a[href="${href}"]`);
      await expect(below, `${name}: the button's link below it`).toHaveText(href);
    }
    // Nobody is greeted with their full name in quotation marks.
    expect(mail.text, name).not.toMatch(/Hello “/);
  }
  for (const mail of [verification, reset!]) {
    expect(mail.text).toMatch(/^Hello Asha,$/m);
    expect(mail.text).not.toContain("Deshpande");
  }
});
