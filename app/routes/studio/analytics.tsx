import { Link } from "react-router";
import { ANALYTICS_COPY, GOAL_LABELS } from "@shared/content/analytics";
import { ANALYTICS_LANGUAGE_COPY } from "@shared/content/analytics-language";
import { VisitorsChart } from "~/components/studio/analytics-chart";
import { Change, countryName, percent, sourceWords, Table } from "~/components/studio/analytics-figures";
import { currentFilter, filterWords, hrefWith, PeriodForm } from "~/components/studio/analytics-filter";
import { FunnelSection, KitFunnelSection } from "~/components/studio/analytics-funnels";
import { BookingFunnelSection } from "~/components/studio/booking-funnel";
import { studioMeta } from "~/components/studio/meta";
import { buttonClass, EmptyState, Notice, PageHeader, Stat } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { analyticsDashboard, parseDashboardQuery } from "../../../server/services/analytics/dashboard";
import { bookingReport } from "../../../server/services/booking/report";
import { siteSettings } from "../../../server/services/content/settings";
import { isServiceError } from "../../../server/services/errors";
import { kitFunnel } from "../../../server/services/onboarding/studio-figures";
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
              {sourceWords(s.source)}
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
          rows={d.goalsBySource.slice(0, 30).map((g) => [GOAL_LABELS[g.goal], sourceWords(g.source), g.count, <Change key="c" value={g.count} previous={g.previous} />, percent(g.rate)])}
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
