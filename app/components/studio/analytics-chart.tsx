import { ANALYTICS_COPY } from "@shared/content/analytics";
import { DataTable, TD, HeadRow } from "./ui";

type Point = { day: string; visitors: number; views: number };

const W = 720;
const H = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 40 };

/**
 * Visitors per day as a server-rendered SVG line (no script), named for assistive technology, with the same figures
 * in a table (a disclosure that works without JavaScript).
 */
export function VisitorsChart({ series }: { series: Point[] }) {
  const max = Math.max(1, ...series.map((p) => p.visitors));
  const innerW = W - PAD.left - PAD.right;
  const innerH = H - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (series.length <= 1 ? innerW / 2 : (i * innerW) / (series.length - 1));
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const points = series.map((p, i) => `${x(i).toFixed(1)},${y(p.visitors).toFixed(1)}`).join(" ");
  const total = series.reduce((s, p) => s + p.visitors, 0);
  const first = series[0]?.day ?? "";
  const last = series[series.length - 1]?.day ?? "";
  return (
    <section aria-labelledby="visitors-chart-title" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="visitors-chart-title" className="mb-2 text-lg font-semibold text-slate-900">
        {ANALYTICS_COPY.chartTitle}
      </h2>
      <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby="visitors-chart-desc">
        <title id="visitors-chart-desc">{`${ANALYTICS_COPY.chartTitle}, ${first} to ${last}: ${total} in all, at most ${max} a day.`}</title>
        <line x1={PAD.left} y1={PAD.top + innerH} x2={W - PAD.right} y2={PAD.top + innerH} stroke="#94a3b8" strokeWidth="1" />
        <line x1={PAD.left} y1={PAD.top} x2={PAD.left} y2={PAD.top + innerH} stroke="#94a3b8" strokeWidth="1" />
        <text x={PAD.left - 6} y={PAD.top + 4} textAnchor="end" fontSize="12" fill="#334155">
          {max}
        </text>
        <text x={PAD.left - 6} y={PAD.top + innerH} textAnchor="end" fontSize="12" fill="#334155">
          0
        </text>
        <text x={PAD.left} y={H - 8} fontSize="12" fill="#334155">
          {first}
        </text>
        <text x={W - PAD.right} y={H - 8} textAnchor="end" fontSize="12" fill="#334155">
          {last}
        </text>
        <polyline points={points} fill="none" stroke="#047857" strokeWidth="2.5" strokeLinejoin="round" />
        {series.length <= 31
          ? series.map((p, i) => <circle key={p.day} cx={x(i)} cy={y(p.visitors)} r="3" fill="#047857" />)
          : null}
      </svg>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-semibold text-emerald-800">{ANALYTICS_COPY.chartTable}</summary>
        <div className="mt-2">
          <DataTable caption={ANALYTICS_COPY.chartTitle}>
            <HeadRow columns={[ANALYTICS_COPY.day, ANALYTICS_COPY.visitors, ANALYTICS_COPY.views]} />
            <tbody className="divide-y divide-slate-100">
              {series.map((p) => (
                <tr key={p.day}>
                  <th scope="row" className={`${TD} font-normal`}>
                    {p.day}
                  </th>
                  <td className={TD}>{p.visitors}</td>
                  <td className={TD}>{p.views}</td>
                </tr>
              ))}
            </tbody>
          </DataTable>
        </div>
      </details>
    </section>
  );
}
