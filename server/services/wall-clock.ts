import { AUDIENCE_TOOLS_MESSAGES } from "../../shared/content/audience-tools";
import { invalid } from "./errors";

/**
 * Wall-clock times the owner types (a newsletter's or a page's schedule) read in the site's time zone. Showing a time
 * in a zone is shared/zoned-time.ts's. The zone's offset at an instant is here for every service (the demo slots too).
 */
const DAY_MS = 86_400_000;

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

function offsetFormat(timeZone: string): Intl.DateTimeFormat {
  let f = offsetFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    offsetFormats.set(timeZone, f);
  }
  return f;
}

/** The zone's offset from UTC at the instant `ms`, in milliseconds (positive east of Greenwich; IST: +5.5 h). */
export function zoneOffsetMs(ms: number, timeZone: string): number {
  const n: Record<string, number> = {};
  for (const p of offsetFormat(timeZone).formatToParts(ms)) if (p.type !== "literal") n[p.type] = Number(p.value);
  const asUtc = Date.UTC(n.year!, n.month! - 1, n.day!, n.hour === 24 ? 0 : n.hour!, n.minute!, n.second!);
  return asUtc - Math.floor(ms / 1000) * 1000;
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
  const before = zoneOffsetMs(wall - DAY_MS, zone);
  const after = zoneOffsetMs(wall + DAY_MS, zone);
  // An instant reads as this wall time when the zone's offset at that instant is the one it was read with.
  const readings = [wall - before, wall - after].filter((epoch) => zoneOffsetMs(epoch, zone) === wall - epoch);
  return readings.length > 0 ? Math.min(...readings) : wall - before;
}
