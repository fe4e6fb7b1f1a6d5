/**
 * Times as the studio shows them: in the site's time zone (the owner's Settings, default Asia/Kolkata), named after
 * the time, and spelled out by `Intl` with the zone given explicitly, so the server's render and the browser's
 * hydration agree whatever the machine's zone ("2026-11-24 11:00 Asia/Kolkata").
 *
 * Formatters are made on first use, one per zone and style: made when a route module loads, they would load ICU's
 * locale data (about 7 MB) into every server process, which loads every route at start, for pages most processes
 * never render (issue 20).
 */
const formatters = new Map<string, Intl.DateTimeFormat>();

export type Styles = Pick<Intl.DateTimeFormatOptions, "dateStyle" | "timeStyle">;

function formatter(timeZone: string, styles: Styles | undefined): Intl.DateTimeFormat {
  const key = `${timeZone}|${styles?.dateStyle ?? ""}|${styles?.timeStyle ?? ""}`;
  let format = formatters.get(key);
  if (!format) {
    format = styles
      ? new Intl.DateTimeFormat("en-GB", { ...styles, timeZone })
      : new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
    formatters.set(key, format);
  }
  return format;
}

/** `ms` in `timeZone`, the zone named: "2026-11-24 11:00 Asia/Kolkata", or with `styles` "24 Nov 2026, 11:00 Asia/Kolkata". */
export function zonedTime(ms: number, timeZone: string, styles?: Styles): string {
  const zone = safeZone(timeZone);
  const format = formatter(zone, styles);
  if (styles) return `${format.format(ms)} ${zone}`;
  const part = (type: Intl.DateTimeFormatPartTypes) => format.formatToParts(ms).find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")} ${part("hour")}:${part("minute")} ${zone}`;
}

function safeZone(timeZone: string): string {
  try {
    formatter(timeZone, undefined);
    return timeZone;
  } catch {
    return "UTC";
  }
}

/** An instant as the studio's messages and e-mails write it: "1 Dec 2026, 09:00 (Asia/Kolkata)". */
export function formatInZone(epochMs: number, zone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", { timeZone: zone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(epochMs));
  return `${text} (${zone})`;
}
