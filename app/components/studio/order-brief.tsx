import { ORDERS_PAGES } from "@shared/content/studio-orders";

/**
 * A submitted brief, read-only, as text: each answer under its label (the brief's own labels when given, else the
 * field's name made readable). Lists (services with their prices) are drawn as lists; nothing is rendered as HTML.
 */
export function OrderBrief({ brief, labels = {} }: { brief: Record<string, unknown>; labels?: Record<string, string> }) {
  const entries = Object.entries(brief).filter(([, v]) => !isEmpty(v));
  if (entries.length === 0) return <p className="text-sm text-slate-600">{ORDERS_PAGES.order.noBrief}</p>;
  return (
    <dl className="grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[12rem_1fr]" data-testid="order-brief">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="text-sm font-semibold text-slate-700">{labels[key] ?? readable(key)}</dt>
          <dd className="min-w-0 whitespace-pre-wrap break-words text-sm text-slate-900">
            <Value value={value} labels={labels} />
          </dd>
        </div>
      ))}
    </dl>
  );
}

function Value({ value, labels }: { value: unknown; labels: Record<string, string> }) {
  if (Array.isArray(value)) {
    return (
      <ul className="list-disc pl-5">
        {value.filter((v) => !isEmpty(v)).map((v, i) => (
          <li key={i}>
            <Value value={v} labels={labels} />
          </li>
        ))}
      </ul>
    );
  }
  if (value && typeof value === "object") {
    return (
      <span>
        {Object.entries(value as Record<string, unknown>)
          .filter(([, v]) => !isEmpty(v))
          .map(([k, v]) => `${labels[k] ?? readable(k)}: ${text(v)}`)
          .join(" · ")}
      </span>
    );
  }
  return <>{text(value)}</>;
}

function text(value: unknown): string {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  if (Array.isArray(value)) return value.map(text).join(", ");
  if (value && typeof value === "object") return JSON.stringify(value);
  return "";
}

function isEmpty(value: unknown): boolean {
  return value === null || value === undefined || value === "" || (Array.isArray(value) && value.every(isEmpty));
}

/** "businessName" → "Business name", "price_list" → "Price list". */
function readable(key: string): string {
  const words = key.replace(/[_-]+/g, " ").replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase().trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}
