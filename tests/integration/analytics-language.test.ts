/**
 * Analytics split by language (issue 33) on SQLite and PostgreSQL: a page view's language is its path (`/hi…` is
 * Hindi), so a visit to /hi/about counts under Hindi and one to /about under English, in the Languages report (page
 * views, visits by their first page, the period before) and in the CSV; the dashboard filters by language (the
 * visits that viewed a page in it), from the raw events and, once rolled up, from the roll-ups (the raw rows pruned).
 */
import type { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import type { AppEnv } from "../../server/context";
import { DAY_MS, dayOf, flushAnalytics, recordPageView } from "../../server/services/analytics/record";
import { analyticsDashboard, dashboardCsv, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { rollUpAndPrune } from "../../server/services/analytics/rollup";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SITE = "https://wise-parrot.example.test";

describe.each(testDatabaseKinds())("analytics by language on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true", PUBLIC_URL: SITE, ANALYTICS_RAW_DAYS: "2" });
    app = await createApp({
      deps,
      pageHandler: async (request) => new Response(`<!doctype html><title>${new URL(request.url).pathname}</title>`, { headers: { "content-type": "text/html; charset=utf-8" } }),
    });
  });
  afterAll(async () => {
    await t.drop();
  });
  afterEach(async () => {
    await flushAnalytics(t.db);
    await t.db.kysely.deleteFrom("analytics_events").execute();
    await t.db.kysely.deleteFrom("analytics_visits").execute();
    await t.db.kysely.deleteFrom("analytics_daily").execute();
  });

  const visit = (path: string, ip: string) =>
    app.request(`${SITE}${path}`, { headers: { "x-forwarded-for": ip, "user-agent": CHROME, "sec-fetch-dest": "document" } });
  const languages = (d: Awaited<ReturnType<typeof analyticsDashboard>>) => Object.fromEntries(d.languages.map((l) => [l.locale, { views: l.views, visits: l.visits }]));

  it("a visit to /hi/about counts under Hindi, one to /about under English; the filter keeps the visits that viewed a page in the language", async () => {
    expect((await visit("/hi/about", "198.51.100.21")).status).toBe(200);
    await visit("/hi", "198.51.100.21");
    await visit("/about", "198.51.100.22");
    // A visitor who switched language mid-visit: landed in English, went on in Hindi.
    await visit("/", "198.51.100.23");
    await visit("/hi/contact", "198.51.100.23");
    // Not a Hindi page: a path that merely starts with the letters.
    await visit("/higher-education", "198.51.100.24");
    await flushAnalytics(t.db);

    const all = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d" }));
    expect(languages(all)).toEqual({ en: { views: 3, visits: 3 }, hi: { views: 3, visits: 1 } });
    expect(all.languages.map((l) => l.locale)).toEqual(["en", "hi"]);
    const csv = dashboardCsv(all);
    expect(csv).toContain("language,hi,1,3,,,0\r\n");
    expect(csv).toContain("language,en,3,3,,,0\r\n");

    const hindi = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d", language: "hi" }));
    expect(hindi.filter).toEqual({ kind: "language", locale: "hi" });
    expect(hindi.totals).toMatchObject({ visitors: 2, views: 4 });
    expect(hindi.pages.map((p) => p.path).sort()).toEqual(["/", "/hi", "/hi/about", "/hi/contact"]);
    const english = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d", language: "en" }));
    expect(english.totals).toMatchObject({ visitors: 3, views: 4 });
  });

  it("refuses a language the site does not have", () => {
    expect(() => parseDashboardQuery({ language: "fr" })).toThrow(/language/);
    expect(() => parseDashboardQuery({ language: "HI" })).toThrow();
  });

  it("keeps the split and the language filter once rolled up and the raw rows pruned; the period before is compared", async () => {
    const now = Date.now();
    const today = dayOf(now);
    for (let d = 4; d >= 1; d--) {
      const at = (today - d) * DAY_MS + 3_600_000;
      for (let v = 0; v < 5; v++) {
        const hit = { clientIp: `192.0.2.${d * 10 + v}`, userAgent: CHROME };
        recordPageView(deps, { ...hit, url: v < 2 ? "/hi/about" : "/about", at: at + v * 10 });
        if (v === 0) recordPageView(deps, { ...hit, url: "/hi", at: at + v * 10 + 1 });
      }
    }
    // Six days ago: English only (its language roll-ups are made without a pass of their own).
    for (let v = 0; v < 3; v++) recordPageView(deps, { clientIp: `192.0.2.${100 + v}`, userAgent: CHROME, url: "/about", at: (today - 6) * DAY_MS + 5000 + v });
    // Eight days ago: the period before a 7-day view, one Hindi view.
    recordPageView(deps, { clientIp: "192.0.2.200", userAgent: CHROME, url: "/hi/contact", at: (today - 8) * DAY_MS + 1000 });
    await flushAnalytics(t.db);
    const read = async () => ({
      all: await analyticsDashboard(deps, parseDashboardQuery({ period: "7d" }, now), now),
      hindi: await analyticsDashboard(deps, parseDashboardQuery({ period: "7d", language: "hi" }, now), now),
      english: await analyticsDashboard(deps, parseDashboardQuery({ period: "7d", language: "en" }, now), now),
    });
    const before = await read();
    expect(languages(before.all)).toEqual({ en: { views: 15, visits: 15 }, hi: { views: 12, visits: 8 } });
    expect(before.english.totals).toMatchObject({ visitors: 15, views: 15 });
    expect(before.all.languages.find((l) => l.locale === "hi")?.previous).toBe(1);
    expect(before.hindi.totals).toMatchObject({ visitors: 8, views: 12 });
    await rollUpAndPrune(deps, now);
    const left = await t.db.kysely.selectFrom("analytics_events").select("day").distinct().execute();
    expect(left.every((r) => Number(r.day) >= today - 1)).toBe(true);
    expect(await read()).toEqual(before);
  });
});
