import type { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import type { AppEnv } from "../../server/context";
import { analyticsDashboard, dashboardCsv, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { ANALYTICS_LIMITS, dayOf, flushAnalytics } from "../../server/services/analytics/record";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

/** Issue 26 items 5 and 9: one client cannot inflate the figures, and what reaches the CSV is never a formula. */
const SITE = "https://wise-parrot.example.test";
const agent = (i: number) => `Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/${100 + i}.0.${i}.1 Safari/537.36`;

describe.each(testDatabaseKinds())("analytics bounds per address on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true", PUBLIC_URL: SITE });
    app = await createApp({
      deps,
      pageHandler: async (request) => new Response(`<!doctype html><title>${new URL(request.url).pathname}</title>`, { headers: { "content-type": "text/html; charset=utf-8" } }),
    });
  });
  afterAll(async () => {
    await t.drop();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await flushAnalytics(t.db);
    for (const table of ["analytics_events", "analytics_visits", "rate_limits"] as const) await t.db.kysely.deleteFrom(table).execute();
  });

  const visit = (path: string, ip: string, ua: string, headers: Record<string, string> = {}) =>
    app.request(`${SITE}${path}`, { headers: { "x-forwarded-for": ip, "user-agent": ua, "sec-fetch-dest": "document", ...headers } });
  const beacon = (n: string, p: string, ip: string, ua: string) =>
    app.request(`${SITE}/api/events`, {
      method: "POST",
      headers: { "x-forwarded-for": ip, "user-agent": ua, origin: SITE, "sec-fetch-site": "same-origin", "content-type": "text/plain;charset=UTF-8" },
      body: JSON.stringify({ n, p }),
    });
  /** Keeps the clock early in a minute, so a minute's bound is not split by the minute turning. */
  const earlyInAMinute = () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 60_000 + 1_000);
  };
  const visitorsOf = async () => {
    await flushAnalytics(t.db);
    return t.db.kysely.selectFrom("analytics_visits").select(["visitor", "views", "source"]).execute();
  };

  it("200 page views from one address with 200 user agents make at most a few visitors; other addresses still count", async () => {
    // Spread over minutes, so only the visitor bound applies.
    vi.useFakeTimers({ toFake: ["Date"] });
    const start = dayOf(Date.now()) * 86_400_000 + 3_600_000;
    for (let i = 0; i < 200; i++) {
      vi.setSystemTime(start + i * 20_000);
      expect((await visit(`/p${i % 7}`, "198.51.100.77", agent(i))).status).toBe(200);
      if (i % 40 === 39) await flushAnalytics(t.db);
    }
    for (let i = 0; i < 3; i++) await visit("/", `192.0.2.${i + 1}`, agent(i));
    const visits = await visitorsOf();
    expect(visits.length).toBe(ANALYTICS_LIMITS.visitorsPerAddressPerDay + 3);
    // Every view is still a view (the bound is on visitors, not on pages seen at a person's pace).
    expect(visits.reduce((sum, v) => sum + Number(v.views), 0)).toBe(203);
    const dashboard = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d" }));
    expect(dashboard.totals.visitors).toBe(ANALYTICS_LIMITS.visitorsPerAddressPerDay + 3);
  });

  it("bounds page views and goals per address per minute, whatever the user agent, across doors", async () => {
    earlyInAMinute();
    const ip = "198.51.100.88";
    for (let i = 0; i < 100; i++) await visit(`/v${i}`, ip, agent(i));
    for (let i = 0; i < 100; i++) expect((await beacon("book-demo", "/pricing", ip, agent(1000 + i))).status).toBe(204);
    for (let i = 0; i < 5; i++) await beacon("whatsapp", "/", "192.0.2.50", agent(i));
    await flushAnalytics(t.db);
    const rows = await t.db.kysely.selectFrom("analytics_events").select(["name"]).execute();
    expect(rows.filter((r) => r.name === "pageview")).toHaveLength(ANALYTICS_LIMITS.viewsPerAddressPerMinute);
    expect(rows.filter((r) => r.name === "book-demo")).toHaveLength(ANALYTICS_LIMITS.goalsPerAddressPerMinute);
    expect(rows.filter((r) => r.name === "whatsapp")).toHaveLength(5);
    // The counters keep no address: only hashes salted with the day's salt.
    const keys = (await t.db.kysely.selectFrom("rate_limits").select("key").execute()).map((r) => r.key).join(" ");
    expect(keys).not.toContain(ip);
    // The next minute, the address is counted again.
    vi.setSystemTime(Date.now() + 60_000);
    await visit("/later", ip, agent(1));
    await flushAnalytics(t.db);
    expect(await t.db.kysely.selectFrom("analytics_events").select("path").where("path", "=", "/later").execute()).toHaveLength(1);
  });

  it("keeps only well-formed referrer hosts and campaign tokens as sources", async () => {
    const cases: Array<[string, Record<string, string>, string]> = [
      ["/?utm_source=a;=1%2B1", {}, ""],
      ["/?utm_source=%3Cscript%3E", {}, ""],
      ["/?utm_source=%00x", {}, ""],
      ["/", { referer: "https://a;=1+1.example/" }, ""],
      ["/", { referer: "http://localhost:8080/" }, ""],
      ["/", { referer: "http://10.0.0.1/" }, ""],
      ["/", { referer: "android-app://com.example/" }, ""],
      ["/", { referer: "https://x_y.example/" }, ""],
      ["/?utm_source=Spring%20Sale-2026", {}, "spring sale-2026"],
      ["/", { referer: "https://www.Search.example/results?q=1" }, "search.example"],
    ];
    let n = 0;
    for (const [path, headers, source] of cases) {
      const ip = `203.0.113.${++n}`;
      await visit(path, ip, agent(n), headers);
      await flushAnalytics(t.db);
      const rows = await t.db.kysely.selectFrom("analytics_visits").select(["source", "referrer", "utm_source"]).execute();
      expect(rows, `${path} ${JSON.stringify(headers)}`).toEqual([expect.objectContaining({ source })]);
      await t.db.kysely.deleteFrom("analytics_visits").execute();
    }
  });

  it("the analytics CSV never starts a cell with a formula, under any separator (a;=1+1 from an anonymous utm_source)", async () => {
    await visit("/?utm_source=a;=1%2B1", "203.0.113.200", agent(1));
    await flushAnalytics(t.db);
    // As a value recorded before sources were checked would be: straight in the table.
    const day = dayOf(Date.now());
    for (const [i, value] of ["a;=1+1", "b|@x", "c\t-1", "=cmd"].entries()) {
      await t.db.kysely
        .insertInto("analytics_visits")
        .values({ day, visitor: `v${i}`, started_at: Date.now(), entry_path: "/", source: value, referrer: "", utm_source: value, utm_medium: "", utm_campaign: value, device: "desktop", browser: "Chrome", views: 1 })
        .execute();
    }
    const csv = dashboardCsv(await analyticsDashboard(deps, parseDashboardQuery({ period: "7d" })));
    expect(csv).toContain("a;'=1+1");
    for (const line of csv.split("\r\n")) {
      // However a spreadsheet splits the line (by `,` `;` tab or `|`, quoted or not), no cell is a formula.
      for (const cell of line.replace(/"/g, "").split(/[,;\t|]/)) expect(cell, line).not.toMatch(/^\s*[=+\-@]/);
    }
  });
});
