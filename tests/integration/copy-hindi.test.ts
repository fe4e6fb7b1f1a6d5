/**
 * The owner's Hindi copy in the studio (issue 33) on SQLite and PostgreSQL: drafts, publishing, revisions and compare
 * are kept per locale (a Hindi draft or publish never changes the English page, nor the other way round); the fields
 * a Hindi page shows in English are listed (an English field changed with no Hindi for it), a Hindi text published
 * for it takes it off the list; the Hindi form holds only the owner's own Hindi, its lists as long as the English
 * ones; the Pages list counts each document's missing fields.
 */
import { describe, expect, it } from "vitest";
import { readCopy, missingTranslation } from "../../server/services/content/copy";
import { compareRevision, listRevisions, restoreRevision } from "../../server/services/content/revisions";
import { copyEditorState, translationOverview } from "../../server/services/content/copy-editor";
import { discardDraft, publishDraft, saveDraft } from "../../server/services/content/drafts";
import { isServiceError } from "../../server/services/errors";
import { saveSettings, siteSettings } from "../../server/services/content/settings";
import { publicSite } from "../../app/site-config.server";
import type { AppLoadContext } from "react-router";
import { FAQ_DOC } from "../../shared/copy/faq";
import { HOME_DOC } from "../../shared/copy/home";
import { testDatabaseKinds } from "../helpers/databases";
import { copyOwnerSite } from "../helpers/copy-owner";

const EN = FAQ_DOC.defaults("en");
const HI = FAQ_DOC.defaults("hi");

describe.each(testDatabaseKinds())("the owner's Hindi copy on %s", (kind) => {
  const site = copyOwnerSite(kind, "hindi-owner@example.com", "203.0.113.9");

  /** Saves and publishes a document in one locale from the editor's state, with `change` applied to the form. */
  async function publish(locale: "en" | "hi", change: (form: Record<string, unknown>) => Record<string, unknown>) {
    const state = await copyEditorState(site.deps, FAQ_DOC, locale);
    const revision = await saveDraft(site.deps, FAQ_DOC, locale, change(state.editing), { liveVersion: state.liveVersion, draftRevision: state.draft?.revision ?? 0 }, site.owner);
    return publishDraft(site.deps, FAQ_DOC, locale, { liveVersion: state.liveVersion, draftRevision: revision }, site.owner);
  }

  it("a fresh install: the Hindi form is empty (the shipped Hindi shows), its lists as long as the English, nothing missing", async () => {
    const state = await copyEditorState(site.deps, FAQ_DOC, "hi");
    expect(state.editing.heading).toBe("");
    expect((state.editing.entries as unknown[]).length).toBe(EN.entries.length);
    expect((state.editing.entries as { question: string }[]).every((e) => e.question === "")).toBe(true);
    expect(state.english?.heading).toBe(EN.heading);
    expect(state.fallback.heading).toBe(HI.heading);
    expect(state.live.heading).toBe(HI.heading);
    expect(state.missing).toEqual([]);
    expect(await missingTranslation(site.deps, FAQ_DOC, "hi")).toEqual([]);
    expect((await translationOverview(site.deps, "hi")).every((d) => d.missing === 0 && d.draft === null)).toBe(true);
  });

  it("an English field changed with no Hindi for it is listed as missing, and the Hindi page shows that English", async () => {
    await publish("en", (form) => ({ ...form, heading: "What clinic owners ask us" }));
    expect(await missingTranslation(site.deps, FAQ_DOC, "hi")).toEqual(["heading"]);
    expect((await readCopy(site.deps, FAQ_DOC, "hi")).heading).toBe("What clinic owners ask us");
    const state = await copyEditorState(site.deps, FAQ_DOC, "hi");
    expect(state.missing).toEqual(["heading"]);
    expect(state.english?.heading).toBe("What clinic owners ask us");
    expect(state.fallback.heading).toBe("What clinic owners ask us");
    expect((await translationOverview(site.deps, "hi")).find((d) => d.id === "faq")?.missing).toBe(1);
    // Other fields, whose English is still the default, keep the shipped Hindi.
    expect((await readCopy(site.deps, FAQ_DOC, "hi")).intro).toBe(HI.intro);
  });

  it("a Hindi draft changes nothing live; publishing it shows on /hi only and takes the field off the missing list", async () => {
    const state = await copyEditorState(site.deps, FAQ_DOC, "hi");
    const revision = await saveDraft(site.deps, FAQ_DOC, "hi", { ...state.editing, heading: "क्लिनिक मालिक हमसे क्या पूछते हैं" }, { liveVersion: state.liveVersion, draftRevision: 0 }, site.owner);
    expect((await readCopy(site.deps, FAQ_DOC, "hi")).heading).toBe("What clinic owners ask us");
    const drafted = await copyEditorState(site.deps, FAQ_DOC, "hi");
    expect(drafted.editing.heading).toBe("क्लिनिक मालिक हमसे क्या पूछते हैं");
    // The list says what the page would show with the draft published.
    expect(drafted.missing).toEqual([]);
    expect((await translationOverview(site.deps, "hi")).find((d) => d.id === "faq")?.draft).not.toBeNull();
    // The English editor knows nothing of the Hindi draft.
    expect((await copyEditorState(site.deps, FAQ_DOC, "en")).draft).toBeNull();

    const changed = await publishDraft(site.deps, FAQ_DOC, "hi", { liveVersion: state.liveVersion, draftRevision: revision }, site.owner);
    expect(changed).toEqual(["heading"]);
    expect((await readCopy(site.deps, FAQ_DOC, "hi")).heading).toBe("क्लिनिक मालिक हमसे क्या पूछते हैं");
    expect((await readCopy(site.deps, FAQ_DOC, "en")).heading).toBe("What clinic owners ask us");
    expect(await missingTranslation(site.deps, FAQ_DOC, "hi")).toEqual([]);
    // Only the owner's own Hindi was stored: every other field still shows the shipped Hindi.
    const hindi = await readCopy(site.deps, FAQ_DOC, "hi");
    expect(hindi.intro).toBe(HI.intro);
    expect(hindi.entries.map((e) => e.question)).toEqual(HI.entries.map((e) => e.question));
  });

  it("an English draft or publish never touches the Hindi; an English answer changed later is listed for Hindi", async () => {
    const state = await copyEditorState(site.deps, FAQ_DOC, "en");
    await saveDraft(site.deps, FAQ_DOC, "en", { ...state.editing, intro: "Draft only" }, { liveVersion: state.liveVersion, draftRevision: 0 }, site.owner);
    expect((await copyEditorState(site.deps, FAQ_DOC, "hi")).draft).toBeNull();
    expect(await discardDraft(site.deps, FAQ_DOC, "en", site.owner)).toBe(true);
    await publish("en", (form) => {
      const entries = (form.entries as { question: string; answer: string; also: string }[]).map((e, i) => (i === 1 ? { ...e, answer: "A new answer in English." } : e));
      return { ...form, entries };
    });
    expect(await missingTranslation(site.deps, FAQ_DOC, "hi")).toEqual(["entries.1.answer"]);
    const hindi = await readCopy(site.deps, FAQ_DOC, "hi");
    expect(hindi.entries[1]?.answer).toBe("A new answer in English.");
    expect(hindi.entries[1]?.question).toBe(HI.entries[1]?.question);
    expect(hindi.heading).toBe("क्लिनिक मालिक हमसे क्या पूछते हैं");
  });

  it("an English question added later shows in English on /hi (listed), and the Hindi form offers it beside its English", async () => {
    await publish("en", (form) => ({ ...form, entries: [...(form.entries as unknown[]), { question: "Do you work on Sundays?", answer: "Yes, every day.", also: "" }] }));
    const hindi = await readCopy(site.deps, FAQ_DOC, "hi");
    expect(hindi.entries.at(-1)).toMatchObject({ question: "Do you work on Sundays?", answer: "Yes, every day." });
    const n = hindi.entries.length - 1;
    expect(await missingTranslation(site.deps, FAQ_DOC, "hi")).toEqual(["entries.1.answer", `entries.${n}.question`, `entries.${n}.answer`]);
    const state = await copyEditorState(site.deps, FAQ_DOC, "hi");
    const form = state.editing.entries as { question: string }[];
    expect(form.length).toBe(n + 1);
    expect((state.english?.entries as { question: string }[])[n]?.question).toBe("Do you work on Sundays?");
    // The added question with no Hindi may be saved empty: it shows its English.
    await publish("hi", (f) => {
      const entries = (f.entries as { question: string; answer: string; also: string }[]).map((e, i) => (i === n ? { ...e, question: "क्या आप रविवार को काम करते हैं?" } : e));
      return { ...f, entries };
    });
    expect((await readCopy(site.deps, FAQ_DOC, "hi")).entries[n]).toMatchObject({ question: "क्या आप रविवार को काम करते हैं?", answer: "Yes, every day." });
    expect(await missingTranslation(site.deps, FAQ_DOC, "hi")).toEqual(["entries.1.answer", `entries.${n}.answer`]);
  });

  it("a bad Hindi value is refused naming its field, and nothing is saved", async () => {
    const state = await copyEditorState(site.deps, FAQ_DOC, "hi");
    const error = await refusal(saveDraft(site.deps, FAQ_DOC, "hi", { ...state.editing, heading: "क".repeat(81) }, { liveVersion: state.liveVersion, draftRevision: 0 }, site.owner));
    expect(error.field).toBe("heading");
    expect((await copyEditorState(site.deps, FAQ_DOC, "hi")).draft).toBeNull();
  });

  it("revisions, compare and restore are per locale", async () => {
    const hindi = await listRevisions(site.deps, FAQ_DOC, "hi");
    const english = await listRevisions(site.deps, FAQ_DOC, "en");
    expect(hindi.length).toBe(2);
    expect(english.length).toBe(3);
    expect(hindi.some((h) => english.some((e) => e.id === h.id))).toBe(false);
    // The first Hindi revision compared with the live Hindi: the Sunday question differs (English then, Hindi now).
    const first = hindi.at(-1)!;
    const differences = await compareRevision(site.deps, FAQ_DOC, "hi", first.id);
    expect(differences.map((d) => d.path)).toContain(`entries.${(await readCopy(site.deps, FAQ_DOC, "hi")).entries.length - 1}.question`);
    // A Hindi revision is not found under English.
    expect((await refusal(compareRevision(site.deps, FAQ_DOC, "en", first.id))).kind).toBe("not-found");
    await restoreRevision(site.deps, FAQ_DOC, "hi", first.id, site.owner);
    const restored = await copyEditorState(site.deps, FAQ_DOC, "hi");
    expect(restored.draft).not.toBeNull();
    expect(restored.editing.heading).toBe("क्लिनिक मालिक हमसे क्या पूछते हैं");
    expect((await copyEditorState(site.deps, FAQ_DOC, "en")).draft).toBeNull();
    await discardDraft(site.deps, FAQ_DOC, "hi", site.owner);
  });

  it("the Pages list counts each document's fields that show English", async () => {
    const state = await copyEditorState(site.deps, HOME_DOC, "en");
    const hero = state.editing.hero as Record<string, unknown>;
    const form = { ...state.editing, hero: { ...hero, headline: "Changed in English only" } };
    const revision = await saveDraft(site.deps, HOME_DOC, "en", form, { liveVersion: state.liveVersion, draftRevision: 0 }, site.owner);
    await publishDraft(site.deps, HOME_DOC, "en", { liveVersion: state.liveVersion, draftRevision: revision }, site.owner);
    const overview = await translationOverview(site.deps, "hi");
    expect(overview.find((d) => d.id === "home")?.missing).toBe(1);
    expect(overview.find((d) => d.id === "faq")?.missing).toBe(2);
    expect(overview.find((d) => d.id === "about")?.missing).toBe(0);
    expect(await missingTranslation(site.deps, HOME_DOC, "hi")).toEqual(["hero.headline"]);
  });

  it("the Hindi address: refused by the address's rules, shown on Hindi pages only, and empty shows the English", async () => {
    const context = { deps: site.deps } as unknown as AppLoadContext;
    const english = (await siteSettings(site.deps)).address;
    expect((await publicSite(context, "hi")).address).toBe(english);
    const short = await refusal(saveSettings(site.deps, { addressHi: "क" }, site.owner));
    expect(short).toMatchObject({ kind: "invalid", field: "addressHi" });
    expect((await refusal(saveSettings(site.deps, { addressHi: "क".repeat(301) }, site.owner))).field).toBe("addressHi");
    expect(await saveSettings(site.deps, { addressHi: "बानेर, पुणे, महाराष्ट्र 411045" }, site.owner)).toEqual(["addressHi"]);
    expect((await publicSite(context, "hi")).address).toBe("बानेर, पुणे, महाराष्ट्र 411045");
    expect((await publicSite(context, "en")).address).toBe(english);
    expect((await publicSite(context)).address).toBe(english);
    await saveSettings(site.deps, { addressHi: "" }, site.owner);
    expect((await publicSite(context, "hi")).address).toBe(english);
    // An editor may not change it (settings are the owner's).
    expect((await refusal(saveSettings(site.deps, { addressHi: "कोई और पता" }, { ...site.owner, access: "editor" }))).kind).toBe("forbidden");
  });
});

async function refusal(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    if (isServiceError(error)) return error;
    throw error;
  }
  throw new Error("expected a refusal");
}
