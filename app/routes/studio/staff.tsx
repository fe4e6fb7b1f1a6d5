import { Form, Link, data, useNavigation } from "react-router";
import { STAFF_ACCESS, STUDIO_MESSAGES } from "@shared/content/studio";
import { STAFF_PAGE } from "@shared/content/studio-access";
import { StaffInviteSchema, StaffRoleSchema } from "@shared/schemas/studio-staff";
import { studioMeta } from "~/components/studio/meta";
import { formatStudioTime, useStudioTimeZone } from "~/components/studio/access-format";
import { Button, DataTable, Field, Notice, PageHeader, StatusBadge, TD, buttonClass, HeadRow } from "~/components/studio/ui";
import { requireStudio, stepUpFromForm } from "~/lib/studio.server";
import { StepUpField } from "~/components/studio/step-up";
import { checkForm, type FieldMessages, formValues, useSchemaForm } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { normalizeEmail } from "../../../server/services/auth/accounts";
import { changeRole, listStaff, resetSecondFactor, revokeAccess } from "../../../server/services/staff/access";
import { inviteStaff } from "../../../server/services/staff/invitations";
import { isStepUpError } from "../../../server/services/step-up";
import type { Route } from "./+types/staff";

export function meta() {
  return studioMeta(STAFF_PAGE.metaTitle);
}

const PAGE = "/studio/staff";

/** An action's `Retry-After` reaches the answer (React Router passes a route's own headers only through this). */
export function headers({ actionHeaders }: Route.HeadersArgs) {
  return actionHeaders;
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const staff = await listStaff(args.context.deps);
  // ?revoke=<e-mail> asks for confirmation first (a plain link, so it works without JavaScript).
  const asked = new URL(args.request.url).searchParams.get("revoke");
  const confirming = asked ? (staff.find((m) => m.email === asked && m.id !== studio.userId)?.email ?? null) : null;
  // ?manage=<e-mail> opens the member's role and second-factor forms (plain links and forms: no JavaScript needed).
  const manageAsked = new URL(args.request.url).searchParams.get("manage");
  const managing = manageAsked ? (staff.find((m) => m.email === manageAsked && m.id !== studio.userId) ?? null) : null;
  return { you: studio.userId, staff, confirming, managing };
}

type ActionResult = {
  intent: "invite" | "revoke" | "role" | "reset-2fa";
  done: string | null;
  problem: string | null;
  /** The refused form's messages by field: its schema's (what the browser said too), or the service's. */
  errors: FieldMessages;
  values: { email: string; access: string };
  /** The action wants a fresh second-factor code (the form shows its field), and why the last one was refused. */
  stepUp?: boolean;
  stepUpError?: string | null;
};

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const form = await args.request.formData();
  const asked = form.get("intent");
  const intent: ActionResult["intent"] = asked === "revoke" || asked === "role" || asked === "reset-2fa" ? asked : "invite";
  const email = String(form.get("email") ?? "").trim().slice(0, 320);
  const access = String(form.get("access") ?? "");
  const result = (status: number, r: Partial<ActionResult>, headers?: Record<string, string>) =>
    data<ActionResult>({ intent, done: null, problem: null, errors: {}, values: { email, access }, ...r }, { status, headers });

  // The schema the browser checked the invitation and the role with (useSchemaForm), again for a form posted without
  // JavaScript; before the code beside the form is spent, so a bad address does not use it up.
  if (intent === "invite" || intent === "role") {
    const checked = checkForm(intent === "invite" ? StaffInviteSchema : StaffRoleSchema, formValues(form));
    if (checked.errors) return result(400, { errors: checked.errors });
  }
  const stepUpError = await stepUpFromForm(args, studio, form);
  if (stepUpError) return result(400, { stepUp: true, stepUpError });
  try {
    if (intent === "invite") {
      await inviteStaff(deps, email, access as (typeof STAFF_ACCESS)[number], studio.actor);
      return result(200, { done: STAFF_PAGE.invited(email), values: { email: "", access: "editor" } });
    }
    if (normalizeEmail(email) === normalizeEmail(studio.email)) {
      const problem = intent === "role" ? STUDIO_MESSAGES.notYourRole : intent === "reset-2fa" ? STUDIO_MESSAGES.notYourSecondFactor : STUDIO_MESSAGES.notYourself;
      return result(403, { problem });
    }
    const member = (await listStaff(deps)).find((m) => normalizeEmail(m.email) === normalizeEmail(email));
    if (!member) return result(404, { problem: STAFF_PAGE.notStaff });
    if (intent === "role") {
      const changed = await changeRole(deps, member.email, access as (typeof STAFF_ACCESS)[number], studio.actor);
      return result(200, { done: changed ? STAFF_PAGE.roleChanged(member.email, access) : STAFF_PAGE.roleSame(member.email) });
    }
    if (intent === "reset-2fa") {
      await resetSecondFactor(deps, member.email, studio.actor);
      return result(200, { done: STAFF_PAGE.resetDone(member.email) });
    }
    await revokeAccess(deps, member.email, studio.actor);
    return result(200, { done: STAFF_PAGE.revoked(member.email) });
  } catch (error) {
    if (isStepUpError(error)) return result(403, { stepUp: true });
    const failure = pageError(error);
    if (!failure) throw error;
    if (failure.field === "email" || failure.field === "access") return result(failure.status, { errors: { [failure.field]: failure.message } });
    return result(failure.status, { problem: failure.detail }, failure.headers);
  }
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const zone = useStudioTimeZone();
  const { staff, you, confirming, managing } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const invite = actionData?.intent === "invite" ? actionData : null;
  const inviteForm = useSchemaForm(StaffInviteSchema, invite?.errors);
  return (
    <>
      <PageHeader title={STAFF_PAGE.title} description={STAFF_PAGE.description} />
      {actionData?.done ? <Notice tone="success">{actionData.done}</Notice> : null}
      {actionData?.problem ? <Notice tone="error">{actionData.problem}</Notice> : null}
      {confirming && !actionData?.done ? (
        <section aria-labelledby="revoke-title" className="mb-6 rounded-lg border border-red-300 bg-red-50 p-4">
          <h2 id="revoke-title" className="font-semibold text-red-900">
            {STAFF_PAGE.revokeConfirmTitle(confirming)}
          </h2>
          <p className="mt-1 text-sm text-red-900">{STAFF_PAGE.revokeConfirmText}</p>
          <Form method="post" action={`${PAGE}?revoke=${encodeURIComponent(confirming)}`} className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="email" value={confirming} />
            <StepUpField show={actionData?.intent === "revoke" && actionData.stepUp} error={actionData?.stepUpError} />
            <Button type="submit" tone="danger" disabled={busy}>
              {STAFF_PAGE.revokeConfirm}
            </Button>
            <Link to={PAGE} className={buttonClass("secondary")}>
              {STAFF_PAGE.cancel}
            </Link>
          </Form>
        </section>
      ) : null}
      {managing ? <ManageMember key={managing.email} member={managing} actionData={actionData} busy={busy} /> : null}
      <DataTable caption={STAFF_PAGE.caption}>
        <HeadRow columns={[STAFF_PAGE.name, STAFF_PAGE.email, STAFF_PAGE.access, STAFF_PAGE.secondFactor, STAFF_PAGE.lastSignIn, STAFF_PAGE.actions]} />
        <tbody className="divide-y divide-slate-100 bg-white">
          {staff.map((member) => (
            <tr key={member.id}>
              <td className={TD}>
                {member.name || "—"} {member.id === you ? <span className="text-slate-600">{STAFF_PAGE.you}</span> : null}
              </td>
              <td className={`${TD} break-all`}>{member.email}</td>
              <td className={TD}>{STAFF_PAGE.accessNames[member.access] ?? member.access}</td>
              <td className={TD}>
                {member.secondFactor ? <StatusBadge tone="good">{STAFF_PAGE.on}</StatusBadge> : <StatusBadge tone="waiting">{STAFF_PAGE.off}</StatusBadge>}
              </td>
              <td className={`${TD} whitespace-nowrap`}>{member.lastLoginAt ? formatStudioTime(member.lastLoginAt, zone) : STAFF_PAGE.never}</td>
              <td className={TD}>
                {member.id === you ? null : (
                  <span className="flex flex-col gap-1">
                    <Link
                      to={`${PAGE}?manage=${encodeURIComponent(member.email)}`}
                      className="font-semibold whitespace-nowrap text-emerald-800 underline underline-offset-4"
                      aria-label={`${STAFF_PAGE.manage}: ${member.email}`}
                    >
                      {STAFF_PAGE.manage}
                    </Link>
                    <Link
                      to={`${PAGE}?revoke=${encodeURIComponent(member.email)}`}
                      className="font-semibold whitespace-nowrap text-red-700 underline underline-offset-4"
                      aria-label={`${STAFF_PAGE.revoke}: ${member.email}`}
                    >
                      {STAFF_PAGE.revoke}
                    </Link>
                  </span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <section aria-labelledby="invite-title" className="mt-8 max-w-xl rounded-lg border border-slate-200 bg-white p-5">
        <h2 id="invite-title" className="text-lg font-semibold text-slate-900">
          {STAFF_PAGE.inviteTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{STAFF_PAGE.inviteText}</p>
        <Form method="post" action={PAGE} ref={inviteForm.formRef} noValidate onSubmit={inviteForm.onSubmit} onInput={inviteForm.onInput} className="mt-4 space-y-4" key={invite?.done ?? "invite"}>
          <input type="hidden" name="intent" value="invite" />
          <Field
            label={STAFF_PAGE.inviteEmail}
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={320}
            defaultValue={invite?.values.email ?? ""}
            error={inviteForm.errors.email}
          />
          <AccessSelect defaultValue={invite?.values.access || "editor"} error={inviteForm.errors.access} />
          <StepUpField show={invite?.stepUp} error={invite?.stepUpError} />
          <Button type="submit" tone="primary" disabled={busy}>
            {STAFF_PAGE.inviteSubmit}
          </Button>
        </Form>
      </section>
    </>
  );
}

/** One member's role and second factor: two small forms, each asking for a fresh code when the session's is stale. */
function ManageMember({ member, actionData, busy }: { member: { email: string; access: string; secondFactor: boolean }; actionData: ActionResult | undefined; busy: boolean }) {
  const action = `${PAGE}?manage=${encodeURIComponent(member.email)}`;
  const role = actionData?.intent === "role" ? actionData : null;
  const roleForm = useSchemaForm(StaffRoleSchema, role?.errors);
  const reset = actionData?.intent === "reset-2fa" ? actionData : null;
  return (
    <section aria-labelledby="manage-title" className="mb-6 max-w-xl rounded-lg border border-slate-200 bg-white p-5">
      <h2 id="manage-title" className="text-lg font-semibold break-words text-slate-900">
        {STAFF_PAGE.manageTitle(member.email)}
      </h2>
      <Form method="post" action={action} ref={roleForm.formRef} noValidate onSubmit={roleForm.onSubmit} onInput={roleForm.onInput} className="mt-4 space-y-3">
        <input type="hidden" name="intent" value="role" />
        <input type="hidden" name="email" value={member.email} />
        <p className="text-sm text-slate-600">{STAFF_PAGE.roleText}</p>
        <AccessSelect id="role-access" label={STAFF_PAGE.roleLabel} defaultValue={role?.values.access || member.access} error={roleForm.errors.access} />
        <StepUpField show={role?.stepUp} error={role?.stepUpError} />
        <Button type="submit" tone="primary" disabled={busy}>
          {STAFF_PAGE.roleSubmit}
        </Button>
      </Form>
      <Form method="post" action={action} className="mt-6 space-y-3 border-t border-slate-200 pt-4">
        <input type="hidden" name="intent" value="reset-2fa" />
        <input type="hidden" name="email" value={member.email} />
        <h3 className="font-semibold text-slate-900">{STAFF_PAGE.resetTitle}</h3>
        <p className="text-sm text-slate-600">{STAFF_PAGE.resetText}</p>
        <StepUpField show={reset?.stepUp} error={reset?.stepUpError} />
        <Button type="submit" tone="danger" disabled={busy}>
          {STAFF_PAGE.resetSubmit}
        </Button>
      </Form>
      <Link to={PAGE} className={`${buttonClass("secondary")} mt-4`}>
        {STAFF_PAGE.cancel}
      </Link>
    </section>
  );
}

function AccessSelect({ defaultValue, error, id = "invite-access", label = STAFF_PAGE.inviteAccess }: { defaultValue: string; error?: string; id?: string; label?: string }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name="access"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-emerald-700 focus:ring-2 focus:ring-emerald-700/30 focus:outline-none ${error ? "border-red-600" : "border-slate-300"}`}
      >
        {STAFF_ACCESS.map((access) => (
          <option key={access} value={access}>
            {STAFF_PAGE.accessNames[access]}
          </option>
        ))}
      </select>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
