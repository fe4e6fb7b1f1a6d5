import type { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import type { AppEnv } from "../../server/context";
import { DAY_MS, dayOf, flushAnalytics, recordGoalHit, recordPageView } from "../../server/services/analytics/record";
import { analyticsDashboard, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { rollUpAndPrune } from "../../server/services/analytics/rollup";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const CHROME = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const SITE = "https://wise-parrot.example.test";

let ipCounter = 0;
const freshIp = () => `203.0.113.${(++ipCounter % 250) + 1}`;

describe.each(testDatabaseKinds())("analytics on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Hono<AppEnv>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true", PUBLIC_URL: SITE, ANALYTICS_RAW_DAYS: "3" });
    // The page renderer of the app: an HTML page for every path but /missing (404) and /moved (303).
    app = await createApp({
      deps,
      pageHandler: async (request) => {
        const path = new URL(request.url).pathname;
        if (path === "/missing") return new Response("<!doctype html><p>Not found</p>", { status: 404, headers: { "content-type": "text/html" } });
        if (path === "/moved") return new Response(null, { status: 303, headers: { location: "/" } });
        if (path.endsWith(".data")) return new Response("[]", { headers: { "content-type": "text/x-script" } });
        return new Response(`<!doctype html><title>${path}</title>`, { headers: { "content-type": "text/html; charset=utf-8" } });
      },
    });
  });
  afterAll(async () => {
    await t.drop();
  });
  afterEach(async () => {
    vi.useRealTimers();
    await flushAnalytics(t.db);
    await t.db.kysely.deleteFrom("analytics_events").execute();
    await t.db.kysely.deleteFrom("analytics_visits").execute();
    await t.db.kysely.deleteFrom("analytics_daily").execute();
  });

  const visit = (path: string, { ip = "198.51.100.7", ua = CHROME, method = "GET", headers = {} as Record<string, string> } = {}) =>
    app.request(`${SITE}${path}`, { method, headers: { "x-forwarded-for": ip, "user-agent": ua, "sec-fetch-dest": "document", ...headers } });
  const events = async () => {
    await flushAnalytics(t.db);
    return t.db.kysely.selectFrom("analytics_events").selectAll().orderBy("id").execute();
  };

  it("records a person's page view once, with its source, device and browser, and keeps no address, agent or full referrer", async () => {
    const ip = freshIp();
    const res = await visit("/blogs?utm_source=Newsletter&utm_medium=email&utm_campaign=nov&secret=1", {
      ip,
      ua: IPHONE,
      headers: { referer: "https://www.search.example/results?q=wise+parrot" },
    });
    expect(res.status).toBe(200);
    const rows = await events();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ name: "pageview", path: "/blogs" });
    const visits = await t.db.kysely.selectFrom("analytics_visits").selectAll().execute();
    expect(visits).toEqual([
      expect.objectContaining({ entry_path: "/blogs", source: "newsletter", referrer: "search.example", utm_source: "newsletter", utm_medium: "email", utm_campaign: "nov", device: "mobile", browser: "Safari", views: 1 }),
    ]);
    const stored = JSON.stringify({ rows, visits });
    for (const secret of [ip, "iPhone", "q=wise", "secret"]) expect(stored).not.toContain(secret);
  });

  it("does not record bots, prefetches, HEAD, DNT, GPC, the studio, error pages, redirects, data requests or sub-resources", async () => {
    const ignored: Array<Parameters<typeof visit>> = [
      ["/", { ua: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" }],
      ["/", { ua: "" }],
      ["/", { headers: { "sec-purpose": "prefetch" } }],
      ["/", { headers: { "sec-purpose": "prefetch;prerender" } }],
      ["/", { headers: { purpose: "prefetch" } }],
      ["/", { method: "HEAD" }],
      ["/", { headers: { dnt: "1" } }],
      ["/", { headers: { "sec-gpc": "1" } }],
      ["/studio", {}],
      ["/studio/analytics", {}],
      ["/missing", {}],
      ["/moved", {}],
      ["/blogs.data", {}],
      ["/", { headers: { "sec-fetch-dest": "iframe" } }],
      ["/", { method: "POST" }],
    ];
    for (const args of ignored) await visit(...args);
    expect(await events()).toEqual([]);
    // Without Sec-Fetch-Dest (an older browser) a page is still a page.
    await app.request(`${SITE}/about`, { headers: { "x-forwarded-for": freshIp(), "user-agent": CHROME } });
    expect((await events()).map((e) => e.path)).toEqual(["/about"]);
  });

  it("never counts the studio, whatever the case or escapes of its address (isStudioPath), by page or by beacon", async () => {
    for (const path of ["/Studio", "/STUDIO/analytics", "/%73tudio/posts", "/Studio.data"]) await visit(path);
    for (const p of ["/Studio/analytics", "/STUDIO", "/%53tudio/posts", "/studio?tab=posts", "/Studio?tab=posts"]) {
      const res = await app.request(`${SITE}/api/events`, {
        method: "POST",
        headers: { "x-forwarded-for": freshIp(), "user-agent": CHROME, origin: SITE, "sec-fetch-site": "same-origin", "content-type": "text/plain;charset=UTF-8" },
        body: JSON.stringify({ n: "pageview", p }),
      });
      expect(res.status, p).toBe(204);
    }
    expect(await events()).toEqual([]);
    // A public page whose address only starts like the studio's is still a page.
    await visit("/studio-tips", { ip: freshIp() });
    expect((await events()).map((e) => e.path)).toEqual(["/studio-tips"]);
  });

  it("gives one address and agent the same visitor id within a day and another the next day; the past day's salt is gone", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const day = dayOf(Date.now());
    vi.setSystemTime(day * DAY_MS + 3_600_000);
    await visit("/", { ip: "192.0.2.10" });
    await visit("/about", { ip: "192.0.2.10" });
    await visit("/", { ip: "192.0.2.11" });
    await visit("/", { ip: "192.0.2.10", ua: IPHONE });
    vi.setSystemTime((day + 1) * DAY_MS + 3_600_000);
    await visit("/", { ip: "192.0.2.10" });
    const rows = await events();
    expect(rows).toHaveLength(5);
    const [a, b, other, otherAgent, nextDay] = rows.map((r) => r.visitor);
    expect(a).toBe(b);
    expect(new Set([a, other, otherAgent, nextDay]).size).toBe(4);
    const salts = await t.db.kysely.selectFrom("analytics_salts").select("day").execute();
    expect(salts.map((s) => Number(s.day))).toEqual([day + 1]);
    const visits = await t.db.kysely.selectFrom("analytics_visits").select(["day", "views"]).orderBy("day").orderBy("views").execute();
    expect(visits.map((v) => [Number(v.day) - day, Number(v.views)])).toEqual([[0, 1], [0, 1], [0, 2], [1, 1]]);
    // The worker also deletes the salts of past days (a process that made none today still has yesterday's row).
    await t.db.kysely.insertInto("analytics_salts").values({ day: day - 5, salt: "old" }).execute();
    await rollUpAndPrune(deps, (day + 1) * DAY_MS + 7_200_000);
    expect((await t.db.kysely.selectFrom("analytics_salts").select("day").execute()).map((s) => Number(s.day))).toEqual([day + 1]);
  });

  describe("POST /api/events", () => {
    const beacon = (body: string, { ip = "198.51.100.20", headers = {} as Record<string, string> } = {}) =>
      app.request(`${SITE}/api/events`, {
        method: "POST",
        headers: { "x-forwarded-for": ip, "user-agent": CHROME, origin: SITE, "sec-fetch-site": "same-origin", "content-type": "text/plain;charset=UTF-8", ...headers },
        body,
      });

    it("records a navigation and the client goals with their page, answering 204", async () => {
      const ip = freshIp();
      expect((await beacon(JSON.stringify({ n: "pageview", p: "/about?utm_source=x" }), { ip })).status).toBe(204);
      expect((await beacon(JSON.stringify({ n: "book-demo", p: "/about" }), { ip })).status).toBe(204);
      expect((await beacon(JSON.stringify({ n: "whatsapp", p: "/blogs" }), { ip, headers: { "content-type": "application/json" } })).status).toBe(204);
      const rows = await events();
      expect(rows.map((r) => [r.name, r.path])).toEqual([["pageview", "/about"], ["book-demo", "/about"], ["whatsapp", "/blogs"]]);
      expect(new Set(rows.map((r) => r.visitor)).size).toBe(1);
    });

    it("refuses unknown names, foreign origins, oversized or malformed bodies, and records nothing for DNT, GPC or bots", async () => {
      const cases: Array<[number, Parameters<typeof beacon>]> = [
        [400, [JSON.stringify({ n: "purchase", p: "/" })]],
        [400, [JSON.stringify({ n: "pageview", p: "https://evil.example/" })]],
        [400, [JSON.stringify({ n: "pageview", p: "//evil.example/" })]],
        [400, [JSON.stringify({ n: "pageview" })]],
        [400, ["not json"]],
        [400, ["null"]],
        [400, [JSON.stringify([1, 2])]],
        [415, [JSON.stringify({ n: "pageview", p: "/" }), { headers: { "content-type": "application/x-www-form-urlencoded" } }]],
        [403, [JSON.stringify({ n: "pageview", p: "/" }), { headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } }]],
        [403, [JSON.stringify({ n: "pageview", p: "/" }), { headers: { origin: "https://evil.example", "sec-fetch-site": "" } }]],
        [403, [JSON.stringify({ n: "pageview", p: "/" }), { headers: { origin: "", "sec-fetch-site": "same-site" } }]],
        [413, [JSON.stringify({ n: "pageview", p: `/${"a".repeat(2000)}` })]],
        [204, [JSON.stringify({ n: "pageview", p: "/" }), { headers: { dnt: "1" } }]],
        [204, [JSON.stringify({ n: "whatsapp", p: "/" }), { headers: { "sec-gpc": "1" } }]],
        [204, [JSON.stringify({ n: "pageview", p: "/" }), { headers: { "user-agent": "python-requests/2.31" } }]],
        [204, [JSON.stringify({ n: "pageview", p: "/studio/analytics" })]],
      ];
      for (const [status, args] of cases) {
        const [body, opts = {}] = args;
        const headers = Object.fromEntries(Object.entries(opts.headers ?? {}).filter(([, v]) => v !== ""));
        const dropped = Object.entries(opts.headers ?? {}).filter(([, v]) => v === "").map(([k]) => k);
        const res = await app.request(`${SITE}/api/events`, {
          method: "POST",
          headers: Object.fromEntries(
            Object.entries({ "x-forwarded-for": freshIp(), "user-agent": CHROME, origin: SITE, "sec-fetch-site": "same-origin", "content-type": "text/plain;charset=UTF-8", ...headers }).filter(
              ([k]) => !dropped.includes(k),
            ),
          ),
          body,
        });
        expect(res.status, `${body.slice(0, 60)} ${JSON.stringify(opts)}`).toBe(status);
      }
      expect(await events()).toEqual([]);
    });

    it("answers 429 to a flood from one visitor, and never 500 to anything", async () => {
      // The limit's window is a clock minute: the clock stays early in one.
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(Math.floor(Date.now() / 60_000) * 60_000 + 1_000);
      const ip = freshIp();
      const statuses: number[] = [];
      for (let i = 0; i < 65; i++) statuses.push((await beacon(JSON.stringify({ n: "pageview", p: `/p${i}` }), { ip })).status);
      expect(statuses.slice(0, 60).every((s) => s === 204)).toBe(true);
      expect(statuses.slice(60)).toEqual([429, 429, 429, 429, 429]);
      expect(await events()).toHaveLength(60);
      // Another visitor is not limited.
      expect((await beacon(JSON.stringify({ n: "pageview", p: "/" }))).status).toBe(204);
      const odd = ["", "{", '{"n":1,"p":2}', '{"n":"pageview","p":"/\\u0000"}', '{"__proto__":{"n":"x"}}', "\u0000", "9".repeat(900), '{"n":"pageview","p":"/%ZZ"}'];
      for (const body of odd) expect((await beacon(body, { ip: freshIp() })).status).toBeLessThan(500);
    });
  });

  it("ties a server-side goal to the page it was reached from (the lead door)", async () => {
    const ip = freshIp();
    await visit("/contact", { ip, headers: { referer: "https://partner.example/list" } });
    const res = await app.request(`${SITE}/api/leads`, {
      method: "POST",
      headers: { "x-forwarded-for": ip, "user-agent": CHROME, "content-type": "application/json", referer: `${SITE}/contact`, origin: SITE },
      body: JSON.stringify({ firstName: "Asha", lastName: "K", email: "asha@example.com", phone: "+91 98765 43210", message: "We run three clinics in Pune." }),
    });
    expect(res.status).toBe(201);
    // A filled honeypot is answered the same, stored as spam, and is no goal.
    const spam = await app.request(`${SITE}/api/leads`, {
      method: "POST",
      headers: { "x-forwarded-for": freshIp(), "user-agent": CHROME, "content-type": "application/json", referer: `${SITE}/contact`, origin: SITE },
      body: JSON.stringify({ firstName: "Bot", lastName: "B", email: "bot@example.com", phone: "+91 98765 43211", message: "Buy cheap links now please.", website: "http://spam.example" }),
    });
    expect(spam.status).toBe(201);
    const rows = await events();
    expect(rows.map((r) => [r.name, r.path])).toEqual([["pageview", "/contact"], ["lead", "/contact"]]);
    const d = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d" }));
    expect(d.goalsBySource).toEqual([{ goal: "lead", source: "partner.example", count: 1, visitors: 1, rate: 1, previous: 0 }]);
  });

  it("rolls up and prunes without changing any total, and the dashboard equals counts made from the raw events", async () => {
    const now = Date.now();
    const today = dayOf(now);
    // Six days of views and goals from a handful of visitors, written through the recorder.
    const sources = ["", "search.example", "social.example"];
    const pages = ["/", "/blogs", "/blog/hello", "/contact"];
    let seed = 7;
    const rand = (k: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % k;
    };
    for (let d = 5; d >= 0; d--) {
      for (let v = 0; v < 12; v++) {
        const hit = { clientIp: `192.0.2.${v}`, userAgent: v % 3 === 0 ? IPHONE : CHROME, at: (today - d) * DAY_MS + 3_600_000 + v * 1000 };
        const views = 1 + rand(4);
        for (let i = 0; i < views; i++) {
          const source = sources[v % 3];
          recordPageView(deps, { ...hit, at: hit.at + i, url: pages[rand(4)]!, referrer: i === 0 && source ? `https://${source}/x?y=1` : undefined });
        }
        if (rand(3) === 0) recordGoalHit(deps, rand(2) === 0 ? "book-demo" : "whatsapp", { ...hit, at: hit.at + 50, url: pages[rand(4)]! });
      }
    }
    await flushAnalytics(t.db);

    // Independent counts from the raw rows.
    const rawEvents = await t.db.kysely.selectFrom("analytics_events").selectAll().execute();
    const rawVisits = await t.db.kysely.selectFrom("analytics_visits").selectAll().execute();
    const views = rawEvents.filter((e) => e.name === "pageview");
    const perVisit = new Map<string, number>();
    for (const e of views) perVisit.set(`${e.day}/${e.visitor}`, (perVisit.get(`${e.day}/${e.visitor}`) ?? 0) + 1);
    const expected = {
      visitors: perVisit.size,
      views: views.length,
      bounces: [...perVisit.values()].filter((c) => c === 1).length,
      pageViews: Object.fromEntries(pages.map((p) => [p, views.filter((e) => e.path === p).length])),
      goals: rawEvents.filter((e) => e.name !== "pageview").length,
      fromSearch: rawVisits.filter((v) => v.source === "search.example").length,
    };
    expect(rawVisits).toHaveLength(expected.visitors);

    const check = async () => {
      const d = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d" }, now), now);
      expect(d.totals.visitors).toBe(expected.visitors);
      expect(d.totals.views).toBe(expected.views);
      expect(d.totals.bounceRate).toBeCloseTo(expected.bounces / expected.visitors, 10);
      expect(d.totals.viewsPerVisit).toBeCloseTo(expected.views / expected.visitors, 10);
      expect(Object.fromEntries(d.pages.map((p) => [p.path, p.views]))).toEqual(Object.fromEntries(Object.entries(expected.pageViews).filter(([, c]) => c > 0)));
      expect(d.goals.reduce((s, g) => s + g.count, 0)).toBe(expected.goals);
      expect(d.sources.find((s) => s.source === "search.example")?.visitors).toBe(expected.fromSearch);
      expect(d.series.reduce((s, x) => s + x.visitors, 0)).toBe(expected.visitors);
      return d;
    };
    const before = await check();
    const done = await rollUpAndPrune(deps, now);
    expect(done.rolledUp.length).toBeGreaterThanOrEqual(5);
    // ANALYTICS_RAW_DAYS is 3 here: the raw rows of the three oldest days are gone, their roll-ups stay.
    expect(done.prunedEvents).toBeGreaterThan(0);
    const left = await t.db.kysely.selectFrom("analytics_events").select("day").distinct().execute();
    expect(Math.min(...left.map((r) => Number(r.day)))).toBe(today - 2);
    const after = await check();
    expect(after).toEqual(before);
    // Rolling up again changes nothing.
    expect((await rollUpAndPrune(deps, now)).rolledUp).toEqual([]);
    expect(await analyticsDashboard(deps, parseDashboardQuery({ period: "7d" }, now), now)).toEqual(before);
  });

  it("filters by source or page from the raw events", async () => {
    const now = Date.now();
    recordPageView(deps, { clientIp: "192.0.2.50", userAgent: CHROME, url: "/", referrer: "https://search.example/", at: now });
    recordPageView(deps, { clientIp: "192.0.2.50", userAgent: CHROME, url: "/blogs", at: now + 1 });
    recordPageView(deps, { clientIp: "192.0.2.51", userAgent: CHROME, url: "/blogs", referrer: "https://social.example/", at: now + 2 });
    recordGoalHit(deps, "whatsapp", { clientIp: "192.0.2.51", userAgent: CHROME, url: "/blogs", at: now + 3 });
    await flushAnalytics(t.db);
    const bySource = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d", source: "search.example" }, now), now);
    expect(bySource.totals).toMatchObject({ visitors: 1, views: 2, bounceRate: 0 });
    expect(bySource.goals).toEqual([]);
    const byPage = await analyticsDashboard(deps, parseDashboardQuery({ period: "7d", page: "/blogs" }, now), now);
    expect(byPage.totals).toMatchObject({ visitors: 2, views: 3 });
    expect(byPage.goals).toEqual([{ goal: "whatsapp", count: 1, visitors: 1, rate: 0.5, previous: 0 }]);
    expect(byPage.goalsByPage).toEqual([{ goal: "whatsapp", path: "/blogs", count: 1, rate: 0.5, previous: 0 }]);
    expect(byPage.realtime).toBe(2);
  });

  it("refuses a nonsense range and answers the dashboard API only to staff", async () => {
    expect(() => parseDashboardQuery({ from: "2026-02-30", to: "2026-03-01" })).toThrow();
    expect(() => parseDashboardQuery({ from: "2026-03-02", to: "2026-03-01" })).toThrow();
    expect(() => parseDashboardQuery({ period: "1y" })).toThrow();
    expect(parseDashboardQuery({ from: "2026-03-01", to: "2026-03-07" })).toMatchObject({ toDay: dayOf(Date.parse("2026-03-07T00:00:00Z")) });
    for (const path of ["/api/studio/analytics", "/api/studio/analytics.csv?from=x"]) {
      const res = await app.request(`${SITE}${path}`, { headers: { "x-forwarded-for": freshIp() } });
      expect(res.status).toBe(404);
    }
  });
});
