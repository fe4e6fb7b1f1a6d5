import type { ReactNode } from "react";
import { ANALYTICS_COPY, sourceLabel } from "@shared/content/analytics";
import { DataTable, TD, TH } from "./ui";

export const percent = (r: number) => `${(r * 100).toFixed(1)} %`;
/** A source's name as the dashboard shows it ("Direct" for none). */
export const sourceWords = (source: string) => sourceLabel(source, ANALYTICS_COPY.direct);

/**
 * A figure against the period before: the change in words (up 20% from 100), an arrow beside it for the eye. Rates
 * change in percentage points; a figure that had nothing before is "new".
 */
export function Change({ value, previous, rate = false }: { value: number; previous: number; rate?: boolean }) {
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

const regionNames = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });

/** "IN" → "India" (the code itself when the name is unknown). */
export function countryName(code: string): string {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
}

export function Table({ caption, head, rows, testId }: { caption: string; head: string[]; rows: ReactNode[][]; testId?: string }) {
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
