import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { Form, data, useNavigation } from "react-router";
import { localeOfPath } from "@shared/i18n";
import { LocaleLink } from "~/lib/locale";
import { AuthCard } from "~/components/auth/auth-card";
import { StatusBanner } from "~/components/auth/status-banner";
import { AUTH_MESSAGES, VERIFY_PAGE } from "@shared/content/auth";
import { VerifyEmailSchema } from "@shared/schemas/auth";
import { type Banner, currentUser, failureBanner } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { tokenIsUsable, verifyEmail } from "../../server/services/auth/accounts";
import type { Route } from "./+types/verify-email";
import { AuthErrorBoundary } from "~/components/auth/auth-error-boundary";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).VERIFY_PAGE_HI : VERIFY_PAGE;
  return pageMeta({ title: t.metaTitle, description: t.metaDescription, path: "/verify-email", matches, noindex: true });
}

export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

// Opening the link only shows a button: mail scanners that fetch links must not use up the single-use token.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  return { token, usable: await tokenIsUsable(context.deps, token, "verify") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const parsed = VerifyEmailSchema.safeParse({ token: form.get("token") });
  const signedIn = Boolean(await currentUser(request, context));
  if (!parsed.success) return data({ done: false, signedIn, banner: { tone: "error", message: AUTH_MESSAGES.verifyInvalid } as Banner }, { status: 400 });
  try {
    await verifyEmail(deps, parsed.data.token);
    return { done: true, signedIn, banner: { tone: "success", message: AUTH_MESSAGES.verifyDone } as Banner };
  } catch (error) {
    const failure = failureBanner(deps, error, () => AUTH_MESSAGES.verifyInvalid, context.requestId);
    const message = failure.kind === "invalid" ? AUTH_MESSAGES.verifyInvalid : failure.message;
    return data({ done: false, signedIn, banner: { tone: "error", message } as Banner }, { status: failure.status });
  }
}

export default function VerifyEmail({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const t = useText(VERIFY_PAGE, HINDI_FORMS, (hi) => hi.VERIFY_PAGE_HI);
  const busy = navigation.state === "submitting";
  const banner = actionData?.banner ?? (loaderData.usable ? null : ({ tone: "error", message: AUTH_MESSAGES.verifyInvalid } as Banner));
  return (
    <AuthCard title={t.title} subtitle={loaderData.usable && !actionData ? t.intro : undefined}>
      <StatusBanner tone={banner?.tone} message={banner?.message} />
      {loaderData.usable && !actionData ? (
        <Form method="post">
          <input type="hidden" name="token" value={loaderData.token} />
          <button type="submit" className="btn-primary w-full justify-center" disabled={busy}>
            {busy ? t.busy : t.submit}
          </button>
        </Form>
      ) : (
        <div className="flex justify-center">
          <LocaleLink to={actionData?.signedIn ? "/templates" : "/sign-in"} className="btn-primary">
            {actionData?.signedIn ? t.continue : t.signIn}
          </LocaleLink>
        </div>
      )}
    </AuthCard>
  );
}

export function ErrorBoundary() {
  return <AuthErrorBoundary title={VERIFY_PAGE.title} titleHi={(hi) => hi.VERIFY_PAGE_HI.title} />;
}
