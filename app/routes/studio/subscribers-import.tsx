import { data, Form, Link } from "react-router";
import { AUDIENCE_LIMITS, AUDIENCE_TOOLS_MESSAGES, AUDIENCE_TOOLS_PAGES, IMPORT_FORMATS, IMPORT_REASONS } from "@shared/content/audience-tools";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, DataTable, Field, Notice, PageHeader, Stat, TD, HeadRow } from "~/components/studio/ui";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { addSubscriber, type ImportReport, importReportCsv, importSubscribers, reportHasLines } from "../../../server/services/newsletter/import";
import type { Route } from "./+types/subscribers-import";

const A = AUDIENCE_TOOLS_PAGES.add;
const I = AUDIENCE_TOOLS_PAGES.import;

export function meta() {
  return studioMeta(I.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  return null;
}

type Typed = { email?: string; name?: string; labels?: string; consent?: string; withConsent?: boolean };
type ActionResult = {
  intent: "add" | "import";
  notice?: string;
  error?: string;
  fieldErrors?: Record<string, string>;
  report?: ImportReport;
  /** The report as CSV (every row not imported), offered as a download; absent when every row was imported. */
  reportCsv?: string;
  /** What was typed, shown back after a refusal. */
  typed?: Typed;
};

const text = (v: FormDataEntryValue | null) => (typeof v === "string" ? v : "");

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const form = await args.request.formData();
  const intent = form.get("intent") === "import" ? "import" : "add";
  const withConsent = form.get("withConsent") === "yes";
  const typed: Typed = { email: text(form.get("email")), name: text(form.get("name")), labels: text(form.get("labels")), consent: text(form.get("consent")), withConsent };
  const consent = withConsent ? typed.consent!.trim() : null;
  if (withConsent && !consent) return data<ActionResult>({ intent, typed, fieldErrors: { consent: AUDIENCE_TOOLS_MESSAGES.consentRequired } }, { status: 400 });
  try {
    if (intent === "add") {
      const report = await addSubscriber(deps, { email: typed.email!, name: typed.name, labels: typed.labels, consent }, studio.actor);
      const email = typed.email!.trim();
      return data<ActionResult>({ intent, notice: report.confirmed ? AUDIENCE_TOOLS_MESSAGES.added(email) : AUDIENCE_TOOLS_MESSAGES.addedPending(email) });
    }
    const file = form.get("file");
    if (!(file instanceof File) || file.size === 0) return data<ActionResult>({ intent, typed, fieldErrors: { file: AUDIENCE_TOOLS_MESSAGES.fileRequired } }, { status: 400 });
    if (file.size > AUDIENCE_LIMITS.importBytes) return data<ActionResult>({ intent, typed, fieldErrors: { file: AUDIENCE_TOOLS_MESSAGES.fileTooLarge } }, { status: 400 });
    const bytes = new Uint8Array(await file.arrayBuffer());
    let csv: string;
    try {
      csv = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    } catch {
      return data<ActionResult>({ intent, typed, fieldErrors: { file: AUDIENCE_TOOLS_MESSAGES.notText } }, { status: 400 });
    }
    const report = await importSubscribers(deps, csv, { labels: typed.labels, consent }, studio.actor);
    const reportCsv = reportHasLines(report) ? importReportCsv(report) : undefined;
    return data<ActionResult>({ intent, notice: AUDIENCE_TOOLS_MESSAGES.imported(report.added), report, reportCsv });
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return data<ActionResult>({ intent, typed, error: problem.detail, fieldErrors: problem.fieldErrors }, { status: problem.status });
  }
}

function ConsentFields({ prefix, typed, error }: { prefix: string; typed?: Typed; error?: string }) {
  return (
    <div className="flex flex-col gap-2">
      <label className="flex items-start gap-2 text-sm">
        <input type="checkbox" name="withConsent" value="yes" defaultChecked={typed?.withConsent} className="mt-1" />
        <span>{A.consentBox}</span>
      </label>
      <Field id={`${prefix}-consent`} label={A.consent} name="consent" hint={A.consentHint} maxLength={AUDIENCE_LIMITS.consentLength} defaultValue={typed?.consent ?? ""} error={error} />
    </div>
  );
}

export default function SubscribersImport({ actionData }: Route.ComponentProps) {
  const result = actionData as ActionResult | undefined;
  const add = result?.intent === "add" ? result : undefined;
  const imp = result?.intent === "import" ? result : undefined;
  const report = imp?.report;
  return (
    <>
      <PageHeader
        title={I.title}
        description={I.description}
        actions={
          <Link to="/studio/subscribers" className={buttonClass("secondary")}>
            {I.back}
          </Link>
        }
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="add-title" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="add-title" className="mb-3 text-lg font-semibold">
            {A.title}
          </h2>
          {add?.notice ? <Notice tone="success">{add.notice}</Notice> : null}
          {add?.error && !add.fieldErrors?.email ? <Notice tone="error">{add.error}</Notice> : null}
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="add" />
            <Field id="add-email" label={A.email} name="email" type="email" required maxLength={254} autoComplete="off" defaultValue={add?.typed?.email ?? ""} error={add?.fieldErrors?.email} />
            <Field id="add-name" label={A.name} name="name" maxLength={AUDIENCE_LIMITS.nameLength} defaultValue={add?.typed?.name ?? ""} error={add?.fieldErrors?.name} />
            <Field id="add-labels" label={A.labels} name="labels" hint={A.labelsHint} maxLength={500} defaultValue={add?.typed?.labels ?? ""} error={add?.fieldErrors?.labels} />
            <ConsentFields prefix="add" typed={add?.typed} error={add?.fieldErrors?.consent} />
            <div>
              <Button type="submit" tone="primary">
                {A.submit}
              </Button>
            </div>
          </Form>
        </section>

        <section aria-labelledby="import-title" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
          <h2 id="import-title" className="mb-3 text-lg font-semibold">
            {I.title}
          </h2>
          {imp?.notice ? <Notice tone="success">{imp.notice}</Notice> : null}
          {imp?.error && !imp.fieldErrors?.file ? <Notice tone="error">{imp.error}</Notice> : null}
          <Form method="post" encType="multipart/form-data" className="flex flex-col gap-3">
            <input type="hidden" name="intent" value="import" />
            <Field id="import-file" label={I.file} name="file" type="file" accept=".csv,text/csv,text/plain" required error={imp?.fieldErrors?.file} />
            <Field id="import-labels" label={I.labels} name="labels" hint={A.labelsHint} maxLength={500} defaultValue={imp?.typed?.labels ?? ""} error={imp?.fieldErrors?.labels} />
            <ConsentFields prefix="import" typed={imp?.typed} error={imp?.fieldErrors?.consent} />
            <div>
              <Button type="submit" tone="primary">
                {I.submit}
              </Button>
            </div>
          </Form>
        </section>
      </div>

      {report ? (
        <section aria-labelledby="report-title" className="mt-6">
          <h2 id="report-title" className="mb-2 text-lg font-semibold">
            {I.reportTitle}
          </h2>
          <p className="mb-3 text-sm">{I.readAs(IMPORT_FORMATS[report.format])}</p>
          <dl className="mb-4 grid grid-cols-2 gap-3 md:grid-cols-4">
            <Stat label={I.counts.rows} value={report.rows} />
            <Stat label={I.counts.added} value={report.added} />
            <Stat label={report.confirmed ? I.counts.confirmed : I.counts.optin} value={report.confirmed || report.optin} />
            <Stat label={I.counts.duplicates} value={report.duplicates} />
            <Stat label={I.counts.invalid} value={report.invalid} />
            <Stat label={I.counts.unsubscribed} value={report.unsubscribed} />
            {report.leftAtSource ? <Stat label={I.counts.leftAtSource} value={report.leftAtSource} /> : null}
          </dl>
          {report.problems.length === 0 ? (
            <p className="text-sm">{I.noProblems}</p>
          ) : (
            <DataTable caption={I.problemsTitle}>
              <HeadRow columns={[I.problemColumns.row, I.problemColumns.email, I.problemColumns.reason]} />
              <tbody className="divide-y divide-slate-100 bg-white">
                {report.problems.map((p) => (
                  <tr key={p.row}>
                    <td className={TD}>{p.row}</td>
                    <td className={`${TD} break-all`}>{p.email}</td>
                    <td className={TD}>{IMPORT_REASONS[p.reason]}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
          {report.moreProblems ? <p className="mt-2 text-sm">{I.moreProblems(report.moreProblems)}</p> : null}
          {report.labelNotes.length ? (
            <div className="mt-4">
              <DataTable caption={I.labelNotesTitle}>
                <HeadRow columns={[I.labelNoteColumns.row, I.labelNoteColumns.email, I.labelNoteColumns.left]} />
                <tbody className="divide-y divide-slate-100 bg-white">
                  {report.labelNotes.map((n) => (
                    <tr key={n.row}>
                      <td className={TD}>{n.row}</td>
                      <td className={`${TD} break-all`}>{n.email}</td>
                      <td className={`${TD} break-all`}>{n.left.join("; ")}</td>
                    </tr>
                  ))}
                </tbody>
              </DataTable>
            </div>
          ) : null}
          {imp?.reportCsv ? (
            // The file is in the page itself (a data: address): nothing about the import is kept on the server for it.
            <a href={`data:text/csv;charset=utf-8,${encodeURIComponent(imp.reportCsv)}`} download={I.reportFile} className={`${buttonClass("secondary")} mt-3`}>
              {I.downloadReport}
            </a>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
