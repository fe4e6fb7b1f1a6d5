import { AUDIENCE_TOOLS_MESSAGES } from "../../shared/content/audience-tools";
import { invalid } from "./errors";

/**
 * Wall-clock times the owner types (a newsletter's or a page's schedule) read in the site's time zone. Showing a time
 * in a zone is shared/zoned-time.ts's.
 */
const DAY_MS = 86_400_000;

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
 * ms. Around a daylight-saving change the zone's offsets a day before and a day after are tried: a time that occurs
 * twice (the clocks go back) is its first occurrence; a time the clocks skip (they go forward) is read with the
 * offset before the change, so it lands just after the gap (02:30 in New York on a spring-forward night is 03:30
 * daylight time), whichever side of Greenwich the zone is. Throws `invalid` on `field` for anything else.
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
  const before = offsetAt(wall - DAY_MS, zone);
  const after = offsetAt(wall + DAY_MS, zone);
  // An instant reads as this wall time when the zone's offset at that instant is the one it was read with.
  const readings = [wall - before, wall - after].filter((epoch) => offsetAt(epoch, zone) === wall - epoch);
  return readings.length > 0 ? Math.min(...readings) : wall - before;
}
