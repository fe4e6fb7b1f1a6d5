import { useId, type ReactNode } from "react";

// The studio's building blocks: one look for every studio page. Everything here is plain server-rendered HTML
// that works without JavaScript; field errors are tied to their fields (aria-describedby, aria-invalid).

export function PageHeader({ title, description, actions }: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <header className="mb-6 flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-4">
      <div className="min-w-0">
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 [overflow-wrap:anywhere]">{title}</h1>
        {description ? <p className="mt-1 text-sm text-slate-600">{description}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </header>
  );
}

/** The look of a studio field's control (input, textarea, select): red-edged while it has an error. */
export function controlClass(error?: unknown): string {
  return `block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700/30 disabled:bg-slate-100 ${error ? "border-red-600" : "border-slate-300"}`;
}

/** What a control's `aria-describedby` names: its frame's hint, the id of what stands beside it, its frame's error. */
export function fieldDescribedBy(id: string, { hint, beside, error }: { hint?: boolean; beside?: string | undefined; error?: unknown }): string | undefined {
  return [hint ? `${id}-hint` : null, beside ?? null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
}

/**
 * The frame every studio field is drawn in: the label above its control (`children`, with id `id`), the hint and the
 * error below it (`<id>-hint`, `<id>-error`: name them with fieldDescribedBy). A hint that is null or undefined is
 * left out; an empty one keeps its place. `beside` stands next to the control from 768 px and below it on a phone (the
 * copy editor's English, beside a translation). The settings' choices keep their hint at the text's size.
 */
export function FieldFrame({
  id,
  label,
  hint,
  error,
  beside,
  className,
  children,
}: {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string | null;
  beside?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const below = (
    <>
      {children}
      {hint !== undefined && hint !== null ? (
        <p id={`${id}-hint`} className="mt-1 break-words text-xs text-slate-600">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </>
  );
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {beside === undefined ? (
        below
      ) : (
        <div className="grid gap-2 md:grid-cols-2 md:gap-4">
          <div className="min-w-0">{below}</div>
          {beside}
        </div>
      )}
    </div>
  );
}

type FieldProps = {
  label: string;
  name: string;
  error?: string | null;
  hint?: ReactNode;
  /** Renders a textarea instead of an input. */
  multiline?: boolean;
  rows?: number;
  className?: string;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "className"> &
  Pick<React.TextareaHTMLAttributes<HTMLTextAreaElement>, "rows">;

/** A labelled input (or textarea) in its frame: its hint and its error right below it. */
export function Field({ label, name, error, hint, multiline, rows, className, id, ...input }: FieldProps) {
  const autoId = useId();
  const fieldId = id ?? `${name}-${autoId}`;
  const describedBy = fieldDescribedBy(fieldId, { hint: Boolean(hint), error });
  const control = controlClass(error);
  return (
    <FieldFrame id={fieldId} label={label} hint={hint || undefined} error={error} className={className}>
      {multiline ? (
        <textarea
          id={fieldId}
          name={name}
          rows={rows ?? 8}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          className={control}
          defaultValue={input.defaultValue as string | undefined}
          required={input.required}
          maxLength={input.maxLength}
          placeholder={input.placeholder}
        />
      ) : (
        <input id={fieldId} name={name} aria-invalid={error ? true : undefined} aria-describedby={describedBy} className={control} {...input} />
      )}
    </FieldFrame>
  );
}

type ButtonTone = "primary" | "secondary" | "danger";
const BUTTON_TONES: Record<ButtonTone, string> = {
  primary: "bg-emerald-700 text-white hover:bg-emerald-800 border-emerald-700",
  secondary: "bg-white text-slate-800 hover:bg-slate-100 border-slate-300",
  danger: "bg-white text-red-700 hover:bg-red-50 border-red-300",
};

/** The class of a studio button, for links that look like one. */
export function buttonClass(tone: ButtonTone = "secondary"): string {
  return `inline-flex min-h-10 items-center justify-center gap-2 rounded-md border px-3 py-2 text-sm font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60 ${BUTTON_TONES[tone]}`;
}

export function Button({ tone = "secondary", className, type = "button", ...rest }: { tone?: ButtonTone } & React.ButtonHTMLAttributes<HTMLButtonElement>) {
  return <button type={type} className={`${buttonClass(tone)} ${className ?? ""}`} {...rest} />;
}

type NoticeTone = "info" | "success" | "warning" | "error";
const NOTICE_TONES: Record<NoticeTone, string> = {
  info: "border-sky-300 bg-sky-50 text-sky-900",
  success: "border-emerald-300 bg-emerald-50 text-emerald-900",
  warning: "border-amber-300 bg-amber-50 text-amber-900",
  error: "border-red-300 bg-red-50 text-red-900",
};

/** A message about the page or the last action. Errors are announced at once (role=alert), the rest politely. */
export function Notice({ tone = "info", children }: { tone?: NoticeTone; children: ReactNode }) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-md border px-4 py-3 text-sm ${NOTICE_TONES[tone]}`}>
      {children}
    </div>
  );
}

const BADGE_TONES = {
  neutral: "bg-slate-100 text-slate-800",
  good: "bg-emerald-100 text-emerald-900",
  waiting: "bg-amber-100 text-amber-900",
  bad: "bg-red-100 text-red-900",
  info: "bg-sky-100 text-sky-900",
} as const;

export function StatusBadge({ tone = "neutral", children }: { tone?: keyof typeof BADGE_TONES; children: ReactNode }) {
  return <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${BADGE_TONES[tone]}`}>{children}</span>;
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 px-6 py-10 text-center">
      <p className="font-semibold text-slate-800">{title}</p>
      {children ? <div className="mt-2 text-sm text-slate-600">{children}</div> : null}
    </div>
  );
}

/**
 * A table that scrolls sideways on a narrow screen instead of pushing the page wider. `caption` names it for screen
 * readers (visually hidden unless `showCaption`).
 */
export function DataTable({ caption, showCaption, children }: { caption: string; showCaption?: boolean; children: ReactNode }) {
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200" role="region" aria-label={caption} tabIndex={0}>
      <table className="min-w-full divide-y divide-slate-200 text-left text-sm">
        <caption className={showCaption ? "px-4 py-2 text-left font-semibold text-slate-800" : "sr-only"}>{caption}</caption>
        {children}
      </table>
    </div>
  );
}

export const TH = "whitespace-nowrap bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-600";

/** A table's head: one row of column headings. */
export function HeadRow({ columns }: { columns: readonly ReactNode[] }) {
  return (
    <thead>
      <tr>
        {columns.map((column, i) => (
          <th key={i} scope="col" className={TH}>
            {column}
          </th>
        ))}
      </tr>
    </thead>
  );
}
export const TD = "px-4 py-2 align-top text-slate-800";

/** A definition list of figures: the overview cards. */
export function Stat({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-slate-900">{value}</dd>
      {hint ? <dd className="mt-1 text-xs text-slate-600">{hint}</dd> : null}
    </div>
  );
}
