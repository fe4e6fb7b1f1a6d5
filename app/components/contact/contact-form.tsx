import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { useEffect, useRef, useState } from "react";
import { useNavigate, useSearchParams } from "react-router";
import {
  CONTACT_FORM,
  DEFAULT_LEAD_SOURCE,
  HONEYPOT_FIELD,
  LEAD_FIELDS,
  LEAD_MESSAGES,
  type LeadFieldName,
} from "@shared/content";
import { leadChecks } from "~/lib/form-checks";
import type { LeadFormErrors, LeadFormField } from "@shared/schemas/lead";
import { notify } from "~/lib/toast";
import { useAdoptTypedForm } from "~/lib/use-adopt-typed";
import { useMessage } from "~/lib/form-messages";
import { useLocale } from "~/lib/locale";
import { localePath } from "@shared/i18n";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

/** What the page's action hands back when the form was posted without JavaScript and needs fixing. */
export type ContactActionData = {
  values: Partial<Record<LeadFieldName, string>>;
  errors: LeadFormErrors;
  first?: LeadFormField;
  formError?: string;
};

type Values = Record<LeadFieldName, string>;
const EMPTY: Values = { firstName: "", lastName: "", email: "", phone: "", message: "" };

const fieldId = (name: string) => `contact-${name}`;

/**
 * The field that takes focus: the first invalid one in the form's order, on every submit (issue 30). The alert
 * keeps the spec's message (blank fields first, then the e-mail's format), which may be a later field's; each
 * field's own message is next to it and read with it.
 */
function focusTarget(errors: LeadFormErrors, first: LeadFormField | undefined): LeadFieldName {
  const firstInvalid = LEAD_FIELDS.find((field) => errors[field.name])?.name;
  return firstInvalid ?? (first && first !== "leadSource" ? first : "firstName");
}
const errorId = (name: string) => `contact-${name}-error`;

/**
 * The 'Contact Us' form. With JavaScript it checks the fields first (spec
 * section 5), posts JSON to /api/leads and shows the success toast; without
 * it, the browser posts to the page's action, which answers with the same
 * messages or redirects to ?submitted=1. Either way the lead is stored
 * before "sent" is said.
 */
export function ContactForm({ actionData, submitted }: { actionData?: ContactActionData; submitted: boolean }) {
  const locale = useLocale();
  const t = useText(CONTACT_FORM, HINDI_FORMS, (hi) => hi.CONTACT_FORM_HI);
  const messages = useText(LEAD_MESSAGES, HINDI_FORMS, (hi) => hi.LEAD_MESSAGES_HI);
  // The checks' and the server's messages are English; a Hindi page shows their Hindi.
  const say = useMessage();
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, ...actionData?.values }));
  const [errors, setErrors] = useState<LeadFormErrors>(actionData?.errors ?? {});
  const [alertText, setAlertText] = useState(
    actionData?.formError ?? (actionData?.first ? (actionData.errors[actionData.first] ?? "") : ""),
  );
  const [formError, setFormError] = useState(actionData?.formError ?? "");
  const [busy, setBusy] = useState(false);
  // Sent through the API in this page: the same confirmation as after a post without JavaScript, and it takes the
  // focus (the send button, disabled while sending, would otherwise drop it to the page's body).
  const [sentHere, setSentHere] = useState(false);
  const sentRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const toastShown = useRef(false);
  const navigate = useNavigate();
  useAdoptTypedForm(formRef, setValues);

  // After a post without JavaScript (or before the page had loaded it), the
  // server redirected here with ?submitted=1: toast once, then drop the flag
  // so a reload shows nothing.
  const [searchParams] = useSearchParams();
  const flagged = searchParams.has(CONTACT_FORM.submittedParam);
  useEffect(() => {
    if (submitted && !toastShown.current) {
      toastShown.current = true;
      void notify(t.successTitle, { description: t.successMessage, variant: "success" });
    }
    // The flag is removed even when it came without a fresh post (a bookmark, the history).
    if (flagged) void navigate({ search: "" }, { replace: true, preventScrollReset: true });
  }, [submitted, flagged, navigate, t]);

  useEffect(() => {
    if (sentHere) sentRef.current?.focus();
  }, [sentHere]);

  function showErrors(next: LeadFormErrors, first: LeadFormField, message: string) {
    setErrors(next);
    setFormError("");
    setAlertText(message);
    document.getElementById(fieldId(focusTarget(next, first)))?.focus();
  }

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const form = event.currentTarget;
    const honeypot = (form.elements.namedItem(HONEYPOT_FIELD) as HTMLInputElement | null)?.value ?? "";
    const payload = { ...values, leadSource: DEFAULT_LEAD_SOURCE, [HONEYPOT_FIELD]: honeypot };
    // Offline before the checks arrived: the request below fails and says so.
    const checks = await leadChecks.load().catch(() => null);
    const checked = checks ? checks.validateLead(payload) : null;
    if (checked && !checked.ok) {
      showErrors(checked.errors, checked.first, checked.message);
      return;
    }
    setBusy(true);
    setSentHere(false);
    setErrors({});
    setFormError("");
    setAlertText("");
    try {
      const res = await fetch("/api/leads", {
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        // A Hindi page says so (the lead keeps its language); an English page's request is as it always was.
        body: JSON.stringify(locale === "en" ? payload : { ...payload, locale }),
      });
      const body = (await res.json().catch(() => null)) as
        | { success?: boolean; message?: string; field?: LeadFormField; errors?: LeadFormErrors }
        | null;
      if (res.ok && body?.success) {
        setValues(EMPTY);
        form.reset();
        setSentHere(true);
        void notify(t.successTitle, { description: t.successMessage, variant: "success" });
        return;
      }
      if (res.status === 400 && body?.field && body.message) {
        showErrors(body.errors ?? { [body.field]: body.message }, body.field, body.message);
        return;
      }
      const message = res.status === 429 && body?.message ? body.message : messages.failed;
      setFormError(message);
      setAlertText(message);
    } catch {
      setFormError(messages.network);
      setAlertText(messages.network);
    } finally {
      setBusy(false);
    }
  }

  function onChange(name: LeadFieldName, value: string) {
    setValues((v) => ({ ...v, [name]: value }));
    // A message stays until the field is edited; then it is checked again on submit.
    if (errors[name]) setErrors((e) => ({ ...e, [name]: undefined }));
  }

  return (
    <section aria-labelledby="contact-form-heading" className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
      <h2 id="contact-form-heading" className="text-2xl font-bold text-slate-900">
        {t.title}
      </h2>
      <p className="mt-2 text-slate-700">{t.intro}</p>
      <p className="mt-1 text-sm text-slate-700">{t.requiredNote}</p>

      {(submitted || sentHere) && (
        <div
          ref={sentRef}
          tabIndex={-1}
          role="status"
          className="mt-4 rounded-lg border border-emerald-700 bg-emerald-50 p-4 text-emerald-900"
          data-testid="contact-success"
        >
          <p className="font-semibold">{t.successTitle}</p>
          <p>{t.successMessage}</p>
        </div>
      )}

      {/* The spec's "alert": the first problem, announced as soon as it appears. */}
      <div role="alert" className={formError ? "mt-4 rounded-lg border border-rose-700 bg-rose-50 p-4 text-rose-900" : "sr-only"} data-testid="contact-alert">
        {say(alertText)}
      </div>

      <form
        ref={formRef}
        method="post"
        action={localePath("/contact", locale)}
        noValidate
        onSubmit={onSubmit}
        onFocus={() => leadChecks.prefetch()}
        className="mt-6 grid gap-5 sm:grid-cols-2"
        data-testid="contact-form"
      >
        {LEAD_FIELDS.map((field) => {
          const error = errors[field.name];
          const common = {
            id: fieldId(field.name),
            name: field.name,
            required: true,
            maxLength: field.max,
            autoComplete: field.autoComplete,
            value: values[field.name],
            autoFocus: actionData?.first && focusTarget(actionData.errors, actionData.first) === field.name ? true : undefined,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": error ? errorId(field.name) : undefined,
            className: `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 ${
              error ? "border-rose-700 ring-1 ring-rose-700" : "border-slate-500"
            }`,
          };
          return (
            <div key={field.name} className={field.type === "textarea" ? "sm:col-span-2" : undefined}>
              <label htmlFor={common.id} className="text-sm font-semibold text-slate-900">
                {locale === "hi" ? hindiNow(HINDI_FORMS).LEAD_FIELD_LABELS_HI[field.name] : field.label}
                <span aria-hidden="true" className="text-rose-700">
                  {" "}
                  *
                </span>
              </label>
              {field.type === "textarea" ? (
                <textarea {...common} rows={5} onChange={(e) => onChange(field.name, e.target.value)} />
              ) : (
                <input
                  {...common}
                  type={field.type}
                  inputMode={field.type === "tel" ? "tel" : undefined}
                  onChange={(e) => onChange(field.name, e.target.value)}
                />
              )}
              {error && (
                <p id={errorId(field.name)} className="mt-1 text-sm font-medium text-rose-800" data-error-for={field.name}>
                  {say(error)}
                </p>
              )}
            </div>
          );
        })}

        <input type="hidden" name="leadSource" value={DEFAULT_LEAD_SOURCE} />
        {/* The honeypot: off screen and out of the tab order; people leave it empty, bots fill it. */}
        <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
          <label htmlFor={fieldId(HONEYPOT_FIELD)}>{t.honeypotLabel}</label>
          <input id={fieldId(HONEYPOT_FIELD)} name={HONEYPOT_FIELD} type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </div>

        <div className="sm:col-span-2">
          <button type="submit" className="btn-primary w-full justify-center disabled:cursor-wait disabled:opacity-70 sm:w-auto" disabled={busy}>
            {busy ? t.sending : t.submit}
          </button>
        </div>
      </form>
    </section>
  );
}
