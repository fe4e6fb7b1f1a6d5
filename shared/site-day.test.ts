import { describe, expect, it } from "vitest";
import { rfc822InZone, siteDay, wallClock, zoneOffsetMinutes } from "./site-day";

/** The offset as Intl gives it (tests may load Intl; the server's public pages do not for India's zone). */
function intlOffset(ms: number, zone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(ms);
  const name = parts.find((p) => p.type === "timeZoneName")!.value; // "GMT+05:30" or "GMT"
  const m = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  return m ? (m[1] === "-" ? -1 : 1) * (Number(m[2]) * 60 + Number(m[3])) : 0;
}

describe("the site's day", () => {
  it("the fixed table agrees with Intl, and other zones (with summer time) are asked of Intl", () => {
    const instants = [Date.UTC(1990, 0, 1), Date.UTC(2010, 5, 30, 12), Date.UTC(2026, 2, 29, 1, 30), Date.UTC(2026, 9, 25, 0, 59), Date.UTC(2040, 11, 31, 23)];
    for (const zone of ["Asia/Kolkata", "Asia/Calcutta", "UTC", "Etc/UTC", "GMT", "Europe/London", "America/New_York", "Asia/Kathmandu", "Australia/Adelaide"]) {
      for (const ms of instants) expect(zoneOffsetMinutes(ms, zone), `${zone} ${new Date(ms).toISOString()}`).toBe(intlOffset(ms, zone));
    }
    expect(zoneOffsetMinutes(Date.UTC(2026, 6, 1), "Europe/London")).toBe(60);
    expect(zoneOffsetMinutes(Date.UTC(2026, 0, 1), "Europe/London")).toBe(0);
    // An unknown zone is UTC, never a crash.
    expect(zoneOffsetMinutes(0, "Not/AZone")).toBe(0);
  });

  it("23:00 UTC and 00:30 India time are both 1 December in India", () => {
    expect(siteDay(Date.UTC(2026, 10, 30, 23), "Asia/Kolkata")).toBe("2026-12-01");
    expect(siteDay(Date.UTC(2026, 10, 30, 19), "Asia/Kolkata")).toBe("2026-12-01");
    expect(siteDay(Date.UTC(2026, 10, 30, 18, 29), "Asia/Kolkata")).toBe("2026-11-30");
    expect(siteDay(Date.UTC(2026, 10, 30, 23), "UTC")).toBe("2026-11-30");
    expect(wallClock("2024-07-15", "America/Los_Angeles").toISOString()).toBe("2024-07-15T00:00:00.000Z");
    expect(Number.isNaN(wallClock("soon", "Asia/Kolkata").getTime())).toBe(true);
  });

  it("writes RSS dates in the site's offset, the same instant", () => {
    const ms = Date.UTC(2026, 10, 30, 19);
    expect(rfc822InZone(ms, "Asia/Kolkata")).toBe("Tue, 01 Dec 2026 00:30:00 +0530");
    expect(Date.parse(rfc822InZone(ms, "Asia/Kolkata"))).toBe(ms);
    expect(rfc822InZone(ms, "America/New_York")).toBe("Mon, 30 Nov 2026 14:00:00 -0500");
    expect(rfc822InZone(ms, "UTC")).toBe(new Date(ms).toUTCString().replace("GMT", "+0000"));
  });
});
