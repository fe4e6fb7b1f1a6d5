import { useEffect, useRef, useState } from "react";
import { Form, useFetcher } from "react-router";
import { AUTH_MESSAGES, SIGN_UP_PAGE, TEMPLATES_PAGE } from "@shared/content/auth";
import { INDUSTRIES } from "@shared/content/site";
import type { FieldErrors } from "@shared/schemas/auth";
import { focusFirstInvalid, PasswordField, SelectField, TextField } from "~/components/auth/fields";
import { StatusBanner } from "~/components/auth/status-banner";
import type { Banner } from "~/lib/auth.server";
import { authChecks } from "~/lib/form-checks";
import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { useLocale } from "~/lib/locale";
import type { PublicUser } from "../../../server/services/auth/accounts";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

/** The page action's answer to the profile, password and resend forms posted without JavaScript. */
export type ProfileAnswer = { intent: "profile" | "password" | "resend"; banner: Banner | null; errors: FieldErrors; user: PublicUser };

/**
 * The customer's profile and password beside the brief: the profile checked in the browser by the account schemas
 * and saved through /api (posted to the page without JavaScript), the password through the page's action.
 */
export function AccountAside({ user, onUser, answer, hydrated }: { user: PublicUser; onUser: (user: PublicUser) => void; answer: ProfileAnswer | undefined; hydrated: boolean }) {
  const locale = useLocale();
  const t = useText(TEMPLATES_PAGE, HINDI_FORMS, (hi) => hi.TEMPLATES_PAGE_HI);
  const password = useFetcher();
  const passwordFormRef = useRef<HTMLFormElement>(null);
  const passwordData = password.data as unknown as ProfileAnswer | undefined;
  useEffect(() => {
    if (password.state !== "idle") return;
    if (passwordData?.errors && Object.keys(passwordData.errors).length > 0) focusFirstInvalid(passwordFormRef.current);
    // Changed: the fields are emptied, so the passwords do not stay on the screen.
    if (passwordData?.banner?.tone === "success") passwordFormRef.current?.reset();
  }, [password.state, passwordData]);
  const formRef = useRef<HTMLFormElement>(null);
  const [profileBanner, setProfileBanner] = useState<Banner | null>(null);
  const [profileErrors, setProfileErrors] = useState<FieldErrors>({});
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (answer?.intent === "profile") {
      setProfileBanner(answer.banner);
      setProfileErrors(answer.errors);
      if (!answer.banner) focusFirstInvalid(formRef.current);
    }
  }, [answer]);

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
      const body = (await res.json()) as { success?: boolean; message?: string; user?: PublicUser; field?: string };
      if (res.ok && body.user) {
        onUser(body.user);
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

  const passwordResult = passwordData ?? (answer?.intent === "password" ? answer : undefined);
  return (
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
  );
}
