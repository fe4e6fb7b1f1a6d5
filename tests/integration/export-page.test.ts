/**
 * The studio's Export page lists the owner's page copy and settings (issue 46, decision 0045), which the archive
 * holds (content_entries, content_revisions) but the page did not name, on SQLite and PostgreSQL.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSettings } from "../../server/services/content/settings";
import { saveContent } from "../../server/services/content/store";
import type { StaffActor } from "../../server/services/audit";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";
import { readyApp, type TestApp } from "../helpers/test-site";

const BUILD_DIR = buildDir();

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`the Export page on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: TestApp;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    app = await readyApp(deps, BUILD_DIR);
  }, 60_000);
  afterAll(async () => {
    await t?.drop();
  });

  it("names the page copy, the settings and their revisions with their counts", async () => {
    const o = await staffWithSession(deps, "export.page@example.com", "owner");
    const owner: StaffActor = { userId: o.userId, label: o.email, clientIp: "203.0.113.5", access: "owner" };
    await saveSettings(deps, { phone: "+44 20 7946 0000", senderName: "Parrot Desk" }, owner);
    await saveContent(deps, [{ key: "page.home", locale: "en", value: { headline: "Diwali prices" } }, { key: "page.home", locale: "hi", value: { headline: "दिवाली" } }, { key: "page.about", locale: "en", value: { intro: "Us" } }], owner, { action: "copy.publish", recordId: "home", detail: "test" });
    const res = await app.request("http://127.0.0.1/studio/export", { headers: { cookie: `wp_session=${o.token}` } });
    expect(res.status).toBe(200);
    const text = (await res.text()).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
    expect(text).toContain("Page copy (fields you edited) 3");
    expect(text).toContain("Settings you saved 2");
    expect(text).toContain("Copy and settings revisions 5");
    expect(text).toContain("your pages&#x27; copy and your settings");
  });
});
