/**
 * What the audit log says about page-copy drafts (issue 46, decision 0045), on SQLite and PostgreSQL: a first draft
 * names only the fields that differ from the page as it shows (not every section); the same draft saved again
 * writes nothing and keeps its revision; Publish writes one line (`copy.publish`), not a "draft save" line first.
 * And the revisions page numbers a page's revisions per page and language (1, 2, …), not by the table's id.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listAudit } from "../../server/services/audit";
import { copyEditorState } from "../../server/services/content/copy-editor";
import { publishDraft, saveDraft } from "../../server/services/content/drafts";
import { FAQ_DOC as doc } from "../../shared/copy/faq";
import { saveSettings } from "../../server/services/content/settings";
import { buildDir, buildPresent } from "../helpers/built-server";
import { readyApp } from "../helpers/test-site";
import { testDatabaseKinds } from "../helpers/databases";
import { copyOwnerSite } from "../helpers/copy-owner";
import { staffWithSession } from "../helpers/studio-staff";

describe.each(testDatabaseKinds())("copy drafts in the audit log on %s", (kind) => {
  const site = copyOwnerSite(kind, "drafts.owner@example.com", "203.0.113.5");

  const lines = async (action: string) => (await listAudit(site.deps, { action })).map((l) => l.line.detail);

  it("a first draft names the one field changed; the same draft again writes nothing", async () => {
    for (const locale of ["en", "hi"] as const) {
      const state = await copyEditorState(site.deps, doc, locale);
      const base = { liveVersion: state.liveVersion, draftRevision: 0 };
      const value = { ...state.editing, heading: locale === "en" ? "Questions owners ask" : "मालिकों के सवाल" };
      expect(await saveDraft(site.deps, doc, locale, value, base, site.owner)).toBe(1);
      expect((await lines("copy.draft.save"))[0]).toBe("changed: heading");
      // Sent again unchanged: no new revision, no new line.
      expect(await saveDraft(site.deps, doc, locale, value, { ...base, draftRevision: 1 }, site.owner)).toBe(1);
    }
    expect(await lines("copy.draft.save")).toHaveLength(2);
  });

  it("Publish (which saves what the form holds first) writes only its own line", async () => {
    const state = await copyEditorState(site.deps, doc, "en");
    const base = { liveVersion: state.liveVersion, draftRevision: state.draft?.revision ?? 0 };
    const draftLines = (await lines("copy.draft.save")).length;
    const value = { ...(state.draft!.value as Record<string, unknown>), intro: "Short answers, long hours." };
    const revision = await saveDraft(site.deps, doc, "en", value, base, site.owner, Date.now(), { forPublish: true });
    expect(await publishDraft(site.deps, doc, "en", { liveVersion: base.liveVersion, draftRevision: revision }, site.owner)).toEqual(["heading", "intro"]);
    expect(await lines("copy.draft.save")).toHaveLength(draftLines);
    expect((await lines("copy.publish"))[0]).toBe("changed: heading, intro");
  });

  it.skipIf(!buildPresent())(`the revisions page numbers the FAQ's revisions 2, 1 (build at ${path.relative(process.cwd(), buildDir())})`, async () => {
    // Revisions of other entries first: the table's ids are far past this page's numbers.
    for (let i = 0; i < 5; i++) await saveSettings(site.deps, { phone: `+44 20 7946 ${1000 + i}` }, site.owner);
    const state = await copyEditorState(site.deps, doc, "en");
    const base = { liveVersion: state.liveVersion, draftRevision: 0 };
    await saveDraft(site.deps, doc, "en", { ...state.editing, heading: "Owners ask" }, base, site.owner);
    await publishDraft(site.deps, doc, "en", { ...base, draftRevision: 1 }, site.owner);
    const app = await readyApp(site.deps);
    const o = await staffWithSession(site.deps, "drafts.reader@example.com", "owner");
    const html = await (await app.request("http://127.0.0.1/studio/faq/revisions?locale=en", { headers: { cookie: `wp_session=${o.token}` } })).text();
    const numbers = [...html.matchAll(/aria-label="Compare revision (\d+) with the live copy"/g)].map((m) => Number(m[1]));
    expect(numbers).toEqual([2, 1]);
  });
});
