/**
 * Page copy published at a chosen time (issue 46, item 4; decision 0057), on SQLite and PostgreSQL: the time is read
 * in the site's time zone (Settings) and refused in the past, beyond a year or malformed; nothing shows before it;
 * at it, two processes' workers (two connections) publish the draft once (one revision, one audit line); a
 * cancelled schedule publishes nothing, a moved one publishes at its new time; the schedule survives a restart
 * (a new connection); a draft the published copy moved past is taken off the schedule, not published; the overview
 * lists what is scheduled.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { listAudit } from "../../server/services/audit";
import { cancelSchedule, draftSchedule, publishDueCopy, scheduleDraft, scheduledCopy } from "../../server/services/content/copy-schedule";
import { copyEditorState } from "../../server/services/content/copy-editor";
import { copyKey } from "../../server/services/content/copy-rows";
import { saveDraft } from "../../server/services/content/drafts";
import { saveSettings } from "../../server/services/content/settings";
import { saveContent } from "../../server/services/content/store";
import { waitingItems } from "../../server/services/staff/waiting";
import type { StaffActor } from "../../server/services/audit";
import { isServiceError } from "../../server/services/errors";
import { ABOUT_DOC } from "../../shared/copy/about";
import type { CopyDoc } from "../../shared/copy/fields";
import { testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { copyOwnerSite } from "../helpers/copy-owner";
import { staffWithSession } from "../helpers/studio-staff";

const doc = ABOUT_DOC as unknown as CopyDoc;
const HOUR = 3_600_000;
// "Today" in these tests: 1 Oct 2026, 00:00 UTC.
const NOW = Date.UTC(2026, 9, 1);
// 1 Nov 2026, 00:00 in Asia/Kolkata (UTC+05:30).
const DIWALI_LOCAL = "2026-11-01T00:00";
const DIWALI_AT = Date.UTC(2026, 10, 1) - 5.5 * HOUR;

async function refusal(promise: Promise<unknown>): Promise<{ kind: string; field: string | undefined; message: string }> {
  try {
    await promise;
  } catch (error) {
    if (isServiceError(error)) return { kind: error.kind, field: error.field, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe.each(testDatabaseKinds())("scheduled page copy on %s", (kind) => {
  const site = copyOwnerSite(kind, "schedule.owner@example.com", "203.0.113.5");
  beforeAll(async () => {
    await saveSettings(site.deps, { timeZone: "Asia/Kolkata" }, site.owner, NOW - HOUR);
  });

  /** A draft of the About page whose "based" text says `text`; returns the base the editor has open. */
  async function draftSaying(text: string) {
    const state = await copyEditorState(site.deps, doc, "en");
    const base = { liveVersion: state.liveVersion, draftRevision: state.draft?.revision ?? 0 };
    const editing = state.editing as { based: Record<string, unknown> };
    const revision = await saveDraft(site.deps, doc, "en", { ...state.editing, based: { ...editing.based, text } }, base, site.owner, NOW);
    return { liveVersion: base.liveVersion, draftRevision: revision };
  }
  const liveText = async () => ((await copyEditorState(site.deps, doc, "en")).live as { based: { text: string } }).based.text;
  const revisions = async () =>
    Number((await site.t.db.kysely.selectFrom("content_revisions").select((eb) => eb.fn.countAll<number>().as("n")).where("key", "=", copyKey(doc)).executeTakeFirstOrThrow()).n);

  it("reads the time in the site's zone and refuses a past, far or malformed one", async () => {
    const base = await draftSaying("Diwali price: 20% off all month.");
    expect(await scheduleDraft(site.deps, doc, "en", DIWALI_LOCAL, base, site.owner, NOW)).toBe(DIWALI_AT);
    const shown = await draftSchedule(site.deps, doc, "en");
    expect(shown).toMatchObject({ at: DIWALI_AT, zone: "Asia/Kolkata", by: "schedule.owner@example.com", shown: "1 Nov 2026, 00:00 (Asia/Kolkata)" });
    expect((await listAudit(site.deps, { action: "copy.schedule" }))[0]!.line.detail).toBe("publish at 1 Nov 2026, 00:00 (Asia/Kolkata)");

    expect(await refusal(scheduleDraft(site.deps, doc, "en", "2026-09-30T23:00", base, site.owner, NOW))).toMatchObject({ kind: "invalid", field: "scheduleAt", message: "Choose a time in the future." });
    expect(await refusal(scheduleDraft(site.deps, doc, "en", "2028-01-01T00:00", base, site.owner, NOW))).toMatchObject({ kind: "invalid", field: "scheduleAt", message: "Choose a time within a year." });
    expect(await refusal(scheduleDraft(site.deps, doc, "en", "next Diwali", base, site.owner, NOW))).toMatchObject({ kind: "invalid", field: "scheduleAt" });
    expect(await refusal(scheduleDraft(site.deps, doc, "en", "2026-02-30T10:00", base, site.owner, NOW))).toMatchObject({ kind: "invalid", field: "scheduleAt" });
    // A draft opened before another save is refused (the editor sees the other's changes first).
    expect((await refusal(scheduleDraft(site.deps, doc, "en", DIWALI_LOCAL, { ...base, draftRevision: base.draftRevision - 1 }, site.owner, NOW))).kind).toBe("conflict");
    // Refusals changed nothing.
    expect((await draftSchedule(site.deps, doc, "en"))?.at).toBe(DIWALI_AT);
    // An editor may schedule; a role without the pages area may not.
    const editor = await staffWithSession(site.deps, "schedule.editor@example.com", "editor");
    expect((await refusal(scheduleDraft(site.deps, doc, "en", DIWALI_LOCAL, base, { userId: editor.userId, label: editor.email, clientIp: "203.0.113.6", access: "none" as never }, NOW))).kind).toBe("forbidden");
  });

  it("shows nothing before its time; at it, two processes publish it once; the overview lists it until then", async () => {
    const before = await liveText();
    const revisionsBefore = await revisions();
    expect((await scheduledCopy(site.deps)).map((s) => [s.doc, s.locale, s.at])).toEqual([["about", "en", DIWALI_AT]]);
    expect((await waitingItems(site.deps, "editor", NOW)).find((i) => i.kind === "copyScheduled")).toEqual({ kind: "copyScheduled", count: 1, href: "/studio/pages#scheduled" });

    expect(await publishDueCopy(site.deps, DIWALI_AT - 1)).toEqual({ published: [], failed: [] });
    expect(await liveText()).toBe(before);

    // A second process: its own connection (pool), its own worker.
    const otherDb = await openDatabase(site.t.url);
    try {
      const other = testDeps(otherDb);
      const [a, b] = await Promise.all([publishDueCopy(site.deps, DIWALI_AT + 1), publishDueCopy(other, DIWALI_AT + 1)]);
      expect([...a.published, ...b.published]).toEqual(["copy.about:en"]);
      expect([...a.failed, ...b.failed]).toEqual([]);
      // And once more from each: nothing left to publish.
      expect(await publishDueCopy(other, DIWALI_AT + 60_000)).toEqual({ published: [], failed: [] });
    } finally {
      await otherDb.close();
    }
    expect(await liveText()).toBe("Diwali price: 20% off all month.");
    expect(await revisions()).toBe(revisionsBefore + 1);
    const published = await listAudit(site.deps, { action: "copy.publish" });
    expect(published).toHaveLength(1);
    expect(published[0]!.line.detail).toBe("scheduled, changed: based.text");
    expect(published[0]!.line.actor).toBe("schedule");
    expect(await draftSchedule(site.deps, doc, "en")).toBeNull();
    expect((await waitingItems(site.deps, "owner", DIWALI_AT + 1)).find((i) => i.kind === "copyScheduled")).toBeUndefined();
  });

  it("a cancelled schedule publishes nothing; a moved one publishes at its new time, not the old", async () => {
    const base = await draftSaying("After Diwali: the usual price.");
    await scheduleDraft(site.deps, doc, "en", "2026-11-10T09:00", base, site.owner, NOW);
    expect(await cancelSchedule(site.deps, doc, "en", site.owner, NOW)).toBe(true);
    expect(await cancelSchedule(site.deps, doc, "en", site.owner, NOW)).toBe(false);
    expect((await listAudit(site.deps, { action: "copy.schedule.cancel" }))[0]!.line.detail).toBe("was 10 Nov 2026, 09:00 (Asia/Kolkata)");
    const tenth = Date.UTC(2026, 10, 10, 9) - 5.5 * HOUR;
    expect(await publishDueCopy(site.deps, tenth + 1)).toEqual({ published: [], failed: [] });
    // The draft stays a draft.
    expect((await copyEditorState(site.deps, doc, "en")).draft).not.toBeNull();

    await scheduleDraft(site.deps, doc, "en", "2026-11-10T09:00", base, site.owner, NOW);
    await scheduleDraft(site.deps, doc, "en", "2026-11-12T09:00", base, site.owner, NOW);
    expect((await listAudit(site.deps, { action: "copy.schedule" }))[0]!.line.detail).toBe("publish at 12 Nov 2026, 09:00 (Asia/Kolkata) (was 10 Nov 2026, 09:00 (Asia/Kolkata))");
    expect(await publishDueCopy(site.deps, tenth + 1)).toEqual({ published: [], failed: [] });
    expect(await liveText()).toBe("Diwali price: 20% off all month.");
    // Saving the draft again keeps its time: the draft as it is then is published.
    const later = await copyEditorState(site.deps, doc, "en");
    const editing = later.editing as { based: Record<string, unknown> };
    await saveDraft(site.deps, doc, "en", { ...later.editing, based: { ...editing.based, text: "After Diwali: back to the usual price." } }, { liveVersion: later.liveVersion, draftRevision: later.draft!.revision }, site.owner, NOW);
    expect((await draftSchedule(site.deps, doc, "en"))?.at).toBe(Date.UTC(2026, 10, 12, 9) - 5.5 * HOUR);
    expect((await publishDueCopy(site.deps, Date.UTC(2026, 10, 12, 9) - 5.5 * HOUR)).published).toEqual(["copy.about:en"]);
    expect(await liveText()).toBe("After Diwali: back to the usual price.");
  });

  it("survives a restart: a new connection's worker publishes what was scheduled before", async () => {
    const base = await draftSaying("New year, new price.");
    const at = await scheduleDraft(site.deps, doc, "en", "2027-01-01T00:00", base, site.owner, NOW);
    const url = site.t.url;
    await site.t.db.close();
    const reopened = await openDatabase(url);
    site.t.db = reopened;
    site.deps = testDeps(reopened);
    expect((await publishDueCopy(site.deps, at)).published).toEqual(["copy.about:en"]);
    expect(await liveText()).toBe("New year, new price.");
  });

  it("refuses a person's 31st schedule change in a minute (429's kind), without changing anything", async () => {
    const e = await staffWithSession(site.deps, "schedule.clicker@example.com", "editor");
    const editor: StaffActor = { userId: e.userId, label: e.email, clientIp: "203.0.113.8", access: "editor" };
    for (let i = 0; i < 30; i++) expect(await cancelSchedule(site.deps, doc, "en", editor, NOW)).toBe(false);
    expect(await refusal(cancelSchedule(site.deps, doc, "en", editor, NOW))).toMatchObject({ kind: "rate-limited", message: "Too many schedule changes in a minute. Wait a minute, then try again." });
  });

  it("a draft the published copy moved past is taken off the schedule and stays a draft", async () => {
    const base = await draftSaying("A price that will not go out.");
    const at = await scheduleDraft(site.deps, doc, "en", "2027-02-01T00:00", base, site.owner, NOW);
    // The published copy moves on by another way (an import, a restore): the draft was made from an older version.
    const stored = await site.t.db.kysely.selectFrom("content_entries").select(["value", "version"]).where("key", "=", copyKey(doc)).where("locale", "=", "en").executeTakeFirstOrThrow();
    await saveContent(site.deps, [{ key: copyKey(doc), locale: "en", value: JSON.parse(stored.value), expectVersion: Number(stored.version) }], site.owner, { action: "copy.publish", recordId: "copy.about:en", detail: "by hand" }, NOW);
    expect(await publishDueCopy(site.deps, at)).toEqual({ published: [], failed: ["copy.about:en"] });
    expect((await listAudit(site.deps, { action: "copy.schedule.fail" }))[0]!.line.detail).toMatch(/^not published: Someone published this page's copy/);
    expect(await liveText()).toBe("New year, new price.");
    expect(await draftSchedule(site.deps, doc, "en")).toBeNull();
    expect((await copyEditorState(site.deps, doc, "en")).draft).not.toBeNull();
  });
});
