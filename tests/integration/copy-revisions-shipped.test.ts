/**
 * The copy the site shipped with is a row of every page's revisions (issue 46, item 6; decision 0057), on SQLite and
 * PostgreSQL: after changes have been published, the shipped copy is compared with the live copy field by field and
 * restored as a draft like any revision, in English and in Hindi; publishing that draft puts the page back to what
 * it showed when the site was installed. The revisions page lists it last (oldest), with its own Compare and Restore.
 */
import path from "node:path";
import { describe, expect, it } from "vitest";
import { listAudit } from "../../server/services/audit";
import { compareRevision, restoreRevision } from "../../server/services/content/revisions";
import { copyEditorState } from "../../server/services/content/copy-editor";
import { publishDraft, saveDraft } from "../../server/services/content/drafts";
import { FAQ_DOC } from "../../shared/copy/faq";
import type { CopyDoc, CopyLocale } from "../../shared/copy/fields";
import { buildDir, buildPresent } from "../helpers/built-server";
import { readyApp } from "../helpers/test-site";
import { testDatabaseKinds } from "../helpers/databases";
import { copyOwnerSite } from "../helpers/copy-owner";
import { staffWithSession } from "../helpers/studio-staff";

const doc = FAQ_DOC as unknown as CopyDoc;

describe.each(testDatabaseKinds())("the shipped copy among the revisions on %s", (kind) => {
  const site = copyOwnerSite(kind, "shipped.owner@example.com", "203.0.113.9");

  async function publishHeading(locale: CopyLocale, heading: string) {
    const state = await copyEditorState(site.deps, doc, locale);
    const base = { liveVersion: state.liveVersion, draftRevision: state.draft?.revision ?? 0 };
    const revision = await saveDraft(site.deps, doc, locale, { ...state.editing, heading }, base, site.owner, Date.now(), { forPublish: true });
    await publishDraft(site.deps, doc, locale, { liveVersion: base.liveVersion, draftRevision: revision }, site.owner);
  }

  it("is compared and restored as a draft; published, the page shows its shipped copy again (English and Hindi)", async () => {
    for (const [locale, first, second] of [
      ["en", "Questions owners ask", "What owners ask us"],
      ["hi", "मालिकों के सवाल", "मालिक हमसे क्या पूछते हैं"],
    ] as const) {
      const shipped = (await copyEditorState(site.deps, doc, locale)).live as { heading: string };
      await publishHeading(locale, first);
      await publishHeading(locale, second);
      const differences = await compareRevision(site.deps, doc, locale, "shipped");
      expect(differences).toEqual([{ path: "heading", revision: shipped.heading, live: second }]);

      await restoreRevision(site.deps, doc, locale, "shipped", site.owner);
      const restored = await copyEditorState(site.deps, doc, locale);
      expect(restored.draft).not.toBeNull();
      // Visitors still see the live copy until the draft is published.
      expect((restored.live as { heading: string }).heading).toBe(second);
      await publishDraft(site.deps, doc, locale, { liveVersion: restored.liveVersion, draftRevision: restored.draft!.revision }, site.owner);
      const after = await copyEditorState(site.deps, doc, locale);
      expect(after.live).toEqual(restored.fallback);
      expect((after.live as { heading: string }).heading).toBe(shipped.heading);
      expect(await compareRevision(site.deps, doc, locale, "shipped")).toEqual([]);
    }
    expect((await listAudit(site.deps, { action: "copy.revision.restore" })).map((l) => l.line.detail)).toEqual(["the shipped copy restored as a draft", "the shipped copy restored as a draft"]);
  });

  it.skipIf(!buildPresent())(`the revisions page lists it last, with Compare and Restore (build at ${path.relative(process.cwd(), buildDir())})`, async () => {
    const app = await readyApp(site.deps);
    const o = await staffWithSession(site.deps, "shipped.reader@example.com", "owner");
    const get = async (url: string) => (await app.request(`http://127.0.0.1${url}`, { headers: { cookie: `wp_session=${o.token}` } })).text();
    const html = await get("/studio/faq/revisions?locale=en");
    const rows = [...html.matchAll(/data-testid="(revision(?:-shipped)?)"/g)].map((m) => m[1]);
    expect(rows.at(-1)).toBe("revision-shipped");
    expect(rows.filter((r) => r === "revision")).toHaveLength(3);
    expect(html).toContain('aria-label="Restore the shipped copy as a draft"');
    expect(html).toContain('name="revision" value="shipped"');
    const compared = await get("/studio/faq/revisions?locale=en&compare=shipped");
    expect(compared).toContain("The shipped copy compared with the live copy");
    expect(compared).toContain("The live copy is the same as the shipped copy.");
  });
});
