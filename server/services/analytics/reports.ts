import { type ExpressionBuilder, sql } from "kysely";
import type { Deps } from "../../context";
import type { Database } from "../../db/schema";
import type { Db } from "../../db/database";

/** One line of a report for one day: the roll-up's shape, and what the raw queries answer. */
export type ReportRow = { day: number; report: ReportName; key: string; visitors: number; views: number; bounces: number };
export type ReportName = "total" | "page" | "source" | "campaign" | "device" | "browser" | "goal" | "goal-page" | "goal-source";

/**
 * Which visits to count: all, those that came from one source, or those that viewed one page. A filter is a set
 * of visits; every report then speaks of those visits only.
 */
export type VisitFilter = { kind: "all" } | { kind: "source"; source: string } | { kind: "page"; path: string };

/** Separates a goal from its page or source in a key. */
export const KEY_SEPARATOR = "\t";

type Kdb = Db["kysely"];
type VisitsEb = ExpressionBuilder<Database & { v: Database["analytics_visits"] }, "v">;
type EventsEb = ExpressionBuilder<Database & { e: Database["analytics_events"] }, "e">;

function visitMatches(eb: VisitsEb, filter: VisitFilter) {
  if (filter.kind === "source") return eb("v.source", "=", filter.source);
  if (filter.kind === "page") {
    return eb.exists(
      eb
        .selectFrom("analytics_events as x")
        .select(sql`1`.as("one"))
        .where("x.path", "=", filter.path)
        .whereRef("x.day", "=", "v.day")
        .whereRef("x.visitor", "=", "v.visitor")
        .where("x.name", "=", "pageview"),
    );
  }
  return sql<boolean>`1 = 1`;
}

function eventMatches(eb: EventsEb, filter: VisitFilter) {
  if (filter.kind === "source") {
    return eb.exists(
      eb
        .selectFrom("analytics_visits as w")
        .select(sql`1`.as("one"))
        .whereRef("w.day", "=", "e.day")
        .whereRef("w.visitor", "=", "e.visitor")
        .where("w.source", "=", filter.source),
    );
  }
  if (filter.kind === "page") {
    return eb.exists(
      eb
        .selectFrom("analytics_events as x")
        .select(sql`1`.as("one"))
        .where("x.path", "=", filter.path)
        .whereRef("x.day", "=", "e.day")
        .whereRef("x.visitor", "=", "e.visitor")
        .where("x.name", "=", "pageview"),
    );
  }
  return sql<boolean>`1 = 1`;
}

const n = (v: unknown) => Number(v ?? 0);

/** Every report, per day, computed from the raw events of days `fromDay`..`toDay` (inclusive). */
export async function rawReports(db: Kdb, fromDay: number, toDay: number, filter: VisitFilter = { kind: "all" }): Promise<ReportRow[]> {
  const rows: ReportRow[] = [];
  const visits = () =>
    db
      .selectFrom("analytics_visits as v")
      .where("v.day", ">=", fromDay)
      .where("v.day", "<=", toDay)
      .where((eb) => visitMatches(eb, filter));
  const visitStats = (eb: VisitsEb) =>
    [
      eb.fn.countAll<number>().as("visitors"),
      eb.fn.sum<number>("v.views").as("views"),
      eb.fn.sum<number>(sql`case when v.views = 1 then 1 else 0 end`).as("bounces"),
    ] as const;

  const totals = await visits().select((eb) => ["v.day", ...visitStats(eb)]).groupBy("v.day").execute();
  for (const r of totals) rows.push({ day: n(r.day), report: "total", key: "", visitors: n(r.visitors), views: n(r.views), bounces: n(r.bounces) });
  for (const [report, column] of [["source", "v.source"], ["device", "v.device"], ["browser", "v.browser"]] as const) {
    const found = await visits().select((eb) => ["v.day", eb.ref(column).as("key"), ...visitStats(eb)]).groupBy(["v.day", column]).execute();
    for (const r of found) rows.push({ day: n(r.day), report, key: String(r.key), visitors: n(r.visitors), views: n(r.views), bounces: n(r.bounces) });
  }
  const campaigns = await visits()
    .where("v.utm_source", "<>", "")
    .select((eb) => ["v.day", "v.utm_source", "v.utm_medium", "v.utm_campaign", ...visitStats(eb)])
    .groupBy(["v.day", "v.utm_source", "v.utm_medium", "v.utm_campaign"])
    .execute();
  for (const r of campaigns) {
    rows.push({ day: n(r.day), report: "campaign", key: [r.utm_source, r.utm_medium, r.utm_campaign].join(" / "), visitors: n(r.visitors), views: n(r.views), bounces: n(r.bounces) });
  }

  const events = () =>
    db
      .selectFrom("analytics_events as e")
      .where("e.day", ">=", fromDay)
      .where("e.day", "<=", toDay)
      .where((eb) => eventMatches(eb, filter));
  const eventStats = (eb: EventsEb) => [eb.fn.count<number>("e.visitor").distinct().as("visitors"), eb.fn.countAll<number>().as("views")] as const;

  const pages = await events().where("e.name", "=", "pageview").select((eb) => ["e.day", "e.path", ...eventStats(eb)]).groupBy(["e.day", "e.path"]).execute();
  for (const r of pages) rows.push({ day: n(r.day), report: "page", key: r.path, visitors: n(r.visitors), views: n(r.views), bounces: 0 });
  const goals = await events().where("e.name", "<>", "pageview").select((eb) => ["e.day", "e.name", ...eventStats(eb)]).groupBy(["e.day", "e.name"]).execute();
  for (const r of goals) rows.push({ day: n(r.day), report: "goal", key: r.name, visitors: n(r.visitors), views: n(r.views), bounces: 0 });
  const goalPages = await events()
    .where("e.name", "<>", "pageview")
    .select((eb) => ["e.day", "e.name", "e.path", ...eventStats(eb)])
    .groupBy(["e.day", "e.name", "e.path"])
    .execute();
  for (const r of goalPages) {
    rows.push({ day: n(r.day), report: "goal-page", key: `${r.name}${KEY_SEPARATOR}${r.path}`, visitors: n(r.visitors), views: n(r.views), bounces: 0 });
  }
  const goalSources = await events()
    .leftJoin("analytics_visits as s", (j) => j.onRef("s.day", "=", "e.day").onRef("s.visitor", "=", "e.visitor"))
    .where("e.name", "<>", "pageview")
    .select((eb) => ["e.day", "e.name", eb.fn.coalesce("s.source", sql<string>`''`).as("source"), ...eventStats(eb)])
    .groupBy(["e.day", "e.name", "s.source"])
    .execute();
  for (const r of goalSources) {
    rows.push({ day: n(r.day), report: "goal-source", key: `${r.name}${KEY_SEPARATOR}${r.source}`, visitors: n(r.visitors), views: n(r.views), bounces: 0 });
  }
  return rows;
}

/** The days in `fromDay`..`toDay` that have a roll-up (its "total" row is written even for an empty day). */
export async function rolledUpDays(db: Kdb, fromDay: number, toDay: number): Promise<Set<number>> {
  const rows = await db.selectFrom("analytics_daily").select("day").where("report", "=", "total").where("day", ">=", fromDay).where("day", "<=", toDay).execute();
  return new Set(rows.map((r) => n(r.day)));
}

/**
 * Every report of `fromDay`..`toDay`, per day: from the roll-ups for the days that have one (and no filter), from
 * the raw events for the others. A filter needs the raw events, kept ANALYTICS_RAW_DAYS days.
 */
export async function reportRows(deps: Deps, fromDay: number, toDay: number, filter: VisitFilter): Promise<ReportRow[]> {
  const db = deps.db.kysely;
  if (filter.kind !== "all") return rawReports(db, fromDay, toDay, filter);
  const rolled = await rolledUpDays(db, fromDay, toDay);
  const rows: ReportRow[] = [];
  if (rolled.size > 0) {
    const stored = await db.selectFrom("analytics_daily").selectAll().where("day", ">=", fromDay).where("day", "<=", toDay).execute();
    for (const r of stored) rows.push({ day: n(r.day), report: r.report as ReportName, key: r.key, visitors: n(r.visitors), views: n(r.views), bounces: n(r.bounces) });
  }
  // The days without a roll-up are contiguous runs (today, and any the worker has not reached): query each run.
  let start: number | undefined;
  for (let day = fromDay; day <= toDay + 1; day++) {
    const raw = day <= toDay && !rolled.has(day);
    if (raw && start === undefined) start = day;
    if (!raw && start !== undefined) {
      rows.push(...(await rawReports(db, start, day - 1)));
      start = undefined;
    }
  }
  return rows;
}
