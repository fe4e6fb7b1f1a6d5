/**
 * Countries in analytics (issue 31, decisions 0034 and 0035): the country of a visit comes from its address, IPv4 or
 * IPv6, when the hit is recorded and only the two-letter code is stored; the dashboard reports visitors per country
 * (unknown ones left out), against the period before, the same before and after the roll-up, and in the CSV. Through
 * the site's door, an IPv6 visitor's address (the /64 the server keeps of it) reaches no table. SQLite and PostgreSQL.
 */
import type { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import type { AppEnv } from "../../server/context";
import { analyticsDashboard, dashboardCsv, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { DAY_MS, flushAnalytics, recordPageView } from "../../server/services/analytics/record";
import { RAW_REUSE_MS } from "../../server/services/analytics/reports";
import { rollUpAndPrune } from "../../server/services/analytics/rollup";
import { type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { clearAnalytics, useTestSite } from "../helpers/test-site";

const UA = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const SITE = "https://wise-parrot.example.test";
// Addresses of networks in India (Reliance Jio, ACT, BSNL), the United States and Germany, as the table has them.
const INDIA = ["49.36.10.1", "106.51.20.2", "117.200.30.3"];
const US = "8.8.8.8";
const GERMANY = "5.9.0.1";
// Phones on India's mobile networks over IPv6 (Reliance Jio, Bharti Airtel), and one in the United States (Comcast).
const INDIA_V6 = ["2409:4042:2d8c:1e9a:5c1f:8e2b:a4d3:77e1", "2401:4900:1c2a:5b6e:d1b3:11aa:9f02:4c8d"];
const US_V6 = "2601:600:a17f:3e40:b9c8:24d1:6e0f:1a2b";

/** Every row of every table, as text: what "the address is never stored" is checked against. */
async function everything(t: TestDatabase): Promise<string> {
  const tables = await t.db.kysely.introspection.getTables();
  const rows = [];
  for (const table of tables) rows.push(await t.db.kysely.selectFrom(table.name as never).selectAll().execute());
  expect(tables.some((table) => table.name === "analytics_visits")).toBe(true);
  return JSON.stringify(rows, (_key, value: unknown) => (typeof value === "bigint" ? value.toString() : value)).toLowerCase();
}

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
    // IPv6: two phones in India, one in the United States, written as the server hands them over (the /64) or whole.
    view("2409:4042:2d8c:1e9a::/64", at);
    view(INDIA_V6[1]!, at);
    view(US_V6.toUpperCase(), at);
    // No country: a documentation address, loopback, link-local and unique local IPv6.
    view("192.0.2.44", at);
    view("127.0.0.1", at);
    view("fe80::1c2a:5b6e:d1b3:11aa%eth0", at);
    view("fd12:3456:789a:1::1", at);
    // The week before: one visitor from India over IPv4, one over IPv6.
    view("49.36.99.9", at - 7 * DAY_MS);
    view("2405:201:8000:1::/64", at - 7 * DAY_MS);
    await flushAnalytics(site.t.db);

    const query = parseDashboardQuery({ period: "7d" }, now);
    const raw = await analyticsDashboard(site.deps, query, now);
    expect(raw.totals.visitors).toBe(12);
    expect(raw.countries).toEqual([
      { country: "IN", visitors: 5, previous: 2 },
      { country: "US", visitors: 2, previous: 0 },
      { country: "DE", visitors: 1, previous: 0 },
    ]);

    // What is stored: a two-letter code or nothing; no address in any column of any row.
    const visits = await site.t.db.kysely.selectFrom("analytics_visits").selectAll().execute();
    expect(new Set(visits.map((v) => v.country))).toEqual(new Set(["IN", "US", "DE", ""]));
    const stored = await everything(site.t);
    for (const ip of [...INDIA, US, GERMANY, "49.36.99.9", ...INDIA_V6, US_V6, "2409:4042:2d8c:1e9a", "2405:201:8000:1", "fe80::", "fd12:3456"]) {
      expect(stored).not.toContain(ip.toLowerCase());
    }

    expect((await rollUpAndPrune(site.deps, now)).rolledUp).toContain(day);
    const rolled = await analyticsDashboard(site.deps, query, now);
    expect(rolled.countries).toEqual(raw.countries);
    expect(dashboardCsv(rolled)).toContain("\r\ncountry,IN,5,,,,2\r\n");

    // A filter keeps its visits' countries.
    const page = await analyticsDashboard(site.deps, parseDashboardQuery({ period: "7d", page: "/pricing" }, now), now);
    expect(page.countries).toEqual([{ country: "IN", visitors: 1, previous: 0 }]);
  });

  it("gives a visit through the site's door from an IPv6 phone its country, and keeps neither the address nor its /64", async () => {
    const door = testDeps(site.t.db, { TRUST_PROXY: "true", PUBLIC_URL: SITE });
    const app: Hono<AppEnv> = await createApp({
      deps: door,
      pageHandler: async (request) => new Response(`<!doctype html><title>${new URL(request.url).pathname}</title>`, { headers: { "content-type": "text/html; charset=utf-8" } }),
    });
    const phone = (address: string, path: string) =>
      app.request(`${SITE}${path}`, { headers: { "x-forwarded-for": address, "user-agent": UA, "sec-fetch-dest": "document" } });
    const beacon = (address: string, body: object) =>
      app.request(`${SITE}/api/events`, {
        method: "POST",
        headers: { "x-forwarded-for": address, "user-agent": UA, "content-type": "text/plain", "sec-fetch-site": "same-origin", origin: SITE },
        body: JSON.stringify(body),
      });
    // A phone on Jio, its address as a proxy writes it (full, upper case), then a goal from its page; one on Airtel;
    // one in the United States; one with a link-local address (a proxy on the same link): no country.
    expect((await phone(INDIA_V6[0]!.toUpperCase(), "/")).status).toBe(200);
    expect((await beacon(INDIA_V6[0]!, { n: "pageview", p: "/pricing" })).status).toBe(204);
    expect((await phone(`[${INDIA_V6[1]!}]`, "/about")).status).toBe(200);
    expect((await phone(US_V6, "/")).status).toBe(200);
    expect((await phone("fe80::1c2a:5b6e:d1b3:11aa", "/")).status).toBe(200);
    await flushAnalytics(site.t.db);

    const visits = await site.t.db.kysely.selectFrom("analytics_visits").select(["entry_path", "country", "views"]).orderBy("country").orderBy("entry_path").execute();
    expect(visits).toEqual([
      { entry_path: "/", country: "", views: 1 },
      { entry_path: "/", country: "IN", views: 2 },
      { entry_path: "/about", country: "IN", views: 1 },
      { entry_path: "/", country: "US", views: 1 },
    ]);
    const stored = await everything(site.t);
    for (const address of [...INDIA_V6, US_V6, "fe80::1c2a:5b6e:d1b3:11aa"]) {
      expect(stored).not.toContain(address);
      // Nor the network the server keeps of it (the /64 the rate limits count), in any spelling.
      const network = address.split(":").slice(0, 4);
      expect(stored).not.toContain(network.join(":"));
      expect(stored).not.toContain(network.map((g) => g.padStart(4, "0")).join(""));
    }
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
