/**
 * Issue 48 item 4 ("forms written once"), on SQLite and PostgreSQL: the studio's categories, staff invitation and
 * role, subscriber labels, settings and newsletter send forms are checked by the action with the schema the page
 * checks them with in the browser (useSchemaForm). A refused form posted to the page (as a browser without
 * JavaScript would) is answered 400 with each message by its field, shows what was typed, and changes nothing.
 * Needs the production build (skipped without it, like the other page tests).
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { blogCategories } from "../../server/services/content/categories";
import { siteSettings } from "../../server/services/content/settings";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { AUDIENCE_PAGES } from "../../shared/content/audience";
import { AUDIENCE_TOOLS_MESSAGES } from "../../shared/content/audience-tools";
import { CATEGORY_MESSAGES, DEFAULT_CATEGORY_NAMES } from "../../shared/content/blog-categories";
import { STAFF_PAGE } from "../../shared/content/studio-access";
import { SETTINGS_PAGE } from "../../shared/content/studio-settings";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();

/** Text as React writes it into the page. */
const html = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&#x27;");

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`the studio's forms refused by their schema on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let owner: Awaited<ReturnType<typeof staffWithSession>>;
  let editor: Awaited<ReturnType<typeof staffWithSession>>;
  let subscriberId: number;
  let n = 0;

  const post = async (pathname: string, form: Record<string, string>) => {
    const res = await app.request(`http://127.0.0.1${pathname}`, {
      method: "POST",
      redirect: "manual",
      headers: { "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`, cookie: `wp_session=${owner.token}`, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(form).toString(),
    });
    return { status: res.status, page: await res.text() };
  };
  const api = (method: string, pathname: string, body: unknown) =>
    app.request(`http://127.0.0.1${pathname}`, {
      method,
      headers: { "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`, authorization: `Bearer ${owner.token}`, "content-type": "application/json" },
      body: JSON.stringify(body),
    });
  const count = async (table: "staff_invitations" | "subscriber_labels" | "newsletter_issues" | "mail_outbox" | "audit_log") =>
    Number((await t.db.kysely.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    app = await createApp({ deps, buildDir: BUILD_DIR });
    await untilReady(app);
    owner = await staffWithSession(deps, `forms.owner.${kind}@example.com`, "owner");
    editor = await staffWithSession(deps, `forms.editor.${kind}@example.com`, "editor");
    const now = Date.now();
    const row = await t.db.kysely
      .insertInto("subscribers")
      .values({ email: "reader@example.com", email_normalized: "reader@example.com", status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null })
      .returning("id")
      .executeTakeFirstOrThrow();
    subscriberId = Number(row.id);
  }, 60_000);
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  it("categories: a reserved or empty name and a bad Hindi name are refused by their fields; the list is as it was", async () => {
    const audits = await count("audit_log");
    const added = await post("/studio/categories", { intent: "add", version: "0", name: "All", hi: "योग\u0007" });
    expect(added.status).toBe(400);
    expect(added.page).toContain(html(CATEGORY_MESSAGES.nameReserved));
    expect(added.page).toContain(html(CATEGORY_MESSAGES.hindiInvalid));
    expect(added.page).toMatch(/name="name"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*name="name"/);
    expect(added.page).toContain('value="All"');

    const first = DEFAULT_CATEGORY_NAMES[0]!;
    const renamed = await post("/studio/categories", { intent: "edit", version: "0", name: first, newName: "   ", hi: "" });
    expect(renamed.status).toBe(400);
    expect(renamed.page).toContain(html(CATEGORY_MESSAGES.nameRequired));
    const list = await blogCategories(deps);
    expect(list.version).toBe(0);
    expect(list.categories.map((c) => c.name)).toEqual([...DEFAULT_CATEGORY_NAMES]);
    expect(await count("audit_log")).toBe(audits);
  });

  it("staff: a malformed address and an unknown access are refused by their fields; no invitation, no e-mail", async () => {
    const mails = await count("mail_outbox");
    const refused = await post("/studio/staff", { intent: "invite", email: "new editor@example", access: "admin" });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain(html(STAFF_PAGE.emailInvalid));
    expect(refused.page).toContain(html(STAFF_PAGE.accessInvalid));
    expect(refused.page).toContain('value="new editor@example"');
    const role = await post(`/studio/staff?manage=${encodeURIComponent(editor.email)}`, { intent: "role", email: editor.email, access: "root" });
    expect(role.status).toBe(400);
    expect(role.page).toMatch(/id="role-access"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="role-access"/);
    expect(role.page).toContain(html(STAFF_PAGE.accessInvalid));
    expect((await t.db.kysely.selectFrom("users").select("access").where("email", "=", editor.email).executeTakeFirst())?.access).toBe("editor");
    expect(await count("staff_invitations")).toBe(0);
    expect(await count("mail_outbox")).toBe(mails);
  });

  it("subscriber labels: a bad label is refused by the field, what was typed shown again; the labels are as they were", async () => {
    const refused = await post(`/studio/subscribers?labels=${subscriberId}`, { intent: "labels", id: String(subscriberId), labels: "pune, <clinic>" });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain(html(AUDIENCE_TOOLS_MESSAGES.labelInvalid));
    expect(refused.page).toContain(`value="${html("pune, <clinic>")}"`);
    expect(await count("subscriber_labels")).toBe(0);
    // The same form, good: saved (the schema's labels are what the service stores).
    const saved = await post(`/studio/subscribers?labels=${subscriberId}`, { intent: "labels", id: String(subscriberId), labels: "Pune  Clinic, yoga" });
    expect(saved.status).toBe(302);
    expect((await t.db.kysely.selectFrom("subscriber_labels").select("label").orderBy("label").execute()).map((r) => r.label)).toEqual(["pune clinic", "yoga"]);
  });

  it("settings: every bad field refused at once, in the service's words; nothing saved", async () => {
    const refused = await post("/studio/settings", { email: "not an address", phone: "1", address: "Baner, Pune" });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain(html(SETTINGS_PAGE.fixFields));
    expect(refused.page).toContain(html(SETTINGS_PAGE.fieldError("Company e-mail", "must be an e-mail address")));
    expect(refused.page).toContain(html(SETTINGS_PAGE.fieldError("Phone", "must be at least 3 characters")));
    expect(refused.page).toContain('value="Baner, Pune"');
    expect((await siteSettings(deps)).saved).toEqual({});
  });

  it("the newsletter's send: the box not ticked and a later send without its time are refused by their fields; nothing is sent", async () => {
    const created = await api("POST", "/api/studio/posts", { title: "Forms checked once", excerpt: "About forms.", author: "Asha Rao", category: DEFAULT_CATEGORY_NAMES[0], body: "# Start\n\nA paragraph." });
    expect(created.status).toBe(201);
    const draft = ((await created.json()) as { post: { id: number; version: number } }).post;
    expect((await api("POST", `/api/studio/posts/${draft.id}/publish`, { version: draft.version })).status).toBe(200);
    const refused = await post(`/studio/newsletters/new?post=${draft.id}`, { intent: "send", post: String(draft.id), confirm: "1", when: "later", at: "" });
    expect(refused.status).toBe(400);
    expect(refused.page).toContain(html(AUDIENCE_PAGES.newNewsletter.confirmRequired));
    expect(refused.page).toContain(html(AUDIENCE_TOOLS_MESSAGES.scheduleInvalid));
    expect(await count("newsletter_issues")).toBe(0);
  });
});
