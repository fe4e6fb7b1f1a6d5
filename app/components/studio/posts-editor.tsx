import { useEffect, useRef, useState } from "react";
import { Form, Link, useFetcher, useNavigation } from "react-router";
import { POST_LANGUAGE, POST_PAGES, POST_RULES, POST_STATUS_LABELS, type PostStatus } from "@shared/content/studio-posts";
import { CoverField } from "./cover-field";
import { useMediaLibrary } from "./media-choice";
import { MarksToolbar } from "./marks-toolbar";
import { SeoFields } from "./seo-fields";
import type { PostFields } from "../../../server/services/blog/studio-post-fields";
import { Button, Field, Notice, StatusBadge, buttonClass } from "./ui";

/** What the editor shows in its fields: the post's fields, and the schedule time as the input holds it. */
export type EditorFields = PostFields & { scheduledAt: string };

/** The action's answer, as the editor reads it (see app/lib/studio-posts.server.ts). */
export type EditorAnswerView =
  | { ok: true; message: string; version: number; status: string }
  | { ok: false; message: string; fieldErrors: Record<string, string>; values?: EditorFields; conflict?: boolean };

export const STATUS_TONES: Record<PostStatus, "neutral" | "good" | "waiting" | "bad"> = {
  draft: "neutral",
  scheduled: "waiting",
  published: "good",
  unpublished: "bad",
};

export function PostStatusBadge({ status }: { status: PostStatus }) {
  return <StatusBadge tone={STATUS_TONES[status]}>{POST_STATUS_LABELS[status]}</StatusBadge>;
}

type Props = {
  mode: "new" | "edit";
  fields: EditorFields;
  categories: readonly string[];
  /** The posts that may be named as this one's translation. */
  translations: readonly TranslationChoice[];
  computedReadTime: string;
  words?: number;
  /** For an existing post (`scheduledAt`: its schedule, epoch ms). */
  post?: { id: number; version: number; status: PostStatus; scheduledAt?: number | null };
  answer?: EditorAnswerView;
  /** A revision opened to restore: its fields are in the editor, unsaved, until the first save. */
  restoring?: { revisionId: number; version: number };
};

/**
 * `YYYY-MM-DDTHH:mm` of an instant (the datetime-local field's text): in UTC, or in the browser's time zone with the
 * offset that zone has at that instant (summer time included).
 */
export function inputValueAt(epochMs: number | null, zone: "utc" | "browser"): string {
  if (epochMs === null) return "";
  const offset = zone === "browser" ? new Date(epochMs).getTimezoneOffset() : 0;
  return new Date(epochMs - offset * 60_000).toISOString().slice(0, 16);
}

/**
 * The offset (minutes, as `Date#getTimezoneOffset`) the browser's zone has at the local time typed in the field: a
 * date after a change to or from summer time is read with that date's offset, not today's. "0" for no valid text.
 */
export function offsetAtLocal(text: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/.test(text)) return "0";
  // Without an offset, date-time text is read as local time.
  const local = new Date(text);
  return Number.isNaN(local.getTime()) ? "0" : String(local.getTimezoneOffset());
}

/**
 * The post editor: a plain form that works without JavaScript (every button posts it to the page's action); with
 * JavaScript it also saves a few seconds after typing stops (a fetcher), and a failed save says so and keeps the text.
 */
export function PostEditor({ mode, fields, categories, translations, computedReadTime, words, post, answer, restoring }: Props) {
  const navigation = useNavigation();
  const autosave = useFetcher<EditorAnswerView>({ key: post ? `autosave-${post.id}` : "autosave-new" });
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  // The version this editor last saved (or loaded): only its own saves move it, never someone else's.
  // The library the cover and the sharing image choose from: fetched once for both.
  const media = useMediaLibrary();
  const [version, setVersion] = useState(post?.version ?? 0);
  const [savedAt, setSavedAt] = useState<string | null>(null);
  // The server renders, and the page hydrates, in UTC (a browser without JavaScript sends its text as UTC); once
  // hydrated the field shows the browser's local time and a submit sends the offset of the time typed.
  const [zone, setZone] = useState("UTC");
  const [offset, setOffset] = useState("0");
  const [local, setLocal] = useState(false);
  const [dirtySinceSave, setDirtySinceSave] = useState(false);
  // The restored revision's id goes with the saves until one succeeds (the server audits it "revision restored").
  const [restoredFrom, setRestoredFrom] = useState(restoring?.revisionId);

  useEffect(() => {
    setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC");
    setOffset(String(new Date().getTimezoneOffset()));
    setLocal(true);
  }, []);
  useEffect(() => {
    if (answer?.ok) {
      setVersion((v) => Math.max(v, answer.version));
      setRestoredFrom(undefined);
    }
  }, [answer]);
  useEffect(() => {
    const data = autosave.data;
    if (data?.ok) {
      setVersion((v) => Math.max(v, data.version));
      setSavedAt(new Date().toLocaleTimeString());
      setRestoredFrom(undefined);
    }
  }, [autosave.data]);
  useEffect(() => () => {
    if (timer.current) clearTimeout(timer.current);
  }, []);

  const refused = answer && !answer.ok && answer.values ? answer.values : null;
  const shown = refused ?? fields;
  // A refused save shows the text as typed; otherwise the post's schedule in the zone the form sends.
  const scheduledText = refused || post?.scheduledAt === undefined ? shown.scheduledAt : inputValueAt(post.scheduledAt, local ? "browser" : "utc");
  const fieldErrors = { ...(answer && !answer.ok ? answer.fieldErrors : {}), ...(autosave.data && !autosave.data.ok ? autosave.data.fieldErrors : {}) };
  const conflict = (answer && !answer.ok && answer.conflict) || (autosave.data && !autosave.data.ok && autosave.data.conflict);
  // An autosave in flight and a button's save would both name the same version: one at a time.
  const busy = navigation.state !== "idle" || autosave.state !== "idle";

  const onInput = () => {
    // A published post's changes go live only by its button (the service refuses an autosave of a live post).
    if (mode !== "edit" || conflict || post?.status === "published") return;
    setDirtySinceSave(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const form = formRef.current;
      if (!form) return;
      const data = new FormData(form);
      data.set("intent", "autosave");
      setDirtySinceSave(false);
      void autosave.submit(data, { method: "post" });
    }, POST_RULES.autosaveMs);
  };

  const autosaveStatus =
    autosave.state !== "idle"
      ? POST_PAGES.autosaving
      : autosave.data && !autosave.data.ok
        ? POST_PAGES.autosaveFailed(autosave.data.message)
        : savedAt && !dirtySinceSave
          ? POST_PAGES.autosaved(savedAt)
          : "";
  const autosaveFailed = Boolean(autosave.data && !autosave.data.ok && autosave.state === "idle");

  return (
    <>
      {restoring && restoredFrom !== undefined && post ? (
        <Notice tone="info">
          {POST_PAGES.restoring(restoring.version)}{" "}
          <a href={`/studio/posts/${post.id}`} className="font-semibold underline">
            {POST_PAGES.discardRestore}
          </a>
        </Notice>
      ) : null}
      {answer ? (
        <Notice tone={answer.ok ? "success" : "error"}>
          {conflict ? <strong className="block">{POST_PAGES.conflictTitle}</strong> : null}
          {answer.message}
          {conflict && post ? (
            <>
              {" "}
              <a href={`/studio/posts/${post.id}`} className="font-semibold underline">
                {POST_PAGES.reload}
              </a>
            </>
          ) : null}
        </Notice>
      ) : null}
      <Form
        method="post"
        ref={formRef}
        onInput={onInput}
        onSubmit={(event) => {
          // A button's save carries everything typed: the pending autosave is not needed.
          if (timer.current) clearTimeout(timer.current);
          const form = event.currentTarget;
          const typed = form.elements.namedItem("scheduledAt");
          const tz = form.elements.namedItem("tzOffset");
          if (local && typed instanceof HTMLInputElement && tz instanceof HTMLInputElement) tz.value = offsetAtLocal(typed.value);
          setDirtySinceSave(false);
        }} className="space-y-5" aria-label={mode === "new" ? POST_PAGES.newTitle : POST_PAGES.editTitle}>
        {post ? <input type="hidden" name="version" value={version} /> : null}
        {restoredFrom !== undefined ? <input type="hidden" name="restoredFrom" value={restoredFrom} /> : null}
        <input type="hidden" name="tzOffset" value={offset} />
        <Field label={POST_PAGES.fields.title} name="title" defaultValue={shown.title} required maxLength={POST_RULES.titleMax} error={fieldErrors.title} />
        <Field label={POST_PAGES.fields.slug} name="slug" defaultValue={shown.slug} maxLength={POST_RULES.slugMax} hint={POST_PAGES.fields.slugHint} error={fieldErrors.slug} />
        <Field label={POST_PAGES.fields.excerpt} name="excerpt" multiline rows={3} defaultValue={shown.excerpt} maxLength={POST_RULES.excerptMax} hint={POST_PAGES.fields.excerptHint} error={fieldErrors.excerpt} />
        <div className="grid gap-5 sm:grid-cols-2">
          <Field label={POST_PAGES.fields.author} name="author" defaultValue={shown.author} maxLength={POST_RULES.authorMax} error={fieldErrors.author} />
          <CategorySelect categories={categories} value={shown.category} error={fieldErrors.category} />
          <Field label={POST_PAGES.fields.tags} name="tags" defaultValue={shown.tags.join(", ")} hint={POST_PAGES.fields.tagsHint} error={fieldErrors.tags} />
          <Field
            label={POST_PAGES.fields.readTime}
            name="readTime"
            defaultValue={shown.readTime}
            maxLength={POST_RULES.readTimeMax}
            placeholder={computedReadTime}
            hint={POST_PAGES.fields.readTimeHint(computedReadTime)}
            error={fieldErrors.readTime}
          />
        </div>
        <LanguageFields language={shown.language} translationOf={shown.translationOf} choices={translations} errors={fieldErrors} />
        <div className="flex items-center gap-2">
          <input id="post-featured" type="checkbox" name="featured" defaultChecked={shown.featured} className="h-5 w-5 rounded border-slate-400 text-emerald-700" />
          <label htmlFor="post-featured" className="text-sm font-semibold text-slate-800">
            {POST_PAGES.fields.featured}
          </label>
        </div>
        <CoverField mediaId={shown.coverMediaId} alt={shown.coverAlt} error={fieldErrors.coverMediaId ?? fieldErrors.coverAlt} media={media} />
        <SeoFields fields={shown} slug={shown.slug} errors={fieldErrors} media={media} />
        <MarksToolbar bodyId="post-body" />
        <Field
          id="post-body"
          label={POST_PAGES.fields.body}
          name="body"
          multiline
          rows={18}
          defaultValue={shown.body}
          maxLength={POST_RULES.bodyMax}
          hint={
            <>
              {POST_PAGES.fields.bodyHint}
              {words !== undefined ? ` ${POST_PAGES.words(words)}.` : ""}
            </>
          }
          error={fieldErrors.body}
        />
        {mode === "edit" ? (
          <p role={autosaveFailed ? "alert" : "status"} aria-live="polite" className={`min-h-5 text-sm ${autosaveFailed ? "font-semibold text-red-700" : "text-slate-600"}`}>
            {post?.status === "published" ? POST_PAGES.publishedNoAutosave : autosaveStatus}
          </p>
        ) : null}
        {mode === "new" ? (
          <Button type="submit" tone="primary" name="intent" value="create" disabled={busy}>
            {POST_PAGES.create}
          </Button>
        ) : (
          <div className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap gap-2">
              <Button type="submit" name="intent" value="save" disabled={busy}>
                {post?.status === "published" ? POST_PAGES.saveChanges : POST_PAGES.save}
              </Button>
              {post?.status !== "published" ? (
                <Button type="submit" tone="primary" name="intent" value="publish" disabled={busy}>
                  {POST_PAGES.publish}
                </Button>
              ) : null}
              {post?.status === "published" || post?.status === "scheduled" ? (
                <Button type="submit" tone="danger" name="intent" value="unpublish" disabled={busy}>
                  {post.status === "published" ? POST_PAGES.unpublish : POST_PAGES.cancelSchedule}
                </Button>
              ) : null}
            </div>
            {post?.status !== "published" ? (
              <div className="flex flex-wrap items-end gap-2">
                <Field
                  label={POST_PAGES.fields.scheduledAt}
                  name="scheduledAt"
                  type="datetime-local"
                  defaultValue={scheduledText}
                  hint={POST_PAGES.fields.timeZone(zone)}
                  error={fieldErrors.scheduledAt}
                />
                <Button type="submit" name="intent" value="schedule" disabled={busy}>
                  {POST_PAGES.schedule}
                </Button>
              </div>
            ) : null}
          </div>
        )}
      </Form>
      {mode === "edit" && post ? (
        <Form method="post" className="mt-8 space-y-3 rounded-lg border border-red-200 bg-white p-4" aria-labelledby="delete-post-heading">
          <h2 id="delete-post-heading" className="text-base font-semibold text-red-800">
            {POST_PAGES.deleteTitle}
          </h2>
          <div className="flex items-start gap-2">
            <input id="delete-confirm" type="checkbox" name="confirm" value="yes" required aria-describedby={fieldErrors.confirm ? "delete-confirm-error" : undefined} className="mt-0.5 h-5 w-5 rounded border-slate-400" />
            <label htmlFor="delete-confirm" className="text-sm text-slate-800">
              {POST_PAGES.deleteConfirm}
            </label>
          </div>
          {fieldErrors.confirm ? (
            <p id="delete-confirm-error" className="text-sm font-medium text-red-700">
              {fieldErrors.confirm}
            </p>
          ) : null}
          <Button type="submit" tone="danger" name="intent" value="delete" disabled={busy}>
            {POST_PAGES.deleteButton}
          </Button>
        </Form>
      ) : null}
      <p className="mt-6">
        <Link to="/studio/posts" className={buttonClass("secondary")}>
          {POST_PAGES.backToPosts}
        </Link>
      </p>
    </>
  );
}

function CategorySelect({ categories, value, error }: { categories: readonly string[]; value: string; error?: string }) {
  return (
    <div>
      <label htmlFor="post-category" className="mb-1 block text-sm font-semibold text-slate-800">
        {POST_PAGES.fields.category}
      </label>
      <select
        id="post-category"
        name="category"
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "post-category-error" : undefined}
        className="block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900"
      >
        {categories.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
      {error ? (
        <p id="post-category-error" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

export type TranslationChoice = { id: number; title: string; slug: string; language: "en" | "hi" };

/** The post's language and its translation (the server checks the pair: the other language, not already paired). */
function LanguageFields({ language, translationOf, choices, errors }: { language: "en" | "hi"; translationOf: number | null; choices: readonly TranslationChoice[]; errors: Record<string, string> }) {
  const select = "block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900";
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      {(
        [
          {
            id: "post-language",
            name: "language",
            label: POST_LANGUAGE.language,
            hint: POST_LANGUAGE.languageHint,
            value: language,
            options: (["en", "hi"] as const).map((l) => ({ value: l, label: POST_LANGUAGE.names[l] })),
          },
          {
            id: "post-translation",
            name: "translationOf",
            label: POST_LANGUAGE.translationOf,
            hint: POST_LANGUAGE.translationHint,
            value: translationOf === null ? "" : String(translationOf),
            options: [
              { value: "", label: POST_LANGUAGE.none },
              ...choices.map((c) => ({ value: String(c.id), label: POST_LANGUAGE.choice(c.title, POST_LANGUAGE.names[c.language], c.slug) })),
            ],
          },
        ] as const
      ).map((f) => {
        const error = errors[f.name];
        return (
          <div key={f.name}>
            <label htmlFor={f.id} className="mb-1 block text-sm font-semibold text-slate-800">
              {f.label}
            </label>
            <select
              id={f.id}
              name={f.name}
              defaultValue={f.value}
              aria-invalid={error ? true : undefined}
              aria-describedby={`${f.id}-hint${error ? ` ${f.id}-error` : ""}`}
              className={select}
            >
              {f.options.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
            <p id={`${f.id}-hint`} className="mt-1 text-sm text-slate-600">
              {f.hint}
            </p>
            {error ? (
              <p id={`${f.id}-error`} className="mt-1 text-sm font-medium text-red-700">
                {error}
              </p>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
