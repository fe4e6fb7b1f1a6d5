import type { Locale } from "./i18n";

/**
 * The booking page's slots as a visitor reads them (issue 42): grouped by day in the zone they are shown in (the
 * visitor's, once the browser names it; before, the site's), each time spelled out by Intl for the page's language.
 */
export type SlotDay = { key: string; label: string; times: { value: string; label: string }[] };

const formats = new Map<string, Intl.DateTimeFormat>();
function format(locale: Locale, timeZone: string, kind: "day" | "time" | "key" | "full"): Intl.DateTimeFormat {
  const id = `${locale}|${timeZone}|${kind}`;
  let f = formats.get(id);
  if (!f) {
    const tag = locale === "hi" ? "hi-IN" : "en-IN";
    f =
      kind === "key"
        ? new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" })
        : kind === "day"
          ? new Intl.DateTimeFormat(tag, { timeZone, weekday: "long", day: "numeric", month: "long" })
          : kind === "time"
            ? new Intl.DateTimeFormat(tag, { timeZone, hour: "numeric", minute: "2-digit" })
            : new Intl.DateTimeFormat(tag, { timeZone, dateStyle: "full", timeStyle: "short" });
    formats.set(id, f);
  }
  return f;
}

/** A zone the browser can format in, else the fallback. */
export function usableZone(zone: string | undefined, fallback: string): string {
  if (!zone) return fallback;
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return zone;
  } catch {
    return fallback;
  }
}

export function groupSlots(slots: readonly number[], timeZone: string, locale: Locale): SlotDay[] {
  const days: SlotDay[] = [];
  for (const slot of slots) {
    const key = format(locale, timeZone, "key").format(slot);
    let day = days[days.length - 1];
    if (!day || day.key !== key) {
      day = { key, label: format(locale, timeZone, "day").format(slot), times: [] };
      days.push(day);
    }
    day.times.push({ value: String(slot), label: format(locale, timeZone, "time").format(slot) });
  }
  return days;
}

/** A demo's time as the confirmation shows it, the zone named. */
export function slotWhen(ms: number, timeZone: string, locale: Locale): string {
  return `${format(locale, timeZone, "full").format(ms)} (${timeZone})`;
}

export function fillCopy(text: string, values: Record<string, string>): string {
  return text.replace(/\{(\w+)\}/g, (m, k: string) => values[k] ?? m);
}
