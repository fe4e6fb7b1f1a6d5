import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { useEffect, useRef, useState } from "react";
import { Form, data, redirect } from "react-router";
import { localeOfPath, localePath } from "@shared/i18n";
import { LocaleLink, requestLocale, useLocale } from "~/lib/locale";
import { EmailField, focusFirstInvalid, PasswordField, SelectField, TextField } from "~/components/auth/fields";
import { useAccountForm } from "~/lib/account-form";
import { SocialButtons } from "~/components/auth/social-buttons";
import { StatusBanner } from "~/components/auth/status-banner";
import { useRedirectAfter } from "~/components/auth/use-redirect-after";
import { AUTH_MESSAGES, SIGN_UP_PAGE } from "@shared/content/auth";
import { DEFAULT_INDUSTRY, INDUSTRIES, JOB_ROLES } from "@shared/content/site";
import { authChecks, checkBeforeSubmit } from "~/lib/form-checks";
import { fieldErrors, type FieldErrors, safeRedirect, SignUpStep1Schema, SignUpStep2Schema } from "@shared/schemas/auth";
import { type Banner, failureBanner, inVisitorLanguage, sentWithJs, sessionHeaders, socialOutcome } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { useAdoptTyped } from "~/lib/use-adopt-typed";
import { KEPT_STEP_EVENT } from "~/lib/keep-typed";
import { useMessage } from "~/lib/form-messages";
import { pageError } from "~/lib/service-errors.server";
import { setSessionUser, useHydrated } from "~/lib/session-user";
import { registerUser } from "../../server/services/auth/accounts";
import type { Route } from "./+types/get-started";
import { AuthErrorBoundary } from "~/components/auth/auth-error-boundary";
import { recordGoal } from "../../server/http/page-views";
import { SignUpSteps } from "~/components/onboarding/sign-up-steps";
import { checkStep1, checkStep2, readValues, type Values } from "~/components/onboarding/sign-up-values";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).SIGN_UP_PAGE_HI : SIGN_UP_PAGE;
  return pageMeta({ title: t.metaTitle, description: t.metaDescription, path: "/get-started", matches });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  return socialOutcome(request, context, "sign-up");
}

// The action's checks; the page fetches the same schemas when the form is first used (authChecks).
function step1(values: Values) {
  return checkStep1({ SignUpStep1Schema, SignUpStep2Schema }, values);
}
function step2(values: Values) {
  return checkStep2({ SignUpStep1Schema, SignUpStep2Schema }, values);
}

/**
 * Without JavaScript the steps go through the server: 'Continue' checks
 * step 1 and answers with step 2 (step 1's values ride along in hidden
 * fields); 'Create Account' registers. With JavaScript the steps switch in
 * the browser and only 'Create Account' posts.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const values = readValues(form);
  const locale = requestLocale(request);
  const redirectTo = inVisitorLanguage(safeRedirect(new URL(request.url).searchParams.get("redirectTo")), locale);
  const first = step1(values);
  if (!first.success) {
    return data({ ok: false as const, step: 1, values, errors: fieldErrors(first.error) as FieldErrors, banner: null }, { status: 400 });
  }
  if (form.get("intent") === "back") {
    return { ok: false as const, step: 1, values, errors: {} as FieldErrors, banner: null };
  }
  if (form.get("intent") === "continue") {
    return { ok: false as const, step: 2, values, errors: {} as FieldErrors, banner: null };
  }
  const second = step2(values);
  if (!second.success) {
    return data({ ok: false as const, step: 2, values, errors: fieldErrors(second.error) as FieldErrors, banner: null }, { status: 400 });
  }
  try {
    // The spec's payload: first and last name joined; the job role is asked for but not sent; role is always 'user'.
    const { user, session } = await registerUser(
      deps,
      {
        name: `${first.data.firstName} ${first.data.lastName}`.trim(),
        email: first.data.email,
        password: first.data.password,
        company: second.data.company,
        industry: second.data.industry,
      },
      { ip: context.clientIp, persistent: true, locale },
    );
    recordGoal(deps, "signup", request, context.clientIp);
    const headers = sessionHeaders(deps, session);
    if (!sentWithJs(form)) throw redirect(redirectTo, { status: 303, headers });
    const banner: Banner = { tone: "success", message: AUTH_MESSAGES.accountCreated };
    return data({ ok: true as const, step: 2, values, errors: {} as FieldErrors, banner, user, redirectTo }, { headers });
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = failureBanner(deps, error, AUTH_MESSAGES.registrationFailed, context.requestId);
    const banner: Banner = { tone: "error", message: failure.message, detail: failure.detail };
    // A taken e-mail, or a password the server refuses (a common one, or the e-mail or name), is fixed on step 1.
    const refused = pageError(error);
    const onFirstStep = refused?.kind === "conflict" || refused?.field === "password";
    const step = onFirstStep ? 1 : 2;
    const errors: FieldErrors = onFirstStep ? (refused.fieldErrors as FieldErrors) : {};
    return data({ ok: false as const, step, values, errors, banner }, { status: failure.status });
  }
}

export default function GetStarted({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const t = useText(SIGN_UP_PAGE, HINDI_FORMS, (hi) => hi.SIGN_UP_PAGE_HI);
  const say = useMessage();
  const locale = useLocale();
  // Focus after a refused answer is this form's own (below): the field may be on the other step.
  const { formRef, busy, errors, banner, refuse, accept } = useAccountForm<FieldErrors>(actionData, { fallbackBanner: loaderData.banner });
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [step, setStep] = useState<number>(actionData?.step ?? 1);
  // On step 2 by the language switch: the password was not carried (said on step 2).
  const [carried, setCarried] = useState(false);
  const [terms, setTerms] = useState<boolean>(actionData?.values.terms ?? false);
  // Ticked before the scripts ran (step 2 after a plain post): kept, not unticked by the next render.
  const termsRef = useRef<HTMLInputElement>(null);
  useAdoptTyped(termsRef, setTerms);
  const succeeded = actionData?.ok === true;
  const values = actionData?.values;

  useEffect(() => {
    if (!actionData) return;
    setStep(actionData.step);
    if (actionData.ok) setSessionUser(actionData.user);
  }, [actionData]);
  // A refused answer moves focus to its first invalid field once that field's step is on screen: an answer about
  // step 1 (the password) arrives while step 2 is shown, and the field is rendered only after setStep above.
  const focusedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!actionData || actionData.ok || actionData.step !== step || focusedFor.current === actionData) return;
    focusedFor.current = actionData;
    requestAnimationFrame(() => focusFirstInvalid(formRef.current));
  }, [actionData, step, formRef]);
  useRedirectAfter(succeeded ? actionData.redirectTo : loaderData.continueTo);

  // The language switch kept the step this form was on (app/lib/keep-typed.ts): it opens on that step again, before
  // hydration (the attribute) or after Back from the browser's cache (the event).
  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const keptStep = () => {
      const kept = Number(form.dataset.keptStep);
      delete form.dataset.keptStep;
      if (kept === 1 || kept === 2) setStep(kept);
      setCarried(kept === 2);
    };
    if (!actionData) keptStep();
    form.addEventListener(KEPT_STEP_EVENT, keptStep);
    return () => form.removeEventListener(KEPT_STEP_EVENT, keptStep);
    // Once, when the form mounts: a later answer of the server sets the step itself.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [formRef]);

  function goTo(next: number) {
    setStep(next);
    // Move focus to the new step's heading so keyboard and screen-reader users know where they are.
    requestAnimationFrame(() => headingRef.current?.focus());
  }

  function currentValues(): Values {
    return readValues(new FormData(formRef.current ?? undefined));
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    if (submitter?.value === "back") {
      event.preventDefault();
      accept();
      goTo(1);
      return;
    }
    checkBeforeSubmit(authChecks, event, (schemas) => {
      const v = currentValues();
      const first = checkStep1(schemas, v);
      if (!first.success) {
        setStep(1);
        return refuse(event, schemas.fieldErrors(first.error));
      }
      if (submitter?.value === "continue") {
        event.preventDefault();
        accept();
        goTo(2);
        return;
      }
      const second = checkStep2(schemas, v);
      if (!second.success) return refuse(event, schemas.fieldErrors(second.error));
      accept();
    });
  }

  const ownPath = localePath("/get-started", locale);
  const formAction = loaderData.redirectTo === "/templates" ? ownPath : `${ownPath}?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;
  const title = step === 1 ? t.step1Title : t.step2Title;
  const subtitle = step === 1 ? t.step1Subtitle : t.step2Subtitle;

  return (
    <section className="bg-gradient-to-b from-emerald-50 to-white px-4 py-12 sm:py-16">
      <div className="mx-auto w-full max-w-md">
        <SignUpSteps step={step} names={t.stepNames} label={t.stepLabel} />
        <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
          <h1 ref={headingRef} tabIndex={-1} className="text-center text-2xl font-bold text-slate-900 outline-none sm:text-3xl">
            {title}
          </h1>
          <p className="mt-2 text-center text-slate-700">{subtitle}</p>
          {step === 1 && (
            <p className="mt-3 rounded-lg bg-emerald-50 px-3 py-2 text-center text-sm text-emerald-900" data-testid="signup-steps">
              {t.creatingAccount}
            </p>
          )}
          <div className="mt-6">
            <StatusBanner tone={banner?.tone} message={banner?.message} detail={banner?.detail} />
            <Form method="post" action={formAction} ref={formRef} data-keep-step={step} noValidate={hydrated} onSubmit={onSubmit} onFocus={() => authChecks.prefetch()} className="space-y-4">
              <input type="hidden" name="_js" value={hydrated ? "1" : ""} />
              <fieldset hidden={step !== 1} className="space-y-4">
                <legend className="sr-only">{t.stepNames[0]}</legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label={t.firstName} name="firstName" autoComplete="given-name" required maxLength={100} defaultValue={values?.firstName} error={errors.firstName} />
                  <TextField label={t.lastName} name="lastName" autoComplete="family-name" required maxLength={100} defaultValue={values?.lastName} error={errors.lastName} />
                </div>
                <EmailField label={t.email} name="email" placeholder={t.emailPlaceholder} defaultValue={values?.email} error={errors.email} />
                <PasswordField
                  label={t.password}
                  name="password"
                  autoComplete="new-password"
                  required
                  minLength={8}
                  maxLength={128}
                  hint={t.passwordHint}
                  // Kept only between the no-JavaScript steps, which need it to register.
                  defaultValue={values?.password}
                  error={errors.password}
                />
                {step === 1 && (
                  <button type="submit" name="intent" value="continue" className="btn-primary w-full justify-center">
                    {t.continue}
                  </button>
                )}
              </fieldset>

              <fieldset hidden={step !== 2} className="space-y-4">
                <legend className="sr-only">{t.stepNames[1]}</legend>
                {carried && (
                  <p className="rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="password-again">
                    {t.passwordAgain}
                  </p>
                )}
                <TextField label={t.company} name="company" autoComplete="organization" required={step === 2} maxLength={120} defaultValue={values?.company} error={errors.company} />
                <SelectField
                  label={t.role}
                  name="role"
                  options={JOB_ROLES}
                  optionLabels={locale === "hi" ? hindiNow(HINDI_FORMS).JOB_ROLE_LABELS_HI : undefined}
                  placeholder={t.rolePlaceholder}
                  required={step === 2}
                  defaultValue={values?.role ?? ""}
                  error={errors.role}
                />
                <SelectField label={t.industry} name="industry" options={INDUSTRIES} optionLabels={locale === "hi" ? hindiNow(HINDI_FORMS).INDUSTRY_LABELS_HI : undefined} required={step === 2} defaultValue={values?.industry || DEFAULT_INDUSTRY} error={errors.industry} />
                <div>
                  <label className="flex items-start gap-2 text-sm text-slate-800">
                    <input
                      type="checkbox"
                      ref={termsRef}
                      name="terms"
                      required={step === 2}
                      checked={terms}
                      onChange={(e) => setTerms(e.currentTarget.checked)}
                      aria-invalid={errors.terms ? true : undefined}
                      aria-describedby={errors.terms ? "terms-error" : undefined}
                      className="mt-0.5 h-5 w-5 accent-emerald-700"
                    />
                    <span>
                      {t.termsBefore}
                      <LocaleLink to="/terms" className="font-semibold text-emerald-800 underline">
                        {t.terms}
                      </LocaleLink>
                      {t.termsMiddle}
                      <LocaleLink to="/privacy" className="font-semibold text-emerald-800 underline">
                        {t.privacy}
                      </LocaleLink>
                      {locale === "hi" && hindiNow(HINDI_FORMS).SIGN_UP_TERMS_AFTER_HI}
                    </span>
                  </label>
                  {errors.terms && (
                    <p id="terms-error" className="mt-1 text-sm font-medium text-rose-700">
                      {say(errors.terms)}
                    </p>
                  )}
                </div>
                {step === 2 && (
                <div className="flex gap-3">
                  <button
                    // A plain button once JavaScript runs, so Enter in a field still means 'Create Account'.
                    type={hydrated ? "button" : "submit"}
                    name="intent"
                    value="back"
                    className="btn-ghost"
                    formNoValidate
                    onClick={
                      hydrated
                        ? () => {
                            accept();
                            goTo(1);
                          }
                        : undefined
                    }
                  >
                    {t.back}
                  </button>
                  <button
                    type="submit"
                    name="intent"
                    value="create"
                    className="btn-primary flex-1 justify-center disabled:cursor-not-allowed disabled:bg-slate-500"
                    // Disabled until the terms are accepted (once JavaScript runs; without it the server checks).
                    disabled={(hydrated && !terms) || busy || succeeded}
                  >
                    {busy ? t.busy : t.submit}
                  </button>
                </div>
                )}
              </fieldset>
            </Form>
            {step === 1 && (
              <SocialButtons
                heading={t.orSignUpWith}
                mode="sign-up"
                redirectTo={loaderData.redirectTo}
              />
            )}
            <p className="mt-6 text-center text-sm text-slate-700">
              {t.haveAccount}{" "}
              <LocaleLink to="/sign-in" className="font-semibold text-emerald-800 underline-offset-4 hover:underline">
                {t.signIn}
              </LocaleLink>
            </p>
          </div>
        </div>
      </div>
    </section>
  );
}

export function ErrorBoundary() {
  return <AuthErrorBoundary title={SIGN_UP_PAGE.step1Title} titleHi={(hi) => hi.SIGN_UP_PAGE_HI.step1Title} />;
}
