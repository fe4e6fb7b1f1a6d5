import { useCallback, useId, useState } from "react";
import { Form } from "react-router";
import type { KitExamples } from "@shared/content/onboarding";
import { type BriefFields, type BriefRuleMessages, briefSubmitSchema, GENERAL_KIT_KEY } from "@shared/schemas/onboarding";
import type { FieldErrors, Page } from "./brief-fields";
import { KitStep, ServicesStep, type StepProps, StoryStep, VoiceStep, type KitChoice } from "./brief-steps";
import { FilesPanel, type FileRow } from "./files-panel";
import { type Conflict, readBrief, useBriefDraft } from "./use-brief-draft";

export type { FieldErrors } from "./brief-fields";
export type { KitChoice } from "./brief-steps";
export { readBrief } from "./use-brief-draft";

/** The step each field is asked in (0-based), to open the step of the first error. */
const STEP_OF: Record<string, number> = {
  kit: 0,
  businessName: 0,
  city: 0,
  services: 1,
  usps: 2,
  painPoints: 2,
  pitch: 2,
  tone: 3,
  toneExample: 3,
  whatsapp: 3,
  hours: 3,
  languages: 3,
  languagesOther: 3,
};

export type BriefFormProps = {
  t: Page;
  examplesOf: (kitKey: string) => KitExamples;
  kits: KitChoice[];
  /** The kit chosen in the draft, else the one the sign-up's industry preselects (null: none). */
  kitKey: string | null;
  values: BriefFields;
  revision: number;
  userId: string;
  locale: "en" | "hi";
  messages: BriefRuleMessages;
  /** The server's answer to a form posted without JavaScript. */
  errors: FieldErrors;
  banner: string | null;
  files: FileRow[];
  hydrated: boolean;
  /** Called once an order (or the wait for verification) exists: the page loads it. */
  onSubmitted: () => void;
};

/**
 * The Wise Core brief: a few short steps, every field uncontrolled (what was typed before hydration stays), saved to
 * the server as the customer types (`useBriefDraft`). Without JavaScript it is one long form that posts to the page's
 * action.
 */
export function BriefForm(props: BriefFormProps) {
  const { t, kits, userId, locale, hydrated } = props;
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>(props.errors);
  const [banner, setBanner] = useState<string | null>(props.banner);
  const [submitting, setSubmitting] = useState(false);
  const labelOf = useCallback((key: string) => kits.find((k) => k.key === key)?.label ?? t.generalKit, [kits, t.generalKit]);
  const draft = useBriefDraft({ values: props.values, kitKey: props.kitKey, revision: props.revision, userId, locale, labelOf, setErrors });
  const { formRef, revision, rows, conflict, saveState, kitKey } = draft;
  const baseId = useId();
  const idOf = (name: string) => `${baseId}-${name}`;
  const examples = props.examplesOf(kitKey ?? GENERAL_KIT_KEY);

  function goTo(n: number) {
    setStep(n);
    requestAnimationFrame(() => document.getElementById(`${baseId}-step-${n}`)?.focus());
  }

  function showErrors(found: FieldErrors) {
    setErrors(found);
    setBanner(t.fixErrors);
    const first = Object.keys(found)[0];
    if (first === undefined) return;
    setStep(STEP_OF[first] ?? 0);
    requestAnimationFrame(() => {
      const target = document.getElementById(idOf(first === "services" ? "serviceName-0" : first));
      target?.focus();
    });
  }

  async function submit(event: React.FormEvent<HTMLFormElement>) {
    const form = event.currentTarget;
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    event.preventDefault();
    // Enter in a field (the form's default button) or Save: the draft is saved in place, nothing more.
    if (submitter?.value !== "submit") {
      void draft.save();
      return;
    }
    const { kitKey: key, fields } = readBrief(form);
    const checked = briefSubmitSchema(props.messages).safeParse(fields);
    if (!checked.success) {
      const found: FieldErrors = {};
      for (const issue of checked.error.issues) {
        const name = String(issue.path[0] ?? "");
        found[name] ??= issue.message;
      }
      showErrors(found);
      return;
    }
    setSubmitting(true);
    setBanner(null);
    try {
      await draft.settle();
      const res = await fetch("/api/onboarding/submit", {
        method: "POST",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify({ kitKey: key, kitLabel: labelOf(key), fields, revision: revision.current, locale }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        field?: string;
        message?: string;
        errors?: Record<string, string>;
        reason?: string;
        brief?: Conflict;
      };
      if (res.ok) {
        draft.done();
        props.onSubmitted();
        return;
      }
      if (res.status === 409 && body.reason === "stale-brief" && body.brief) {
        draft.refusedAsStale(body.brief);
      } else if (res.status === 400 && body.field) {
        const found: FieldErrors = {};
        for (const [path, message] of Object.entries(body.errors ?? { [body.field]: body.message ?? "" })) found[path.split(".")[0]!] ??= message;
        showErrors(found);
      } else {
        setBanner(body.message ?? t.saveFailed);
      }
    } catch {
      setBanner(t.saveFailed);
    } finally {
      setSubmitting(false);
    }
  }

  const stepClass = (n: number) => (hydrated && n !== step ? "hidden" : "");
  const status =
    saveState === "saving" ? t.saving : saveState === "saved" ? t.saved : saveState === "failed" ? t.saveFailed : saveState === "conflict" ? t.conflict : "";
  const total = t.steps.length;
  // Drawn on the server too (so nothing moves at hydration); hidden without JavaScript, where they could not work.
  const nav = (n: number) => (
    <div className="js-only mt-6 flex flex-wrap gap-3">
      {n > 0 && (
        <button type="button" className="btn-ghost" onClick={() => goTo(n - 1)}>
          {t.back}
        </button>
      )}
      {n < total - 1 && (
        <button type="button" className="btn-primary" onClick={() => goTo(n + 1)}>
          {t.next}
        </button>
      )}
    </div>
  );
  const stepProps = (n: number): StepProps => ({ t, n, idOf, legendId: `${baseId}-step-${n}`, errors, values: draft.values, examples, className: stepClass(n), nav: nav(n) });

  return (
    <div>
      <div aria-live="polite" role="status" className="min-h-6 text-sm text-slate-700" data-testid="save-status">
        {status}
      </div>
      {conflict && (
        <div className="mt-2 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <p className="text-sm font-medium">{t.conflict}</p>
          <button type="button" className="btn-primary" onClick={() => draft.resolveConflict("mine")}>
            {t.keepMine}
          </button>
          <button type="button" className="btn-ghost bg-white" onClick={() => draft.resolveConflict("theirs")}>
            {t.takeTheirs}
          </button>
        </div>
      )}
      {banner && (
        <div role="alert" className="mt-2 rounded-md border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-semibold text-rose-900">
          {banner}
        </div>
      )}
      <ol aria-label={t.stepsLabel} className="js-only mt-4 flex flex-wrap gap-2 text-sm">
        {t.steps.map((name, n) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => goTo(n)}
              aria-current={n === step ? "step" : undefined}
              className={`min-h-11 rounded-full px-3 py-2 font-medium ${n === step ? "bg-emerald-800 text-white" : "bg-slate-100 text-slate-800 hover:bg-slate-200"}`}
            >
              {n + 1}. {name}
            </button>
          </li>
        ))}
      </ol>
      <Form
        method="post"
        key={draft.formKey}
        ref={formRef}
        noValidate={hydrated}
        onInput={draft.changed}
        onChange={draft.changed}
        onSubmit={submit}
        className="mt-4"
        data-testid="brief-form"
      >
        <input type="hidden" name="revision" value={revision.current} />
        <input type="hidden" name="rows" value={rows.length} />
        <KitStep {...stepProps(0)} kits={kits} kitKey={kitKey} onKit={draft.setKitKey} />
        <ServicesStep
          {...stepProps(1)}
          rows={rows}
          hydrated={hydrated}
          onAdd={() => {
            draft.addRow();
            requestAnimationFrame(() => document.getElementById(idOf(`serviceName-${rows.length}`))?.focus());
          }}
          onRemove={(row) => {
            draft.removeRow(row);
            requestAnimationFrame(() => draft.changed());
          }}
        />
        <StoryStep {...stepProps(2)} />
        <VoiceStep {...stepProps(3)} />
        <fieldset className={`mt-8 ${stepClass(4)}`} data-brief-step={4}>
          <legend id={`${baseId}-step-4`} tabIndex={-1} className="text-xl font-bold text-slate-900">
            {t.stepOf(5, total)}: {t.steps[4]}
          </legend>
          <p className="mt-3 text-sm text-slate-700">{t.review}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            {hydrated && (
              <button type="button" className="btn-ghost" onClick={() => goTo(3)}>
                {t.back}
              </button>
            )}
            <button type="submit" name="intent" value="save" className="btn-ghost js-hidden">
              {t.saveDraft}
            </button>
            <button type="submit" name="intent" value="submit" className="btn-primary" disabled={submitting}>
              {submitting ? t.submitting : t.submit}
            </button>
          </div>
        </fieldset>
      </Form>
      <div className={`mt-8 ${stepClass(4)}`} data-brief-step={4}>
        <FilesPanel t={t} files={props.files} locale={locale} hydrated={hydrated} />
      </div>
    </div>
  );
}
