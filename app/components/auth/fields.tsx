import { hindiWords, useText } from "~/lib/hindi-words";
import { type FormEvent, useId, useState } from "react";
import { SIGN_IN_PAGE } from "@shared/content/auth";
import { useMessage } from "~/lib/form-messages";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

const inputClass =
  "mt-1 block w-full min-h-11 rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700";

type BaseProps = {
  label: string;
  name: string;
  error?: string;
  hint?: string;
};

/** The hint and the error under a field; a check's or the server's English message is shown in the page's language. */
function Described({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  const say = useMessage();
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-rose-700">
          {say(error)}
        </p>
      )}
    </>
  );
}

function describedBy(id: string, error?: string, hint?: string) {
  return [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
}

type Control = { id: string; "aria-invalid"?: true; "aria-describedby"?: string; border: string };

/** What every field shares: its label, its control (given the ids and state it carries), its hint and error. */
function FieldFrame({ label, error, hint, children }: Omit<BaseProps, "name"> & { children: (control: Control) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label}
      </label>
      {children({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy(id, error, hint), border: error ? "border-rose-600" : "border-slate-400" })}
      <Described id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled input with its hint and error, linked for screen readers. */
export function TextField({
  label,
  name,
  error,
  hint,
  ...input
}: BaseProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name">) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ border, ...control }) => <input {...control} name={name} className={`${inputClass} ${border}`} {...input} />}
    </FieldFrame>
  );
}

/** The account forms' e-mail field: the same type, autofill, limit and browser check on every form. */
export function EmailField(props: BaseProps & Pick<React.InputHTMLAttributes<HTMLInputElement>, "defaultValue" | "placeholder">) {
  return <TextField type="email" autoComplete="email" required maxLength={254} {...props} />;
}

/** A password input with a show/hide toggle (a real button, announced with aria-pressed). */
export function PasswordField({
  label,
  name,
  error,
  hint,
  ...input
}: BaseProps & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  const [visible, setVisible] = useState(false);
  const t = useText(SIGN_IN_PAGE, HINDI_FORMS, (hi) => hi.SIGN_IN_PAGE_HI);
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ border, ...control }) => (
        <div className="relative">
          <input {...control} name={name} type={visible ? "text" : "password"} className={`${inputClass} pr-20 ${border}`} {...input} />
          <button
            type="button"
            className="absolute inset-y-0 right-0 mt-1 flex min-w-11 items-center justify-center rounded-r-md px-3 text-sm font-semibold text-emerald-800 hover:bg-emerald-50"
            aria-pressed={visible}
            aria-label={visible ? t.hidePassword : t.showPassword}
            aria-controls={control.id}
            onClick={() => setVisible((v) => !v)}
          >
            <svg viewBox="0 0 24 24" className="h-5 w-5" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="2">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" />
              <circle cx="12" cy="12" r="3" />
              {visible && <path d="M4 4l16 16" />}
            </svg>
          </button>
        </div>
      )}
    </FieldFrame>
  );
}

export function SelectField({
  label,
  name,
  error,
  hint,
  options,
  optionLabels,
  placeholder,
  ...select
}: BaseProps & {
  options: readonly string[];
  /** What each option shows when it is not its value (the Hindi of an industry); the value is what is sent. */
  optionLabels?: Readonly<Record<string, string>>;
  placeholder?: string;
} & Omit<React.SelectHTMLAttributes<HTMLSelectElement>, "name">) {
  return (
    <FieldFrame label={label} error={error} hint={hint}>
      {({ border, ...control }) => (
        <select {...control} name={name} className={`${inputClass} ${border}`} {...select}>
          {placeholder !== undefined && <option value="">{placeholder}</option>}
          {options.map((o) => (
            <option key={o} value={o}>
              {optionLabels?.[o] ?? o}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}

/**
 * A client-side check failed: the form is not posted, its messages show, and the first invalid field gets
 * focus once they are rendered.
 */
export function refuseSubmit<E>(event: FormEvent<HTMLFormElement>, errors: E, show: (errors: E) => void, form: HTMLFormElement | null) {
  event.preventDefault();
  show(errors);
  requestAnimationFrame(() => focusFirstInvalid(form));
}

/** Focuses the first field the form marked invalid (after a failed client-side check or server answer). */
export function focusFirstInvalid(form: HTMLFormElement | null) {
  form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}
