/**
 * A post's day as the site's visitors live it: in the site's time zone (the owner's Settings, default Asia/Kolkata),
 * not the UTC day (issue 44: a post published 00:00-05:30 India time showed the day before).
 *
 * The server formats public pages without `Intl` (its first use loads ICU's locale data into the process: issue 20,
 * docs/findings.md), so the zones whose offset never changes are a table here (India's, the default, and UTC); any
 * other zone asks `Intl` once per zone, on first use. The browser runs the same code, so its hydration agrees.
 */

/** Minutes east of UTC of zones with one offset since long before any post (checked against Intl in the tests). */
const FIXED_OFFSET: Readonly<Record<string, number>> = {
  "Asia/Kolkata": 330,
  "Asia/Calcutta": 330,
  UTC: 0,
  "Etc/UTC": 0,
  GMT: 0,
  "Etc/GMT": 0,
};

const formats = new Map<string, Intl.DateTimeFormat | null>();

function formatOf(zone: string): Intl.DateTimeFormat | null {
  if (!formats.has(zone)) {
    let format: Intl.DateTimeFormat | null = null;
    try {
      format = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    } catch {
      format = null;
    }
    formats.set(zone, format);
  }
  return formats.get(zone) ?? null;
}

/** Minutes east of UTC in `zone` at `ms` (an unknown zone: 0, as UTC). */
export function zoneOffsetMinutes(ms: number, zone: string): number {
  const fixed = FIXED_OFFSET[zone];
  if (fixed !== undefined) return fixed;
  const format = formatOf(zone);
  if (!format || !Number.isFinite(ms)) return 0;
  const n: Record<string, number> = {};
  for (const p of format.formatToParts(ms)) if (p.type !== "literal") n[p.type] = Number(p.value);
  const wall = Date.UTC(n.year!, n.month! - 1, n.day!, n.hour === 24 ? 0 : n.hour!, n.minute!, n.second!);
  return Math.round((wall - (ms - (((ms % 1000) + 1000) % 1000))) / 60_000);
}

/** A calendar day without a time ("2024-07-15", the shipped samples and the browser-kept posts): no zone moves it. */
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The wall clock of an instant in `zone`, as a Date whose UTC fields are that wall time (read it with getUTC*).
 * A day without a time stays that day. An unreadable date gives an invalid Date.
 */
export function wallClock(date: string | number, zone: string): Date {
  if (typeof date === "string" && DAY_ONLY.test(date)) return new Date(`${date}T00:00:00Z`);
  const ms = typeof date === "number" ? date : Date.parse(date);
  if (Number.isNaN(ms)) return new Date(Number.NaN);
  return new Date(ms + zoneOffsetMinutes(ms, zone) * 60_000);
}

/** The day (YYYY-MM-DD) of an instant in `zone`. */
export function siteDay(ms: number, zone: string): string {
  return wallClock(ms, zone).toISOString().slice(0, 10);
}

const DAYS = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"];
const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const two = (n: number) => String(n).padStart(2, "0");

/** RFC 822 in the zone's offset, as RSS writes dates: "Wed, 02 Dec 2026 00:30:00 +0530" (the reader's day is the site's). */
export function rfc822InZone(ms: number, zone: string): string {
  const offset = zoneOffsetMinutes(ms, zone);
  const w = new Date(ms + offset * 60_000);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${DAYS[w.getUTCDay()]}, ${two(w.getUTCDate())} ${MONTHS[w.getUTCMonth()]} ${w.getUTCFullYear()} ${two(w.getUTCHours())}:${two(w.getUTCMinutes())}:${two(w.getUTCSeconds())} ${sign}${two(Math.floor(abs / 60))}${two(abs % 60)}`;
}
