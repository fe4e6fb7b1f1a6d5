import { useEffect, useRef } from "react";
import { Form, data, useNavigation } from "react-router";
import { AUTH_MESSAGES } from "@shared/content/auth";
import { STUDIO_PASSWORD_PAGE as P } from "@shared/content/studio";
import { STAFF_NAME_MAX, STUDIO_NAME_FORM as N } from "@shared/content/studio-access";
import { ChangePasswordSchema, type FieldErrors } from "@shared/schemas/auth";
import { studioMeta } from "~/components/studio/meta";
import { Button, Field, Notice, PageHeader } from "~/components/studio/ui";
import { checkForm, formValues, useSchemaForm } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { changePassword } from "../../../server/services/auth/password-change";
import { renameSelf } from "../../../server/services/staff/access";
import type { Route } from "./+types/password";

export function meta() {
  return studioMeta(P.metaTitle);
}

/** An action's `Retry-After` reaches the answer. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  return { name: studio.name };
}

type Result = { intent: "password" | "name"; done: boolean; errors: FieldErrors; banner: string | null; name?: string };

/** A staff member's new password: the current one required; their other sessions end, this one stays. */
export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await args.request.formData();
  if (form.get("intent") === "name") {
    const name = String(form.get("name") ?? "").slice(0, 400);
    try {
      const saved = await renameSelf(args.context.deps, studio.userId, name, studio.actor);
      return data<Result>({ intent: "name", done: true, errors: {}, banner: N.saved, name: saved });
    } catch (error) {
      const failure = pageError(error);
      if (!failure) throw error;
      return data<Result>({ intent: "name", done: false, errors: failure.fieldErrors, banner: failure.field ? null : failure.detail, name }, { status: failure.status });
    }
  }
  // The schema the browser checked with (useSchemaForm), again here for a form posted without JavaScript.
  const parsed = checkForm(ChangePasswordSchema, { currentPassword: "", newPassword: "", ...formValues(form) });
  if (parsed.errors) return data<Result>({ intent: "password", done: false, errors: parsed.errors, banner: null }, { status: 400 });
  try {
    await changePassword(args.context.deps, studio.userId, studio.sessionToken, parsed.data);
    return data<Result>({ intent: "password", done: true, errors: {}, banner: AUTH_MESSAGES.passwordChanged });
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    return data<Result>({ intent: "password", done: false, errors: failure.fieldErrors, banner: failure.field ? null : failure.detail }, { status: failure.status, headers: failure.headers });
  }
}

export default function StudioPassword({ loaderData, actionData: result }: Route.ComponentProps) {
  const actionData = result?.intent === "password" ? result : undefined;
  const named = result?.intent === "name" ? result : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const password = useSchemaForm(ChangePasswordSchema, actionData?.errors);
  const { formRef } = password;
  const nameRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (named && !named.done) nameRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [named]);
  // A changed password empties the form (a refusal's focus is useSchemaForm's).
  useEffect(() => {
    if (actionData?.done) formRef.current?.reset();
  }, [actionData, formRef]);
  return (
    <section className="max-w-md">
      <PageHeader title={P.title} description={P.description} />
      <section aria-labelledby="own-name-title" className="mb-8 rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="own-name-title" className="text-lg font-semibold text-slate-900">
          {N.title}
        </h2>
        <p className="mt-1 mb-3 text-sm text-slate-600">{N.description}</p>
        {named?.banner ? <Notice tone={named.done ? "success" : "error"}>{named.banner}</Notice> : null}
        <Form method="post" ref={nameRef} className="space-y-4" key={named?.done ? named.name : "name"}>
          <input type="hidden" name="intent" value="name" />
          <Field
            label={N.label}
            name="name"
            autoComplete="name"
            required
            maxLength={STAFF_NAME_MAX}
            defaultValue={named && !named.done ? (named.name ?? "") : (named?.name ?? loaderData.name)}
            error={named?.errors.name}
          />
          <Button type="submit" tone="primary" disabled={busy}>
            {N.submit}
          </Button>
        </Form>
      </section>
      {actionData?.banner ? <Notice tone={actionData.done ? "success" : "error"}>{actionData.banner}</Notice> : null}
      <Form method="post" ref={formRef} noValidate onSubmit={password.onSubmit} onInput={password.onInput} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <input type="hidden" name="intent" value="password" />
        <Field label={P.current} name="currentPassword" type="password" autoComplete="current-password" required maxLength={128} error={password.errors.currentPassword} />
        <Field
          label={P.next}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint={P.hint}
          error={password.errors.newPassword}
        />
        <Button type="submit" tone="primary" disabled={busy}>
          {busy ? P.busy : P.submit}
        </Button>
      </Form>
    </section>
  );
}
