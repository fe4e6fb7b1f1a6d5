import { Form, Link } from "react-router";
import { AUDIT_PAGE } from "@shared/content/studio-access";
import { studioMeta } from "~/components/studio/meta";
import { formatStudioTime, useStudioTimeZone } from "~/components/studio/access-format";
import { Button, DataTable, EmptyState, PageHeader, TD, buttonClass, HeadRow } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { auditFilterValues, listAudit } from "../../../server/services/audit";
import type { Route } from "./+types/audit";

export function meta() {
  return studioMeta(AUDIT_PAGE.metaTitle);
}

const PAGE = "/studio/audit";

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const { deps } = args.context;
  const params = new URL(args.request.url).searchParams;
  const filters = await auditFilterValues(deps);
  // Only values the log holds are filters; anything else is no filter at all.
  const action = filters.actions.find((a) => a === params.get("action")) ?? "";
  const actor = filters.actors.find((a) => a === params.get("actor")) ?? "";
  const beforeParam = Number(params.get("before"));
  const before = Number.isSafeInteger(beforeParam) && beforeParam > 0 ? beforeParam : undefined;
  const rows = await listAudit(deps, { limit: AUDIT_PAGE.pageSize + 1, before, action: action || undefined, actor: actor || undefined });
  const lines = rows.slice(0, AUDIT_PAGE.pageSize);
  const older = rows.length > AUDIT_PAGE.pageSize ? lines[lines.length - 1]?.id : undefined;
  return { filters, action, actor, paged: before !== undefined, older: older ?? null, lines: lines.map((r) => ({ id: r.id, ...r.line })) };
}

function pageLink(action: string, actor: string, before?: number) {
  const params = new URLSearchParams();
  if (action) params.set("action", action);
  if (actor) params.set("actor", actor);
  if (before) params.set("before", String(before));
  const query = params.toString();
  return query ? `${PAGE}?${query}` : PAGE;
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const zone = useStudioTimeZone();
  const { filters, action, actor, lines, older, paged } = loaderData;
  return (
    <>
      <PageHeader title={AUDIT_PAGE.title} description={AUDIT_PAGE.description} />
      <Form method="get" action={PAGE} className="mb-4 flex flex-wrap items-end gap-3">
        <FilterSelect id="audit-action" name="action" label={AUDIT_PAGE.filterAction} value={action} options={filters.actions} />
        <FilterSelect id="audit-actor" name="actor" label={AUDIT_PAGE.filterActor} value={actor} options={filters.actors} />
        <Button type="submit" tone="primary">
          {AUDIT_PAGE.filter}
        </Button>
        {action || actor ? (
          <Link to={PAGE} className={buttonClass("secondary")}>
            {AUDIT_PAGE.clear}
          </Link>
        ) : null}
      </Form>
      {lines.length === 0 ? (
        <EmptyState title={AUDIT_PAGE.empty} />
      ) : (
        <DataTable caption={AUDIT_PAGE.caption}>
          <HeadRow columns={[AUDIT_PAGE.when, AUDIT_PAGE.who, AUDIT_PAGE.what, AUDIT_PAGE.record, AUDIT_PAGE.address, AUDIT_PAGE.detail]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {lines.map((line) => (
              <tr key={line.id}>
                <td className={`${TD} whitespace-nowrap`}>{formatStudioTime(line.at, zone)}</td>
                <td className={`${TD} break-all`}>{line.actor}</td>
                <td className={`${TD} whitespace-nowrap font-mono text-xs`}>{line.action}</td>
                <td className={`${TD} break-all`}>
                  {line.recordType} {line.recordId}
                </td>
                <td className={`${TD} whitespace-nowrap`}>{line.clientIp}</td>
                <td className={`${TD} break-words`}>{line.detail}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <nav aria-label={AUDIT_PAGE.pages} className="mt-4 flex flex-wrap gap-2">
        {paged ? (
          <Link to={pageLink(action, actor)} className={buttonClass("secondary")}>
            {AUDIT_PAGE.newest}
          </Link>
        ) : null}
        {older ? (
          <Link to={pageLink(action, actor, older)} className={buttonClass("secondary")}>
            {AUDIT_PAGE.older}
          </Link>
        ) : null}
      </nav>
    </>
  );
}

function FilterSelect({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: string[] }) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select
        id={id}
        name={name}
        defaultValue={value}
        key={value}
        className="block max-w-64 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm focus:border-emerald-700 focus:ring-2 focus:ring-emerald-700/30 focus:outline-none"
      >
        <option value="">{AUDIT_PAGE.any}</option>
        {options.map((o) => (
          <option key={o} value={o}>
            {o}
          </option>
        ))}
      </select>
    </div>
  );
}
