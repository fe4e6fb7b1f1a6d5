import { AUDIENCE_TOOLS_MESSAGES } from "../../../shared/content/audience-tools";
import { invalid } from "../errors";

/** The offset of `zone` from UTC at the instant `epochMs` (ms; positive east of Greenwich). */
function offsetAt(epochMs: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(epochMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return asUtc - Math.floor(epochMs / 1000) * 1000;
}

/**
 * A wall-clock time as a datetime-local field sends it ("2026-12-01T09:00"), read in the site's time zone, as epoch
 * ms. A time the clocks skip (a spring-forward gap) is read with the offset before the change; throws `invalid` on
 * `field` for anything else.
 */
export function zonedTimeToEpoch(local: string, zone: string, field = "at"): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})$/.exec(local.trim());
  if (!m) throw invalid(AUDIENCE_TOOLS_MESSAGES.scheduleInvalid, field);
  const [y, mo, d, h, mi] = m.slice(1).map(Number) as [number, number, number, number, number];
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  const check = new Date(wall);
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) {
    throw invalid(AUDIENCE_TOOLS_MESSAGES.scheduleInvalid, field);
  }
  // Two rounds settle the offset (the guess's offset, then the offset at the corrected instant).
  let epoch = wall - offsetAt(wall, zone);
  epoch = wall - offsetAt(epoch, zone);
  return epoch;
}

/** An instant as the studio shows it: "1 Dec 2026, 09:00 (Asia/Kolkata)". */
export function formatInZone(epochMs: number, zone: string): string {
  const text = new Intl.DateTimeFormat("en-GB", { timeZone: zone, day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).format(new Date(epochMs));
  return `${text} (${zone})`;
}
