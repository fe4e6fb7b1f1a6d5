import { useEffect, useRef } from "react";
import { Form, Link, data, redirect, useNavigation } from "react-router";
import { AuthCard } from "~/components/auth/auth-card";
import { focusFirstInvalid, PasswordField, TextField } from "~/components/auth/fields";
import { StatusBanner } from "~/components/auth/status-banner";
import { STUDIO_MESSAGES, STUDIO_PAGES } from "@shared/content/studio";
import { INVITATION_PAGE } from "@shared/content/studio-access";
import { currentUser } from "~/lib/auth.server";
import { pageMeta } from "~/lib/seo";
import { pageError } from "~/lib/service-errors.server";
import { sessionTokenOf } from "../../server/http/cookies";
import { normalizeEmail } from "../../server/services/auth/accounts";
import { resolveSession } from "../../server/services/auth/sessions";
import { acceptInvitation, invitationFor } from "../../server/services/staff/invitations";
import type { Route } from "./+types/studio-invitation";

const PATH = "/studio/invitation";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: INVITATION_PAGE.metaTitle, description: INVITATION_PAGE.title, path: PATH, matches, noindex: true });
}

export function headers() {
  // The token is in the address: out of caches and other sites' Referer (same-origin: a plain form post keeps its Origin).
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

type State =
  | { state: "invalid" }
  | { state: "new"; email: string; access: string }
  | { state: "sign-in"; email: string; access: string; signIn: string }
  | { state: "other"; email: string; access: string }
  | { state: "accept"; email: string; access: string };

const tokenOf = (value: unknown) => (typeof value === "string" && value.length > 0 && value.length <= 200 ? value : "");

export async function loader({ request, context }: Route.LoaderArgs): Promise<State & { token: string }> {
  const token = tokenOf(new URL(request.url).searchParams.get("token"));
  const invitation = token ? await invitationFor(context.deps, token) : null;
  if (!invitation) return { state: "invalid", token: "" };
  const { email, access } = invitation;
  if (!invitation.accountExists) return { state: "new", email, access, token };
  const user = await currentUser(request, context);
  if (!user) {
    const back = `${PATH}?token=${encodeURIComponent(token)}`;
    return { state: "sign-in", email, access, token, signIn: `/sign-in?redirectTo=${encodeURIComponent(back)}` };
  }
  return { state: normalizeEmail(user.email) === email ? "accept" : "other", email, access, token };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const token = tokenOf(form.get("token"));
  const name = String(form.get("name") ?? "").slice(0, 200);
  const password = String(form.get("password") ?? "").slice(0, 200);
  const signedInUserId = await resolveSession(deps, sessionTokenOf(deps.config, request.headers));
  try {
    const { created } = await acceptInvitation(deps, token, { name, password, signedInUserId, clientIp: context.clientIp });
    if (!created) throw redirect(STUDIO_PAGES.home, 303);
    return { done: true, errors: {} as Record<string, string>, banner: null as string | null, name };
  } catch (error) {
    if (error instanceof Response) throw error;
    const failure = pageError(error);
    if (!failure) throw error;
    const fieldErrors = failure.field === "name" || failure.field === "password" ? failure.fieldErrors : {};
    const banner = failure.field === "token" ? STUDIO_MESSAGES.invitationInvalid : failure.field ? null : failure.detail;
    return data({ done: false, errors: fieldErrors, banner, name }, { status: failure.status, headers: failure.headers });
  }
}

export default function StudioInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (actionData && !actionData.done) focusFirstInvalid(formRef.current);
  }, [actionData]);

  if (actionData?.done) {
    return (
      <AuthCard title={INVITATION_PAGE.title}>
        <StatusBanner tone="success" message={INVITATION_PAGE.acceptedNew} />
        <Link to={`/sign-in?redirectTo=${encodeURIComponent(STUDIO_PAGES.home)}`} className="btn-primary w-full justify-center">
          {INVITATION_PAGE.signIn}
        </Link>
      </AuthCard>
    );
  }
  if (loaderData.state === "invalid") {
    return (
      <AuthCard title={INVITATION_PAGE.invalidTitle}>
        <StatusBanner tone="error" message={STUDIO_MESSAGES.invitationInvalid} />
        <Link to="/" className="btn-primary w-full justify-center">
          {INVITATION_PAGE.home}
        </Link>
      </AuthCard>
    );
  }
  const { state, email, access, token } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <AuthCard title={INVITATION_PAGE.title} subtitle={INVITATION_PAGE.invitedAs(email, access)}>
      <StatusBanner tone="error" message={actionData?.banner ?? undefined} />
      {state === "new" ? (
        <Form method="post" action={`${PATH}?token=${encodeURIComponent(token)}`} ref={formRef} className="space-y-4">
          <p className="text-slate-700">{INVITATION_PAGE.newAccount}</p>
          <input type="hidden" name="token" value={token} />
          <TextField label={INVITATION_PAGE.nameLabel} name="name" autoComplete="name" required maxLength={100} defaultValue={actionData?.name} error={errors.name} />
          <PasswordField
            label={INVITATION_PAGE.passwordLabel}
            name="password"
            autoComplete="new-password"
            required
            maxLength={128}
            hint={INVITATION_PAGE.passwordHint}
            error={errors.password}
          />
          <button type="submit" className="btn-primary w-full justify-center" disabled={busy}>
            {busy ? INVITATION_PAGE.busy : INVITATION_PAGE.submitNew}
          </button>
        </Form>
      ) : state === "sign-in" ? (
        <>
          <p className="mb-4 text-slate-700">{INVITATION_PAGE.existingSignIn}</p>
          <Link to={loaderData.signIn} className="btn-primary w-full justify-center">
            {INVITATION_PAGE.signIn}
          </Link>
        </>
      ) : state === "other" ? (
        <>
          <p className="mb-4 text-slate-700">{INVITATION_PAGE.otherAccount(email)}</p>
          <Form method="post" action="/sign-out" reloadDocument>
            <button type="submit" className="btn-primary w-full justify-center">
              {INVITATION_PAGE.signOut}
            </button>
          </Form>
        </>
      ) : (
        <Form method="post" action={`${PATH}?token=${encodeURIComponent(token)}`} ref={formRef}>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="btn-primary w-full justify-center" disabled={busy}>
            {busy ? INVITATION_PAGE.busy : INVITATION_PAGE.acceptExisting}
          </button>
        </Form>
      )}
    </AuthCard>
  );
}
