import { useWhen } from "~/components/studio/access-format";
import { Link, useSearchParams } from "react-router";
import { AUDIENCE_PAGES, AUDIENCE_RULES, LEAD_STATUSES } from "@shared/content/audience";
import { dayRange, LeadQuerySchema } from "@shared/schemas/audience";
import { FilterForm, MoreLink, SelectField, ExportButton } from "~/components/studio/audience-ui";
import { LeadStatusBadge } from "~/components/studio/audience-leads";
import { studioMeta } from "~/components/studio/meta";
import { Button, DataTable, EmptyState, Field, Notice, PageHeader, Stat, TD, HeadRow } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { crmConfigured, leadCounts, searchLeads } from "../../../server/services/leads/inbox";
import { AUDIENCE_TOOLS_PAGES, LEAD_STAGES } from "@shared/content/audience-tools";
import type { Route } from "./+types/leads";

const P = AUDIENCE_PAGES.leads;

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const parsed = LeadQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  const { from, to, ...query } = parsed.success ? parsed.data : {};
  const [counts, leads] = await Promise.all([leadCounts(deps, studio), searchLeads(deps, studio, { ...query, ...dayRange(from, to) })]);
  const problem = parsed.success ? null : parsed.error.issues[0];
  return { counts, leads, crm: crmConfigured(deps), filterError: problem ? { field: String(problem.path[0] ?? "search"), message: problem.message } : null };
}

export default function Leads({ loaderData }: Route.ComponentProps) {
  const when = useWhen();
  const { counts, leads, crm, filterError } = loaderData;
  const [search] = useSearchParams();
  const errorOf = (field: string) => (filterError?.field === field ? filterError.message : null);
  const exportHref = `/studio/leads/export?${new URLSearchParams(["search", "status", "stage", "from", "to"].map((k) => [k, search.get(k) ?? ""])).toString()}`;
  return (
    <>
      <PageHeader
        title={P.title}
        description={P.description}
        actions={
          <ExportButton action={exportHref} label={P.export} />
        }
      />
      {!crm ? <Notice tone="info">{P.noCrm}</Notice> : null}
      <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-5">
        {LEAD_STATUSES.map((s) => (
          <Stat key={s} label={!crm && s === "pending" ? P.storedOnly : P.statuses[s]} value={counts[s]} />
        ))}
      </dl>
      <FilterForm label={P.filter}>
        <Field label={P.search} name="search" type="search" defaultValue={search.get("search") ?? ""} maxLength={200} error={errorOf("search")} />
        <SelectField
          label={P.status}
          name="status"
          value={search.get("status") ?? ""}
          options={[{ value: "", label: P.anyStatus }, ...LEAD_STATUSES.map((s) => ({ value: s, label: !crm && s === "pending" ? P.storedOnly : P.statuses[s] }))]}
        />
        <SelectField
          label={AUDIENCE_TOOLS_PAGES.leads.stage}
          name="stage"
          value={search.get("stage") ?? ""}
          options={[{ value: "", label: AUDIENCE_TOOLS_PAGES.leads.anyStage }, ...LEAD_STAGES.map((s) => ({ value: s, label: AUDIENCE_TOOLS_PAGES.leads.stages[s] }))]}
        />
        <Field label={P.from} name="from" type="date" defaultValue={search.get("from") ?? ""} error={errorOf("from")} />
        <Field label={P.to} name="to" type="date" defaultValue={search.get("to") ?? ""} error={errorOf("to")} />
        <Button type="submit">{P.filter}</Button>
      </FilterForm>
      {leads.length === 0 ? (
        <EmptyState title={P.empty} />
      ) : (
        <DataTable caption={P.title}>
          <HeadRow columns={[P.columns.received, P.columns.name, P.columns.email, P.columns.status, AUDIENCE_TOOLS_PAGES.leads.stage, P.columns.attempts, P.columns.lastError]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {leads.map((l) => (
              <tr key={l.id}>
                <td className={`${TD} whitespace-nowrap`}>{when(l.createdAt)}</td>
                <td className={TD}>
                  <Link to={`/studio/leads/${l.id}`} className="font-medium text-emerald-800 underline underline-offset-4">
                    {`${l.firstName} ${l.lastName}`.trim() || `#${l.id}`}
                  </Link>
                </td>
                <td className={`${TD} break-all`}>{l.email}</td>
                <td className={TD}>
                  <LeadStatusBadge status={l.status} crm={crm} />
                </td>
                <td className={TD}>{AUDIENCE_TOOLS_PAGES.leads.stages[l.stage]}</td>
                <td className={TD}>{l.attempts}</td>
                <td className={`${TD} max-w-xs break-words`}>{l.lastError ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {leads.length >= AUDIENCE_RULES.pageSize ? <MoreLink search={search} before={leads[leads.length - 1]!.id} label={P.more} /> : null}
    </>
  );
}
