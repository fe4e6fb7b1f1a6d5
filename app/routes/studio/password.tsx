import { useEffect, useRef } from "react";
import { Form, data, useNavigation } from "react-router";
import { AUTH_MESSAGES } from "@shared/content/auth";
import { STUDIO_PASSWORD_PAGE as P } from "@shared/content/studio";
import { ChangePasswordSchema, fieldErrors, type FieldErrors } from "@shared/schemas/auth";
import { studioMeta } from "~/components/studio/meta";
import { Button, Field, Notice, PageHeader } from "~/components/studio/ui";
import { postedForm } from "~/lib/posted-form.server";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { changePassword } from "../../../server/services/auth/password-change";
import type { Route } from "./+types/password";

export function meta() {
  return studioMeta(P.metaTitle);
}

/** An action's `Retry-After` reaches the answer. */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  return null;
}

type Result = { done: boolean; errors: FieldErrors; banner: string | null };

/** A staff member's new password: the current one required; their other sessions end, this one stays. */
export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await postedForm(args.request);
  const parsed = ChangePasswordSchema.safeParse({ currentPassword: String(form.get("currentPassword") ?? ""), newPassword: String(form.get("newPassword") ?? "") });
  if (!parsed.success) return data<Result>({ done: false, errors: fieldErrors(parsed.error), banner: null }, { status: 400 });
  try {
    await changePassword(args.context.deps, studio.userId, studio.sessionToken, parsed.data);
    return data<Result>({ done: true, errors: {}, banner: AUTH_MESSAGES.passwordChanged });
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    return data<Result>({ done: false, errors: failure.fieldErrors, banner: failure.field ? null : failure.detail }, { status: failure.status, headers: failure.headers });
  }
}

export default function StudioPassword({ actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (!actionData) return;
    if (actionData.done) formRef.current?.reset();
    else formRef.current?.querySelector<HTMLInputElement>('[aria-invalid="true"]')?.focus();
  }, [actionData]);
  return (
    <section className="max-w-md">
      <PageHeader title={P.title} description={P.description} />
      {actionData?.banner ? <Notice tone={actionData.done ? "success" : "error"}>{actionData.banner}</Notice> : null}
      <Form method="post" ref={formRef} className="space-y-4 rounded-lg border border-slate-200 bg-white p-5">
        <Field label={P.current} name="currentPassword" type="password" autoComplete="current-password" required maxLength={128} error={actionData?.errors.currentPassword} />
        <Field
          label={P.next}
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          minLength={8}
          maxLength={128}
          hint={P.hint}
          error={actionData?.errors.newPassword}
        />
        <Button type="submit" tone="primary" disabled={busy}>
          {busy ? P.busy : P.submit}
        </Button>
      </Form>
    </section>
  );
}
