/**
 * Countries in analytics (issue 31, decision 0034): the country of a visit comes from its address when the hit is
 * recorded and only the two-letter code is stored; the dashboard reports visitors per country (unknown ones left
 * out), against the period before, the same before and after the roll-up, and in the CSV. SQLite and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { analyticsDashboard, dashboardCsv, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { DAY_MS, flushAnalytics, recordPageView } from "../../server/services/analytics/record";
import { RAW_REUSE_MS } from "../../server/services/analytics/reports";
import { rollUpAndPrune } from "../../server/services/analytics/rollup";
import { testDatabaseKinds } from "../helpers/databases";
import { clearAnalytics, useTestSite } from "../helpers/test-site";

const UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const SITE = "https://wise-parrot.example.test";
// Addresses of networks in India (Reliance Jio, ACT, BSNL), the United States and Germany, as the table has them.
const INDIA = ["49.36.10.1", "106.51.20.2", "117.200.30.3"];
const US = "8.8.8.8";
const GERMANY = "5.9.0.1";

describe.each(testDatabaseKinds())("countries in analytics on %s", (kind) => {
  const site = useTestSite(kind, { env: { PUBLIC_URL: SITE, ANALYTICS_RAW_DAYS: "60" }, afterEach: ({ t }) => clearAnalytics(t.db) });

  const view = (clientIp: string, at: number, url = "/") => recordPageView(site.deps, { clientIp, userAgent: UA, url, at });

  it("counts visitors per country from the address at the time of the hit, and stores the code alone", async () => {
    const now = Date.now();
    const day = Math.floor(now / DAY_MS) - 3;
    const at = day * DAY_MS + 12 * 3_600_000;
    for (const ip of INDIA) view(ip, at);
    view(INDIA[0]!, at + 60_000, "/pricing");
    view(US, at);
    view(`::ffff:${GERMANY}`, at);
    // No country: IPv6 (the table is IPv4), a documentation address, loopback.
    view("2405:201:8000::1", at);
    view("192.0.2.44", at);
    view("127.0.0.1", at);
    // The week before: one visitor from India.
    view("49.36.99.9", at - 7 * DAY_MS);
    await flushAnalytics(site.t.db);

    const query = parseDashboardQuery({ period: "7d" }, now);
    const raw = await analyticsDashboard(site.deps, query, now);
    expect(raw.totals.visitors).toBe(8);
    expect(raw.countries).toEqual([
      { country: "IN", visitors: 3, previous: 1 },
      { country: "DE", visitors: 1, previous: 0 },
      { country: "US", visitors: 1, previous: 0 },
    ]);

    // What is stored: a two-letter code or nothing; no address in any column of any row.
    const visits = await site.t.db.kysely.selectFrom("analytics_visits").selectAll().execute();
    expect(new Set(visits.map((v) => v.country))).toEqual(new Set(["IN", "US", "DE", ""]));
    const stored = JSON.stringify([visits, await site.t.db.kysely.selectFrom("analytics_events").selectAll().execute()]);
    for (const ip of [...INDIA, US, GERMANY, "2405:201:8000::1", "49.36.99.9"]) expect(stored).not.toContain(ip);

    expect((await rollUpAndPrune(site.deps, now)).rolledUp).toContain(day);
    const rolled = await analyticsDashboard(site.deps, query, now);
    expect(rolled.countries).toEqual(raw.countries);
    expect(dashboardCsv(rolled)).toContain("\r\ncountry,IN,3,,,,1\r\n");

    // A filter keeps its visits' countries.
    const page = await analyticsDashboard(site.deps, parseDashboardQuery({ period: "7d", page: "/pricing" }, now), now);
    expect(page.countries).toEqual([{ country: "IN", visitors: 1, previous: 0 }]);
  });

  it("reuses today's raw rows for a few seconds across dashboards, and reads them again once this process wrote hits", async () => {
    const now = Date.now();
    view(INDIA[0]!, now - 60_000);
    await flushAnalytics(site.t.db);
    const query = parseDashboardQuery({ period: "7d" }, now);
    expect((await analyticsDashboard(site.deps, query, now)).totals.visitors).toBe(1);
    // A visit another process wrote (straight into the table here): not seen while the read is reused…
    await site.t.db.kysely
      .insertInto("analytics_visits")
      .values({ day: Math.floor(now / DAY_MS), visitor: "from-another-process", started_at: now, entry_path: "/", source: "", referrer: "", utm_source: "", utm_medium: "", utm_campaign: "", device: "mobile", browser: "Chrome", views: 1 })
      .execute();
    expect((await analyticsDashboard(site.deps, parseDashboardQuery({ period: "30d" }, now), now)).totals.visitors).toBe(1);
    expect(RAW_REUSE_MS).toBeLessThanOrEqual(10_000);
    // …and seen as soon as this process writes a batch of hits.
    view(US, now - 30_000);
    await flushAnalytics(site.t.db);
    expect((await analyticsDashboard(site.deps, query, now)).totals.visitors).toBe(3);
  });
});
