import { Form, Link } from "react-router";
import { ANALYTICS_COPY, ANALYTICS_PERIODS, GOAL_LABELS } from "@shared/content/analytics";
import { VisitorsChart } from "~/components/studio/analytics-chart";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, DataTable, EmptyState, Notice, PageHeader, Stat, TD, TH } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { analyticsDashboard, parseDashboardQuery } from "../../../server/services/analytics/dashboard";
import { isServiceError } from "../../../server/services/errors";
import type { Route } from "./+types/analytics";

export function meta() {
  return studioMeta(ANALYTICS_COPY.title);
}

const QUERY_KEYS = ["period", "from", "to", "page", "source"] as const;

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const { deps } = args.context;
  const params = new URL(args.request.url).searchParams;
  const input = Object.fromEntries(QUERY_KEYS.map((k) => [k, params.get(k) ?? undefined]));
  let error: { field: string; message: string } | null = null;
  let query;
  try {
    query = parseDashboardQuery(input);
  } catch (e) {
    if (!isServiceError(e)) throw e;
    // A range that makes no sense is said next to its field; the page shows the default period meanwhile.
    error = { field: e.field ?? "from", message: e.message };
    query = parseDashboardQuery({});
  }
  const dashboard = await analyticsDashboard(deps, query);
  return { dashboard, error, typed: { from: input.from ?? "", to: input.to ?? "" } };
}

type Dashboard = Route.ComponentProps["loaderData"]["dashboard"];

const percent = (r: number) => `${(r * 100).toFixed(1)} %`;
const label = (source: string) => source || ANALYTICS_COPY.direct;

/** The URL of this dashboard with the period kept and the filter replaced. */
function hrefWith(d: Dashboard, filter: { page?: string; source?: string }, base = "/studio/analytics"): string {
  const q = new URLSearchParams();
  if (d.period) q.set("period", d.period);
  else {
    q.set("from", d.from);
    q.set("to", d.to);
  }
  if (filter.page !== undefined) q.set("page", filter.page);
  if (filter.source !== undefined) q.set("source", filter.source);
  return `${base}?${q}`;
}

function currentFilter(d: Dashboard): { page?: string; source?: string } {
  return d.filter.kind === "page" ? { page: d.filter.path } : d.filter.kind === "source" ? { source: d.filter.source } : {};
}

export default function StudioAnalytics({ loaderData }: Route.ComponentProps) {
  const { dashboard: d, error, typed } = loaderData;
  const filter = currentFilter(d);
  const nothing = d.totals.visitors === 0 && d.goals.length === 0;
  return (
    <div className="space-y-6">
      <PageHeader
        title={ANALYTICS_COPY.title}
        description={ANALYTICS_COPY.intro}
        actions={
          <a className={buttonClass()} href={hrefWith(d, filter, "/api/studio/analytics.csv")} download>
            {ANALYTICS_COPY.exportCsv}
          </a>
        }
      />
      <PeriodForm d={d} error={error} typed={typed} />
      {d.filter.kind !== "all" ? (
        <Notice>
          {ANALYTICS_COPY.filteredBy}: {d.filter.kind === "page" ? `${ANALYTICS_COPY.page} ${d.filter.path}` : `${ANALYTICS_COPY.source} ${label(d.filter.source)}`}.{" "}
          {ANALYTICS_COPY.rawOnlyNote.replace("{days}", String(d.rawDays))}{" "}
          <Link className="font-semibold underline" to={hrefWith(d, {})}>
            {ANALYTICS_COPY.clearFilter}
          </Link>
        </Notice>
      ) : null}
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-5" data-testid="analytics-totals">
        <Stat label={ANALYTICS_COPY.visitors} value={d.totals.visitors} />
        <Stat label={ANALYTICS_COPY.views} value={d.totals.views} />
        <Stat label={ANALYTICS_COPY.viewsPerVisit} value={d.totals.viewsPerVisit.toFixed(2)} />
        <Stat label={ANALYTICS_COPY.bounceRate} value={percent(d.totals.bounceRate)} />
        <Stat label={ANALYTICS_COPY.realtime} value={d.realtime} />
      </dl>
      {nothing ? <EmptyState title={ANALYTICS_COPY.empty} /> : null}
      <VisitorsChart series={d.series} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Table
          caption={ANALYTICS_COPY.topPages}
          head={[ANALYTICS_COPY.page, ANALYTICS_COPY.visitors, ANALYTICS_COPY.views]}
          rows={d.pages.slice(0, 20).map((p) => [
            <Link key="p" className="text-emerald-800 underline" to={hrefWith(d, { page: p.path })}>
              {p.path}
            </Link>,
            p.visitors,
            p.views,
          ])}
        />
        <Table
          caption={ANALYTICS_COPY.sources}
          head={[ANALYTICS_COPY.source, ANALYTICS_COPY.visitors, ANALYTICS_COPY.views, ANALYTICS_COPY.bounceRate]}
          rows={d.sources.slice(0, 20).map((s) => [
            <Link key="s" className="text-emerald-800 underline" to={hrefWith(d, { source: s.source })}>
              {label(s.source)}
            </Link>,
            s.visitors,
            s.views,
            percent(s.bounceRate),
          ])}
        />
        <Table
          caption={ANALYTICS_COPY.campaigns}
          head={[ANALYTICS_COPY.campaigns, ANALYTICS_COPY.visitors, ANALYTICS_COPY.views]}
          rows={d.campaigns.slice(0, 20).map((c) => [c.campaign, c.visitors, c.views])}
        />
        <Table
          caption={`${ANALYTICS_COPY.devices} · ${ANALYTICS_COPY.browsers}`}
          head={[ANALYTICS_COPY.devices, ANALYTICS_COPY.visitors]}
          rows={[...d.devices.map((x) => [x.device, x.visitors]), ...d.browsers.map((x) => [x.browser, x.visitors])]}
        />
      </div>
      <Table
        caption={ANALYTICS_COPY.goals}
        testId="analytics-goals"
        head={[ANALYTICS_COPY.goal, ANALYTICS_COPY.count, ANALYTICS_COPY.visitors, ANALYTICS_COPY.conversion]}
        rows={d.goals.map((g) => [GOAL_LABELS[g.goal], g.count, g.visitors, percent(g.rate)])}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Table
          caption={ANALYTICS_COPY.goalsByPage}
          testId="analytics-goals-by-page"
          head={[ANALYTICS_COPY.goal, ANALYTICS_COPY.page, ANALYTICS_COPY.count, ANALYTICS_COPY.conversion]}
          rows={d.goalsByPage.slice(0, 30).map((g) => [GOAL_LABELS[g.goal], g.path, g.count, percent(g.rate)])}
        />
        <Table
          caption={ANALYTICS_COPY.goalsBySource}
          head={[ANALYTICS_COPY.goal, ANALYTICS_COPY.source, ANALYTICS_COPY.count, ANALYTICS_COPY.conversion]}
          rows={d.goalsBySource.slice(0, 30).map((g) => [GOAL_LABELS[g.goal], label(g.source), g.count, percent(g.rate)])}
        />
      </div>
      <Table
        caption={ANALYTICS_COPY.posts}
        head={[ANALYTICS_COPY.posts, ANALYTICS_COPY.postViews, ANALYTICS_COPY.views, ANALYTICS_COPY.visitors, ANALYTICS_COPY.likes]}
        rows={d.posts.slice(0, 50).map((p) => [
          <Link key="t" className="text-emerald-800 underline" to={hrefWith(d, { page: `/blog/${p.slug}` })}>
            {p.title}
          </Link>,
          p.totalViews,
          p.views,
          p.visitors,
          p.likes,
        ])}
      />
    </div>
  );
}

function PeriodForm({ d, error, typed }: { d: Dashboard; error: { field: string; message: string } | null; typed: { from: string; to: string } }) {
  const filter = currentFilter(d);
  const rangeError = error && (error.field === "from" || error.field === "to") ? error.message : null;
  return (
    <div className="flex flex-wrap items-start gap-6 rounded-lg border border-slate-200 bg-white p-4">
      <nav aria-label={ANALYTICS_COPY.period} className="flex flex-wrap gap-2">
        {ANALYTICS_PERIODS.map((p) => {
          const q = new URLSearchParams({ period: p.value, ...filter });
          const current = d.period === p.value;
          return (
            <Link key={p.value} to={`/studio/analytics?${q}`} aria-current={current ? "page" : undefined} className={buttonClass(current ? "primary" : "secondary")}>
              {p.label}
            </Link>
          );
        })}
      </nav>
      <Form method="get" className="flex flex-wrap items-start gap-3">
        {filter.page !== undefined ? <input type="hidden" name="page" value={filter.page} /> : null}
        {filter.source !== undefined ? <input type="hidden" name="source" value={filter.source} /> : null}
        <div>
          <label htmlFor="analytics-from" className="mb-1 block text-sm font-semibold text-slate-800">
            {ANALYTICS_COPY.from}
          </label>
          <input
            id="analytics-from"
            name="from"
            type="date"
            defaultValue={rangeError ? typed.from : d.period ? "" : d.from}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? "analytics-range-error" : undefined}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <div>
          <label htmlFor="analytics-to" className="mb-1 block text-sm font-semibold text-slate-800">
            {ANALYTICS_COPY.to}
          </label>
          <input
            id="analytics-to"
            name="to"
            type="date"
            defaultValue={rangeError ? typed.to : d.period ? "" : d.to}
            aria-invalid={rangeError ? true : undefined}
            aria-describedby={rangeError ? "analytics-range-error" : undefined}
            className="rounded-md border border-slate-300 px-3 py-2 text-sm"
          />
        </div>
        <Button type="submit" className="mt-6">
          {ANALYTICS_COPY.apply}
        </Button>
        {rangeError ? (
          <p id="analytics-range-error" className="w-full text-sm font-medium text-red-700">
            {rangeError}
          </p>
        ) : null}
      </Form>
      {error && !rangeError ? <Notice tone="error">{error.message}</Notice> : null}
    </div>
  );
}

function Table({ caption, head, rows, testId }: { caption: string; head: string[]; rows: React.ReactNode[][]; testId?: string }) {
  return (
    // min-w-0: a grid cell may shrink below its table's width, so a wide table scrolls in its own region.
    <section data-testid={testId} className="min-w-0">
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{caption}</h2>
      {rows.length === 0 ? (
        <p className="text-sm text-slate-600">{ANALYTICS_COPY.empty}</p>
      ) : (
        <DataTable caption={caption}>
          <thead>
            <tr>
              {head.map((h, i) => (
                <th key={h} scope="col" className={`${TH} ${i > 0 ? "text-right" : ""}`}>
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {rows.map((cells, r) => (
              <tr key={r}>
                {cells.map((cell, i) =>
                  i === 0 ? (
                    <th key={i} scope="row" className={`${TD} font-normal`}>
                      {cell}
                    </th>
                  ) : (
                    <td key={i} className={`${TD} text-right tabular-nums`}>
                      {cell}
                    </td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </section>
  );
}
