import { type ReactNode, useEffect } from "react";
import { Link, useRevalidator } from "react-router";
import { buttonClass } from "./ui";

export function day(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** A GET form of filters above a list: works without JavaScript, keeps what was chosen. */
export function FilterForm({ children, label }: { children: ReactNode; label: string }) {
  return (
    <form method="get" role="search" aria-label={label} className="mb-4 flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-4">
      {children}
    </form>
  );
}

export function SelectField({ label, name, value, options }: { label: string; name: string; value?: string; options: { value: string; label: string }[] }) {
  const id = `filter-${name}`;
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} className="block rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-900">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** "Older …" paging link, keeping the filters. */
export function MoreLink({ search, before, label }: { search: URLSearchParams; before: number | string; label: string }) {
  const next = new URLSearchParams(search);
  next.set("before", String(before));
  return (
    <p className="mt-4">
      <Link to={`?${next.toString()}`} className={buttonClass("secondary")}>
        {label}
      </Link>
    </p>
  );
}

/** While a send is under way, the page reads its figures again every few seconds. */
export function useRefreshWhile(active: boolean, everyMs = 2000) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (state === "idle" && document.visibilityState === "visible") void revalidate();
    }, everyMs);
    return () => clearInterval(timer);
  }, [active, everyMs, revalidate, state]);
}


/**
 * An export's button: a plain form posted to the export's address (filters in its query), so the browser downloads
 * the file and stays on the page. A POST, not a link: an export counts against a quota and writes an audit line,
 * which another site must not trigger with a link or an image (the site's cross-site guard refuses foreign posts).
 */
export function ExportButton({ action, label }: { action: string; label: string }) {
  return (
    <form method="post" action={action}>
      <button type="submit" className={buttonClass("secondary")}>
        {label}
      </button>
    </form>
  );
}
