import { ANALYTICS_COPY, GOAL_LABELS } from "@shared/content/analytics";
import { durationWords, ORDERS_REPORT } from "@shared/content/studio-orders";
import type { Dashboard } from "../../../server/services/analytics/dashboard";
import type { KitFunnel } from "../../../server/services/onboarding/studio-figures";
import { Change, percent } from "./analytics-figures";

/** The funnel as an ordered list: each step's visits, its share of the step before in words, and a bar for the eye. */
export function FunnelSection({ funnel }: { funnel: Dashboard["funnel"] }) {
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
              <Bar value={s.visits} of={first} />
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
export function KitFunnelSection({ funnel, from, to }: { funnel: KitFunnel; from: string; to: string }) {
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
              <Bar value={s.n} of={first} />
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

/** A step's share of the first step as a bar, for the eye (the figures are in words beside it); never thinner than 2% once the first step has any. */
function Bar({ value, of }: { value: number; of: number }) {
  const width = of > 0 ? Math.max(2, Math.round((value / of) * 100)) : 0;
  return (
    <div className="mt-1 h-3 w-full rounded bg-slate-100" aria-hidden="true">
      <div className="h-3 rounded bg-emerald-700" style={{ width: `${width}%` }} />
    </div>
  );
}
