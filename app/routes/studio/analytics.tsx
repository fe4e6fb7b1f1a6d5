import { Form, Link } from "react-router";
import { ANALYTICS_COPY, ANALYTICS_PERIODS, GOAL_LABELS, sourceLabel } from "@shared/content/analytics";
import { ANALYTICS_LANGUAGE_COPY } from "@shared/content/analytics-language";
import { VisitorsChart } from "~/components/studio/analytics-chart";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, DataTable, EmptyState, Notice, PageHeader, Stat, TD, TH } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { analyticsDashboard, parseDashboardQuery } from "../../../server/services/analytics/dashboard";
import { isServiceError } from "../../../server/services/errors";
import { kitFunnel, type KitFunnel } from "../../../server/services/onboarding/studio-figures";
import { durationWords, ORDERS_REPORT } from "@shared/content/studio-orders";
import { siteSettings } from "../../../server/services/content/settings";
import { BookingFunnelSection } from "~/components/studio/booking-funnel";
import { bookingReport } from "../../../server/services/booking/report";
import type { Route } from "./+types/analytics";

export function meta() {
  return studioMeta(ANALYTICS_COPY.title);
}

const QUERY_KEYS = ["period", "from", "to", "page", "source", "language"] as const;

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
  // Sign-up to a live kit (issue 41) over the dashboard's days (UTC), from the accounts and orders themselves.
  const kits = await kitFunnel(deps, Date.parse(`${dashboard.from}T00:00:00Z`), Date.parse(`${dashboard.to}T00:00:00Z`) + 86_400_000);
  // The demo booking's funnel and show-up per week (issue 42), the report the bookings page shows.
  const bookings = await bookingReport(deps, (await siteSettings(deps)).timeZone);
  return { dashboard, kits, bookings, error, typed: { from: input.from ?? "", to: input.to ?? "" } };
}

type Dashboard = Route.ComponentProps["loaderData"]["dashboard"];

const percent = (r: number) => `${(r * 100).toFixed(1)} %`;
const label = (source: string) => sourceLabel(source, ANALYTICS_COPY.direct);

/**
 * A figure against the period before: the change in words (up 20% from 100), an arrow beside it for the eye. Rates
 * change in percentage points; a figure that had nothing before is "new".
 */
function Change({ value, previous, rate = false }: { value: number; previous: number; rate?: boolean }) {
  const C = ANALYTICS_COPY;
  let words: string;
  let direction: "up" | "down" | "same";
  const shownPrevious = rate ? percent(previous) : Number.isInteger(previous) ? String(previous) : previous.toFixed(2);
  if (rate) {
    const points = Math.round((value - previous) * 1000) / 10;
    direction = points > 0 ? "up" : points < 0 ? "down" : "same";
    words = direction === "same" ? C.same : `${direction === "up" ? C.up : C.down} ${Math.abs(points).toFixed(1)} ${C.points}`;
  } else if (previous === 0) {
    direction = value > 0 ? "up" : "same";
    words = value > 0 ? C.newFigure : C.noneEither;
  } else {
    const pct = Math.round(((value - previous) / previous) * 100);
    direction = pct > 0 ? "up" : pct < 0 ? "down" : "same";
    words = direction === "same" ? C.same : `${direction === "up" ? C.up : C.down} ${Math.abs(pct)}%`;
  }
  const arrow = direction === "up" ? "\u2191" : direction === "down" ? "\u2193" : "=";
  const tone = direction === "up" ? "text-emerald-800" : direction === "down" ? "text-red-800" : "text-slate-600";
  return (
    <span className={`text-xs ${tone}`} data-change={direction}>
      <span aria-hidden="true">{arrow} </span>
      {!rate && previous === 0 ? words : C.changeText(words, shownPrevious)}
    </span>
  );
}

/** The URL of this dashboard with the period kept and the filter replaced. */
type FilterParams = { page?: string; source?: string; language?: string };
function hrefWith(d: Dashboard, filter: FilterParams, base = "/studio/analytics"): string {
  const q = new URLSearchParams();
  if (d.period) q.set("period", d.period);
  else {
    q.set("from", d.from);
    q.set("to", d.to);
  }
  if (filter.page !== undefined) q.set("page", filter.page);
  if (filter.source !== undefined) q.set("source", filter.source);
  if (filter.language !== undefined) q.set("language", filter.language);
  return `${base}?${q}`;
}

function currentFilter(d: Dashboard): FilterParams {
  if (d.filter.kind === "language") return { language: d.filter.locale };
  return d.filter.kind === "page" ? { page: d.filter.path } : d.filter.kind === "source" ? { source: d.filter.source } : {};
}

/** The filter in words, after "Showing visits:". */
function filterWords(filter: Dashboard["filter"]): string {
  switch (filter.kind) {
    case "page":
      return `${ANALYTICS_COPY.page} ${filter.path}`;
    case "source":
      return `${ANALYTICS_COPY.source} ${label(filter.source)}`;
    case "language":
      return `${ANALYTICS_LANGUAGE_COPY.filterLabel} ${ANALYTICS_LANGUAGE_COPY.name(filter.locale)}`;
    case "all":
      return "";
  }
}

export default function StudioAnalytics({ loaderData }: Route.ComponentProps) {
  const { dashboard: d, kits, bookings, error, typed } = loaderData;
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
          {ANALYTICS_COPY.filteredBy}: {filterWords(d.filter)}.{" "}
          {ANALYTICS_COPY.rawOnlyNote.replace("{days}", String(d.rawDays))}{" "}
          <Link className="font-semibold underline" to={hrefWith(d, {})}>
            {ANALYTICS_COPY.clearFilter}
          </Link>
        </Notice>
      ) : null}
      <dl className="grid grid-cols-1 gap-3 min-[360px]:grid-cols-2 lg:grid-cols-5" data-testid="analytics-totals">
        <Stat label={ANALYTICS_COPY.visitors} value={d.totals.visitors} hint={<Change value={d.totals.visitors} previous={d.previous.totals.visitors} />} />
        <Stat label={ANALYTICS_COPY.views} value={d.totals.views} hint={<Change value={d.totals.views} previous={d.previous.totals.views} />} />
        <Stat
          label={ANALYTICS_COPY.viewsPerVisit}
          value={d.totals.viewsPerVisit.toFixed(2)}
          hint={<Change value={Math.round(d.totals.viewsPerVisit * 100) / 100} previous={Math.round(d.previous.totals.viewsPerVisit * 100) / 100} />}
        />
        <Stat label={ANALYTICS_COPY.bounceRate} value={percent(d.totals.bounceRate)} hint={<Change value={d.totals.bounceRate} previous={d.previous.totals.bounceRate} rate />} />
        <Stat label={ANALYTICS_COPY.realtime} value={d.realtime} />
      </dl>
      <p className="text-sm text-slate-600" data-testid="analytics-compared">
        {ANALYTICS_COPY.comparedWith(d.previous.from, d.previous.to)}
      </p>
      {nothing ? <EmptyState title={ANALYTICS_COPY.empty} /> : null}
      <VisitorsChart series={d.series} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Table
          caption={ANALYTICS_COPY.topPages}
          head={[ANALYTICS_COPY.page, ANALYTICS_COPY.visitors, ANALYTICS_COPY.views, ANALYTICS_COPY.change]}
          rows={d.pages.slice(0, 20).map((p) => [
            <Link key="p" className="break-all text-emerald-800 underline" to={hrefWith(d, { page: p.path })}>
              {p.path}
            </Link>,
            p.visitors,
            p.views,
            <Change key="c" value={p.views} previous={p.previous} />,
          ])}
        />
        <Table
          caption={ANALYTICS_COPY.sources}
          testId="analytics-sources"
          head={[ANALYTICS_COPY.source, ANALYTICS_COPY.visitors, ANALYTICS_COPY.change, ANALYTICS_COPY.views, ANALYTICS_COPY.bounceRate]}
          rows={d.sources.slice(0, 20).map((s) => [
            <Link key="s" className="break-all text-emerald-800 underline" to={hrefWith(d, { source: s.source })}>
              {label(s.source)}
            </Link>,
            s.visitors,
            <Change key="c" value={s.visitors} previous={s.previous} />,
            s.views,
            percent(s.bounceRate),
          ])}
        />
        <Table
          caption={ANALYTICS_COPY.entries}
          testId="analytics-entries"
          head={[ANALYTICS_COPY.page, ANALYTICS_COPY.visits, ANALYTICS_COPY.change, ANALYTICS_COPY.bounceRate]}
          rows={d.entries.slice(0, 20).map((e) => [<span key="p" className="break-all">{e.path}</span>, e.visits, <Change key="c" value={e.visits} previous={e.previous} />, percent(e.bounceRate)])}
        />
        <Table
          caption={ANALYTICS_COPY.exits}
          testId="analytics-exits"
          head={[ANALYTICS_COPY.page, ANALYTICS_COPY.visits, ANALYTICS_COPY.change, ANALYTICS_COPY.exitRate]}
          rows={d.exits.slice(0, 20).map((e) => [<span key="p" className="break-all">{e.path}</span>, e.visits, <Change key="c" value={e.visits} previous={e.previous} />, percent(e.exitRate)])}
        />
        <Table
          caption={ANALYTICS_COPY.campaigns}
          head={[ANALYTICS_COPY.campaigns, ANALYTICS_COPY.visitors, ANALYTICS_COPY.change, ANALYTICS_COPY.views]}
          rows={d.campaigns.slice(0, 20).map((c) => [<span key="k" className="break-all">{c.campaign}</span>, c.visitors, <Change key="c" value={c.visitors} previous={c.previous} />, c.views])}
        />
        <Table
          caption={ANALYTICS_COPY.devices}
          head={[ANALYTICS_COPY.device, ANALYTICS_COPY.visitors, ANALYTICS_COPY.change]}
          rows={d.devices.map((x) => [x.device, x.visitors, <Change key="c" value={x.visitors} previous={x.previous} />])}
        />
        <Table
          caption={ANALYTICS_COPY.browsers}
          head={[ANALYTICS_COPY.browser, ANALYTICS_COPY.visitors, ANALYTICS_COPY.change]}
          rows={d.browsers.map((x) => [x.browser, x.visitors, <Change key="c" value={x.visitors} previous={x.previous} />])}
        />
        <Table
          caption={ANALYTICS_COPY.systems}
          testId="analytics-systems"
          head={[ANALYTICS_COPY.os, ANALYTICS_COPY.visitors, ANALYTICS_COPY.change]}
          rows={d.systems.map((x) => [x.os, x.visitors, <Change key="c" value={x.visitors} previous={x.previous} />])}
        />
        <div className="min-w-0">
          <Table
            caption={ANALYTICS_LANGUAGE_COPY.caption}
            testId="analytics-languages"
            head={[ANALYTICS_LANGUAGE_COPY.language, ANALYTICS_LANGUAGE_COPY.views, ANALYTICS_COPY.change, ANALYTICS_LANGUAGE_COPY.visits]}
            rows={d.languages.map((x) => [
              <Link key="l" className="text-emerald-800 underline" to={hrefWith(d, { language: x.locale })} lang={x.locale}>
                {ANALYTICS_LANGUAGE_COPY.name(x.locale)}
              </Link>,
              x.views,
              <Change key="c" value={x.views} previous={x.previous} />,
              x.visits,
            ])}
          />
          <p className="mt-2 text-xs text-slate-600">{ANALYTICS_LANGUAGE_COPY.note}</p>
        </div>
        <div className="min-w-0">
          <Table
            caption={ANALYTICS_COPY.countries}
            testId="analytics-countries"
            head={[ANALYTICS_COPY.country, ANALYTICS_COPY.visitors, ANALYTICS_COPY.change]}
            rows={d.countries.slice(0, 30).map((x) => [countryName(x.country), x.visitors, <Change key="c" value={x.visitors} previous={x.previous} />])}
          />
          <p className="mt-2 text-xs break-words text-slate-600">{ANALYTICS_COPY.countriesNote}</p>
        </div>
      </div>
      <FunnelSection funnel={d.funnel} />
      <KitFunnelSection funnel={kits} from={d.from} to={d.to} />
      <BookingFunnelSection report={bookings} />
      <Table
        caption={ANALYTICS_COPY.goals}
        testId="analytics-goals"
        head={[ANALYTICS_COPY.goal, ANALYTICS_COPY.count, ANALYTICS_COPY.change, ANALYTICS_COPY.visitors, ANALYTICS_COPY.conversion]}
        rows={d.goals.map((g) => [GOAL_LABELS[g.goal], g.count, <Change key="c" value={g.count} previous={g.previous} />, g.visitors, percent(g.rate)])}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Table
          caption={ANALYTICS_COPY.goalsByPage}
          testId="analytics-goals-by-page"
          head={[ANALYTICS_COPY.goal, ANALYTICS_COPY.page, ANALYTICS_COPY.count, ANALYTICS_COPY.change, ANALYTICS_COPY.conversion]}
          rows={d.goalsByPage.slice(0, 30).map((g) => [GOAL_LABELS[g.goal], g.path, g.count, <Change key="c" value={g.count} previous={g.previous} />, percent(g.rate)])}
        />
        <Table
          caption={ANALYTICS_COPY.goalsBySource}
          head={[ANALYTICS_COPY.goal, ANALYTICS_COPY.source, ANALYTICS_COPY.count, ANALYTICS_COPY.change, ANALYTICS_COPY.conversion]}
          rows={d.goalsBySource.slice(0, 30).map((g) => [GOAL_LABELS[g.goal], label(g.source), g.count, <Change key="c" value={g.count} previous={g.previous} />, percent(g.rate)])}
        />
      </div>
      <Table
        caption={ANALYTICS_COPY.posts}
        head={[ANALYTICS_COPY.posts, ANALYTICS_COPY.postViews, ANALYTICS_COPY.views, ANALYTICS_COPY.change, ANALYTICS_COPY.visitors, ANALYTICS_COPY.likes]}
        rows={d.posts.slice(0, 50).map((p) => [
          <Link key="t" className="text-emerald-800 underline" to={hrefWith(d, { page: `/blog/${p.slug}` })}>
            {p.title}
          </Link>,
          p.totalViews,
          p.views,
          <Change key="c" value={p.views} previous={p.previous} />,
          p.visitors,
          p.likes,
        ])}
      />
    </div>
  );
}

/** The funnel as an ordered list: each step's visits, its share of the step before in words, and a bar for the eye. */
function FunnelSection({ funnel }: { funnel: Dashboard["funnel"] }) {
  const C = ANALYTICS_COPY;
  const first = funnel.steps[0]?.visits ?? 0;
  return (
    <section aria-labelledby="analytics-funnel-title" data-testid="analytics-funnel" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="analytics-funnel-title" className="text-lg font-semibold text-slate-900">
        {C.funnel}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{C.funnelIntro(funnel.from, funnel.to)}</p>
      <p className="mt-1 text-sm text-slate-600">{C.funnelComparedWith(funnel.previous.from, funnel.previous.to)}</p>
      <ol className="mt-4 space-y-3">
        {funnel.steps.map((s, i) => {
          const before = i === 0 ? null : (funnel.steps[i - 1]?.visits ?? 0);
          const width = first > 0 ? Math.max(2, Math.round((s.visits / first) * 100)) : 0;
          return (
            <li key={s.step}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-semibold text-slate-900">
                  {i + 1}. {C.funnelSteps[s.step]}
                </span>
                <span className="tabular-nums text-slate-800">
                  {s.visits} {C.visits.toLowerCase()}
                  {before !== null ? ` (${percent(before > 0 ? s.visits / before : 0)} ${C.funnelOfPrevious})` : ""}
                </span>
              </div>
              <Change value={s.visits} previous={s.previous} />
              <div className="mt-1 h-3 w-full rounded bg-slate-100" aria-hidden="true">
                <div className="h-3 rounded bg-emerald-700" style={{ width: `${width}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
      <h3 className="mt-4 text-sm font-semibold text-slate-900">{C.funnelActions}</h3>
      <ul className="mt-1 space-y-1 text-sm text-slate-800">
        {funnel.actions.map((a) => (
          <li key={a.goal}>
            {GOAL_LABELS[a.goal]}: <span className="tabular-nums">{a.visits}</span> <Change value={a.visits} previous={a.previous} />
          </li>
        ))}
      </ul>
      <p className="mt-3 text-sm text-slate-600">
        {C.funnelFirstPage(funnel.actedFirstPage)} <Change value={funnel.actedFirstPage} previous={funnel.previous.actedFirstPage} />
      </p>
    </section>
  );
}

/** Sign-up → brief submitted → live kit: accounts made in the period and how far each came, with the median time to live. */
function KitFunnelSection({ funnel, from, to }: { funnel: KitFunnel; from: string; to: string }) {
  const R = ORDERS_REPORT;
  const steps = [
    { key: "signedUp", label: R.funnelSteps.signedUp, n: funnel.signedUp },
    { key: "briefSubmitted", label: R.funnelSteps.briefSubmitted, n: funnel.briefSubmitted },
    { key: "live", label: R.funnelSteps.live, n: funnel.live },
  ];
  const first = funnel.signedUp;
  return (
    <section aria-labelledby="analytics-kit-funnel-title" data-testid="analytics-kit-funnel" className="min-w-0 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="analytics-kit-funnel-title" className="text-lg font-semibold text-slate-900">
        {R.funnelTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{R.funnelIntro(from, to)}</p>
      <ol className="mt-4 space-y-3">
        {steps.map((s, i) => {
          const before = i === 0 ? null : steps[i - 1]!.n;
          const width = first > 0 ? Math.max(2, Math.round((s.n / first) * 100)) : 0;
          return (
            <li key={s.key} data-step={s.key}>
              <div className="flex flex-wrap items-baseline justify-between gap-x-3 text-sm">
                <span className="font-semibold text-slate-900">
                  {i + 1}. {s.label}
                </span>
                <span className="tabular-nums text-slate-800" data-testid={`kit-funnel-${s.key}`}>
                  {s.n}
                  {before !== null ? ` (${R.ofPrevious(before > 0 ? Math.round((s.n / before) * 100) : 0)})` : ""}
                </span>
              </div>
              <div className="mt-1 h-3 w-full rounded bg-slate-100" aria-hidden="true">
                <div className="h-3 rounded bg-emerald-700" style={{ width: `${width}%` }} />
              </div>
            </li>
          );
        })}
      </ol>
      <p className="mt-3 text-sm text-slate-800" data-testid="kit-funnel-median">
        {R.medianToLive}: {funnel.medianToLiveMs === null ? R.medianNone : durationWords(funnel.medianToLiveMs)}
      </p>
    </section>
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
        {filter.language !== undefined ? <input type="hidden" name="language" value={filter.language} /> : null}
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

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** "IN" → "India" (the code itself when the name is unknown). */
function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
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
