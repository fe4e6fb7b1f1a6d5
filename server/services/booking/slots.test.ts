import { describe, expect, it } from "vitest";
import { parseWeeklyHours, type Availability, type WeeklyHours } from "../../../shared/schemas/booking";
import { freeSlots, zonedToUtc } from "./slots";

const hours = (text: string) => parseWeeklyHours(text) as WeeklyHours;
const iso = (ms: number) => new Date(ms).toISOString();

describe("weekly hours", () => {
  it("reads days, ranges and wraps; refuses what it cannot read", () => {
    const week = hours("Mon-Fri 10:00-13:00 14:00-18:00; Sat 10:00-14:00");
    expect(week[1]).toEqual([[600, 780], [840, 1080]]);
    expect(week[6]).toEqual([[600, 840]]);
    expect(week[0]).toEqual([]);
    expect(hours("Sat-Mon 09:00-10:00").map((d) => d.length)).toEqual([1, 1, 0, 0, 0, 0, 1]);
    expect(parseWeeklyHours("Funday 10:00-12:00")).toMatch(/not a day/);
    expect(parseWeeklyHours("Mon 12:00-10:00")).toMatch(/end after/);
    expect(parseWeeklyHours("Mon 10:00-12:00 11:00-13:00")).toMatch(/overlap/);
  });
});

describe("free slots", () => {
  const india: Availability = { hours: hours("Mon-Sat 10:00-12:00"), slotMinutes: 30, bufferMinutes: 15, daysAhead: 7, blockedDates: [], timeZone: "Asia/Kolkata" };
  // Sunday 6 December 2026, 12:00 IST.
  const now = Date.parse("2026-12-06T06:30:00Z");

  it("cuts the owner's hours into slots and buffers, in the site's zone, stored in UTC", () => {
    const slots = freeSlots(india, [], now);
    // Monday 7 December 10:00, 10:45, 11:30 IST (12:15 would end after 12:00).
    expect(slots.slice(0, 3).map(iso)).toEqual(["2026-12-07T04:30:00.000Z", "2026-12-07T05:15:00.000Z", "2026-12-07T06:00:00.000Z"]);
    expect(slots).toHaveLength(6 * 3);
  });

  it("leaves out taken slots, ones too close to them, blocked dates, and the next hour", () => {
    const first = Date.parse("2026-12-07T04:30:00Z");
    const slots = freeSlots({ ...india, blockedDates: ["2026-12-08"] }, [{ start: first, end: first + 30 * 60_000 }], now);
    expect(slots).not.toContain(first);
    expect(slots.some((s) => iso(s).startsWith("2026-12-08"))).toBe(false);
    const soon = freeSlots(india, [], first - 30 * 60_000);
    expect(soon).not.toContain(first);
  });

  it("follows a daylight saving change of a European site zone: the same wall time, another UTC hour", () => {
    // Europe/London springs forward on Sunday 29 March 2026 at 01:00 GMT.
    const london: Availability = { hours: hours("Sun 01:00-02:00 09:00-10:00"), slotMinutes: 30, bufferMinutes: 0, daysAhead: 16, blockedDates: [], timeZone: "Europe/London" };
    const slots = freeSlots(london, [], Date.parse("2026-03-21T12:00:00Z")).map(iso);
    // 22 March (GMT): 01:00, 01:30, 09:00, 09:30 are UTC as written.
    expect(slots.filter((s) => s.startsWith("2026-03-22"))).toEqual(["2026-03-22T01:00:00.000Z", "2026-03-22T01:30:00.000Z", "2026-03-22T09:00:00.000Z", "2026-03-22T09:30:00.000Z"]);
    // 29 March: 01:00 and 01:30 do not exist (clocks jump to 02:00); 09:00 BST is 08:00 UTC.
    expect(slots.filter((s) => s.startsWith("2026-03-29"))).toEqual(["2026-03-29T08:00:00.000Z", "2026-03-29T08:30:00.000Z"]);
    // 5 April (BST): 01:00 BST is 00:00 UTC.
    expect(slots.filter((s) => s.startsWith("2026-04-0"))[0]).toBe("2026-04-05T00:00:00.000Z");
  });

  it("offers a repeated wall time once, at its first occurrence (New York falls back)", () => {
    // America/New_York falls back on Sunday 1 November 2026 at 02:00 EDT: 01:00-02:00 happens twice.
    expect(iso(zonedToUtc(Date.parse("2026-11-01T01:30:00Z"), "America/New_York")!)).toBe("2026-11-01T05:30:00.000Z");
    const ny: Availability = { hours: hours("Sun 01:00-02:00"), slotMinutes: 30, bufferMinutes: 0, daysAhead: 3, blockedDates: [], timeZone: "America/New_York" };
    expect(freeSlots(ny, [], Date.parse("2026-10-31T12:00:00Z")).map(iso)).toEqual(["2026-11-01T05:00:00.000Z", "2026-11-01T05:30:00.000Z"]);
  });
});
