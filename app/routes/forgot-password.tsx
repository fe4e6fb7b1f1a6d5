import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { Form, data } from "react-router";
import { localeOfPath } from "@shared/i18n";
import { LocaleLink, requestLocale } from "~/lib/locale";
import { AuthCard } from "~/components/auth/auth-card";
import { EmailField } from "~/components/auth/fields";
import { useAccountForm } from "~/lib/account-form";
import { StatusBanner } from "~/components/auth/status-banner";
import { AUTH_MESSAGES, FORGOT_PAGE } from "@shared/content/auth";
import { authChecks, checkBeforeSubmit } from "~/lib/form-checks";
import { fieldErrors, type FieldErrors, ResetRequestSchema } from "@shared/schemas/auth";
import { type Banner, failureBanner } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { useHydrated } from "~/lib/session-user";
import { requestPasswordReset } from "../../server/services/auth/accounts";
import type { Route } from "./+types/forgot-password";
import { AuthErrorBoundary } from "~/components/auth/auth-error-boundary";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).FORGOT_PAGE_HI : FORGOT_PAGE;
  return pageMeta({ title: t.metaTitle, description: t.metaDescription, path: "/forgot-password", matches });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const email = String(form.get("email") ?? "").slice(0, 300);
  const parsed = ResetRequestSchema.safeParse({ email });
  if (!parsed.success) return data({ email, errors: fieldErrors(parsed.error) as FieldErrors, banner: null }, { status: 400 });
  try {
    // The e-mail is in the language of this page, its link to this language's reset page.
    await requestPasswordReset(deps, parsed.data.email, context.clientIp, requestLocale(request));
    // The same answer whether or not the address has an account.
    return { email, errors: {} as FieldErrors, banner: { tone: "success", message: AUTH_MESSAGES.resetRequested } as Banner };
  } catch (error) {
    const failure = failureBanner(deps, error, () => error instanceof Error ? error.message : AUTH_MESSAGES.unexpected, context.requestId);
    return data({ email, errors: {} as FieldErrors, banner: { tone: "error", message: failure.detail ?? failure.message } as Banner }, { status: failure.status });
  }
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const t = useText(FORGOT_PAGE, HINDI_FORMS, (hi) => hi.FORGOT_PAGE_HI);
  const { formRef, busy, errors, banner, refuse, accept } = useAccountForm<FieldErrors>(actionData, {
    refused: !!actionData?.errors && Object.keys(actionData.errors).length > 0,
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    checkBeforeSubmit(authChecks, event, (schemas) => {
      const parsed = schemas.ResetRequestSchema.safeParse({ email: new FormData(event.currentTarget).get("email") });
      if (!parsed.success) return refuse(event, schemas.fieldErrors(parsed.error));
      accept();
    });
  }

  return (
    <AuthCard title={t.title} subtitle={t.subtitle}>
      <StatusBanner tone={banner?.tone} message={banner?.message} />
      <Form method="post" ref={formRef} noValidate={hydrated} onSubmit={onSubmit} onFocus={() => authChecks.prefetch()} className="space-y-4">
        <EmailField label={t.email} name="email" defaultValue={actionData?.email} error={errors.email} />
        <button type="submit" className="btn-primary w-full justify-center" disabled={busy}>
          {busy ? t.busy : t.submit}
        </button>
      </Form>
      <p className="mt-6 text-center text-sm">
        <LocaleLink to="/sign-in" className="font-semibold text-emerald-800 underline-offset-4 hover:underline">
          {t.backToSignIn}
        </LocaleLink>
      </p>
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <AuthErrorBoundary title={FORGOT_PAGE.title} titleHi={(hi) => hi.FORGOT_PAGE_HI.title} />;
}
