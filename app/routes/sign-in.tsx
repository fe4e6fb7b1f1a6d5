import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { useEffect } from "react";
import { Form, Link, data, redirect } from "react-router";
import { localeOfPath, localePath } from "@shared/i18n";
import { LocaleLink, requestLocale, useLocale } from "~/lib/locale";
import { AuthCard } from "~/components/auth/auth-card";
import { EmailField, PasswordField, SelectField } from "~/components/auth/fields";
import { useAccountForm } from "~/lib/account-form";
import { SocialButtons } from "~/components/auth/social-buttons";
import { StatusBanner } from "~/components/auth/status-banner";
import { useRedirectAfter } from "~/components/auth/use-redirect-after";
import { AUTH_MESSAGES, SIGN_IN_PAGE } from "@shared/content/auth";
import { DEFAULT_INDUSTRY, INDUSTRIES } from "@shared/content/site";
import { authChecks, checkBeforeSubmit } from "~/lib/form-checks";
import { fieldErrors, type FieldErrors, safeRedirect, SignInFormSchema } from "@shared/schemas/auth";
import { type Banner, failureBanner, inVisitorLanguage, sentWithJs, sessionHeaders, socialOutcome } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { setSessionUser, useHydrated } from "~/lib/session-user";
import { signIn } from "../../server/services/auth/accounts";
import { deviceCookie, sessionTokenOf } from "../../server/http/cookies";
import { isStudioPath } from "../../server/http/studio-path";
import { landingAfterSignIn, staffAccessOf } from "../../server/services/staff/access";
import { studioSession } from "../../server/services/staff/studio-session";
import type { Route } from "./+types/sign-in";
import { AuthErrorBoundary } from "~/components/auth/auth-error-boundary";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).SIGN_IN_PAGE_HI : SIGN_IN_PAGE;
  return pageMeta({ title: t.metaTitle, description: t.metaDescription, path: "/sign-in", matches });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  // A link from an e-mail to staff (sign-in?redirectTo=/studio/…) sends a staff member already signed in straight on.
  const asked = new URL(request.url).searchParams.get("redirectTo");
  if (asked && isStudioPath(new URL(safeRedirect(asked), "http://same.invalid").pathname)) {
    const token = sessionTokenOf(context.deps.config, request.headers);
    if (token && (await studioSession(context.deps, token))) throw redirect(safeRedirect(asked), { headers: { "Cache-Control": "no-store" } });
  }
  const outcome = await socialOutcome(request, context, "sign-in");
  const signedOut = new URL(request.url).searchParams.get("signedOut") === "1";
  return {
    ...outcome,
    banner: outcome.banner ?? (signedOut ? ({ tone: "success", message: AUTH_MESSAGES.signedOut } as Banner) : null),
  };
}

type Values = { email: string; industry: string; remember: boolean };

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const asked = new URL(request.url).searchParams.get("redirectTo");
  const values: Values = {
    email: String(form.get("email") ?? "").slice(0, 300),
    industry: String(form.get("industry") ?? ""),
    remember: form.get("remember") === "on",
  };
  const parsed = SignInFormSchema.safeParse({ email: values.email, password: form.get("password") ?? "", industry: values.industry });
  if (!parsed.success) {
    return data({ ok: false as const, values, errors: fieldErrors(parsed.error) as FieldErrors, banner: null }, { status: 400 });
  }
  try {
    const { user, session, deviceToken } = await signIn(
      deps,
      { email: parsed.data.email, password: parsed.data.password },
      {
        ip: context.clientIp,
        persistent: values.remember,
        deviceToken: deviceCookie.read(deps.config, request.headers.get("cookie")),
      },
    );
    // Staff land in the studio, everyone else on /templates, unless the link asked for a page.
    const redirectTo = inVisitorLanguage(await landingAfterSignIn(deps, user._id, asked), requestLocale(request));
    const studio = (await staffAccessOf(deps, user._id)) !== null;
    const headers = sessionHeaders(deps, session);
    headers.append("Set-Cookie", deviceCookie.write(deps.config, deviceToken));
    if (!sentWithJs(form)) throw redirect(redirectTo, { status: 303, headers });
    return data(
      { ok: true as const, values, errors: {} as FieldErrors, banner: { tone: "success", message: AUTH_MESSAGES.signedIn } as Banner, user: { ...user, studio }, redirectTo },
      { headers },
    );
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = failureBanner(deps, error, AUTH_MESSAGES.loginFailed, context.requestId);
    const banner: Banner = { tone: "error", message: failure.message, detail: failure.detail };
    return data({ ok: false as const, values, errors: {} as FieldErrors, banner }, { status: failure.status });
  }
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const t = useText(SIGN_IN_PAGE, HINDI_FORMS, (hi) => hi.SIGN_IN_PAGE_HI);
  const locale = useLocale();
  const { formRef, busy, errors, banner, refuse, accept } = useAccountForm<FieldErrors>(actionData, { fallbackBanner: loaderData.banner, refused: !!actionData && !actionData.ok });
  const succeeded = actionData?.ok === true;
  const values = actionData?.values;

  useEffect(() => {
    if (actionData?.ok) setSessionUser(actionData.user);
  }, [actionData]);
  useRedirectAfter(succeeded ? actionData.redirectTo : loaderData.continueTo);

  const signInPath = localePath("/sign-in", locale);
  const formAction = loaderData.redirectTo === "/templates" ? signInPath : `${signInPath}?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`;

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    checkBeforeSubmit(authChecks, event, (schemas) => {
      const form = new FormData(event.currentTarget);
      const parsed = schemas.SignInFormSchema.safeParse({ email: form.get("email"), password: form.get("password"), industry: form.get("industry") });
      if (!parsed.success) return refuse(event, schemas.fieldErrors(parsed.error));
      accept();
    });
  }

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      <StatusBanner tone={banner?.tone} message={banner?.message} detail={banner?.detail} />
      {loaderData.continueTo && (
        <p className="mb-5 text-center">
          <Link to={loaderData.continueTo} className="font-semibold text-emerald-800 underline">
            {t.continueLink}
          </Link>
        </p>
      )}
      <Form method="post" action={formAction} ref={formRef} noValidate={hydrated} onSubmit={onSubmit} onFocus={() => authChecks.prefetch()} className="space-y-4">
        <input type="hidden" name="_js" value={hydrated ? "1" : ""} />
        <EmailField label={t.email} name="email" placeholder={t.emailPlaceholder} defaultValue={values?.email} error={errors.email} />
        <SelectField
          label={t.industry}
          name="industry"
          options={INDUSTRIES}
          optionLabels={locale === "hi" ? hindiNow(HINDI_FORMS).INDUSTRY_LABELS_HI : undefined}
          required
          defaultValue={values?.industry || DEFAULT_INDUSTRY}
          error={errors.industry}
        />
        <PasswordField
          label={t.password}
          name="password"
          autoComplete="current-password"
          required
          maxLength={128}
          placeholder={t.passwordPlaceholder}
          error={errors.password}
        />
        <div className="flex flex-wrap items-center justify-between gap-3">
          <label className="flex min-h-11 items-center gap-2 text-sm text-slate-800">
            <input type="checkbox" name="remember" defaultChecked={values?.remember ?? false} className="h-5 w-5 accent-emerald-700" />
            {t.rememberMe}
          </label>
          <LocaleLink to="/forgot-password" className="text-sm font-semibold text-emerald-800 underline-offset-4 hover:underline">
            {t.forgotPassword}
          </LocaleLink>
        </div>
        <button type="submit" className="btn-primary w-full justify-center" disabled={busy || succeeded}>
          {busy ? t.busy : t.submit}
        </button>
      </Form>
      <SocialButtons
        heading={t.orContinueWith}
        mode="sign-in"
        redirectTo={loaderData.redirectTo}
      />
      <p className="mt-6 text-center text-sm text-slate-700">
        {t.noAccount}{" "}
        <LocaleLink to="/get-started" className="font-semibold text-emerald-800 underline-offset-4 hover:underline">
          {t.signUp}
        </LocaleLink>
      </p>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <AuthErrorBoundary title={SIGN_IN_PAGE.title} titleHi={(hi) => hi.SIGN_IN_PAGE_HI.title} />;
}
