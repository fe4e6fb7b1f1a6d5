import { useEffect, useRef } from "react";
import { Form, Link, data, useNavigation } from "react-router";
import { STAFF_ACCESS, STUDIO_MESSAGES } from "@shared/content/studio";
import { STAFF_PAGE } from "@shared/content/studio-access";
import { studioMeta } from "~/components/studio/meta";
import { formatStudioTime } from "~/components/studio/access-format";
import { Button, DataTable, Field, Notice, PageHeader, StatusBadge, TD, TH, buttonClass } from "~/components/studio/ui";
import { postedForm } from "~/lib/posted-form.server";
import { requireStudio } from "~/lib/studio.server";
import { pageError } from "~/lib/service-errors.server";
import { normalizeEmail } from "../../../server/services/auth/accounts";
import { listStaff, revokeAccess } from "../../../server/services/staff/access";
import { inviteStaff } from "../../../server/services/staff/invitations";
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
  return { you: studio.userId, staff, confirming };
}

type ActionResult = {
  intent: "invite" | "revoke";
  done: string | null;
  problem: string | null;
  errors: { email?: string; access?: string };
  values: { email: string; access: string };
};

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const form = await postedForm(args.request);
  const intent = form.get("intent") === "revoke" ? "revoke" : "invite";
  const email = String(form.get("email") ?? "").trim().slice(0, 320);
  const access = String(form.get("access") ?? "");
  const result = (status: number, r: Partial<ActionResult>, headers?: Record<string, string>) =>
    data<ActionResult>({ intent, done: null, problem: null, errors: {}, values: { email, access }, ...r }, { status, headers });

  if (intent === "invite") {
    const errors: ActionResult["errors"] = {};
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) errors.email = STAFF_PAGE.emailInvalid;
    if (!(STAFF_ACCESS as readonly string[]).includes(access)) errors.access = STAFF_PAGE.accessInvalid;
    if (errors.email || errors.access) return result(400, { errors });
  }
  try {
    if (intent === "invite") {
      await inviteStaff(deps, email, access as (typeof STAFF_ACCESS)[number], studio.actor);
      return result(200, { done: STAFF_PAGE.invited(email), values: { email: "", access: "editor" } });
    }
    if (normalizeEmail(email) === normalizeEmail(studio.email)) return result(403, { problem: STUDIO_MESSAGES.notYourself });
    const member = (await listStaff(deps)).find((m) => normalizeEmail(m.email) === normalizeEmail(email));
    if (!member) return result(404, { problem: STAFF_PAGE.notStaff });
    await revokeAccess(deps, member.email, studio.actor);
    return result(200, { done: STAFF_PAGE.revoked(member.email) });
  } catch (error) {
    const failure = pageError(error);
    if (!failure) throw error;
    if (failure.field === "email" || failure.field === "access") return result(failure.status, { errors: { [failure.field]: failure.message } });
    return result(failure.status, { problem: failure.detail }, failure.headers);
  }
}

export default function Staff({ loaderData, actionData }: Route.ComponentProps) {
  const { staff, you, confirming } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const inviteRef = useRef<HTMLFormElement>(null);
  const invite = actionData?.intent === "invite" ? actionData : null;
  useEffect(() => {
    const field = invite?.errors.email ? "email" : invite?.errors.access ? "access" : null;
    if (field) inviteRef.current?.querySelector<HTMLElement>(`[name="${field}"]`)?.focus();
  }, [invite]);
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
          <Form method="post" action={PAGE} className="mt-3 flex flex-wrap gap-2">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="email" value={confirming} />
            <Button type="submit" tone="danger" disabled={busy}>
              {STAFF_PAGE.revokeConfirm}
            </Button>
            <Link to={PAGE} className={buttonClass("secondary")}>
              {STAFF_PAGE.cancel}
            </Link>
          </Form>
        </section>
      ) : null}
      <DataTable caption={STAFF_PAGE.caption}>
        <thead>
          <tr>
            <th scope="col" className={TH}>{STAFF_PAGE.name}</th>
            <th scope="col" className={TH}>{STAFF_PAGE.email}</th>
            <th scope="col" className={TH}>{STAFF_PAGE.access}</th>
            <th scope="col" className={TH}>{STAFF_PAGE.secondFactor}</th>
            <th scope="col" className={TH}>{STAFF_PAGE.lastSignIn}</th>
            <th scope="col" className={TH}>{STAFF_PAGE.actions}</th>
          </tr>
        </thead>
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
              <td className={`${TD} whitespace-nowrap`}>{member.lastLoginAt ? formatStudioTime(member.lastLoginAt) : STAFF_PAGE.never}</td>
              <td className={TD}>
                {member.id === you ? null : (
                  <Link
                    to={`${PAGE}?revoke=${encodeURIComponent(member.email)}`}
                    className="font-semibold whitespace-nowrap text-red-700 underline underline-offset-4"
                    aria-label={`${STAFF_PAGE.revoke}: ${member.email}`}
                  >
                    {STAFF_PAGE.revoke}
                  </Link>
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
        <Form method="post" action={PAGE} ref={inviteRef} className="mt-4 space-y-4" key={invite?.done ?? "invite"}>
          <input type="hidden" name="intent" value="invite" />
          <Field
            label={STAFF_PAGE.inviteEmail}
            name="email"
            type="email"
            autoComplete="off"
            required
            maxLength={320}
            defaultValue={invite?.values.email ?? ""}
            error={invite?.errors.email}
          />
          <AccessSelect defaultValue={invite?.values.access || "editor"} error={invite?.errors.access} />
          <Button type="submit" tone="primary" disabled={busy}>
            {STAFF_PAGE.inviteSubmit}
          </Button>
        </Form>
      </section>
    </>
  );
}

function AccessSelect({ defaultValue, error }: { defaultValue: string; error?: string }) {
  const id = "invite-access";
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {STAFF_PAGE.inviteAccess}
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
