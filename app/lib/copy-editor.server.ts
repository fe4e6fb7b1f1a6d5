import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import type { CopyDoc, CopyLocale } from "@shared/copy/fields";
import { FAQ_DOC } from "@shared/copy/faq";
import { applyListOp, copyFromForm, parseListOp } from "@shared/copy/form";
import { copyDocById } from "@shared/copy/index";
import { fieldAt } from "@shared/copy/validate";
import { localePath } from "@shared/i18n";
import { publicQuestion } from "@shared/public-question";
import { copyEditorState } from "../../server/services/content/copy-editor";
import { copyLocale } from "../../server/services/content/copy-rows";
import { discardDraft, publishDraft, saveDraft } from "../../server/services/content/drafts";
import { cancelSchedule, draftSchedule, scheduleDraft, scheduleInstant } from "../../server/services/content/copy-schedule";
import { siteSettings } from "../../server/services/content/settings";
import { isServiceError } from "../../server/services/errors";
import { zonedTime } from "@shared/zoned-time";
import { pageError } from "./service-errors.server";
import { requireStudio } from "./studio.server";

type Args = { request: Request; context: AppLoadContext; params: { doc?: string } };

/** The document a studio address names (`/studio/faq` is the FAQ) and the locale of `?locale=` (only COPY_LOCALES). */
export function docAndLocale({ request, params }: Pick<Args, "request" | "params">): { doc: CopyDoc; locale: CopyLocale } {
  const doc = params.doc === undefined ? (FAQ_DOC as unknown as CopyDoc) : copyDocById(params.doc);
  const locale = copyLocale(new URL(request.url).searchParams.get("locale"));
  // The FAQ has its own page; an unknown document or locale is the studio's 404.
  if (!doc || !locale || (params.doc !== undefined && doc.id === "faq")) throw data({ message: "No such page copy." }, { status: 404 });
  return { doc, locale };
}

export function editorHref(doc: CopyDoc, locale: CopyLocale, extra = ""): string {
  const base = doc.id === "faq" ? "/studio/faq" : `/studio/pages/${encodeURIComponent(doc.id)}`;
  return `${base}${extra}?locale=${locale}`;
}

export async function copyEditorLoader(args: Args) {
  await requireStudio(args);
  const { doc, locale } = docAndLocale(args);
  const [state, scheduled, settings] = await Promise.all([copyEditorState(args.context.deps, doc, locale), draftSchedule(args.context.deps, doc, locale), siteSettings(args.context.deps)]);
  const url = new URL(args.request.url);
  let editing = state.editing;
  let focus: string | null = null;
  // "Answer this" (the assistant's questions page): a new FAQ entry with the visitor's question in it, worded as a
  // public question (capitalised, with its question mark: the group's wording is lower-case).
  // (English only: a translation's lists follow the English ones.)
  const question = doc.id === "faq" && locale === "en" ? url.searchParams.get("question") : null;
  if (question && question.trim() !== "") {
    const entries = Array.isArray(editing.entries) ? editing.entries : [];
    editing = { ...editing, entries: [...entries, { question: publicQuestion(question.slice(0, 200)), answer: "", also: "" }] };
    focus = `entries.${entries.length}.answer`;
  }
  const done = url.searchParams.get("done");
  const path = localePath(doc.path ?? "/", locale);
  return {
    doc: { id: doc.id, title: doc.title, path, sections: doc.sections },
    defaults: state.fallback,
    locale,
    // A translation (issue 33): the English beside each field, and what its page shows in English.
    english: state.english,
    missing: state.missing.map((p) => ({ path: p, label: fieldAt(doc.sections, p)?.labels.join(", ") ?? p })),
    // The English's (issue 44): the Hindi fields that show English, now and with the draft published.
    hindiGaps: state.hindiGaps
      ? {
          now: state.hindiGaps.now.map((p) => ({ path: p, label: fieldAt(doc.sections, p)?.labels.join(", ") ?? p })),
          byDraft: state.hindiGaps.byDraft.map((p) => ({ path: p, label: fieldAt(doc.sections, p)?.labels.join(", ") ?? p })),
        }
      : null,
    languages: { en: editorHref(doc, "en"), hi: editorHref(doc, "hi") },
    editing,
    focus,
    liveVersion: state.liveVersion,
    draft: state.draft ? { revision: state.draft.revision, updatedAt: state.draft.updatedAt, updatedBy: state.draft.updatedBy } : null,
    published: state.published,
    previewHref: state.draft ? `${path}?preview=${encodeURIComponent(doc.id)}&locale=${locale}` : null,
    revisionsHref: editorHref(doc, locale, "/revisions"),
    done: done && /^[a-z]{1,12}$/.test(done) ? done : null,
    // "Schedule publish" (decision 0057): in the site's time zone, named.
    schedule: {
      zone: settings.timeZone,
      scheduled: scheduled ? { shown: scheduled.shown, by: scheduled.by } : null,
      value: scheduled ? localInput(scheduled.at, settings.timeZone) : "",
    },
  };
}

/** An instant as a datetime-local field holds it, in `zone` ("2026-11-01T00:00"). */
function localInput(at: number, zone: string): string {
  const m = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2})/.exec(zonedTime(at, zone));
  return m ? `${m[1]}T${m[2]}` : "";
}

export type CopyActionData = { values: Record<string, unknown>; errors: Record<string, string>; problem: string | null; focus: string | null; nonce: string; scheduleAt?: string };

/** Ints the form carries (the versions it was made from). */
function intOf(value: FormDataEntryValue | null): number {
  return typeof value === "string" && /^\d{1,12}$/.test(value) ? Number(value) : -1;
}

export async function copyEditorAction(args: Args) {
  const studio = await requireStudio(args);
  const { doc, locale } = docAndLocale(args);
  const deps = args.context.deps;
  const form = await args.request.formData();
  const intent = form.get("intent");
  const values = copyFromForm(doc.sections, form.entries());
  const answer = (status: number, r: Partial<CopyActionData>) =>
    data<CopyActionData>({ values, errors: {}, problem: null, focus: null, nonce: String(Date.now()), ...r }, { status });
  const listOp = parseListOp(intent);
  if (listOp && locale !== "en") return answer(400, { problem: "A translation's lists follow the English ones: add, remove or reorder items in English." });
  if (listOp) {
    // The form changed, nothing saved: the page shows it again with the item added, removed or moved.
    const changed = applyListOp(doc.sections, values, listOp);
    if (!changed) return answer(400, { problem: "That list cannot change that way." });
    return answer(200, { values: changed.value, focus: changed.focus });
  }
  const here = editorHref(doc, locale);
  try {
    if (intent === "discard") {
      await discardDraft(deps, doc, locale, studio.actor);
      return redirect(`${here}&done=discarded`);
    }
    if (intent === "unschedule") {
      await cancelSchedule(deps, doc, locale, studio.actor);
      return redirect(`${here}&done=unscheduled`);
    }
    if (intent === "schedule") {
      // The time first (a refused time saves nothing), then what the form holds as the draft, then its time.
      const typed = form.get("scheduleAt");
      const scheduleAt = typeof typed === "string" ? typed.slice(0, 40) : "";
      try {
        await scheduleInstant(deps, scheduleAt);
        const base = { liveVersion: intOf(form.get("liveVersion")), draftRevision: intOf(form.get("draftRevision")) };
        const revision = await saveDraft(deps, doc, locale, values, base, studio.actor);
        await scheduleDraft(deps, doc, locale, scheduleAt, { liveVersion: base.liveVersion, draftRevision: revision }, studio.actor);
      } catch (error) {
        if (isServiceError(error) && error.kind === "invalid" && error.field === "scheduleAt") {
          return answer(400, { errors: { scheduleAt: error.message }, problem: error.message, focus: "scheduleAt", scheduleAt });
        }
        throw error;
      }
      return redirect(`${here}&done=scheduled`);
    }
    if (intent !== "save" && intent !== "publish") return answer(400, { problem: "Choose Save draft or Publish." });
    const base = { liveVersion: intOf(form.get("liveVersion")), draftRevision: intOf(form.get("draftRevision")) };
    const revision = await saveDraft(deps, doc, locale, values, base, studio.actor, Date.now(), { forPublish: intent === "publish" });
    if (intent === "save") return redirect(`${here}&done=saved`);
    await publishDraft(deps, doc, locale, { liveVersion: base.liveVersion, draftRevision: revision }, studio.actor);
    return redirect(`${here}&done=published`);
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    const errors = (failure.kind === "invalid" ? (error as { facts?: { errors?: Record<string, string> } }).facts?.errors : undefined) ?? {};
    const first = Object.keys(errors)[0] ?? null;
    return answer(failure.status, {
      errors,
      problem: failure.kind === "invalid" ? `Some fields need a change before this can be saved: ${Object.keys(errors).length} to fix.` : failure.message,
      focus: first === "" ? null : first,
    });
  }
}
