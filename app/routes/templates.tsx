import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { useEffect, useRef, useState } from "react";
import { Form, data, useFetcher } from "react-router";
import { focusFirstInvalid, PasswordField, SelectField, TextField } from "~/components/auth/fields";
import { StatusBanner } from "~/components/auth/status-banner";
import { AUTH_MESSAGES, INDUSTRY_TEMPLATES, industriesFirst, SIGN_UP_PAGE, TEMPLATES_PAGE } from "@shared/content/auth";
import { INDUSTRIES, whatsappLink } from "@shared/content/site";
import { authChecks } from "~/lib/form-checks";
import { ChangePasswordSchema, fieldErrors, type FieldErrors, ProfileUpdateSchema } from "@shared/schemas/auth";
import { type Banner, failureBanner, requireUser } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { setSessionUser, useHydrated, type SessionUser } from "~/lib/session-user";
import { pageError } from "~/lib/service-errors.server";
import { sessionTokenOf } from "../../server/http/cookies";
import { resendVerification, updateProfile } from "../../server/services/auth/accounts";
import { changePassword } from "../../server/services/auth/password-change";
import type { Route } from "./+types/templates";
import { localeOfPath, localePath } from "@shared/i18n";
import { requestLocale, useLocale } from "~/lib/locale";
import type { Industry } from "@shared/content/site";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).TEMPLATES_PAGE_HI : TEMPLATES_PAGE;
  return pageMeta({ title: t.metaTitle, description: t.metaDescription, path: "/templates", matches, noindex: true });
}

export function headers() {
  return { "Cache-Control": "no-store" };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUser(request, context);
  return data({ user }, { headers: { "Cache-Control": "no-store" } });
}

/** Without JavaScript the profile form and the resend button post here; with it the profile goes through PUT /api/auth/profile. */
export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const user = await requireUser(request, context);
  const form = await request.formData();
  if (form.get("intent") === "resend") {
    try {
      // The new link's e-mail is in the language of the page it was asked from.
      await resendVerification(deps, user._id, context.clientIp, requestLocale(request));
      return { intent: "resend", banner: { tone: "success", message: AUTH_MESSAGES.verificationSent } as Banner, errors: {} as FieldErrors, user };
    } catch (error) {
      const failure = failureBanner(deps, error, () => AUTH_MESSAGES.unexpected, context.requestId);
      return data({ intent: "resend", banner: { tone: "error", message: failure.detail ?? failure.message } as Banner, errors: {} as FieldErrors, user }, { status: failure.status });
    }
  }
  if (form.get("intent") === "password") {
    // The current password, then the new one (the spec's length rule here, the server's policy in the service).
    const parsed = ChangePasswordSchema.safeParse({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") });
    if (!parsed.success) return data({ intent: "password", banner: null, errors: fieldErrors(parsed.error) as FieldErrors, user }, { status: 400 });
    try {
      await changePassword(deps, user._id, sessionTokenOf(deps.config, request.headers) ?? "", parsed.data);
      return { intent: "password", banner: { tone: "success", message: AUTH_MESSAGES.passwordChanged } as Banner, errors: {} as FieldErrors, user };
    } catch (error) {
      const failure = pageError(error);
      if (!failure) throw error;
      const banner = failure.field ? null : ({ tone: "error", message: failure.detail } as Banner);
      return data({ intent: "password", banner, errors: failure.fieldErrors as FieldErrors, user }, { status: failure.status, headers: failure.headers });
    }
  }
  const changes = { name: String(form.get("name") ?? ""), company: String(form.get("company") ?? ""), industry: String(form.get("industry") ?? "") };
  const parsed = ProfileUpdateSchema.safeParse(changes);
  if (!parsed.success) {
    return data({ intent: "profile", banner: null, errors: fieldErrors(parsed.error) as FieldErrors, user: { ...user, ...changes } }, { status: 400 });
  }
  const updated = await updateProfile(deps, user._id, parsed.data);
  return { intent: "profile", banner: { tone: "success", message: AUTH_MESSAGES.profileSaved } as Banner, errors: {} as FieldErrors, user: updated };
}

export default function Templates({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const resend = useFetcher<typeof action>();
  const password = useFetcher<typeof action>();
  const passwordFormRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (password.state !== "idle") return;
    if (password.data?.errors && Object.keys(password.data.errors).length > 0) focusFirstInvalid(passwordFormRef.current);
    // Changed: the fields are emptied, so the passwords do not stay on the screen.
    if (password.data?.banner?.tone === "success") passwordFormRef.current?.reset();
  }, [password.state, password.data]);
  const formRef = useRef<HTMLFormElement>(null);
  const locale = useLocale();
  const t = useText(TEMPLATES_PAGE, HINDI_FORMS, (hi) => hi.TEMPLATES_PAGE_HI);
  const kits = locale === "hi" ? hindiNow(HINDI_FORMS).INDUSTRY_TEMPLATES_HI : INDUSTRY_TEMPLATES;
  const industryName = (industry: Industry) => (locale === "hi" ? hindiNow(HINDI_FORMS).INDUSTRY_LABELS_HI[industry] : industry);
  const [user, setUser] = useState(loaderData.user);
  const [profileBanner, setProfileBanner] = useState<Banner | null>(null);
  const [profileErrors, setProfileErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => setUser(loaderData.user), [loaderData.user]);
  useEffect(() => setSessionUser(user as SessionUser), [user]);
  useEffect(() => {
    if (actionData?.intent === "profile") {
      setProfileBanner(actionData.banner);
      setProfileErrors(actionData.errors);
      if (!actionData.banner) focusFirstInvalid(formRef.current);
    }
  }, [actionData]);

  async function saveProfile(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const f = new FormData(event.currentTarget);
    const changes = { name: String(f.get("name") ?? ""), company: String(f.get("company") ?? ""), industry: String(f.get("industry") ?? "") };
    // Offline before the checks arrived: the server's own checks answer.
    const schemas = await authChecks.load().catch(() => null);
    const parsed = schemas?.ProfileUpdateSchema.safeParse(changes);
    if (schemas && parsed && !parsed.success) {
      setProfileBanner(null);
      setProfileErrors(schemas.fieldErrors(parsed.error));
      requestAnimationFrame(() => focusFirstInvalid(formRef.current));
      return;
    }
    setSaving(true);
    setProfileErrors({});
    try {
      const res = await fetch("/api/auth/profile", {
        method: "PUT",
        credentials: "same-origin",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: JSON.stringify(parsed?.data ?? changes),
      });
      const body = (await res.json()) as { success?: boolean; message?: string; user?: typeof user; field?: string };
      if (res.ok && body.user) {
        setUser(body.user);
        setProfileBanner({ tone: "success", message: AUTH_MESSAGES.profileSaved });
      } else if (res.status === 401) {
        setProfileBanner({ tone: "error", message: AUTH_MESSAGES.notAuthenticated });
      } else {
        setProfileBanner({ tone: "error", message: body.message ?? AUTH_MESSAGES.unexpected });
      }
    } catch {
      setProfileBanner({ tone: "error", message: AUTH_MESSAGES.network });
    } finally {
      setSaving(false);
    }
  }

  const resendBanner = resend.data?.banner ?? (actionData?.intent === "resend" ? actionData.banner : null);
  const passwordResult = password.data ?? (actionData?.intent === "password" ? actionData : undefined);
  const industries = industriesFirst(user.industry);
  const firstName = user.name.split(" ")[0] || user.name;
  const site = useSite();
  const book = useBookDemoLink();

  return (
    <div className="mx-auto max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold text-slate-900 [overflow-wrap:anywhere] sm:text-4xl">{t.greeting(firstName)}</h1>
          <p className="mt-2 max-w-2xl text-slate-700">{t.intro}</p>
        </div>
        {/* The header's Sign Out takes over once the page runs (one button, not two); without JavaScript this is the way out. */}
        <Form method="post" action={localePath("/sign-out", locale)} onSubmit={() => setSessionUser(null)} className="js-hidden">
          <button type="submit" className="btn-ghost">
            {t.signOut}
          </button>
        </Form>
      </div>

      {!user.emailVerified && (
        <div className="mt-6 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-amber-950">
          <p className="text-sm font-medium">{t.verifyBanner}</p>
          <resend.Form method="post">
            <input type="hidden" name="intent" value="resend" />
            <button type="submit" className="btn-ghost bg-white" disabled={resend.state !== "idle"}>
              {resend.state !== "idle" ? t.resendBusy : t.resend}
            </button>
          </resend.Form>
        </div>
      )}
      <div className="mt-3">
        <StatusBanner tone={resendBanner?.tone} message={resendBanner?.message} />
      </div>

      <div className="mt-6 grid gap-10 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0">
          {industries.map((industry, index) => (
            <section key={industry} aria-labelledby={`kit-${index}`} className="mb-10">
              <h2 id={`kit-${index}`} className="text-xl font-bold text-slate-900">
                {industryName(industry)}
                {index === 0 && industry === user.industry && (
                  <span className="ml-2 rounded-full bg-emerald-100 px-2 py-0.5 align-middle text-xs font-semibold text-emerald-900">
                    {t.yourIndustry}
                  </span>
                )}
              </h2>
              {index === 1 && <p className="sr-only">{t.otherIndustries}</p>}
              <ul className="mt-4 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
                {kits[industry].map((template) => (
                  <li key={template.title} className="flex flex-col rounded-xl bg-white p-4 shadow-sm ring-1 ring-slate-200">
                    <h3 className="font-semibold text-slate-900">{template.title}</h3>
                    <p className="mt-1 text-sm text-slate-700">{template.description}</p>
                    {site && (
                      <p className="mt-auto flex flex-wrap gap-x-4 gap-y-1 pt-3 text-sm font-semibold" data-testid="kit-next-step">
                        <a
                          href={whatsappLink(site.whatsappNumber, t.kitMessage(industryName(industry), template.title))}
                          target="_blank"
                          rel="noopener noreferrer"
                          aria-label={`${t.kitChatLabel(template.title)} ${t.newTab}`}
                          className="inline-flex min-h-11 items-center text-emerald-800 underline underline-offset-4 hover:text-emerald-950"
                        >
                          {t.kitChat}
                        </a>
                        <a
                          {...linkAttrs(book!)}
                          aria-label={book?.external ? `${t.kitDemoLabel(template.title)} ${t.newTab}` : t.kitDemoLabel(template.title)}
                          className="inline-flex min-h-11 items-center text-slate-800 underline underline-offset-4 hover:text-slate-950"
                        >
                          {t.kitDemo}
                        </a>
                      </p>
                    )}
                  </li>
                ))}
              </ul>
            </section>
          ))}
        </div>

        <aside aria-labelledby="profile-heading" className="h-fit rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 lg:sticky lg:top-24">
          <h2 id="profile-heading" className="text-xl font-bold text-slate-900">
            {t.profileHeading}
          </h2>
          <p className="mt-2 text-sm text-slate-700">
            {t.email}: <span className="[overflow-wrap:anywhere]">{user.email}</span>
            {/* Never broken inside a word ("verifie d"): it moves to the next line whole. */}
            {user.emailVerified && <span className="ml-2 inline-block whitespace-nowrap font-semibold text-emerald-800">({t.verified})</span>}
          </p>
          <div className="mt-4">
            <StatusBanner tone={profileBanner?.tone} message={profileBanner?.message} />
          </div>
          <Form method="post" ref={formRef} noValidate={hydrated} onSubmit={hydrated ? saveProfile : undefined} onFocus={() => authChecks.prefetch()} className="space-y-4">
            <input type="hidden" name="intent" value="profile" />
            <TextField label={t.name} name="name" autoComplete="name" required maxLength={100} defaultValue={user.name} key={`n-${user.name}`} error={profileErrors.name} />
            <TextField label={t.company} name="company" autoComplete="organization" required maxLength={120} defaultValue={user.company} key={`c-${user.company}`} error={profileErrors.company} />
            <SelectField label={t.industry} name="industry" options={INDUSTRIES} optionLabels={locale === "hi" ? hindiNow(HINDI_FORMS).INDUSTRY_LABELS_HI : undefined} required defaultValue={user.industry} key={`i-${user.industry}`} error={profileErrors.industry} />
            <button type="submit" className="btn-primary w-full justify-center" disabled={saving}>
              {saving ? t.saving : t.save}
            </button>
          </Form>

          <h2 id="password-heading" className="mt-8 text-xl font-bold text-slate-900">
            {t.passwordHeading}
          </h2>
          <div className="mt-4">
            <StatusBanner tone={passwordResult?.banner?.tone} message={passwordResult?.banner?.message} />
          </div>
          <password.Form method="post" ref={passwordFormRef} noValidate={hydrated} aria-labelledby="password-heading" className="mt-2 space-y-4">
            <input type="hidden" name="intent" value="password" />
            <PasswordField
              label={t.currentPassword}
              name="currentPassword"
              autoComplete="current-password"
              required
              maxLength={128}
              error={passwordResult?.errors.currentPassword}
            />
            <PasswordField
              label={t.newPassword}
              name="newPassword"
              autoComplete="new-password"
              required
              minLength={8}
              maxLength={128}
              hint={(locale === "hi" ? hindiNow(HINDI_FORMS).SIGN_UP_PAGE_HI : SIGN_UP_PAGE).passwordHint}
              error={passwordResult?.errors.newPassword}
            />
            <button type="submit" className="btn-primary w-full justify-center" disabled={password.state !== "idle"}>
              {password.state !== "idle" ? t.changingPassword : t.changePassword}
            </button>
          </password.Form>
        </aside>
      </div>
    </div>
  );
}
