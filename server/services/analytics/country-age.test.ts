import { describe, expect, it } from "vitest";
import { COUNTRY_DATA_MAX_AGE_DAYS, countryDataAgeDays, staleCountryDataNotice } from "./country-age";

const day = (iso: string) => Date.parse(`${iso}T12:00:00Z`);

describe("the notice about old country data (issue 40)", () => {
  it("says how old the package's data is and that only a MaxMind key brings newer data", () => {
    const notice = staleCountryDataNotice({ dataDate: "2026-09-26", source: "package", dataDirSet: false }, day("2026-12-01"));
    expect(notice).toBe(
      "country data is 66 days old (GeoLite2 of 2026-09-26, as the installed geoip-country package ships it); the GeoLite2 " +
        "licence asks for a release at most 30 days old. To update: newer data comes only from MaxMind, with a free MaxMind " +
        "account's licence key: set GEOLITE2_LICENSE_KEY and COUNTRY_DATA_DIR (a folder outside node_modules), then run " +
        "countries:update (`npm run countries:update`; `wise-parrot countries:update` in the Docker image) weekly from cron and " +
        "restart the site",
    );
    // Not the command alone, which without a key installs npm's newest package: usually the installed one.
    expect(notice).not.toMatch(/update geoip-country|older than a month/);
    expect(notice!.indexOf("GEOLITE2_LICENSE_KEY")).toBeLessThan(notice!.indexOf("countries:update"));
  });

  it("with COUNTRY_DATA_DIR set but empty, or holding old downloads, names the key and the schedule", () => {
    const empty = staleCountryDataNotice({ dataDate: "2026-09-26", source: "package", dataDirSet: true }, day("2026-12-01"));
    expect(empty).toContain("COUNTRY_DATA_DIR holds no tables yet: with GEOLITE2_LICENSE_KEY");
    const old = staleCountryDataNotice({ dataDate: "2026-10-01", source: "folder", dataDirSet: true }, day("2026-12-01"));
    expect(old).toMatch(/^country data is 61 days old \(MaxMind's GeoLite2 as written into COUNTRY_DATA_DIR on 2026-10-01\)/);
    expect(old).toContain("with GEOLITE2_LICENSE_KEY set, weekly from cron, then restart the site");
  });

  it("says nothing while the data is recent enough, or when its day is unknown", () => {
    const at = day("2026-12-01");
    const recent = new Date(at - COUNTRY_DATA_MAX_AGE_DAYS * 86_400_000).toISOString().slice(0, 10);
    expect(countryDataAgeDays(recent, at)).toBe(COUNTRY_DATA_MAX_AGE_DAYS);
    expect(staleCountryDataNotice({ dataDate: recent, source: "package", dataDirSet: false }, at)).toBeNull();
    expect(staleCountryDataNotice({ dataDate: null, source: "package", dataDirSet: false }, at)).toBeNull();
    expect(staleCountryDataNotice({ dataDate: "not a day", source: "package", dataDirSet: false }, at)).toBeNull();
  });
});
