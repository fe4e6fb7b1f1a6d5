import { useWhen } from "~/components/studio/access-format";
import { data, Form, Link } from "react-router";
import { AUDIENCE_MESSAGES, AUDIENCE_PAGES } from "@shared/content/audience";
import { LeadStatusBadge } from "~/components/studio/audience-leads";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, Field, Notice, PageHeader } from "~/components/studio/ui";
import { LeadStageSchema } from "@shared/schemas/audience";
import { checkForm, formValues, useSchemaForm } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { crmConfigured, leadDetail, markLeadSpam, retryLead, setLeadStage } from "../../../server/services/leads/inbox";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES, AUDIENCE_TOOLS_PAGES, LEAD_STAGES } from "@shared/content/audience-tools";
import { PRODUCT } from "@shared/content/site";
import { DEFAULT_LEAD_SOURCE } from "@shared/content/contact";
import { SelectField } from "~/components/studio/audience-ui";
import { isServiceError } from "../../../server/services/errors";
import type { Route } from "./+types/lead";
import { replyPhone } from "@shared/lead-phone";

const P = AUDIENCE_PAGES.lead;

export function meta({ data: d }: Route.MetaArgs) {
  return studioMeta(d ? P.title(`${d.lead.firstName} ${d.lead.lastName}`) : AUDIENCE_PAGES.leads.title);
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  try {
    return { lead: await leadDetail(args.context.deps, studio, Number(args.params.id)), crm: crmConfigured(args.context.deps) };
  } catch (error) {
    if (isServiceError(error) && error.kind === "not-found") throw data(null, { status: 404 });
    throw error;
  }
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const id = Number(args.params.id);
  const form = await args.request.formData();
  const intent = form.get("intent");
  try {
    if (intent === "stage") {
      // The schema the browser checked with (useSchemaForm), again here for a form posted without JavaScript.
      const checked = checkForm(LeadStageSchema, formValues(form));
      if (checked.errors) return data({ fieldErrors: checked.errors, typed: { stage: String(form.get("stage") ?? ""), note: String(form.get("note") ?? "") } }, { status: 400 });
      await setLeadStage(deps, id, { stage: form.get("stage"), note: String(form.get("note") ?? "") }, studio.actor);
      return { notice: AUDIENCE_TOOLS_MESSAGES.stageSaved };
    }
    if (intent === "retry") {
      await retryLead(deps, id, studio.actor);
      return { notice: AUDIENCE_MESSAGES.leadRetried };
    }
    if (intent === "spam" || intent === "not-spam") {
      await markLeadSpam(deps, id, intent === "spam", studio.actor);
      return { notice: intent === "spam" ? AUDIENCE_MESSAGES.leadMarkedSpam : AUDIENCE_MESSAGES.leadMarkedNotSpam };
    }
    return data({ error: "Choose an action." }, { status: 400 });
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    // What was typed comes back with the message (a note is never lost to a refusal).
    return data({ error: problem.detail, fieldErrors: problem.fieldErrors, typed: intent === "stage" ? { stage: String(form.get("stage") ?? ""), note: String(form.get("note") ?? "") } : undefined }, { status: problem.status });
  }
}

export default function Lead({ loaderData, actionData }: Route.ComponentProps) {
  const when = useWhen();
  const { lead, crm } = loaderData;
  const f = P.fields;
  // Who wrote, beside the message; "Came from" says "not asked" for the form's hidden default, which no visitor chose.
  const contact: [string, React.ReactNode][] = [
    [f.received, when(lead.createdAt)],
    [f.email, lead.email],
    [f.phone, lead.phone],
    [f.source, lead.leadSource === DEFAULT_LEAD_SOURCE ? f.sourceNotAsked : lead.leadSource],
  ];
  // The CRM delivery's details: for the rare look, so collapsed below the message and the replies.
  const delivery: [string, React.ReactNode][] = [
    [f.attempts, lead.attempts],
    [f.nextAttempt, lead.status === "pending" && crm ? when(lead.nextAttemptAt) : "—"],
    [f.delivered, when(lead.deliveredAt)],
    [f.crmStatus, lead.crmStatus ?? "—"],
    [f.lastError, lead.lastError ?? "—"],
  ];
  const result = actionData as { notice?: string; error?: string; fieldErrors?: Record<string, string>; typed?: { stage: string; note: string } } | undefined;
  const stageForm = useSchemaForm(LeadStageSchema, result?.fieldErrors);
  const L = AUDIENCE_TOOLS_PAGES.leads;
  // wa.me and tel: with the country code ("98765 43210" typed on the form is an Indian mobile, not a number in Iran).
  const phone = replyPhone(lead.phone);
  const firstName = lead.firstName.trim().split(/\s+/)[0] ?? "";
  const mailto = `mailto:${encodeURIComponent(lead.email).replace(/%40/g, "@")}?subject=${encodeURIComponent(L.subject(PRODUCT))}`;
  const whatsapp = phone.whatsapp ? `https://wa.me/${phone.whatsapp}?text=${encodeURIComponent(L.greeting(firstName, PRODUCT))}` : null;
  const tel = phone.tel;
  return (
    <>
      <PageHeader
        title={P.title(`${lead.firstName} ${lead.lastName}`.trim())}
        actions={
          <Link to="/studio/leads" className={buttonClass("secondary")}>
            {P.back}
          </Link>
        }
      />
      {result?.notice ? <Notice tone="success">{result.notice}</Notice> : null}
      {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
      <section aria-labelledby="message" className="mb-6">
        <h2 id="message" className="mb-2 font-semibold">
          {f.message}
        </h2>
        <p className="whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-white p-4 text-sm">{lead.message}</p>
        <Rows rows={contact} className="mt-3" />
      </section>
      <section aria-labelledby="reply-title" className="mb-6">
        <h2 id="reply-title" className="mb-2 font-semibold">
          {L.replyTitle}
        </h2>
        <ul className="flex flex-wrap gap-2">
          <li>
            <a href={mailto} className={buttonClass("secondary")}>
              {L.email}
            </a>
          </li>
          {whatsapp ? (
            <li>
              <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonClass("secondary")}>
                {L.whatsapp}
              </a>
            </li>
          ) : null}
          {tel ? (
            <li>
              <a href={tel} className={buttonClass("secondary")}>
                {L.call}
              </a>
            </li>
          ) : null}
        </ul>
      </section>
      {/* Open by itself only when delivery failed: then the error and the retry are what the owner came for. */}
      <details open={lead.status === "failed"} className="group mb-6 rounded-lg border border-slate-200 bg-white" data-testid="delivery">
        <summary className="flex min-h-11 cursor-pointer items-center gap-2 px-4 py-2 font-semibold text-slate-900">
          {/* display:flex drops the browser's own triangle: this one says the block opens. */}
          <span aria-hidden="true" className="text-slate-500 transition-transform group-open:rotate-90">
            ▸
          </span>
          {f.delivery}: <LeadStatusBadge status={lead.status} crm={crm} />
        </summary>
        <div className="border-t border-slate-200 p-4">
          {!crm ? <Notice tone="info">{AUDIENCE_PAGES.leads.noCrm}</Notice> : null}
          <Rows rows={delivery} />
          {lead.crmResponse ? (
            <>
              <h3 id="crm-answer" className="mb-2 mt-4 text-sm font-semibold">
                {f.crmResponse}
              </h3>
              <pre tabIndex={0} aria-labelledby="crm-answer" className="max-h-64 overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-200 bg-slate-50 p-4 text-xs">
                {lead.crmResponse}
              </pre>
            </>
          ) : null}
        </div>
      </details>
      <section aria-labelledby="stage-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="stage-title" className="mb-2 font-semibold">
          {L.stage}
        </h2>
        <Form method="post" ref={stageForm.formRef} noValidate onSubmit={stageForm.onSubmit} onInput={stageForm.onInput} className="flex flex-col gap-3">
          <input type="hidden" name="intent" value="stage" />
          <SelectField label={L.stage} name="stage" value={result?.typed?.stage ?? lead.stage} options={LEAD_STAGES.map((s) => ({ value: s, label: L.stages[s] }))} />
          <Field label={L.note} name="note" multiline rows={3} maxLength={AUDIENCE_LIMITS.leadNoteLength} defaultValue={result?.typed?.note ?? lead.stageNote ?? ""} error={stageForm.errors.note} />
          {lead.stageAt ? <p className="text-xs text-slate-600">{when(lead.stageAt)}</p> : null}
          <div>
            <Button type="submit" tone="primary">
              {L.save}
            </Button>
          </div>
        </Form>
      </section>
      <Form method="post" className="flex flex-wrap gap-2">
        {lead.status === "failed" ? (
          <Button type="submit" tone="primary" name="intent" value="retry">
            {P.retry}
          </Button>
        ) : null}
        {lead.status === "spam" ? (
          <Button type="submit" name="intent" value="not-spam">
            {P.notSpam}
          </Button>
        ) : lead.status === "pending" || lead.status === "failed" ? (
          <Button type="submit" tone="danger" name="intent" value="spam">
            {P.spam}
          </Button>
        ) : null}
      </Form>
    </>
  );
}

function Rows({ rows, className = "" }: { rows: [string, React.ReactNode][]; className?: string }) {
  return (
    <dl className={`grid grid-cols-1 gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr] ${className}`}>
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-slate-700">{label}</dt>
          <dd className="break-words text-sm text-slate-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
