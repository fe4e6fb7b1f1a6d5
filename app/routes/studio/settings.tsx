import { Form, data, useNavigation } from "react-router";
import { SETTINGS_GROUPS, SETTINGS_PAGE } from "@shared/content/studio-settings";
import { SETTING_KEYS, type SettingKey } from "@shared/schemas/site-settings";
import { SettingsFormSchema } from "@shared/schemas/studio-settings-form";
import { studioMeta } from "~/components/studio/meta";
import { Button, Field, FieldFrame, Notice, PageHeader, controlClass, fieldDescribedBy } from "~/components/studio/ui";
import { checkForm, useSchemaForm } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio, stepUpFromForm } from "~/lib/studio.server";
import { StepUpField } from "~/components/studio/step-up";
import { saveSettings, settingText, siteSettings } from "../../../server/services/content/settings";
import { isStepUpError } from "../../../server/services/step-up";
import type { Route } from "./+types/settings";

export function meta() {
  return studioMeta(SETTINGS_PAGE.title);
}

/** Per field: the owner's saved text ("" when the default applies) and the default, as the form shows them. */
async function formState(deps: Route.LoaderArgs["context"]["deps"]) {
  const settings = await siteSettings(deps);
  const fields = {} as Record<SettingKey, { saved: string; fallback: string }>;
  for (const key of SETTING_KEYS) fields[key] = { saved: settings.saved[key] ?? "", fallback: settingText(deps.config.settings[key], key) };
  return fields;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  return { fields: await formState(args.context.deps) };
}

type ActionResult = {
  saved: boolean;
  changed: number;
  errors: Partial<Record<SettingKey, string>>;
  values: Partial<Record<SettingKey, string>>;
  problem: string | null;
  /** The save changes where leads, replies or bookings go and wants a fresh code (the form shows its field), and why the last one was refused. */
  stepUp?: boolean;
  stepUpError?: string | null;
};

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await args.request.formData();
  const input: Partial<Record<SettingKey, string>> = {};
  for (const key of SETTING_KEYS) {
    const value = form.get(key);
    if (typeof value === "string") input[key] = value.slice(0, 4000);
  }
  const result = (status: number, r: Partial<ActionResult>) =>
    data<ActionResult>({ saved: false, changed: 0, errors: {}, values: input, problem: null, ...r }, { status });
  // The schema the browser checked with (useSchemaForm), again for a form posted without JavaScript: every bad field
  // gets its message at once; the service checks again (and is what refuses).
  const checked = checkForm(SettingsFormSchema, input);
  if (checked.errors) return result(400, { errors: checked.errors, problem: SETTINGS_PAGE.fixFields });
  // A code typed beside the form (asked for by the last save) is checked first, so the save finds the factor fresh.
  const stepUpError = await stepUpFromForm(args, studio, form);
  if (stepUpError) return result(400, { stepUp: true, stepUpError });
  try {
    const changed = await saveSettings(args.context.deps, input, studio.actor);
    return result(200, { saved: true, changed: changed.length });
  } catch (error) {
    if (isStepUpError(error)) return result(403, { stepUp: true });
    const failure = pageError(error);
    if (!failure) throw error;
    const field = failure.field as SettingKey | undefined;
    if (field && (SETTING_KEYS as string[]).includes(field)) return result(failure.status, { errors: { [field]: failure.message }, problem: SETTINGS_PAGE.fixFields });
    return result(failure.status, { problem: failure.detail ?? failure.message });
  }
}

export default function Settings({ loaderData, actionData }: Route.ComponentProps) {
  const { fields } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const form = useSchemaForm(SettingsFormSchema, actionData?.errors);
  const { formRef, errors } = form;
  // After a refused save the form shows what was typed; after a save, what is stored.
  const shown = (key: SettingKey) => (actionData && !actionData.saved ? (actionData.values[key] ?? "") : fields[key].saved);
  return (
    <>
      <PageHeader title={SETTINGS_PAGE.title} description={SETTINGS_PAGE.intro} />
      {actionData?.saved ? <Notice tone="success">{actionData.changed > 0 ? SETTINGS_PAGE.saved : SETTINGS_PAGE.unchanged}</Notice> : null}
      {actionData?.problem ? <Notice tone="error">{actionData.problem}</Notice> : null}
      {/* The key makes the fields take the stored values again after a save (they are uncontrolled). */}
      <Form method="post" ref={formRef} noValidate onSubmit={form.onSubmit} onInput={form.onInput} className="max-w-2xl space-y-8" key={actionData?.saved ? JSON.stringify(fields) : "form"}>
        {SETTINGS_GROUPS.map((group) => (
          <fieldset key={group.title} className="min-w-0 space-y-4 rounded-lg border border-slate-200 bg-white p-5">
            <legend className="px-1 text-lg font-semibold text-slate-900">{group.title}</legend>
            {group.fields.map((field) => {
              const fallback = fields[field.key].fallback;
              const hint = [field.hint, fallback === "" && field.emptyMeans ? field.emptyMeans : `${SETTINGS_PAGE.defaultLabel} ${fallback || SETTINGS_PAGE.noDefault}`].filter(Boolean).join(" ");
              if (field.type === "select") {
                return <SelectSetting key={field.key} name={field.key} label={field.label} hint={hint} options={field.options ?? []} error={errors[field.key]} defaultValue={shown(field.key)} />;
              }
              return (
                <Field
                  key={field.key}
                  label={field.label}
                  name={field.key}
                  type={field.type}
                  hint={hint}
                  error={errors[field.key]}
                  defaultValue={shown(field.key)}
                  autoComplete="off"
                  spellCheck={false}
                  lang={field.lang}
                  maxLength={field.key === "leadNotifyEmails" ? 2000 : 500}
                />
              );
            })}
          </fieldset>
        ))}
        <div className="max-w-md space-y-4">
          <StepUpField show={actionData?.stepUp} error={actionData?.stepUpError} />
          <Button type="submit" tone="primary" disabled={busy}>
            {busy ? SETTINGS_PAGE.saving : SETTINGS_PAGE.save}
          </Button>
        </div>
      </Form>
    </>
  );
}

/** A setting with a few choices (the weekly report's on/off); the empty choice goes back to the server's default. */
function SelectSetting({
  name,
  label,
  hint,
  options,
  error,
  defaultValue,
}: {
  name: string;
  label: string;
  hint: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  error?: string;
  defaultValue: string;
}) {
  const id = `setting-${name}`;
  return (
    <FieldFrame id={id} label={label} hint={hint} error={error}>
      <select id={id} name={name} defaultValue={defaultValue} aria-invalid={error ? true : undefined} aria-describedby={fieldDescribedBy(id, { hint: true, error })} className={controlClass(error)}>
        <option value="">{SETTINGS_PAGE.useDefault}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
