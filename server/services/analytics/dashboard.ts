import { z } from "zod";
import { ANALYTICS_COPY, ANALYTICS_PERIODS, FUNNEL_ACTIONS, FUNNEL_DAYS, type GoalName, GOALS } from "../../../shared/content/analytics";
import type { Deps } from "../../context";
import { invalid } from "../errors";
import { normaliseSearch } from "../text-search";
import { csvField } from "../export";
import { DAY_MS, dayOf } from "./record";
import { FUNNEL_KEYS, KEY_SEPARATOR, type RawReads, type ReportRow, reportRows, type VisitFilter } from "./reports";
import { groupSource } from "./sources";
import { LOCALES, type Locale, localeOfPath } from "../../../shared/i18n";

/** What the dashboard is asked for: a period (7d, 30d, 90d) or a range, and at most one filter. */
export const DashboardQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS.map((p) => p.value) as ["7d", "30d", "90d"]).optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  // Filters go through the public search's normalising (a NUL answered 500 on PostgreSQL): a source is stored as a
  // lower-case token or host, so it is normalised as a search is; a path keeps its case and loses control characters.
  page: z.string().min(1).max(300).startsWith("/").transform((v) => v.replace(/\p{Cc}/gu, "")).optional(),
  source: z.string().max(200).transform(normaliseSearch).optional(),
  /** The visits that viewed a page in one language (issue 33). */
  language: z.enum(LOCALES).optional(),
});
export type DashboardQueryInput = z.input<typeof DashboardQuerySchema>;

export type DashboardQuery = { fromDay: number; toDay: number; period: string | null; filter: VisitFilter };

/** The longest range one may ask for, in days. */
const MAX_RANGE_DAYS = 3 * 366;

export const isoDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
function dayOfIso(text: string): number | undefined {
  const at = Date.parse(`${text}T00:00:00Z`);
  return Number.isFinite(at) && isoDay(dayOf(at)) === text ? dayOf(at) : undefined;
}

/** The query's days and filter; a range the visitor typed that makes no sense is `invalid` (field "from"). */
export function parseDashboardQuery(input: Record<string, string | undefined>, now = Date.now()): DashboardQuery {
  const parsed = DashboardQuerySchema.safeParse(input);
  if (!parsed.success) {
    const field = String(parsed.error.issues[0]?.path[0] ?? "period");
    throw invalid(field === "from" || field === "to" ? ANALYTICS_COPY.rangeError : `The ${field} is not valid.`, field === "to" ? "from" : field);
  }
  const q = parsed.data;
  const today = dayOf(now);
  const filter: VisitFilter =
    q.page !== undefined
      ? { kind: "page", path: q.page }
      : q.source !== undefined
        ? { kind: "source", source: groupSource(q.source) }
        : q.language !== undefined
          ? { kind: "language", locale: q.language }
          : { kind: "all" };
  if (q.from !== undefined || q.to !== undefined) {
    const fromDay = q.from === undefined ? undefined : dayOfIso(q.from);
    const toDay = q.to === undefined ? undefined : dayOfIso(q.to);
    if (fromDay === undefined || toDay === undefined || fromDay > toDay || toDay - fromDay >= MAX_RANGE_DAYS) {
      throw invalid(ANALYTICS_COPY.rangeError, "from");
    }
    return { fromDay, toDay, period: null, filter };
  }
  const period = ANALYTICS_PERIODS.find((p) => p.value === (q.period ?? "30d"))!;
  return { fromDay: today - period.days + 1, toDay: today, period: period.value, filter };
}

type Stat = { visitors: number; views: number; bounces: number };
export type Totals = { visitors: number; views: number; viewsPerVisit: number; bounceRate: number };
/** A report line's main figure in the period before, the same length and filter (0 when it had none). */
type Previous = { previous: number };
export type Funnel = {
  from: string;
  to: string;
  /** The 30 days before the funnel's, which every step, action and the first-page count are compared with. */
  previous: { from: string; to: string; actedFirstPage: number };
  /** Visits at each step, in order: landed, browsed (a second page), acted (Book Demo, WhatsApp or a lead after that). */
  steps: ({ step: "landed" | "browsed" | "acted"; visits: number } & Previous)[];
  /** The visits of the last step, per action (a visit that did two counts under each). */
  actions: ({ goal: (typeof FUNNEL_ACTIONS)[number]; visits: number } & Previous)[];
  /** Visits that acted on their landing page without viewing a second one (beside the funnel). */
  actedFirstPage: number;
};
export type Dashboard = {
  from: string;
  to: string;
  period: string | null;
  filter: VisitFilter;
  totals: Totals;
  /** The period just before, as long as this one, with the same filter: every figure's comparison. */
  previous: { from: string; to: string; totals: Totals };
  series: { day: string; visitors: number; views: number }[];
  pages: ({ path: string; visitors: number; views: number } & Previous)[];
  /** The pages visits started on (visits, by their first page). */
  entries: ({ path: string; visits: number; bounceRate: number } & Previous)[];
  /** The pages visits ended on (visits, by their last page). */
  exits: ({ path: string; visits: number; exitRate: number } & Previous)[];
  sources: ({ source: string; visitors: number; views: number; bounceRate: number } & Previous)[];
  campaigns: ({ campaign: string; visitors: number; views: number } & Previous)[];
  devices: ({ device: string; visitors: number } & Previous)[];
  browsers: ({ browser: string; visitors: number } & Previous)[];
  systems: ({ os: string; visitors: number } & Previous)[];
  /**
   * Per language of the site (issue 33), from the reports already read (no query of its own): page views by the
   * language of the page's path (`previous`: the page views before), and visits by the language of their first page.
   */
  languages: ({ locale: Locale; views: number; visits: number } & Previous)[];
  /** By the ISO code of the country of the visit's address (decision 0034); visits of unknown country left out. */
  countries: ({ country: string; visitors: number } & Previous)[];
  /** Always the last FUNNEL_DAYS days and all visits, whatever the period and filter asked for. */
  funnel: Funnel;
  goals: ({ goal: GoalName; count: number; visitors: number; rate: number } & Previous)[];
  /** `previous`: the goal's count on that page (from that source) in the period before. */
  goalsByPage: ({ goal: GoalName; path: string; count: number; rate: number } & Previous)[];
  goalsBySource: ({ goal: GoalName; source: string; count: number; visitors: number; rate: number } & Previous)[];
  /**
   * `views`: page views in the period (analytics events); `totalViews`: the post's views, the one number the public
   * counter and the studio's posts list show (blogs.views, decision 0029).
   */
  /** `previous`: the post page's views in the period before (same filter). */
  posts: ({ slug: string; title: string; views: number; visitors: number; likes: number; totalViews: number } & Previous)[];
  realtime: number;
  rawDays: number;
};

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);
const totalsOf = (s: Stat): Totals => ({ visitors: s.visitors, views: s.views, viewsPerVisit: ratio(s.views, s.visitors), bounceRate: ratio(s.bounces, s.visitors) });

function sumByKey(rows: ReportRow[], report: ReportRow["report"]): Map<string, Stat> {
  const out = new Map<string, Stat>();
  for (const r of rows) {
    if (r.report !== report) continue;
    const s = out.get(r.key) ?? { visitors: 0, views: 0, bounces: 0 };
    s.visitors += r.visitors;
    s.views += r.views;
    s.bounces += r.bounces;
    out.set(r.key, s);
  }
  return out;
}

const byVisitors = <T extends { visitors: number }>(a: T, b: T) => b.visitors - a.visitors;
const isGoal = (name: string): name is GoalName => (GOALS as readonly string[]).includes(name);

/**
 * The dashboard for a query. Visitors are counted per day (a visitor id lives one day, by design), so a
 * period's visitors are the sum of its days' visitors, and a visit is one visitor's day.
 */
export async function analyticsDashboard(deps: Deps, query: DashboardQuery, now = Date.now()): Promise<Dashboard> {
  const { fromDay, toDay, filter } = query;
  const length = toDay - fromDay + 1;
  const previousFrom = fromDay - length;
  const previousTo = fromDay - 1;
  const today = dayOf(now);
  const funnelFrom = today - FUNNEL_DAYS + 1;
  const funnelIsThis = filter.kind === "all" && fromDay === funnelFrom && toDay === today;
  // The funnel's own period before (the 30 days before its 30): when the funnel is the period shown, that is the
  // period before already read; otherwise finished days only, which the roll-up's sums kept per process answer.
  const funnelBeforeFrom = funnelFrom - FUNNEL_DAYS;
  const funnelBeforeTo = funnelFrom - 1;
  const reads: RawReads = new Map();
  const [rows, before, funnelRows, funnelBeforeRows] = await Promise.all([
    reportRows(deps, fromDay, toDay, filter, reads),
    reportRows(deps, previousFrom, previousTo, filter, reads),
    funnelIsThis ? null : reportRows(deps, funnelFrom, today, { kind: "all" }, reads),
    funnelIsThis ? null : reportRows(deps, funnelBeforeFrom, funnelBeforeTo, { kind: "all" }, reads),
  ]);
  const prior = (report: ReportRow["report"]) => sumByKey(before, report);
  const previousOf = (report: ReportRow["report"], figure: keyof Stat) => {
    const stats = prior(report);
    return (key: string) => stats.get(key)?.[figure] ?? 0;
  };
  const previousTotal = prior("total").get("") ?? { visitors: 0, views: 0, bounces: 0 };

  const total = sumByKey(rows, "total").get("") ?? { visitors: 0, views: 0, bounces: 0 };
  const perDay = new Map<number, Stat>();
  for (const r of rows) if (r.report === "total") perDay.set(r.day, r);
  const series = [];
  for (let day = fromDay; day <= toDay; day++) series.push({ day: isoDay(day), visitors: perDay.get(day)?.visitors ?? 0, views: perDay.get(day)?.views ?? 0 });

  const pageStats = sumByKey(rows, "page");
  const sourceStats = sumByKey(rows, "source");
  const pageBefore = previousOf("page", "views");
  const pages = [...pageStats]
    .map(([path, s]) => ({ path, visitors: s.visitors, views: s.views, previous: pageBefore(path) }))
    .sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  const byVisits = <T extends { visits: number; path: string }>(a: T, b: T) => b.visits - a.visits || a.path.localeCompare(b.path);
  const entryBefore = previousOf("entry", "visitors");
  const entries = [...sumByKey(rows, "entry")]
    .map(([path, s]) => ({ path, visits: s.visitors, bounceRate: ratio(s.bounces, s.visitors), previous: entryBefore(path) }))
    .sort(byVisits);
  const exitBefore = previousOf("exit", "visitors");
  const exits = [...sumByKey(rows, "exit")]
    .map(([path, s]) => ({ path, visits: s.visitors, exitRate: ratio(s.visitors, pageStats.get(path)?.views ?? 0), previous: exitBefore(path) }))
    .sort(byVisits);
  const sourceBefore = previousOf("source", "visitors");
  const sources = [...sourceStats]
    .map(([source, s]) => ({ source, visitors: s.visitors, views: s.views, bounceRate: ratio(s.bounces, s.visitors), previous: sourceBefore(source) }))
    .sort((a, b) => byVisitors(a, b) || a.source.localeCompare(b.source));
  const campaignBefore = previousOf("campaign", "visitors");
  const campaigns = [...sumByKey(rows, "campaign")]
    .map(([campaign, s]) => ({ campaign, visitors: s.visitors, views: s.views, previous: campaignBefore(campaign) }))
    .sort((a, b) => byVisitors(a, b) || a.campaign.localeCompare(b.campaign));
  const deviceBefore = previousOf("device", "visitors");
  const devices = [...sumByKey(rows, "device")].map(([device, s]) => ({ device, visitors: s.visitors, previous: deviceBefore(device) })).sort((a, b) => byVisitors(a, b) || a.device.localeCompare(b.device));
  const browserBefore = previousOf("browser", "visitors");
  const browsers = [...sumByKey(rows, "browser")].map(([browser, s]) => ({ browser, visitors: s.visitors, previous: browserBefore(browser) })).sort((a, b) => byVisitors(a, b) || a.browser.localeCompare(b.browser));
  const osBefore = previousOf("os", "visitors");
  // Visits recorded before the OS was read have none: they are left out rather than shown as a system.
  const systems = [...sumByKey(rows, "os")]
    .filter(([os]) => os !== "")
    .map(([os, s]) => ({ os, visitors: s.visitors, previous: osBefore(os) }))
    .sort((a, b) => byVisitors(a, b) || a.os.localeCompare(b.os));
  const countryBefore = previousOf("country", "visitors");
  // An IPv6 or private address, and visits recorded before countries were read, have none: left out.
  const countries = [...sumByKey(rows, "country")]
    .filter(([country]) => country !== "")
    .map(([country, s]) => ({ country, visitors: s.visitors, previous: countryBefore(country) }))
    .sort((a, b) => byVisitors(a, b) || a.country.localeCompare(b.country));

  const languages = languageBreakdown(pageStats, sumByKey(rows, "entry"), prior("page"));

  const goalBefore = previousOf("goal", "views");
  const goals = [...sumByKey(rows, "goal")]
    .filter(([goal]) => isGoal(goal))
    .map(([goal, s]) => ({ goal: goal as GoalName, count: s.views, visitors: s.visitors, rate: ratio(s.visitors, total.visitors), previous: goalBefore(goal) }))
    .sort((a, b) => b.count - a.count || a.goal.localeCompare(b.goal));
  const funnelStats = sumByKey(funnelRows ?? rows, "funnel");
  const funnelBeforeStats = sumByKey(funnelBeforeRows ?? before, "funnel");
  const visitsAt = (key: string) => funnelStats.get(key)?.visitors ?? 0;
  const visitsBefore = (key: string) => funnelBeforeStats.get(key)?.visitors ?? 0;
  const funnel: Funnel = {
    from: isoDay(funnelFrom),
    to: isoDay(today),
    previous: { from: isoDay(funnelBeforeFrom), to: isoDay(funnelBeforeTo), actedFirstPage: visitsBefore(FUNNEL_KEYS.actedFirstPage) },
    steps: (["landed", "browsed", "acted"] as const).map((step) => ({ step, visits: visitsAt(FUNNEL_KEYS[step]), previous: visitsBefore(FUNNEL_KEYS[step]) })),
    actions: FUNNEL_ACTIONS.map((goal) => {
      const key = `${FUNNEL_KEYS.acted}:${goal}`;
      return { goal, visits: visitsAt(key), previous: visitsBefore(key) };
    }),
    actedFirstPage: visitsAt(FUNNEL_KEYS.actedFirstPage),
  };
  const goalPageBefore = previousOf("goal-page", "views");
  const goalsByPage = [...sumByKey(rows, "goal-page")]
    .map(([key, s]) => {
      const [goal = "", path = ""] = key.split(KEY_SEPARATOR);
      return { goal: goal as GoalName, path, count: s.views, rate: ratio(s.views, pageStats.get(path)?.visitors ?? 0), previous: goalPageBefore(key) };
    })
    .filter((g) => isGoal(g.goal))
    .sort((a, b) => b.count - a.count || a.path.localeCompare(b.path));
  const goalSourceBefore = previousOf("goal-source", "views");
  const goalsBySource = [...sumByKey(rows, "goal-source")]
    .map(([key, s]) => {
      const [goal = "", source = ""] = key.split(KEY_SEPARATOR);
      return { goal: goal as GoalName, source, count: s.views, visitors: s.visitors, rate: ratio(s.visitors, sourceStats.get(source)?.visitors ?? 0), previous: goalSourceBefore(key) };
    })
    .filter((g) => isGoal(g.goal))
    .sort((a, b) => b.count - a.count || a.source.localeCompare(b.source));

  const db = deps.db.kysely;
  const [published, likes, live] = await Promise.all([
    db.selectFrom("blogs").select(["id", "slug", "title", "views"]).where("status", "=", "published").execute(),
    db
      .selectFrom("blog_likes")
      .select((eb) => ["blog_id", eb.fn.countAll<number>().as("likes")])
      .where("created_at", ">=", fromDay * DAY_MS)
      .where("created_at", "<", (toDay + 1) * DAY_MS)
      .groupBy("blog_id")
      .execute(),
    db
      .selectFrom("analytics_events")
      .select((eb) => eb.fn.count<number>("visitor").distinct().as("visitors"))
      .where("at", ">=", now - 30 * 60_000)
      .executeTakeFirst(),
  ]);
  const likesOf = new Map(likes.map((l) => [Number(l.blog_id), Number(l.likes)]));
  const posts = published
    .map((p) => {
      const path = `/blog/${p.slug}`;
      const s = pageStats.get(path);
      return { slug: p.slug, title: p.title, views: s?.views ?? 0, visitors: s?.visitors ?? 0, likes: likesOf.get(Number(p.id)) ?? 0, totalViews: Number(p.views), previous: pageBefore(path) };
    })
    .sort((a, b) => b.views - a.views || b.likes - a.likes || a.slug.localeCompare(b.slug));

  return {
    from: isoDay(fromDay),
    to: isoDay(toDay),
    period: query.period,
    filter,
    totals: totalsOf(total),
    previous: { from: isoDay(previousFrom), to: isoDay(previousTo), totals: totalsOf(previousTotal) },
    series,
    pages,
    entries,
    exits,
    sources,
    campaigns,
    devices,
    browsers,
    systems,
    languages,
    countries,
    funnel,
    goals,
    goalsByPage,
    goalsBySource,
    posts,
    realtime: Number(live?.visitors ?? 0),
    rawDays: deps.config.ANALYTICS_RAW_DAYS,
  };
}

/** Page views and landing visits per language, every language listed (none seen: zeros), from the page and entry reports. */
function languageBreakdown(pages: Map<string, Stat>, entries: Map<string, Stat>, pagesBefore: Map<string, Stat>): Dashboard["languages"] {
  const out = new Map(LOCALES.map((locale) => [locale, { locale, views: 0, visits: 0, previous: 0 }]));
  for (const [path, s] of pages) out.get(localeOfPath(path))!.views += s.views;
  for (const [path, s] of entries) out.get(localeOfPath(path))!.visits += s.visitors;
  for (const [path, s] of pagesBefore) out.get(localeOfPath(path))!.previous += s.views;
  return [...out.values()];
}

/** The dashboard as CSV: one record per report line (the days first), RFC 4180, formulas neutralised. */
export function dashboardCsv(d: Dashboard): string {
  const lines = ["report,key,visitors,views,count,rate,previous"];
  const add = (report: string, key: string, visitors: number | null, views: number | null, count: number | null, rate: number | null, previous: number | null = null) =>
    lines.push([report, key, visitors, views, count, rate === null ? null : Math.round(rate * 10_000) / 10_000, previous].map((v) => csvField(v)).join(","));
  add("total", "", d.totals.visitors, d.totals.views, null, d.totals.bounceRate, d.previous.totals.visitors);
  for (const s of d.series) add("day", s.day, s.visitors, s.views, null, null);
  for (const p of d.pages) add("page", p.path, p.visitors, p.views, null, null, p.previous);
  for (const s of d.sources) add("source", s.source, s.visitors, s.views, null, s.bounceRate, s.previous);
  for (const c of d.campaigns) add("campaign", c.campaign, c.visitors, c.views, null, null, c.previous);
  for (const x of d.devices) add("device", x.device, x.visitors, null, null, null, x.previous);
  for (const x of d.browsers) add("browser", x.browser, x.visitors, null, null, null, x.previous);
  for (const x of d.systems) add("os", x.os, x.visitors, null, null, null, x.previous);
  for (const x of d.languages) add("language", x.locale, x.visits, x.views, null, null, x.previous);
  for (const x of d.countries) add("country", x.country, x.visitors, null, null, null, x.previous);
  for (const x of d.entries) add("entry", x.path, x.visits, null, null, x.bounceRate, x.previous);
  for (const x of d.exits) add("exit", x.path, x.visits, null, null, x.exitRate, x.previous);
  for (const x of d.funnel.steps) add("funnel", x.step, x.visits, null, null, null, x.previous);
  for (const x of d.funnel.actions) add("funnel", `acted:${x.goal}`, x.visits, null, null, null, x.previous);
  for (const g of d.goals) add("goal", g.goal, g.visitors, null, g.count, g.rate, g.previous);
  for (const g of d.goalsByPage) add("goal-page", `${g.goal} ${g.path}`, null, null, g.count, g.rate, g.previous);
  for (const g of d.goalsBySource) add("goal-source", `${g.goal} ${g.source}`, g.visitors, null, g.count, g.rate, g.previous);
  for (const p of d.posts) add("post", p.slug, p.visitors, p.views, p.likes, null, p.previous);
  return `${lines.join("\r\n")}\r\n`;
}
