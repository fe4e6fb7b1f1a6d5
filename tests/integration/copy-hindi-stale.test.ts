/**
 * Issue 44, item 9: an English edit that makes a Hindi translation stale is never silent. The English editor says,
 * beside Publish, which Hindi fields a saved draft would put English on, and after publishing which Hindi fields
 * show English, each a link to its field in the Hindi editor. On SQLite and PostgreSQL, the service and the pages.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { copyEditorState } from "../../server/services/content/copy-editor";
import { discardDraft, publishDraft, saveDraft } from "../../server/services/content/drafts";
import { FAQ_DOC } from "../../shared/copy/faq";
import { buildDir, buildPresent } from "../helpers/built-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { copyOwnerSite, faqForm } from "../helpers/copy-owner";
import { staffWithSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

const BUILD_DIR = buildDir();

describe.each(testDatabaseKinds())("Hindi made stale by an English edit, on %s", (kind) => {
  const site = copyOwnerSite(kind, "stale-owner@example.com", "203.0.113.19");

  it("an English draft names the Hindi fields it would put English on; published, they show English", async () => {
    const fresh = await copyEditorState(site.deps, FAQ_DOC, "en");
    expect(fresh.hindiGaps).toEqual({ now: [], byDraft: [] });
    expect((await copyEditorState(site.deps, FAQ_DOC, "hi")).hindiGaps).toBeNull();

    const revision = await saveDraft(site.deps, FAQ_DOC, "en", { ...fresh.editing, heading: "What clinic owners ask us" }, { liveVersion: fresh.liveVersion, draftRevision: 0 }, site.owner);
    const drafted = await copyEditorState(site.deps, FAQ_DOC, "en");
    expect(drafted.hindiGaps).toEqual({ now: [], byDraft: ["heading"] });

    await publishDraft(site.deps, FAQ_DOC, "en", { liveVersion: fresh.liveVersion, draftRevision: revision }, site.owner);
    const after = await copyEditorState(site.deps, FAQ_DOC, "en");
    expect(after.hindiGaps).toEqual({ now: ["heading"], byDraft: [] });

    // A second draft lists only what it adds, not what already shows English.
    const again = await saveDraft(site.deps, FAQ_DOC, "en", { ...after.editing, heading: "Asked again", intro: "New intro" }, { liveVersion: after.liveVersion, draftRevision: 0 }, site.owner);
    expect(again).toBeGreaterThan(0);
    expect((await copyEditorState(site.deps, FAQ_DOC, "en")).hindiGaps).toEqual({ now: ["heading"], byDraft: ["intro"] });
    await discardDraft(site.deps, FAQ_DOC, "en", site.owner);
  });
});

describe.skipIf(!buildPresent()).each(testDatabaseKinds())(`the English editor's page says so, on %s (build at ${path.relative(process.cwd(), BUILD_DIR)})`, (kind) => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;
  let token: string;

  const page = (pathname: string, form?: [string, string][]) =>
    app.request(`http://127.0.0.1${pathname}`, {
      method: form ? "POST" : "GET",
      redirect: "manual",
      headers: { cookie: `wp_session=${token}`, ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });


  beforeAll(async () => {
    t = await createTestDatabase(kind);
    const deps = testDeps(t.db);
    app = await createApp({ deps, buildDir: BUILD_DIR });
    await untilReady(app);
    token = (await staffWithSession(deps, "stale-page-owner@example.com", "owner")).token;
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("beside Publish with a draft saved, and in the published notice, each Hindi field linked in the Hindi editor", async () => {
    const before = await (await page("/studio/faq")).text();
    expect(before).not.toContain('data-testid="hindi-stale-by-draft"');
    expect(before).toContain("publishing says which");

    const saved = await page("/studio/faq", faqForm({ ...FAQ_DOC.defaults("en"), heading: "Answers for busy owners" }, [["intent", "save"], ["liveVersion", "0"], ["draftRevision", "0"]]));
    expect(saved.status).toBe(302);
    const drafted = await (await page("/studio/faq?locale=en&done=saved")).text();
    expect(drafted).toContain('data-testid="hindi-stale-by-draft"');
    expect(drafted).toContain("Publishing this draft puts English on the Hindi page in 1 field until it is translated:");
    expect(drafted).toMatch(/<a [^>]*data-stale="heading" href="\/studio\/faq\?locale=hi#copy-heading"/);

    const published = await page("/studio/faq", faqForm({ ...FAQ_DOC.defaults("en"), heading: "Answers for busy owners" }, [["intent", "publish"], ["liveVersion", "0"], ["draftRevision", "1"]]));
    expect(published.status).toBe(302);
    const to = published.headers.get("location") ?? "";
    expect(to).toContain("done=published");
    const after = await (await page(to.replace(/^https?:\/\/[^/]+/, ""))).text();
    expect(after).toContain('data-testid="hindi-stale-after-publish"');
    expect(after).toContain("The Hindi page shows English in 1 field until it is translated:");
    expect(after).toMatch(/<a [^>]*data-stale="heading" href="\/studio\/faq\?locale=hi#copy-heading"/);
  });
});
