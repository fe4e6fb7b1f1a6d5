import { useEffect, useRef, useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import type { Field } from "@shared/copy/fields";
import { LIST_MARK } from "@shared/copy/form";
import { useAdoptTyped } from "~/lib/use-adopt-typed";
import { useHydrated } from "~/lib/session-user";
import { useWhen } from "./access-format";
import { useMediaLibrary } from "./media-choice";
import { thumbnailOf, type UploadedMedia } from "./media-upload";
import { Button, FieldFrame, Notice, buttonClass, controlClass, fieldDescribedBy } from "./ui";

/**
 * The studio's editor of one copy document (decision 0027), drawn from its Field descriptions: each field labelled as
 * the visitor sees it, a character count where a length is bounded, lists with add/remove/move buttons that are
 * ordinary submit buttons (the page answers with the form changed, nothing saved: they work without JavaScript and
 * from the keyboard). Fields are uncontrolled: what was typed stays in them until the page answers, and a refused
 * save answers with the values sent.
 *
 * A translation (issue 33, `?locale=hi`) is edited beside the English: each field shows the English as visitors see
 * it (read only, `lang="en"`) next to its input (`lang` of the translation); an empty field shows the shipped
 * translation or the English on the page; lists follow the English list item by item (no add, remove or move).
 */

export type CopyEditorProps = {
  sections: Readonly<Record<string, Field>>;
  defaults: Record<string, unknown>;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  /** Remounts the fields with `values` (after a list change or a refused save). */
  formKey: string;
  liveVersion: number;
  draftRevision: number;
  locale: string;
  draft: { updatedAt: number; updatedBy: string | null } | null;
  published: { at: number; by: string | null } | null;
  previewHref: string | null;
  revisionsHref: string;
  /** The path of the field to focus once shown (the first fault, the item just added or moved). */
  focus: string | null;
  /** A translation's English copy as visitors see it, shown beside each field; null when editing the English. */
  english?: Record<string, unknown> | null;
  /** A translation's fields that show English on its page, each with its labels; shown above the form. */
  missing?: readonly { path: string; label: string }[];
  /** Drawn inside the form under its buttons: "Schedule publish" (decision 0057), whose button sends the form's values. */
  extra?: React.ReactNode;
  /** The English's: the Hindi fields that show English now and with the draft published (issue 44), and their editor. */
  hindiGaps?: { now: readonly Gap[]; byDraft: readonly Gap[] } | null;
  hindiHref?: string;
};

const LABELS = {
  save: "Save draft",
  publish: "Publish",
  discard: "Discard draft",
  preview: "Preview draft",
  revisions: "Revisions",
  busy: "Working...",
  draftPending: (who: string, when: string) => `A draft is waiting to be published (saved by ${who}, ${when}). Visitors still see the published copy.`,
  noDraft: "No draft: the form shows the published copy. Save a draft to preview it before publishing.",
  published: (who: string, when: string) => `Last published by ${who}, ${when}.`,
  neverPublished: "Never changed: visitors see the original copy.",
  emptyFallsBack: "Leave empty to show the original text.",
  emptyShowsFallback: "Leave empty to show the text in the placeholder (the shipped translation or the English).",
  english: "English (as visitors see it)",
  sameAsEnglish: (label: string) => `Same as English (${label})`,
  urlSameAsEnglish: "Leave empty to use the English page's address.",
  missingTitle: (n: number) => (n === 1 ? "1 field shows English on the Hindi page" : `${n} fields show English on the Hindi page`),
  missingIntro: "Visitors see the English text where a translation is missing. Each link goes to its field.",
  missingDraft: "(with the draft published)",
  staleByDraft: (n: number) =>
    n === 1
      ? "Publishing this draft puts English on the Hindi page in 1 field until it is translated:"
      : `Publishing this draft puts English on the Hindi page in ${n} fields until they are translated:`,
  staleAfterPublish: (n: number) =>
    n === 1 ? "The Hindi page shows English in 1 field until it is translated:" : `The Hindi page shows English in ${n} fields until they are translated:`,
  staleNoDraft: "Changing an English text puts English on the Hindi page for that field until its Hindi is updated; publishing says which.",
  complete: "Translation complete: every field shows its translation.",
  listFollowsEnglish: "The list follows the English list: add, remove or reorder items in English.",
  count: (n: number, max: number) => `${n} of ${max} characters`,
  add: (item: string) => `Add ${item.toLowerCase()}`,
  remove: "Remove",
  up: "Move up",
  down: "Move down",
  chooseImage: "Choose from the media library",
  closeLibrary: "Close the media library",
  libraryLoading: "Loading the media library...",
  libraryFailed: "The media library could not be loaded.",
  retry: "Try again",
  libraryEmpty: "The media library is empty.",
  upload: "Upload images in Media",
  pick: (name: string) => `Use ${name}`,
  mediaHint: "Choose an image from the media library, or give an address starting with https://.",
} as const;

export function CopyEditor(props: CopyEditorProps) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const formRef = useRef<HTMLFormElement>(null);
  const when = useWhen();
  useEffect(() => {
    const form = formRef.current;
    if (!form || !props.focus) return;
    const target =
      form.querySelector<HTMLElement>(`[name="${CSS.escape(props.focus)}"]`) ??
      form.querySelector<HTMLElement>(`[name^="${CSS.escape(`${props.focus}.`)}"]:not([type=hidden])`) ??
      form.querySelector<HTMLElement>(`[data-path="${CSS.escape(props.focus)}"]`);
    target?.focus();
  }, [props.focus, props.formKey]);
  return (
    <Form method="post" ref={formRef} noValidate className="max-w-3xl space-y-6" key={props.formKey}>
      <input type="hidden" name="liveVersion" value={props.liveVersion} />
      <input type="hidden" name="draftRevision" value={props.draftRevision} />
      <input type="hidden" name="locale" value={props.locale} />
      <div className="space-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        <p data-testid="draft-state">{props.draft ? LABELS.draftPending(props.draft.updatedBy ?? "a former staff member", when(props.draft.updatedAt)) : LABELS.noDraft}</p>
        <p>{props.published ? LABELS.published(props.published.by ?? "a former staff member", when(props.published.at)) : LABELS.neverPublished}</p>
        {props.hindiGaps && props.hindiGaps.byDraft.length === 0 ? <p>{LABELS.staleNoDraft}</p> : null}
        {/* The first submit button: Enter in a field saves the draft (never a list's button). */}
        <div className="flex flex-wrap gap-2 pt-1">
          <Button type="submit" name="intent" value="save" tone="primary" disabled={busy}>
            {LABELS.save}
          </Button>
          <Button type="submit" name="intent" value="publish" disabled={busy}>
            {LABELS.publish}
          </Button>
          {props.previewHref ? (
            <a href={props.previewHref} target="_blank" rel="noopener" className={buttonClass()}>
              {LABELS.preview}
            </a>
          ) : null}
          {props.draft ? (
            <Button type="submit" name="intent" value="discard" tone="danger" formNoValidate disabled={busy}>
              {LABELS.discard}
            </Button>
          ) : null}
          <Link to={props.revisionsHref} className={buttonClass()}>
            {LABELS.revisions}
          </Link>
        </div>
      </div>
      {props.extra}
      {props.hindiGaps && props.hindiHref && props.hindiGaps.byDraft.length > 0 ? (
        <HindiGaps intro={LABELS.staleByDraft(props.hindiGaps.byDraft.length)} gaps={props.hindiGaps.byDraft} href={props.hindiHref} testId="hindi-stale-by-draft" />
      ) : null}
      {props.english ? <MissingList missing={props.missing ?? []} draft={props.draft !== null} /> : null}
      {Object.entries(props.sections).map(([key, field]) => (
        <FieldView
          key={key}
          field={field}
          path={key}
          value={props.values[key]}
          fallback={props.defaults[key]}
          errors={props.errors}
          english={props.english ? props.english[key] : undefined}
          lang={props.english ? props.locale : undefined}
        />
      ))}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="save" tone="primary" disabled={busy}>
          {LABELS.save}
        </Button>
        <Button type="submit" name="intent" value="publish" disabled={busy}>
          {LABELS.publish}
        </Button>
      </div>
    </Form>
  );
}

/** `lang`: a translation's language (its fields are shown beside `english`); undefined when editing the English. */
type ViewProps = { field: Field; path: string; value: unknown; fallback: unknown; errors: Record<string, string>; label?: string; english?: unknown; lang?: string | undefined };

function FieldView({ field, path, value, fallback, errors, label, english, lang }: ViewProps) {
  const englishText = lang === undefined ? undefined : typeof english === "string" ? english : "";
  switch (field.kind) {
    case "text":
      return (
        <TextView field={field} path={path} value={typeof value === "string" ? value : ""} fallback={typeof fallback === "string" ? fallback : undefined} error={errors[path]} english={englishText} lang={lang} />
      );
    case "url":
      return (
        <UrlView
          label={field.label}
          hint={field.hint}
          media={field.media === true}
          path={path}
          value={typeof value === "string" ? value : ""}
          // An image with no original shows nothing when empty: no "original text" to fall back to.
          fallback={typeof fallback === "string" && !(field.media && fallback === "") ? fallback : undefined}
          error={errors[path]}
          english={englishText}
        />
      );
    case "choice":
      return <ChoiceView field={field} path={path} value={typeof value === "string" ? value : ""} error={errors[path]} english={englishText} />;
    case "group": {
      const v = isRecord(value) ? value : {};
      const f = isRecord(fallback) ? fallback : undefined;
      const e = isRecord(english) ? english : {};
      return (
        <fieldset id={controlId(path)} className="min-w-0 scroll-mt-4 space-y-4 rounded-lg border border-slate-200 bg-white p-4" data-path={path} tabIndex={-1}>
          <legend className="px-1 font-semibold text-slate-900">{label ?? field.label}</legend>
          {Object.entries(field.fields).map(([k, sub]) => (
            <FieldView key={k} field={sub} path={`${path}.${k}`} value={v[k]} fallback={f ? f[k] : undefined} errors={errors} english={e[k]} lang={lang} />
          ))}
        </fieldset>
      );
    }
    case "list": {
      const items = Array.isArray(value) ? value : [];
      const defaults = Array.isArray(fallback) ? fallback : [];
      const englishItems = Array.isArray(english) ? english : [];
      const translation = lang !== undefined;
      const error = errors[path];
      const errorId = `${path}-error`;
      return (
        <fieldset id={controlId(path)} className="min-w-0 scroll-mt-4 space-y-4 rounded-lg border border-slate-300 p-4" data-path={path} tabIndex={-1} aria-describedby={error ? errorId : undefined}>
          <legend className="px-1 text-lg font-semibold text-slate-900">
            {field.label} ({items.length})
          </legend>
          <input type="hidden" name={`${path}.${LIST_MARK}`} value="1" />
          {field.hint ? <p className="text-xs text-slate-600">{field.hint}</p> : null}
          {translation ? <p className="text-xs text-slate-600">{LABELS.listFollowsEnglish}</p> : null}
          {error ? (
            <p id={errorId} className="text-sm font-medium text-red-700">
              {error}
            </p>
          ) : null}
          <ol className="space-y-4">
            {items.map((item, i) => {
              const itemPath = `${path}.${i}`;
              const name = `${field.itemLabel} ${i + 1}`;
              return (
                <li key={i} className="space-y-2" data-testid="copy-list-item">
                  <FieldView field={field.item} path={itemPath} value={item} fallback={defaults[i]} errors={errors} label={name} english={englishItems[i]} lang={lang} />
                  {translation ? null : (
                  <div className="flex flex-wrap gap-2">
                    <Button type="submit" name="intent" value={`up:${itemPath}`} formNoValidate disabled={i === 0} aria-label={`${LABELS.up}: ${name}`}>
                      {LABELS.up}
                    </Button>
                    <Button type="submit" name="intent" value={`down:${itemPath}`} formNoValidate disabled={i === items.length - 1} aria-label={`${LABELS.down}: ${name}`}>
                      {LABELS.down}
                    </Button>
                    <Button type="submit" name="intent" value={`remove:${itemPath}`} tone="danger" formNoValidate disabled={items.length <= (field.min ?? 0)} aria-label={`${LABELS.remove}: ${name}`}>
                      {LABELS.remove}
                    </Button>
                  </div>
                  )}
                </li>
              );
            })}
          </ol>
          {translation ? null : (
            <Button type="submit" name="intent" value={`add:${path}`} formNoValidate disabled={items.length >= field.max}>
              {LABELS.add(field.itemLabel)}
            </Button>
          )}
        </fieldset>
      );
    }
  }
}

/** The id of a field's control: its path, so a link to `#copy-<path>` (the list of what is missing) reaches it. */
export function controlId(path: string): string {
  return `copy-${path}`;
}

/**
 * A copy field in the studio's field frame; a translation's field has the English as visitors see it beside it (read
 * only, `lang="en"`, named by the control's aria-describedby through describedBy).
 */
function Described({ id, label, hint, error, english, children }: { id: string; label: string; hint: React.ReactNode; error: string | undefined; english?: string | undefined; children: React.ReactNode }) {
  const beside =
    english === undefined ? undefined : (
      <div id={englishId(id)} className="min-w-0 rounded-md border border-slate-200 bg-slate-50 px-3 py-2 text-sm text-slate-700">
        <span className="block text-xs font-semibold text-slate-600">{LABELS.english}</span>
        <span lang="en" data-testid="english-value" className="block whitespace-pre-line break-words">
          {english}
        </span>
      </div>
    );
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error} beside={beside}>
      {children}
    </FieldFrame>
  );
}

const englishId = (id: string) => `${id}-english`;

/** Every copy field names its hint (always drawn, if empty), the English beside a translation, and its error. */
function describedBy(id: string, error: string | undefined, english: string | undefined): string {
  return fieldDescribedBy(id, { hint: true, beside: english !== undefined ? englishId(id) : undefined, error }) ?? "";
}

function TextView({
  field,
  path,
  value,
  fallback,
  error,
  english,
  lang,
}: {
  field: Extract<Field, { kind: "text" }>;
  path: string;
  value: string;
  fallback: string | undefined;
  error: string | undefined;
  english?: string | undefined;
  lang?: string | undefined;
}) {
  const id = controlId(path);
  const ref = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [text, setText] = useState(value);
  useAdoptTyped(ref, setText);
  const common = {
    id,
    ref,
    name: path,
    defaultValue: value,
    maxLength: field.max,
    placeholder: fallback,
    lang,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error, english),
    className: controlClass(error),
    onInput: (e: React.FormEvent<HTMLInputElement | HTMLTextAreaElement>) => setText(e.currentTarget.value),
  } as const;
  const hint = (
    <>
      {field.hint ? `${field.hint} ` : ""}
      <span data-testid="char-count">{LABELS.count(text.length, field.max)}</span>
      {fallback !== undefined ? ` ${english !== undefined ? LABELS.emptyShowsFallback : LABELS.emptyFallsBack}` : ""}
    </>
  );
  return (
    <Described id={id} label={field.label} hint={hint} error={error} english={english}>
      {field.multiline ? <textarea rows={Math.min(10, Math.max(3, Math.ceil(field.max / 150)))} {...common} /> : <input type="text" {...common} />}
    </Described>
  );
}

function UrlView({
  label,
  hint,
  media,
  path,
  value,
  fallback,
  error,
  english,
}: {
  label: string;
  hint: string | undefined;
  media: boolean;
  path: string;
  value: string;
  fallback: string | undefined;
  error: string | undefined;
  english?: string | undefined;
}) {
  const id = controlId(path);
  const empty = english !== undefined ? LABELS.urlSameAsEnglish : fallback !== undefined ? LABELS.emptyFallsBack : "";
  const inputRef = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState(value);
  return (
    <Described id={id} label={label} hint={[hint, media ? LABELS.mediaHint : "An address starting with https://.", empty].filter(Boolean).join(" ")} error={error} english={english}>
      <input
        ref={inputRef}
        id={id}
        // A media library file's address is a path on this site (/media/...), which type=url would refuse.
        type={media ? "text" : "url"}
        inputMode="url"
        name={path}
        defaultValue={value}
        maxLength={2000}
        placeholder={fallback}
        onInput={(e) => setChosen(e.currentTarget.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, english)}
        className={controlClass(error)}
      />
      {media ? (
        <MediaPick
          controlId={id}
          chosen={chosen}
          onPick={(url) => {
            const input = inputRef.current;
            if (!input) return;
            input.value = url;
            setChosen(url);
            input.focus();
          }}
        />
      ) : null}
    </Described>
  );
}

/** The file an image field takes from a library item: the WebP about 480 px wide (sharp on a phone's 2x screen, light). */
function fileForField(item: UploadedMedia): string | undefined {
  const webp = item.files.filter((f) => f.format === "webp").sort((a, b) => a.width - b.width);
  return (webp.find((f) => f.width >= 480) ?? webp[webp.length - 1])?.url;
}

/**
 * Beside an image field (with JavaScript): the media library's images as buttons; one chosen fills the field with its
 * address. Without JavaScript the field takes an address typed or pasted (the Media page lists the images).
 */
function MediaPick({ controlId: inputId, chosen, onPick }: { controlId: string; chosen: string; onPick: (url: string) => void }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  if (!hydrated) return null;
  const panelId = `${inputId}-library`;
  return (
    <div className="mt-2">
      <div className="flex flex-wrap items-center gap-3">
        <Button type="button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
          {open ? LABELS.closeLibrary : LABELS.chooseImage}
        </Button>
        {chosen.startsWith("/media/") ? <img src={chosen} alt="" width={44} height={44} className="h-11 w-11 rounded border border-slate-200 bg-slate-100 object-contain" /> : null}
      </div>
      {open ? (
        <div id={panelId}>
          <LibraryGrid
            onPick={(url) => {
              onPick(url);
              setOpen(false);
            }}
          />
        </div>
      ) : null}
    </div>
  );
}

function LibraryGrid({ onPick }: { onPick: (url: string) => void }) {
  const { library, reload } = useMediaLibrary();
  if (library.state === "loading") return <p className="mt-2 text-sm text-slate-700" role="status">{LABELS.libraryLoading}</p>;
  if (library.state === "failed") {
    return (
      <p className="mt-2 flex flex-wrap items-center gap-2 text-sm text-red-800" role="alert">
        {LABELS.libraryFailed}
        <Button type="button" onClick={reload}>
          {LABELS.retry}
        </Button>
      </p>
    );
  }
  if (library.items.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-700">
        {LABELS.libraryEmpty}{" "}
        <Link to="/studio/media" className="font-semibold text-emerald-800 underline">
          {LABELS.upload}
        </Link>
      </p>
    );
  }
  return (
    <ul className="mt-2 grid max-h-80 grid-cols-2 gap-2 overflow-y-auto p-1 sm:grid-cols-3 lg:grid-cols-4" data-testid="copy-media-library">
      {library.items.map((item) => {
        const thumb = thumbnailOf(item);
        const url = fileForField(item);
        if (!url) return null;
        return (
          <li key={item.id}>
            <button
              type="button"
              onClick={() => onPick(url)}
              aria-label={LABELS.pick(item.name)}
              className="flex min-h-11 w-full flex-col items-start gap-1 rounded-md border border-slate-300 bg-white p-2 text-left text-xs hover:border-emerald-700 focus-visible:ring-2 focus-visible:ring-emerald-700"
            >
              {thumb ? <img src={thumb.url} alt="" width={96} height={Math.max(1, Math.round((96 * thumb.height) / thumb.width))} loading="lazy" decoding="async" className="h-16 w-full rounded bg-slate-100 object-contain" /> : null}
              <span className="w-full truncate">{item.name}</span>
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function ChoiceView({ field, path, value, error, english }: { field: Extract<Field, { kind: "choice" }>; path: string; value: string; error: string | undefined; english?: string | undefined }) {
  const id = controlId(path);
  const englishLabel = english === undefined ? undefined : (field.options.find((o) => o.value === english)?.label ?? english);
  return (
    <Described id={id} label={field.label} hint={field.hint ?? ""} error={error} english={englishLabel}>
      <select
        id={id}
        name={path}
        defaultValue={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, englishLabel)}
        className={controlClass(error)}
      >
        {englishLabel !== undefined ? <option value="">{LABELS.sameAsEnglish(englishLabel)}</option> : null}
        {field.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Described>
  );
}

/** A translation's fields that show English on its page, each a link to its field; or that none does. */
function MissingList({ missing, draft }: { missing: readonly { path: string; label: string }[]; draft: boolean }) {
  if (missing.length === 0) {
    return (
      <p className="rounded-lg border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-900" data-testid="translation-complete">
        {LABELS.complete}
      </p>
    );
  }
  return (
    <section aria-labelledby="missing-heading" className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800" data-testid="missing-translation">
      <h2 id="missing-heading" className="font-semibold text-slate-900">
        {LABELS.missingTitle(missing.length)} {draft ? LABELS.missingDraft : null}
      </h2>
      <p className="mt-1 text-slate-700">{LABELS.missingIntro}</p>
      <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
        {missing.map((m) => (
          <li key={m.path}>
            <a href={`#${controlId(m.path)}`} className="font-medium text-emerald-800 underline" data-missing={m.path}>
              {m.label}
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}

type Gap = { path: string; label: string };

/** Hindi fields that show (or will show) English, each a link to its field in the Hindi editor. */
function HindiGaps({ intro, gaps, href, testId }: { intro: string; gaps: readonly Gap[]; href: string; testId: string }) {
  return (
    <div className="rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-slate-800" data-testid={testId} role="note">
      <p className="font-medium text-slate-900">{intro}</p>
      <ul className="mt-2 max-h-64 list-disc space-y-1 overflow-y-auto pl-5">
        {gaps.map((gap) => (
          <li key={gap.path}>
            <Link to={`${href}#${controlId(gap.path)}`} className="font-medium text-emerald-800 underline" data-stale={gap.path}>
              {gap.label}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function CopyNotice({ done, hindiGaps, hindiHref }: { done: string | null; hindiGaps?: readonly Gap[] | undefined; hindiHref?: string }) {
  const text = done === "saved" ? "Draft saved. Visitors still see the published copy." : done === "published" ? "Published: visitors see it now." : done === "discarded" ? "Draft discarded." : done === "restored" ? "The revision is now the draft: review it, preview it, then publish." : null;
  const ref = useRef<HTMLDivElement>(null);
  // The pressed button went away with the form it was in (the editor is drawn anew after an action): a keyboard user
  // would start again from the top of the page. The focus goes to the outcome instead, next to the editor's buttons.
  useEffect(() => {
    const active = document.activeElement;
    if (text && (!active || active === document.body)) ref.current?.focus();
  }, [done, text]);
  return text ? (
    <div ref={ref} tabIndex={-1} className="space-y-2 rounded-md focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700/40">
      <Notice tone="success">{text}</Notice>
      {/* After an English publish: which Hindi fields now show English (issue 44), so it is never silent. */}
      {done === "published" && hindiGaps && hindiGaps.length > 0 && hindiHref ? (
        <HindiGaps intro={LABELS.staleAfterPublish(hindiGaps.length)} gaps={hindiGaps} href={hindiHref} testId="hindi-stale-after-publish" />
      ) : null}
    </div>
  ) : null;
}
