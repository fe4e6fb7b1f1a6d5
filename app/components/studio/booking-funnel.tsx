import { STUDIO_BOOKINGS as P } from "@shared/content/booking";
import type { BookingFunnel, ShowUpWeek } from "../../../server/services/booking/report";
import { DataTable, EmptyState, TD, HeadRow } from "./ui";

/**
 * The demo booking's funnel (booking page visitors, booked, paid, attended) and the show-up rate per week (issue 42):
 * on the bookings page and in Analytics, from the same report.
 */
export function BookingFunnelSection({ report }: { report: { funnel: BookingFunnel; weeks: ShowUpWeek[] } }) {
  const steps = report.funnel;
  return (
    <section className="mt-10" aria-labelledby="booking-funnel-heading">
        <h2 id="booking-funnel-heading" className="text-lg font-bold text-slate-900">
          {P.funnel}
        </h2>
        <ol className="mt-3 grid gap-3 sm:grid-cols-4" data-testid="booking-funnel">
          {(
            [
              [P.funnelSteps.page, steps.pageVisitors],
              [P.funnelSteps.booked, steps.booked],
              [P.funnelSteps.paid, steps.paid],
              [P.funnelSteps.attended, steps.attended],
            ] as const
          ).map(([label, value]) => (
            <li key={label} className="rounded-lg border border-slate-200 bg-white p-4">
              <div className="text-sm text-slate-600">{label}</div>
              <div className="text-2xl font-bold text-slate-900">{new Intl.NumberFormat("en-IN").format(value)}</div>
            </li>
          ))}
        </ol>
        <h2 className="mt-8 text-lg font-bold text-slate-900">{P.showUp}</h2>
        {report.weeks.length === 0 ? (
          <EmptyState title={P.none} />
        ) : (
          <DataTable caption={P.showUp}>
            <HeadRow columns={[P.week, P.funnelSteps.attended, P.status["no-show"], P.rate]} />
            <tbody>
              {report.weeks.map((w) => (
                <tr key={w.week}>
                  <td className={TD}>{w.week}</td>
                  <td className={TD}>{w.attended}</td>
                  <td className={TD}>{w.noShow}</td>
                  <td className={TD}>{w.rate === null ? "-" : new Intl.NumberFormat("en-IN", { style: "percent" }).format(w.rate)}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        )}
      </section>
  );
}
