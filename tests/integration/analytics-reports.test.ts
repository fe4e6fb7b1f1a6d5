/**
 * The reports added beside Plausible and Umami (issue 31): entry and exit pages, sources grouped across a network's
 * host names, the operating system, every figure against the period before, and the funnel from landing to Book
 * Demo / WhatsApp / a lead over the last 30 days. Each is checked on raw days and again after the roll-up (the
 * dashboard must not change), on SQLite and PostgreSQL.
 */
import { describe, expect, it } from "vitest";
import { DAY_MS, flushAnalytics, recordGoalHit, recordPageView } from "../../server/services/analytics/record";
import { analyticsDashboard, dashboardCsv, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { rollUpAndPrune } from "../../server/services/analytics/rollup";
import { groupSource } from "../../server/services/analytics/sources";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { testDatabaseKinds } from "../helpers/databases";
import { clearAnalytics, useTestSite } from "../helpers/test-site";

const WINDOWS = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const ANDROID = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";
const MAC = "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";
const SITE = "https://wise-parrot.example.test";

describe("groupSource", () => {
  it("groups a network's host names and usual utm_source spellings, and leaves other sources alone", () => {
    const cases: Array<[string, string]> = [
      ["instagram.com", "instagram"],
      ["m.instagram.com", "instagram"],
      ["l.instagram.com", "instagram"],
      ["ig", "instagram"],
      ["facebook.com", "facebook"],
      ["m.facebook.com", "facebook"],
      ["l.facebook.com", "facebook"],
      ["lm.facebook.com", "facebook"],
      ["fb.me", "facebook"],
      ["google.com", "google"],
      ["google.co.in", "google"],
      ["google.de", "google"],
      ["google.com.br", "google"],
      ["news.google.com", "google"],
      ["wa.me", "whatsapp"],
      ["api.whatsapp.com", "whatsapp"],
      ["web.whatsapp.com", "whatsapp"],
      ["linkedin.com", "linkedin"],
      ["lnkd.in", "linkedin"],
      ["youtu.be", "youtube"],
      ["m.youtube.com", "youtube"],
      ["t.co", "x"],
      ["twitter.com", "x"],
      ["x.com", "x"],
      ["newsletter", "newsletter"],
      ["notinstagram.com", "notinstagram.com"],
      ["google.example.com", "google.example.com"],
      ["mygoogle.com", "mygoogle.com"],
      ["wa.me.evil.example", "wa.me.evil.example"],
      ["", ""],
    ];
    for (const [source, group] of cases) expect(groupSource(source), source).toBe(group);
  });
});

describe.each(testDatabaseKinds())("analytics reports on %s", (kind) => {
  const site = useTestSite(kind, { env: { PUBLIC_URL: SITE, ANALYTICS_RAW_DAYS: "60" }, afterEach: ({ t }) => clearAnalytics(t.db) });

  /** One visit: its page views in order (a minute apart) and the goals reached on the last of them. */
  function visit(ip: string, at: number, { ua = WINDOWS, referrer, pages, goals = [] }: { ua?: string; referrer?: string; pages: string[]; goals?: Array<"book-demo" | "whatsapp" | "lead"> }) {
    pages.forEach((url, i) => recordPageView(site.deps, { clientIp: ip, userAgent: ua, url, at: at + i * 60_000, ...(i === 0 && referrer ? { referrer } : {}) }));
    for (const goal of goals) recordGoalHit(site.deps, goal, { clientIp: ip, userAgent: ua, url: pages.at(-1)!, at: at + pages.length * 60_000 });
  }

  it("reports entry and exit pages, grouped sources and operating systems, the same before and after the roll-up", async () => {
    // Noon UTC three days ago: a finished day the roll-up will take, and within every period below.
    const now = Date.now();
    const day = Math.floor(now / DAY_MS) - 3;
    const at = day * DAY_MS + 12 * 3_600_000;
    visit("192.0.2.1", at, { ua: IPHONE, referrer: "https://l.instagram.com/?u=x", pages: ["/", "/pricing", "/contact"] });
    visit("192.0.2.2", at, { ua: ANDROID, referrer: "https://m.instagram.com/", pages: ["/blog/a"] });
    visit("192.0.2.3", at, { ua: MAC, referrer: "https://www.instagram.com/p/1", pages: ["/", "/blog/a"] });
    visit("192.0.2.4", at, { ua: WINDOWS, referrer: "https://www.google.co.in/search?q=x", pages: ["/pricing", "/"] });
    visit("192.0.2.5", at, { ua: WINDOWS, referrer: "https://lm.facebook.com/l.php", pages: ["/"] });
    visit("192.0.2.6", at, { ua: ANDROID, referrer: "https://wa.me/", pages: ["/contact"] });
    visit("192.0.2.7", at, { ua: IPHONE, pages: ["/?utm_source=ig&utm_medium=social", "/blog/a"] });
    await flushAnalytics(site.t.db);

    const query = parseDashboardQuery({ period: "7d" }, now);
    const raw = await analyticsDashboard(site.deps, query, now);
    expect(raw.totals.visitors).toBe(7);
    expect(raw.entries.map((e) => [e.path, e.visits])).toEqual([
      ["/", 4],
      ["/blog/a", 1],
      ["/contact", 1],
      ["/pricing", 1],
    ]);
    expect(raw.entries.find((e) => e.path === "/")!.bounceRate).toBeCloseTo(1 / 4);
    expect(raw.exits.map((e) => [e.path, e.visits])).toEqual([
      ["/blog/a", 3],
      ["/", 2],
      ["/contact", 2],
    ]);
    // Exit rate: the page's exits over its views (/ was viewed 5 times, left from twice).
    expect(raw.exits.find((e) => e.path === "/")!.exitRate).toBeCloseTo(2 / 5);
    expect(raw.sources.map((s) => [s.source, s.visitors])).toEqual([
      ["instagram", 4],
      ["facebook", 1],
      ["google", 1],
      ["whatsapp", 1],
    ]);
    expect(raw.systems.map((s) => [s.os, s.visitors])).toEqual([
      ["Android", 2],
      ["iOS", 2],
      ["Windows", 2],
      ["macOS", 1],
    ]);
    // What is stored is a family name, never the agent.
    const stored = await site.t.db.kysely.selectFrom("analytics_visits").select("os").execute();
    expect(new Set(stored.map((r) => r.os))).toEqual(new Set(["iOS", "Android", "macOS", "Windows"]));

    // A grouped source is a filter like any other, however it is spelt in the address.
    for (const source of ["instagram", "m.instagram.com", "IG"]) {
      const filtered = await analyticsDashboard(site.deps, parseDashboardQuery({ period: "7d", source }, now), now);
      expect(filtered.filter).toEqual({ kind: "source", source: "instagram" });
      expect(filtered.totals.visitors, source).toBe(4);
    }

    expect((await rollUpAndPrune(site.deps, now)).rolledUp).toContain(day);
    const rolled = await analyticsDashboard(site.deps, query, now);
    expect(rolled).toEqual(raw);
    const rolledFilter = await analyticsDashboard(site.deps, parseDashboardQuery({ period: "7d", source: "instagram" }, now), now);
    expect(rolledFilter.totals.visitors).toBe(4);
    const csv = dashboardCsv(rolled);
    expect(csv.split("\r\n")[0]).toBe("report,key,visitors,views,count,rate,previous");
    expect(csv).toContain("\r\nos,iOS,2,,,,0\r\n");
    expect(csv).toContain("\r\nentry,/,4,,,0.25,0\r\n");
    expect(csv).toContain("\r\nexit,/blog/a,3,,,");
  });

  it("compares every figure with the period before, as long as the one asked for", async () => {
    const now = Date.now();
    const today = Math.floor(now / DAY_MS);
    // The last 7 days: 3 visitors; the 7 before them: 2 visitors (one of which bounced), one goal less.
    const thisWeek = (today - 2) * DAY_MS + 10 * 3_600_000;
    const lastWeek = (today - 9) * DAY_MS + 10 * 3_600_000;
    visit("192.0.2.10", thisWeek, { referrer: "https://google.com/", pages: ["/", "/pricing"], goals: ["book-demo"] });
    visit("192.0.2.11", thisWeek, { referrer: "https://google.de/", pages: ["/"] });
    visit("192.0.2.12", thisWeek, { ua: IPHONE, pages: ["/blog/a", "/"] , goals: ["book-demo"] });
    visit("192.0.2.13", lastWeek, { referrer: "https://google.com/", pages: ["/"] });
    visit("192.0.2.14", lastWeek, { ua: IPHONE, pages: ["/pricing", "/"], goals: ["book-demo"] });
    // Outside both periods: counted in neither.
    visit("192.0.2.15", (today - 20) * DAY_MS, { pages: ["/"] });
    await flushAnalytics(site.t.db);

    const d = await analyticsDashboard(site.deps, parseDashboardQuery({ period: "7d" }, now), now);
    const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
    expect(d.previous).toEqual({
      from: iso(today - 13),
      to: iso(today - 7),
      totals: { visitors: 2, views: 3, viewsPerVisit: 1.5, bounceRate: 0.5 },
    });
    expect(d.totals).toEqual({ visitors: 3, views: 5, viewsPerVisit: 5 / 3, bounceRate: 1 / 3 });
    expect(d.pages.find((p) => p.path === "/")).toMatchObject({ views: 3, previous: 2 });
    expect(d.pages.find((p) => p.path === "/blog/a")).toMatchObject({ views: 1, previous: 0 });
    expect(d.sources.find((s) => s.source === "google")).toMatchObject({ visitors: 2, previous: 1 });
    expect(d.sources.find((s) => s.source === "")).toMatchObject({ visitors: 1, previous: 1 });
    expect(d.devices.find((x) => x.device === "mobile")).toMatchObject({ visitors: 1, previous: 1 });
    expect(d.systems.find((x) => x.os === "Windows")).toMatchObject({ visitors: 2, previous: 1 });
    expect(d.entries.find((x) => x.path === "/")).toMatchObject({ visits: 2, previous: 1 });
    expect(d.exits.find((x) => x.path === "/")).toMatchObject({ visits: 2, previous: 2 });
    expect(d.goals).toEqual([{ goal: "book-demo", count: 2, visitors: 2, rate: 2 / 3, previous: 1 }]);
    // Goals by page and by source are compared too (decision 0034): book-demo from / was reached once the week before.
    expect(d.goalsByPage.find((g) => g.goal === "book-demo" && g.path === "/")).toMatchObject({ count: 1, previous: 1 });
    expect(d.goalsByPage.find((g) => g.goal === "book-demo" && g.path === "/pricing")).toMatchObject({ count: 1, previous: 0 });
    expect(d.goalsBySource.find((g) => g.goal === "book-demo" && g.source === "")).toMatchObject({ count: 1, previous: 1 });
    expect(d.goalsBySource.find((g) => g.goal === "book-demo" && g.source === "google")).toMatchObject({ count: 1, previous: 0 });

    // A range of 3 days compares with the 3 days before it; after the roll-up the figures are the same.
    const range = parseDashboardQuery({ from: iso(today - 4), to: iso(today - 2) }, now);
    const before = await analyticsDashboard(site.deps, range, now);
    expect(before.previous.from).toBe(iso(today - 7));
    expect(before.previous.to).toBe(iso(today - 5));
    expect(before.previous.totals.visitors).toBe(0);
    await rollUpAndPrune(site.deps, now);
    expect(await analyticsDashboard(site.deps, parseDashboardQuery({ period: "7d" }, now), now)).toEqual(d);
  });

  it("compares each post's views with the period before, on the page and in the CSV", async () => {
    await seedSampleBlogs(site.deps);
    const [post] = await site.t.db.kysely.selectFrom("blogs").select("slug").where("status", "=", "published").orderBy("id").execute();
    const path = `/blog/${post!.slug}`;
    const now = Date.now();
    const today = Math.floor(now / DAY_MS);
    // A range no other test here asks for (each process keeps the sums of rolled-up days it read, by range).
    const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
    const range = () => parseDashboardQuery({ from: iso(today - 12), to: iso(today - 1) }, now);
    visit("192.0.2.40", (today - 1) * DAY_MS + 8 * 3_600_000, { pages: [path, "/"] });
    visit("192.0.2.41", (today - 2) * DAY_MS + 8 * 3_600_000, { pages: [path] });
    visit("192.0.2.42", (today - 3) * DAY_MS + 8 * 3_600_000, { pages: ["/", path] });
    visit("192.0.2.43", (today - 14) * DAY_MS + 8 * 3_600_000, { pages: [path] });
    await flushAnalytics(site.t.db);
    const d = await analyticsDashboard(site.deps, range(), now);
    expect(d.posts.find((p) => p.slug === post!.slug)).toMatchObject({ views: 3, visitors: 3, previous: 1 });
    expect(d.posts.filter((p) => p.slug !== post!.slug).every((p) => p.views === 0 && p.previous === 0)).toBe(true);
    expect(dashboardCsv(d)).toContain(`\r\npost,${post!.slug},3,3,0,,1\r\n`);
    await rollUpAndPrune(site.deps, now);
    expect((await analyticsDashboard(site.deps, range(), now)).posts).toEqual(d.posts);
  });

  it("counts the funnel of the last 30 days from landing to Book Demo, WhatsApp or a lead, whatever period is shown", async () => {
    const now = Date.now();
    const today = Math.floor(now / DAY_MS);
    const at = (today - 5) * DAY_MS + 9 * 3_600_000;
    visit("192.0.2.20", at, { pages: ["/"] }); // landed only
    visit("192.0.2.21", at, { pages: ["/", "/pricing"] }); // browsed
    visit("192.0.2.22", at, { pages: ["/", "/pricing"], goals: ["book-demo"] });
    visit("192.0.2.23", at, { pages: ["/blog/a", "/contact"], goals: ["lead", "whatsapp"] });
    visit("192.0.2.24", at, { pages: ["/", "/contact", "/"], goals: ["whatsapp"] });
    visit("192.0.2.25", at, { pages: ["/"], goals: ["whatsapp"] }); // acted on the landing page
    // 40 and 31 days ago: outside the funnel, inside the 30 days before it (its comparison).
    visit("192.0.2.26", (today - 40) * DAY_MS, { pages: ["/", "/pricing"], goals: ["lead"] });
    visit("192.0.2.27", (today - 31) * DAY_MS + 9 * 3_600_000, { pages: ["/"], goals: ["book-demo"] });
    // 61 days ago: in neither.
    visit("192.0.2.28", (today - 61) * DAY_MS, { pages: ["/", "/pricing"], goals: ["whatsapp"] });
    await flushAnalytics(site.t.db);

    const iso = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
    const expectFunnel = (d: Awaited<ReturnType<typeof analyticsDashboard>>, label: string) => {
      expect(d.funnel.steps, label).toEqual([
        { step: "landed", visits: 6, previous: 2 },
        { step: "browsed", visits: 4, previous: 1 },
        { step: "acted", visits: 3, previous: 1 },
      ]);
      expect(d.funnel.actions, label).toEqual([
        { goal: "book-demo", visits: 1, previous: 0 },
        { goal: "whatsapp", visits: 2, previous: 0 },
        { goal: "lead", visits: 1, previous: 1 },
      ]);
      expect(d.funnel.actedFirstPage, label).toBe(1);
      expect(d.funnel.to, label).toBe(iso(today));
      // Every funnel figure against the 30 days before the funnel's own.
      expect(d.funnel.previous, label).toEqual({ from: iso(today - 59), to: iso(today - 30), actedFirstPage: 1 });
    };
    for (const period of ["7d", "30d", "90d"] as const) expectFunnel(await analyticsDashboard(site.deps, parseDashboardQuery({ period }, now), now), period);
    const filtered = await analyticsDashboard(site.deps, parseDashboardQuery({ period: "7d", page: "/blog/a" }, now), now);
    expectFunnel(filtered, "filtered");
    expect(dashboardCsv(filtered)).toContain("\r\nfunnel,landed,6,,,,2\r\n");
    await rollUpAndPrune(site.deps, now);
    for (const period of ["7d", "30d"] as const) expectFunnel(await analyticsDashboard(site.deps, parseDashboardQuery({ period }, now), now), `${period} rolled up`);
  });
});
