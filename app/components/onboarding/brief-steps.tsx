import type { ReactNode } from "react";
import type { KitExamples } from "@shared/content/onboarding";
import { BRIEF_LANGUAGES, BRIEF_LIMITS, BRIEF_TONES, type BriefFields, GENERAL_KIT_KEY } from "@shared/schemas/onboarding";
import { BriefInput, BriefTextarea, ChoiceTile, type FieldErrors, inputClass, borderOf, type Page, StepLegend } from "./brief-fields";

export type KitChoice = { key: string; label: string; own: boolean };

/** What every step of the brief is drawn from. */
export type StepProps = {
  t: Page;
  /** The step's number (0-based). */
  n: number;
  /** The id of a field of this form. */
  idOf: (name: string) => string;
  /** The id of a step's heading. */
  legendId: string;
  errors: FieldErrors;
  values: BriefFields;
  examples: KitExamples;
  /** Hidden while another step is open (with JavaScript only). */
  className: string;
  /** Back and Next. */
  nav: ReactNode;
};

const heading = ({ t, n }: StepProps) => `${t.stepOf(n + 1, t.steps.length)}: ${t.steps[n]}`;

/** Which kit, and the business's name and city. */
export function KitStep(props: StepProps & { kits: KitChoice[]; kitKey: string | null; onKit: (key: string) => void }) {
  const { t, idOf, errors, values, examples, kits, kitKey } = props;
  const own = kits.find((k) => k.own);
  const ordered = own ? [own, ...kits.filter((k) => k !== own)] : kits;
  const field = (name: "businessName" | "city") => ({ id: idOf(name), label: t[name].label, hint: t[name].hint, example: examples[name], error: errors[name], required: true, t });
  return (
    <fieldset className={props.className} data-brief-step={props.n}>
      <StepLegend id={props.legendId}>{heading(props)}</StepLegend>
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
                  onChange={() => props.onKit(kit.key)}
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
        <BriefInput field={field("businessName")} name="businessName" autoComplete="organization" maxLength={BRIEF_LIMITS.businessName} defaultValue={values.businessName} />
        <BriefInput field={field("city")} name="city" autoComplete="address-level2" maxLength={BRIEF_LIMITS.city} defaultValue={values.city} />
      </div>
      {props.nav}
    </fieldset>
  );
}

/** The services and their prices, a row each (rows added and removed in place with JavaScript, posted without). */
export function ServicesStep(
  props: StepProps & { rows: number[]; hydrated: boolean; onAdd: () => void; onRemove: (row: number) => void },
) {
  const { t, idOf, errors, values, examples, rows, hydrated } = props;
  return (
    <fieldset
      className={`mt-8 ${props.className}`}
      data-brief-step={props.n}
      aria-describedby={`${idOf("services")}-hint${errors.services ? ` ${idOf("services")}-error` : ""}`}
    >
      <StepLegend id={props.legendId}>{heading(props)}</StepLegend>
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
                className={`${inputClass} ${borderOf(i === 0 ? errors.services : undefined)}`}
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
              <button type="button" className="btn-ghost min-h-11" onClick={() => props.onRemove(row)}>
                {t.removeService(i + 1)}
              </button>
            )}
          </li>
        ))}
      </ul>
      {rows.length < BRIEF_LIMITS.services &&
        (hydrated ? (
          <button type="button" className="btn-ghost mt-3" onClick={props.onAdd}>
            {t.addService}
          </button>
        ) : (
          <button type="submit" name="intent" value="add-service" className="btn-ghost mt-3">
            {t.addService}
          </button>
        ))}
      {props.nav}
    </fieldset>
  );
}

/** What sets the business apart, what its customers struggle with, its pitch. */
export function StoryStep(props: StepProps) {
  const { t, idOf, errors, values, examples } = props;
  return (
    <fieldset className={`mt-8 space-y-5 ${props.className}`} data-brief-step={props.n}>
      <StepLegend id={props.legendId}>{heading(props)}</StepLegend>
      {(["usps", "painPoints", "pitch"] as const).map((name) => (
        <BriefTextarea
          key={name}
          field={{ id: idOf(name), label: t[name].label, hint: t[name].hint, example: examples[name], error: errors[name], t }}
          name={name}
          rows={3}
          maxLength={BRIEF_LIMITS.longText}
          defaultValue={values[name]}
        />
      ))}
      {props.nav}
    </fieldset>
  );
}

/** A group of choices with its legend and hint (the tone, the languages). */
function ChoiceGroup({ id, legend, hint, optional, children }: { id: string; legend: string; hint: string; optional: string; children: ReactNode }) {
  return (
    <fieldset aria-describedby={`${id}-hint`}>
      <legend className="text-sm font-semibold text-slate-900">
        {legend} <span className="font-normal text-slate-600">({optional})</span>
      </legend>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <div className="mt-2 flex flex-wrap gap-2">{children}</div>
    </fieldset>
  );
}

/** How the business speaks and how customers reach it: tone, WhatsApp, hours, languages. */
export function VoiceStep(props: StepProps) {
  const { t, idOf, errors, values, examples } = props;
  const field = (name: "toneExample" | "whatsapp" | "hours" | "languagesOther", example?: string, required?: boolean) => ({
    id: idOf(name),
    label: t[name].label,
    hint: t[name].hint,
    example,
    error: errors[name],
    required,
    t,
  });
  return (
    <fieldset className={`mt-8 space-y-5 ${props.className}`} data-brief-step={props.n}>
      <StepLegend id={props.legendId}>{heading(props)}</StepLegend>
      <ChoiceGroup id={idOf("tone")} legend={t.tone.label} hint={t.tone.hint} optional={t.optional}>
        {BRIEF_TONES.map((tone, i) => (
          <ChoiceTile key={tone} type="radio" name="tone" value={tone} id={i === 0 ? idOf("tone") : undefined} defaultChecked={values.tone === tone}>
            {t.tones[tone]}
          </ChoiceTile>
        ))}
      </ChoiceGroup>
      <BriefTextarea field={field("toneExample", examples.toneExample)} name="toneExample" rows={2} maxLength={BRIEF_LIMITS.toneExample} defaultValue={values.toneExample} />
      <BriefInput
        field={field("whatsapp", "91 98765 43210", true)}
        name="whatsapp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        maxLength={BRIEF_LIMITS.whatsapp}
        defaultValue={values.whatsapp}
      />
      <BriefInput field={field("hours", examples.hours)} name="hours" maxLength={BRIEF_LIMITS.hours} defaultValue={values.hours} />
      <ChoiceGroup id={idOf("languages")} legend={t.languages.label} hint={t.languages.hint} optional={t.optional}>
        {BRIEF_LANGUAGES.map((language) => (
          <ChoiceTile key={language} type="checkbox" name="languages" value={language} defaultChecked={values.languages.includes(language)}>
            {t.languageNames[language]}
          </ChoiceTile>
        ))}
      </ChoiceGroup>
      <BriefInput field={field("languagesOther")} name="languagesOther" maxLength={BRIEF_LIMITS.languagesOther} defaultValue={values.languagesOther} />
      {props.nav}
    </fieldset>
  );
}
