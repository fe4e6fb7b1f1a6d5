import type { InputHTMLAttributes, ReactNode, TextareaHTMLAttributes } from "react";
import type { ONBOARDING_PAGE } from "@shared/content/onboarding";
import type { Translation } from "@shared/i18n";

export type Page = typeof ONBOARDING_PAGE | Translation<typeof ONBOARDING_PAGE>;
export type FieldErrors = Record<string, string>;

export const inputClass =
  "mt-1 block w-full min-h-11 rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700";

/** The border of a field: rose while it carries a message. */
export const borderOf = (error?: string) => (error ? "border-rose-600" : "border-slate-400");

const describedBy = (id: string, error?: string) => (error ? `${id}-hint ${id}-error` : `${id}-hint`);

type FieldProps = {
  id: string;
  label: string;
  hint: string;
  example?: string;
  error?: string;
  required?: boolean;
  t: Page;
};

/** A brief question: its label (required or optional), the control, the hint with the kit's example, its message. */
function Field({ id, label, hint, example, error, required, t, children }: FieldProps & { children: ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        {label} <span className="font-normal text-slate-600">({required ? t.required : t.optional})</span>
      </label>
      {children}
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
        {example && (
          <>
            {" "}
            <span className="text-slate-700">
              {t.example} <span className="italic">{example}</span>
            </span>
          </>
        )}
      </p>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-rose-700">
          {error}
        </p>
      )}
    </div>
  );
}

/** The attributes every brief control carries: its id, its message linked for screen readers, its border. */
function controlOf(id: string, error?: string) {
  return {
    id,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy(id, error),
    className: `${inputClass} ${borderOf(error)}`,
  } as const;
}

/** A one-line brief question (uncontrolled: what was typed before hydration stays). */
export function BriefInput({ field, ...input }: { field: FieldProps } & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className">) {
  return (
    <Field {...field}>
      <input {...controlOf(field.id, field.error)} {...input} />
    </Field>
  );
}

/** A longer brief question. */
export function BriefTextarea({ field, ...textarea }: { field: FieldProps } & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">) {
  return (
    <Field {...field}>
      <textarea {...controlOf(field.id, field.error)} {...textarea} />
    </Field>
  );
}

/** One choice of a radio or checkbox group, drawn as a tile that shows when it is checked. */
export function ChoiceTile({ children, ...input }: { children: ReactNode } & Omit<InputHTMLAttributes<HTMLInputElement>, "className">) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50">
      <input {...input} className="size-5 accent-emerald-700" />
      <span>{children}</span>
    </label>
  );
}

/** A step's heading, focused when the step opens. */
export function StepLegend({ id, children }: { id: string; children: ReactNode }) {
  return (
    <legend id={id} tabIndex={-1} className="text-xl font-bold text-slate-900">
      {children}
    </legend>
  );
}
