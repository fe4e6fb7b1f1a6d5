import { useRef, useState } from "react";
import type { Field } from "@shared/copy/fields";
import { LIST_MARK } from "@shared/copy/form";
import { useAdoptTyped } from "~/lib/use-adopt-typed";
import { LABELS } from "./copy-labels";
import { MediaPick } from "./copy-media-pick";
import { Button, FieldFrame, controlClass, fieldDescribedBy } from "./ui";

/** `lang`: a translation's language (its fields are shown beside `english`); undefined when editing the English. */
type ViewProps = { field: Field; path: string; value: unknown; fallback: unknown; errors: Record<string, string>; label?: string; english?: unknown; lang?: string | undefined };

export function FieldView({ field, path, value, fallback, errors, label, english, lang }: ViewProps) {
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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
