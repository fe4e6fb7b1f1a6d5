import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { useEffect } from "react";
import { Form, data } from "react-router";
import { localeOfPath } from "@shared/i18n";
import { LocaleLink } from "~/lib/locale";
import { AuthCard } from "~/components/auth/auth-card";
import { PasswordField } from "~/components/auth/fields";
import { useAccountForm } from "~/lib/account-form";
import { StatusBanner } from "~/components/auth/status-banner";
import { AUTH_MESSAGES, AUTH_VALIDATION, RESET_PAGE } from "@shared/content/auth";
import { fieldErrors, type FieldErrors, ResetConfirmSchema } from "@shared/schemas/auth";
import { type Banner, failureBanner } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { pageError } from "~/lib/service-errors.server";
import { setSessionUser, useHydrated } from "~/lib/session-user";
import { clearSessionCookies } from "../../server/http/cookies";
import { confirmPasswordReset, tokenIsUsable } from "../../server/services/auth/accounts";
import type { Route } from "./+types/reset-password";
import { AuthErrorBoundary } from "~/components/auth/auth-error-boundary";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).RESET_PAGE_HI : RESET_PAGE;
  return pageMeta({ title: t.metaTitle, description: t.metaDescription, path: "/reset-password", matches, noindex: true });
}

export function headers() {
  // The token is in the address: keep the page out of caches and out of other sites' Referer. `same-origin`, not
  // `no-referrer`: with that, Chromium posts the plain form (no JavaScript) with `Origin: null`, which the cross-site
  // guard refuses.
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await tokenIsUsable(context.deps, token, "reset") };
}

function check(form: { token: unknown; password: unknown; confirm: unknown }) {
  const parsed = ResetConfirmSchema.safeParse(form);
  if (!parsed.success) return { ok: false as const, errors: fieldErrors(parsed.error) };
  if (form.password !== form.confirm) return { ok: false as const, errors: { confirm: AUTH_VALIDATION.passwordsDiffer } as FieldErrors };
  return { ok: true as const, data: parsed.data };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const result = check({ token: form.get("token"), password: form.get("password"), confirm: form.get("confirm") });
  if (!result.ok) return data({ done: false, errors: result.errors, banner: null }, { status: 400 });
  try {
    await confirmPasswordReset(deps, result.data.token, result.data.password);
    // Every session ended, this browser's too.
    const headers = new Headers({ "Cache-Control": "no-store" });
    for (const cookie of clearSessionCookies(deps.config)) headers.append("Set-Cookie", cookie);
    return data({ done: true, errors: {} as FieldErrors, banner: { tone: "success", message: AUTH_MESSAGES.resetDone } as Banner }, { headers });
  } catch (error) {
    // A password the server refuses (a common one, or the e-mail or name) is shown next to the field; the link still works.
    const refused = pageError(error);
    if (refused?.field === "password") {
      return data({ done: false, errors: refused.fieldErrors as FieldErrors, banner: null }, { status: 400 });
    }
    const failure = failureBanner(deps, error, () => AUTH_MESSAGES.resetInvalid, context.requestId);
    const message = failure.kind === "invalid" ? AUTH_MESSAGES.resetInvalid : failure.message;
    return data({ done: false, errors: {} as FieldErrors, banner: { tone: "error", message } as Banner }, { status: failure.status });
  }
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const t = useText(RESET_PAGE, HINDI_FORMS, (hi) => hi.RESET_PAGE_HI);
  const { formRef, busy, errors, banner, refuse, accept } = useAccountForm<FieldErrors>(actionData, {
    fallbackBanner: loaderData.usable ? null : ({ tone: "error", message: AUTH_MESSAGES.resetInvalid } as Banner),
    refused: !!actionData && !actionData.done,
  });
  const done = actionData?.done === true;

  useEffect(() => {
    if (actionData?.done) setSessionUser(null);
  }, [actionData]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    const f = new FormData(event.currentTarget);
    const result = check({ token: f.get("token"), password: f.get("password"), confirm: f.get("confirm") });
    if (!result.ok) return refuse(event, result.errors);
    accept();
  }

  const showForm = !done && (loaderData.usable || actionData !== undefined) && !(actionData?.banner?.tone === "error");
  return (
    <AuthCard title={t.title}>
      <StatusBanner tone={banner?.tone} message={banner?.message} />
      {showForm ? (
        <Form method="post" ref={formRef} noValidate={hydrated} onSubmit={onSubmit} className="space-y-4">
          <input type="hidden" name="token" value={loaderData.token} />
          <PasswordField label={t.password} name="password" autoComplete="new-password" required minLength={8} maxLength={128} hint={t.hint} error={errors.password} />
          <PasswordField label={t.confirm} name="confirm" autoComplete="new-password" required minLength={8} maxLength={128} error={errors.confirm} />
          <button type="submit" className="btn-primary w-full justify-center" disabled={busy}>
            {busy ? t.busy : t.submit}
          </button>
        </Form>
      ) : (
        <div className="flex flex-wrap justify-center gap-3">
          {done ? (
            <LocaleLink to="/sign-in" className="btn-primary">
              {t.signIn}
            </LocaleLink>
          ) : (
            <LocaleLink to="/forgot-password" className="btn-primary">
              {t.requestNew}
            </LocaleLink>
          )}
        </div>
      )}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <AuthErrorBoundary title={RESET_PAGE.title} titleHi={(hi) => hi.RESET_PAGE_HI.title} />;
}
