import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from "react";
import { Form } from "react-router";
import type { KitExamples, ONBOARDING_PAGE } from "@shared/content/onboarding";
import type { Translation } from "@shared/i18n";
import {
  BRIEF_LANGUAGES,
  BRIEF_LIMITS,
  BRIEF_TONES,
  type BriefFields,
  type BriefRuleMessages,
  briefSubmitSchema,
  EMPTY_BRIEF,
  GENERAL_KIT_KEY,
  briefOfFormData,
} from "@shared/schemas/onboarding";
import { FilesPanel, type FileRow } from "./files-panel";

type Page = typeof ONBOARDING_PAGE | Translation<typeof ONBOARDING_PAGE>;
export type KitChoice = { key: string; label: string; own: boolean };
export type FieldErrors = Record<string, string>;

const inputClass =
  "mt-1 block w-full min-h-11 rounded-md border bg-white px-3 py-2 text-base text-slate-900 shadow-sm focus:border-emerald-700 focus:outline-none focus:ring-2 focus:ring-emerald-700";

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

/** What the form holds now, read from its fields (the DOM is the one source: fields are uncontrolled). */
export function readBrief(form: HTMLFormElement): { kitKey: string; fields: BriefFields } {
  return briefOfFormData(new FormData(form));
}

function Field({
  id,
  label,
  hint,
  example,
  error,
  required,
  t,
  children,
}: {
  id: string;
  label: string;
  hint: string;
  example?: string;
  error?: string;
  required?: boolean;
  t: Page;
  children: ReactNode;
}) {
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

const describedBy = (id: string, error?: string) => (error ? `${id}-hint ${id}-error` : `${id}-hint`);

type SaveState = "idle" | "saving" | "saved" | "failed" | "conflict";

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

type Conflict = { revision: number; fields: BriefFields; kitKey: string };

const storageKey = (userId: string) => `wp-brief:${userId}`;

/**
 * The Wise Core brief: a few short steps, every field uncontrolled (what was typed before hydration stays), saved to
 * the server as the customer types (a second after they stop), with the revision it was made from. A failed save
 * keeps the text (in the form and in this browser's storage) and tries again; a save refused because another device
 * saved meanwhile offers both versions. Without JavaScript it is one long form that posts to the page's action.
 */
export function BriefForm(props: BriefFormProps) {
  const { t, kits, userId, locale, hydrated } = props;
  const [values, setValues] = useState(props.values);
  const [kitKey, setKitKey] = useState<string | null>(props.kitKey);
  const [formKey, setFormKey] = useState(0);
  const [step, setStep] = useState(0);
  const [errors, setErrors] = useState<FieldErrors>(props.errors);
  const [banner, setBanner] = useState<string | null>(props.banner);
  const [saveState, setSaveState] = useState<SaveState>("idle");
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [rows, setRows] = useState(() => Array.from({ length: Math.max(1, props.values.services.length) }, (_, i) => i));
  const nextRow = useRef(rows.length);
  const revision = useRef(props.revision);
  const formRef = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const retries = useRef(0);
  const inFlight = useRef<Promise<boolean> | null>(null);
  const dirty = useRef(false);
  const saveRefused = useRef<string | null>(null);
  const baseId = useId();
  const idOf = (name: string) => `${baseId}-${name}`;
  const examples = props.examplesOf(kitKey ?? GENERAL_KIT_KEY);

  const labelOf = useCallback((key: string) => kits.find((k) => k.key === key)?.label ?? t.generalKit, [kits, t.generalKit]);

  const remember = useCallback(() => {
    const form = formRef.current;
    if (!form) return;
    try {
      const { kitKey: key, fields } = readBrief(form);
      localStorage.setItem(storageKey(userId), JSON.stringify({ revision: revision.current, kitKey: key, fields }));
    } catch {
      // Storage full or refused: the server's draft still holds what was saved.
    }
  }, [userId]);

  const save = useCallback(async (): Promise<boolean> => {
    const form = formRef.current;
    if (!form) return false;
    if (inFlight.current) await inFlight.current;
    const { kitKey: key, fields } = readBrief(form);
    dirty.current = false;
    setSaveState("saving");
    const run = (async () => {
      try {
        const res = await fetch("/api/onboarding/brief", {
          method: "PUT",
          credentials: "same-origin",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ kitKey: key, kitLabel: labelOf(key), fields, revision: revision.current, locale }),
        });
        const body = (await res.json().catch(() => ({}))) as {
          brief?: { revision: number; fields: BriefFields; kitKey: string };
          reason?: string;
          field?: string;
          message?: string;
          errors?: Record<string, string>;
        };
        if (res.ok && body.brief) {
          revision.current = body.brief.revision;
          retries.current = 0;
          setSaveState(dirty.current ? "idle" : "saved");
          // Only the message of a save's own refusal goes with the next good save; the submit's checks stay until fixed.
          const refused = saveRefused.current;
          if (refused) {
            saveRefused.current = null;
            setErrors(({ [refused]: _gone, ...rest }) => rest);
          }
          if (!dirty.current) localStorage.removeItem(storageKey(userId));
          return true;
        }
        if (res.status === 409 && body.reason === "stale-brief" && body.brief) {
          setConflict({ revision: body.brief.revision, fields: body.brief.fields, kitKey: body.brief.kitKey });
          setSaveState("conflict");
          return false;
        }
        if (res.status === 400 && body.field) {
          const field = body.field.split(".")[0]!;
          saveRefused.current = field;
          setErrors((e) => ({ ...e, [field]: body.message ?? "" }));
          setSaveState("failed");
          return false;
        }
        throw new Error(`save answered ${res.status}`);
      } catch {
        // Offline, a slow network, the server busy: the text stays, and another try follows (5 s, 10 s, 20 s, ... 60 s).
        dirty.current = true;
        setSaveState("failed");
        const wait = Math.min(60_000, 5_000 * 2 ** retries.current++);
        clearTimeout(timer.current);
        timer.current = setTimeout(() => void save(), wait);
        return false;
      }
    })();
    inFlight.current = run;
    const ok = await run;
    inFlight.current = null;
    return ok;
  }, [labelOf, locale, userId]);

  const changed = useCallback(
    (event?: { target: EventTarget | null }) => {
      // A field being corrected loses its message (the submit checks it again).
      const name = (event?.target as HTMLInputElement | null)?.name;
      const key = name === "serviceName" || name === "servicePrice" ? "services" : name;
      if (key) setErrors((e) => (e[key] ? Object.fromEntries(Object.entries(e).filter(([k]) => k !== key)) : e));
      dirty.current = true;
      setSaveState((s) => (s === "conflict" ? s : "idle"));
      remember();
      clearTimeout(timer.current);
      if (!conflict) timer.current = setTimeout(() => void save(), 900);
    },
    [remember, save, conflict],
  );

  // What this browser kept of a draft the server never got (a reload, a closed tab mid-save) comes back first.
  useEffect(() => {
    try {
      const kept = JSON.parse(localStorage.getItem(storageKey(userId)) ?? "null") as { revision: number; kitKey: string; fields: BriefFields } | null;
      if (kept && kept.revision === props.revision && JSON.stringify(kept.fields) !== JSON.stringify(props.values)) {
        setValues({ ...EMPTY_BRIEF, ...kept.fields });
        setKitKey(kept.kitKey);
        setRows(Array.from({ length: Math.max(1, kept.fields.services.length) }, (_, i) => i));
        nextRow.current = Math.max(1, kept.fields.services.length);
        setFormKey((k) => k + 1);
        dirty.current = true;
        timer.current = setTimeout(() => void save(), 300);
      } else if (kept && kept.revision !== props.revision) {
        localStorage.removeItem(storageKey(userId));
      }
    } catch {
      // Nothing kept, or storage unavailable.
    }
    return () => clearTimeout(timer.current);
    // Once, at hydration.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // Leaving with text not yet saved: the browser asks first.
  useEffect(() => {
    const warn = (event: BeforeUnloadEvent) => {
      if (dirty.current) {
        remember();
        event.preventDefault();
      }
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [remember]);

  function resolveConflict(keep: "mine" | "theirs") {
    if (!conflict) return;
    revision.current = conflict.revision;
    if (keep === "theirs") {
      setValues(conflict.fields);
      setKitKey(conflict.kitKey);
      setRows(Array.from({ length: Math.max(1, conflict.fields.services.length) }, (_, i) => i));
      nextRow.current = Math.max(1, conflict.fields.services.length);
      setFormKey((k) => k + 1);
      localStorage.removeItem(storageKey(userId));
      dirty.current = false;
      setSaveState("saved");
    }
    setConflict(null);
    if (keep === "mine") void save();
  }

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
      void save();
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
      clearTimeout(timer.current);
      if (inFlight.current) await inFlight.current;
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
        dirty.current = false;
        localStorage.removeItem(storageKey(userId));
        props.onSubmitted();
        return;
      }
      if (res.status === 409 && body.reason === "stale-brief" && body.brief) {
        setConflict({ revision: body.brief.revision, fields: body.brief.fields, kitKey: body.brief.kitKey });
        setSaveState("conflict");
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

  const own = kits.find((k) => k.own);
  const ordered = own ? [own, ...kits.filter((k) => k !== own)] : kits;

  return (
    <div>
      <div aria-live="polite" role="status" className="min-h-6 text-sm text-slate-700" data-testid="save-status">
        {status}
      </div>
      {conflict && (
        <div className="mt-2 flex flex-wrap items-center gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <p className="text-sm font-medium">{t.conflict}</p>
          <button type="button" className="btn-primary" onClick={() => resolveConflict("mine")}>
            {t.keepMine}
          </button>
          <button type="button" className="btn-ghost bg-white" onClick={() => resolveConflict("theirs")}>
            {t.takeTheirs}
          </button>
        </div>
      )}
      {banner && (
        <div role="alert" className="mt-2 rounded-md border border-rose-300 bg-rose-50 px-4 py-3 text-sm font-semibold text-rose-900">
          {banner}
        </div>
      )}
      {
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
      }
      <Form
        method="post"
        key={formKey}
        ref={formRef}
        noValidate={hydrated}
        onInput={changed}
        onChange={changed}
        onSubmit={submit}
        className="mt-4"
        data-testid="brief-form"
      >
        <input type="hidden" name="revision" value={revision.current} />
        <input type="hidden" name="rows" value={rows.length} />

        <fieldset className={stepClass(0)} data-brief-step={0}>
          <legend id={`${baseId}-step-0`} tabIndex={-1} className="text-xl font-bold text-slate-900">
            {t.stepOf(1, total)}: {t.steps[0]}
          </legend>
          <fieldset className="mt-4" aria-describedby={errors.kit ? idOf("kit-error") : undefined}>
            <legend className="text-sm font-semibold text-slate-900">{t.kitLegend}</legend>
            <ul className="mt-2 grid gap-2 sm:grid-cols-2">
              {[...ordered, { key: GENERAL_KIT_KEY, label: t.notListed, own: false }].map((kit, i) => (
                <li key={kit.key}>
                  <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-md border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50">
                    <input
                      type="radio"
                      name="kit"
                      value={kit.key}
                      id={i === 0 ? idOf("kit") : undefined}
                      defaultChecked={kitKey === kit.key}
                      onChange={() => setKitKey(kit.key)}
                      className="size-5 accent-emerald-700"
                    />
                    <span className="text-slate-900">
                      {kit.label}
                      {kit.own && <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900">{t.yourIndustry}</span>}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
            {kitKey === GENERAL_KIT_KEY && (
              <p className="mt-2 text-sm text-slate-700" data-testid="general-kit-note">
                {t.notListedNote}
              </p>
            )}
          </fieldset>
          <div className="mt-5 grid gap-5 sm:grid-cols-2">
            <Field
              id={idOf("businessName")}
              label={t.businessName.label}
              hint={t.businessName.hint}
              example={examples.businessName}
              error={errors.businessName}
              required
              t={t}
            >
              <input
                id={idOf("businessName")}
                name="businessName"
                autoComplete="organization"
                maxLength={BRIEF_LIMITS.businessName}
                defaultValue={values.businessName}
                aria-invalid={errors.businessName ? true : undefined}
                aria-describedby={describedBy(idOf("businessName"), errors.businessName)}
                className={`${inputClass} ${errors.businessName ? "border-rose-600" : "border-slate-400"}`}
              />
            </Field>
            <Field id={idOf("city")} label={t.city.label} hint={t.city.hint} example={examples.city} error={errors.city} required t={t}>
              <input
                id={idOf("city")}
                name="city"
                autoComplete="address-level2"
                maxLength={BRIEF_LIMITS.city}
                defaultValue={values.city}
                aria-invalid={errors.city ? true : undefined}
                aria-describedby={describedBy(idOf("city"), errors.city)}
                className={`${inputClass} ${errors.city ? "border-rose-600" : "border-slate-400"}`}
              />
            </Field>
          </div>
          {nav(0)}
        </fieldset>

        <fieldset
          className={`mt-8 ${stepClass(1)}`}
          data-brief-step={1}
          aria-describedby={`${idOf("services")}-hint${errors.services ? ` ${idOf("services")}-error` : ""}`}
        >
          <legend id={`${baseId}-step-1`} tabIndex={-1} className="text-xl font-bold text-slate-900">
            {t.stepOf(2, total)}: {t.steps[1]}
          </legend>
          <p className="mt-3 text-sm font-semibold text-slate-900">
            {t.services.label} <span className="font-normal text-slate-600">({t.required})</span>
          </p>
          <p id={`${idOf("services")}-hint`} className="mt-1 text-sm text-slate-600">
            {t.services.hint}{" "}
            <span className="text-slate-700">
              {t.example} <span className="italic">{`${examples.service}: ${examples.price}`}</span>
            </span>
          </p>
          {errors.services && (
            <p id={`${idOf("services")}-error`} className="mt-1 text-sm font-medium text-rose-700">
              {errors.services}
            </p>
          )}
          <ul className="mt-3 space-y-3">
            {rows.map((row, i) => (
              <li key={row} className="grid gap-2 rounded-md bg-slate-50 p-3 sm:grid-cols-[2fr_1fr_auto] sm:items-end">
                <div>
                  <label htmlFor={idOf(`serviceName-${i}`)} className="block text-sm font-medium text-slate-900">
                    {t.serviceName(i + 1)}
                  </label>
                  <input
                    id={idOf(`serviceName-${i}`)}
                    name="serviceName"
                    maxLength={BRIEF_LIMITS.serviceName}
                    defaultValue={values.services[row]?.name ?? ""}
                    aria-invalid={errors.services && i === 0 ? true : undefined}
                    className={`${inputClass} ${errors.services && i === 0 ? "border-rose-600" : "border-slate-400"}`}
                  />
                </div>
                <div>
                  <label htmlFor={idOf(`servicePrice-${i}`)} className="block text-sm font-medium text-slate-900">
                    {t.servicePrice(i + 1)}
                  </label>
                  <input
                    id={idOf(`servicePrice-${i}`)}
                    name="servicePrice"
                    maxLength={BRIEF_LIMITS.servicePrice}
                    defaultValue={values.services[row]?.price ?? ""}
                    className={`${inputClass} border-slate-400`}
                  />
                </div>
                {hydrated && rows.length > 1 && (
                  <button
                    type="button"
                    className="btn-ghost min-h-11"
                    onClick={() => {
                      setRows((r) => r.filter((x) => x !== row));
                      requestAnimationFrame(() => changed());
                    }}
                  >
                    {t.removeService(i + 1)}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {rows.length < BRIEF_LIMITS.services &&
            (hydrated ? (
              <button
                type="button"
                className="btn-ghost mt-3"
                onClick={() => {
                  const id = nextRow.current++;
                  setRows((r) => [...r, id]);
                  requestAnimationFrame(() => document.getElementById(idOf(`serviceName-${rows.length}`))?.focus());
                }}
              >
                {t.addService}
              </button>
            ) : (
              <button type="submit" name="intent" value="add-service" className="btn-ghost mt-3">
                {t.addService}
              </button>
            ))}
          {nav(1)}
        </fieldset>

        <fieldset className={`mt-8 space-y-5 ${stepClass(2)}`} data-brief-step={2}>
          <legend id={`${baseId}-step-2`} tabIndex={-1} className="text-xl font-bold text-slate-900">
            {t.stepOf(3, total)}: {t.steps[2]}
          </legend>
          {(["usps", "painPoints", "pitch"] as const).map((name) => (
            <Field key={name} id={idOf(name)} label={t[name].label} hint={t[name].hint} example={examples[name]} error={errors[name]} t={t}>
              <textarea
                id={idOf(name)}
                name={name}
                rows={3}
                maxLength={BRIEF_LIMITS.longText}
                defaultValue={values[name]}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={describedBy(idOf(name), errors[name])}
                className={`${inputClass} ${errors[name] ? "border-rose-600" : "border-slate-400"}`}
              />
            </Field>
          ))}
          {nav(2)}
        </fieldset>

        <fieldset className={`mt-8 space-y-5 ${stepClass(3)}`} data-brief-step={3}>
          <legend id={`${baseId}-step-3`} tabIndex={-1} className="text-xl font-bold text-slate-900">
            {t.stepOf(4, total)}: {t.steps[3]}
          </legend>
          <fieldset aria-describedby={`${idOf("tone")}-hint`}>
            <legend className="text-sm font-semibold text-slate-900">
              {t.tone.label} <span className="font-normal text-slate-600">({t.optional})</span>
            </legend>
            <p id={`${idOf("tone")}-hint`} className="mt-1 text-sm text-slate-600">
              {t.tone.hint}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {BRIEF_TONES.map((tone, i) => (
                <label
                  key={tone}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
                >
                  <input
                    type="radio"
                    name="tone"
                    value={tone}
                    id={i === 0 ? idOf("tone") : undefined}
                    defaultChecked={values.tone === tone}
                    className="size-5 accent-emerald-700"
                  />
                  <span>{t.tones[tone]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field id={idOf("toneExample")} label={t.toneExample.label} hint={t.toneExample.hint} example={examples.toneExample} error={errors.toneExample} t={t}>
            <textarea
              id={idOf("toneExample")}
              name="toneExample"
              rows={2}
              maxLength={BRIEF_LIMITS.toneExample}
              defaultValue={values.toneExample}
              aria-invalid={errors.toneExample ? true : undefined}
              aria-describedby={describedBy(idOf("toneExample"), errors.toneExample)}
              className={`${inputClass} ${errors.toneExample ? "border-rose-600" : "border-slate-400"}`}
            />
          </Field>
          <Field id={idOf("whatsapp")} label={t.whatsapp.label} hint={t.whatsapp.hint} example="91 98765 43210" error={errors.whatsapp} required t={t}>
            <input
              id={idOf("whatsapp")}
              name="whatsapp"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              maxLength={BRIEF_LIMITS.whatsapp}
              defaultValue={values.whatsapp}
              aria-invalid={errors.whatsapp ? true : undefined}
              aria-describedby={describedBy(idOf("whatsapp"), errors.whatsapp)}
              className={`${inputClass} ${errors.whatsapp ? "border-rose-600" : "border-slate-400"}`}
            />
          </Field>
          <Field id={idOf("hours")} label={t.hours.label} hint={t.hours.hint} example={examples.hours} error={errors.hours} t={t}>
            <input
              id={idOf("hours")}
              name="hours"
              maxLength={BRIEF_LIMITS.hours}
              defaultValue={values.hours}
              aria-invalid={errors.hours ? true : undefined}
              aria-describedby={describedBy(idOf("hours"), errors.hours)}
              className={`${inputClass} ${errors.hours ? "border-rose-600" : "border-slate-400"}`}
            />
          </Field>
          <fieldset aria-describedby={`${idOf("languages")}-hint`}>
            <legend className="text-sm font-semibold text-slate-900">
              {t.languages.label} <span className="font-normal text-slate-600">({t.optional})</span>
            </legend>
            <p id={`${idOf("languages")}-hint`} className="mt-1 text-sm text-slate-600">
              {t.languages.hint}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              {BRIEF_LANGUAGES.map((language) => (
                <label
                  key={language}
                  className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 has-[:checked]:border-emerald-700 has-[:checked]:bg-emerald-50"
                >
                  <input
                    type="checkbox"
                    name="languages"
                    value={language}
                    defaultChecked={values.languages.includes(language)}
                    className="size-5 accent-emerald-700"
                  />
                  <span>{t.languageNames[language]}</span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field id={idOf("languagesOther")} label={t.languagesOther.label} hint={t.languagesOther.hint} error={errors.languagesOther} t={t}>
            <input
              id={idOf("languagesOther")}
              name="languagesOther"
              maxLength={BRIEF_LIMITS.languagesOther}
              defaultValue={values.languagesOther}
              aria-invalid={errors.languagesOther ? true : undefined}
              aria-describedby={describedBy(idOf("languagesOther"), errors.languagesOther)}
              className={`${inputClass} ${errors.languagesOther ? "border-rose-600" : "border-slate-400"}`}
            />
          </Field>
          {nav(3)}
        </fieldset>

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
