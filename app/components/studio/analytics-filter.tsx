import { Form, Link } from "react-router";
import { ANALYTICS_COPY, ANALYTICS_PERIODS } from "@shared/content/analytics";
import { ANALYTICS_LANGUAGE_COPY } from "@shared/content/analytics-language";
import type { Dashboard } from "../../../server/services/analytics/dashboard";
import { sourceWords } from "./analytics-figures";
import { Button, buttonClass, Notice } from "./ui";

/** The URL of this dashboard with the period kept and the filter replaced. */
type FilterParams = { page?: string; source?: string; language?: string };
export function hrefWith(d: Dashboard, filter: FilterParams, base = "/studio/analytics"): string {
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

export function currentFilter(d: Dashboard): FilterParams {
  if (d.filter.kind === "language") return { language: d.filter.locale };
  return d.filter.kind === "page" ? { page: d.filter.path } : d.filter.kind === "source" ? { source: d.filter.source } : {};
}

/** The filter in words, after "Showing visits:". */
export function filterWords(filter: Dashboard["filter"]): string {
  switch (filter.kind) {
    case "page":
      return `${ANALYTICS_COPY.page} ${filter.path}`;
    case "source":
      return `${ANALYTICS_COPY.source} ${sourceWords(filter.source)}`;
    case "language":
      return `${ANALYTICS_LANGUAGE_COPY.filterLabel} ${ANALYTICS_LANGUAGE_COPY.name(filter.locale)}`;
    case "all":
      return "";
  }
}

/** The period: the preset periods as links, a range of days as a form (its message beside it), the filter kept. */
export function PeriodForm({ d, error, typed }: { d: Dashboard; error: { field: string; message: string } | null; typed: { from: string; to: string } }) {
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
        <DateField name="from" label={ANALYTICS_COPY.from} defaultValue={rangeError ? typed.from : d.period ? "" : d.from} error={rangeError} />
        <DateField name="to" label={ANALYTICS_COPY.to} defaultValue={rangeError ? typed.to : d.period ? "" : d.to} error={rangeError} />
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

/** One end of the range; both ends point at the range's one message. */
function DateField({ name, label, defaultValue, error }: { name: "from" | "to"; label: string; defaultValue: string; error: string | null }) {
  return (
    <div>
      <label htmlFor={`analytics-${name}`} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <input
        id={`analytics-${name}`}
        name={name}
        type="date"
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? "analytics-range-error" : undefined}
        className="rounded-md border border-slate-300 px-3 py-2 text-sm"
      />
    </div>
  );
}
