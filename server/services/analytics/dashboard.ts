import { z } from "zod";
import { ANALYTICS_COPY, ANALYTICS_PERIODS, type GoalName, GOALS } from "../../../shared/content/analytics";
import type { Deps } from "../../context";
import { invalid } from "../errors";
import { normaliseSearch } from "../blog/search";
import { csvField } from "../export";
import { DAY_MS, dayOf } from "./record";
import { KEY_SEPARATOR, type ReportRow, reportRows, type VisitFilter } from "./reports";

/** What the dashboard is asked for: a period (7d, 30d, 90d) or a range, and at most one filter. */
export const DashboardQuerySchema = z.object({
  period: z.enum(ANALYTICS_PERIODS.map((p) => p.value) as ["7d", "30d", "90d"]).optional(),
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/).optional(),
  // Filters go through the public search's normalising (a NUL answered 500 on PostgreSQL): a source is stored as a
  // lower-case token or host, so it is normalised as a search is; a path keeps its case and loses control characters.
  page: z.string().min(1).max(300).startsWith("/").transform((v) => v.replace(/\p{Cc}/gu, "")).optional(),
  source: z.string().max(200).transform(normaliseSearch).optional(),
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
    q.page !== undefined ? { kind: "page", path: q.page } : q.source !== undefined ? { kind: "source", source: q.source } : { kind: "all" };
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
export type Dashboard = {
  from: string;
  to: string;
  period: string | null;
  filter: VisitFilter;
  totals: { visitors: number; views: number; viewsPerVisit: number; bounceRate: number };
  series: { day: string; visitors: number; views: number }[];
  pages: { path: string; visitors: number; views: number }[];
  sources: { source: string; visitors: number; views: number; bounceRate: number }[];
  campaigns: { campaign: string; visitors: number; views: number }[];
  devices: { device: string; visitors: number }[];
  browsers: { browser: string; visitors: number }[];
  goals: { goal: GoalName; count: number; visitors: number; rate: number }[];
  goalsByPage: { goal: GoalName; path: string; count: number; rate: number }[];
  goalsBySource: { goal: GoalName; source: string; count: number; visitors: number; rate: number }[];
  /**
   * `views`: page views in the period (analytics events); `totalViews`: the post's views, the one number the public
   * counter and the studio's posts list show (blogs.views, decision 0029).
   */
  posts: { slug: string; title: string; views: number; visitors: number; likes: number; totalViews: number }[];
  realtime: number;
  rawDays: number;
};

const ratio = (a: number, b: number) => (b > 0 ? a / b : 0);

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
  const rows = await reportRows(deps, fromDay, toDay, filter);

  const total = sumByKey(rows, "total").get("") ?? { visitors: 0, views: 0, bounces: 0 };
  const perDay = new Map<number, Stat>();
  for (const r of rows) if (r.report === "total") perDay.set(r.day, r);
  const series = [];
  for (let day = fromDay; day <= toDay; day++) series.push({ day: isoDay(day), visitors: perDay.get(day)?.visitors ?? 0, views: perDay.get(day)?.views ?? 0 });

  const pageStats = sumByKey(rows, "page");
  const sourceStats = sumByKey(rows, "source");
  const pages = [...pageStats].map(([path, s]) => ({ path, visitors: s.visitors, views: s.views })).sort((a, b) => b.views - a.views || a.path.localeCompare(b.path));
  const sources = [...sourceStats]
    .map(([source, s]) => ({ source, visitors: s.visitors, views: s.views, bounceRate: ratio(s.bounces, s.visitors) }))
    .sort((a, b) => byVisitors(a, b) || a.source.localeCompare(b.source));
  const campaigns = [...sumByKey(rows, "campaign")].map(([campaign, s]) => ({ campaign, visitors: s.visitors, views: s.views })).sort(byVisitors);
  const devices = [...sumByKey(rows, "device")].map(([device, s]) => ({ device, visitors: s.visitors })).sort(byVisitors);
  const browsers = [...sumByKey(rows, "browser")].map(([browser, s]) => ({ browser, visitors: s.visitors })).sort(byVisitors);

  const goals = [...sumByKey(rows, "goal")]
    .filter(([goal]) => isGoal(goal))
    .map(([goal, s]) => ({ goal: goal as GoalName, count: s.views, visitors: s.visitors, rate: ratio(s.visitors, total.visitors) }))
    .sort((a, b) => b.count - a.count);
  const goalsByPage = [...sumByKey(rows, "goal-page")]
    .map(([key, s]) => {
      const [goal = "", path = ""] = key.split(KEY_SEPARATOR);
      return { goal: goal as GoalName, path, count: s.views, rate: ratio(s.views, pageStats.get(path)?.visitors ?? 0) };
    })
    .filter((g) => isGoal(g.goal))
    .sort((a, b) => b.count - a.count || a.path.localeCompare(b.path));
  const goalsBySource = [...sumByKey(rows, "goal-source")]
    .map(([key, s]) => {
      const [goal = "", source = ""] = key.split(KEY_SEPARATOR);
      return { goal: goal as GoalName, source, count: s.views, visitors: s.visitors, rate: ratio(s.visitors, sourceStats.get(source)?.visitors ?? 0) };
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
      const s = pageStats.get(`/blog/${p.slug}`);
      return { slug: p.slug, title: p.title, views: s?.views ?? 0, visitors: s?.visitors ?? 0, likes: likesOf.get(Number(p.id)) ?? 0, totalViews: Number(p.views) };
    })
    .sort((a, b) => b.views - a.views || b.likes - a.likes || a.slug.localeCompare(b.slug));

  return {
    from: isoDay(fromDay),
    to: isoDay(toDay),
    period: query.period,
    filter,
    totals: {
      visitors: total.visitors,
      views: total.views,
      viewsPerVisit: ratio(total.views, total.visitors),
      bounceRate: ratio(total.bounces, total.visitors),
    },
    series,
    pages,
    sources,
    campaigns,
    devices,
    browsers,
    goals,
    goalsByPage,
    goalsBySource,
    posts,
    realtime: Number(live?.visitors ?? 0),
    rawDays: deps.config.ANALYTICS_RAW_DAYS,
  };
}

/** The dashboard as CSV: one record per report line (the days first), RFC 4180, formulas neutralised. */
export function dashboardCsv(d: Dashboard): string {
  const lines = ["report,key,visitors,views,count,rate"];
  const add = (report: string, key: string, visitors: number | null, views: number | null, count: number | null, rate: number | null) =>
    lines.push([report, key, visitors, views, count, rate === null ? null : Math.round(rate * 10_000) / 10_000].map((v) => csvField(v)).join(","));
  add("total", "", d.totals.visitors, d.totals.views, null, d.totals.bounceRate);
  for (const s of d.series) add("day", s.day, s.visitors, s.views, null, null);
  for (const p of d.pages) add("page", p.path, p.visitors, p.views, null, null);
  for (const s of d.sources) add("source", s.source, s.visitors, s.views, null, s.bounceRate);
  for (const c of d.campaigns) add("campaign", c.campaign, c.visitors, c.views, null, null);
  for (const x of d.devices) add("device", x.device, x.visitors, null, null, null);
  for (const x of d.browsers) add("browser", x.browser, x.visitors, null, null, null);
  for (const g of d.goals) add("goal", g.goal, g.visitors, null, g.count, g.rate);
  for (const g of d.goalsByPage) add("goal-page", `${g.goal} ${g.path}`, null, null, g.count, g.rate);
  for (const g of d.goalsBySource) add("goal-source", `${g.goal} ${g.source}`, g.visitors, null, g.count, g.rate);
  for (const p of d.posts) add("post", p.slug, p.visitors, p.views, p.likes, null);
  return `${lines.join("\r\n")}\r\n`;
}
