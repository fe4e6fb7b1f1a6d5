import type { Availability } from "../../../shared/schemas/booking";
import { zoneOffsetMs } from "../wall-clock";

/**
 * The demo slots the owner's availability offers (issue 42): weekly hours in the site's time zone, each day from
 * today to `daysAhead` days on (blocked dates left out), cut into slots of `slotMinutes` every slot and buffer, and
 * stored in UTC. A wall time the zone skips (the hour clocks jump forward) is not offered; one it repeats (the hour
 * they fall back) is offered once, at its first occurrence. Pure: the caller gives the taken intervals and the time.
 */

/** A visitor may not book a demo starting sooner than this. */
export const MIN_NOTICE_MS = 60 * 60_000;

export type Interval = { start: number; end: number };

/**
 * The instant of a wall time in the zone (`localMs`: the wall time written as if it were UTC), or null when the zone
 * skips it. Of a repeated wall time, the first.
 */
export function zonedToUtc(localMs: number, timeZone: string): number | null {
  // Offsets either side of the moment: the earlier is tried first, so a repeated hour gives its first occurrence.
  const a = zoneOffsetMs(localMs - 14 * 3600_000, timeZone);
  const b = zoneOffsetMs(localMs + 14 * 3600_000, timeZone);
  for (const offset of a >= b ? [a, b] : [b, a]) {
    const utc = localMs - offset;
    if (zoneOffsetMs(utc, timeZone) === offset) return utc;
  }
  return null;
}

/** The date (YYYY-MM-DD) of an instant in the zone. */
export function zonedDate(ms: number, timeZone: string): string {
  return new Date(ms + zoneOffsetMs(ms, timeZone)).toISOString().slice(0, 10);
}

/**
 * Every free slot's start (UTC ms, ascending). `taken`: the intervals held or booked (any order); a slot overlapping
 * one, or with less than the buffer before or after it, is not free.
 */
export function freeSlots(availability: Availability, taken: readonly Interval[], now: number): number[] {
  const { hours, slotMinutes, bufferMinutes, daysAhead, blockedDates, timeZone } = availability;
  const slotMs = slotMinutes * 60_000;
  const bufferMs = bufferMinutes * 60_000;
  const stepMs = slotMs + bufferMs;
  const blocked = new Set(blockedDates);
  const busy = [...taken].sort((x, y) => x.start - y.start);
  let cursor = 0;
  const out: number[] = [];
  const earliest = now + MIN_NOTICE_MS;
  const today = zonedDate(now, timeZone);
  const firstDay = Date.parse(`${today}T00:00:00Z`);
  for (let d = 0; d <= daysAhead; d++) {
    const dayLocal = firstDay + d * 86_400_000;
    const date = new Date(dayLocal).toISOString().slice(0, 10);
    if (blocked.has(date)) continue;
    const ranges = hours[new Date(dayLocal).getUTCDay()] ?? [];
    if (ranges.length === 0) continue;
    // One offset for the whole day unless the zone changes during it (then each slot is converted on its own).
    const startOffset = zoneOffsetMs(dayLocal - zoneOffsetMs(dayLocal, timeZone), timeZone);
    const endOffset = zoneOffsetMs(dayLocal + 86_400_000 - zoneOffsetMs(dayLocal, timeZone), timeZone);
    const steady = startOffset === endOffset;
    for (const [from, to] of ranges) {
      for (let m = from; m + slotMinutes <= to; m += slotMinutes + bufferMinutes) {
        const local = dayLocal + m * 60_000;
        const start = steady ? local - startOffset : zonedToUtc(local, timeZone);
        if (start === null || start < earliest) continue;
        const end = start + slotMs;
        while (cursor < busy.length && busy[cursor]!.end + bufferMs <= start) cursor++;
        let clash = false;
        for (let i = cursor; i < busy.length && busy[i]!.start < end + bufferMs; i++) {
          if (busy[i]!.end + bufferMs > start) {
            clash = true;
            break;
          }
        }
        if (!clash && (out.length === 0 || start > out[out.length - 1]!)) out.push(start);
      }
    }
  }
  void stepMs;
  return out;
}
