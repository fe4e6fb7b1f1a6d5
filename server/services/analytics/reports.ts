import { FUNNEL_ACTIONS } from "../../../shared/content/analytics";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import { groupSource } from "./sources";
import { LOCALES, type Locale, localeOfPath } from "../../../shared/i18n";

/** One line of a report for one day (day -1: summed over the days asked for): the roll-up's shape. */
export type ReportRow = { day: number; report: ReportName; key: string; visitors: number; views: number; bounces: number };
export type ReportName =
  | "total"
  | "page"
  | "source"
  | "campaign"
  | "device"
  | "browser"
  | "os"
  | "country"
  | "entry"
  | "exit"
  | "funnel"
  | "goal"
  | "goal-page"
  | "goal-source";

/**
 * The steps of the funnel report (its keys), each counted in visits: every visit landed; "browsed" visits viewed a
 * second page; "acted" visits browsed and then clicked Book Demo or WhatsApp or sent a lead ("acted:<goal>" per
 * action, a visit that did two counted under each); "acted-first-page" visits acted without a second page (beside
 * the funnel, so its steps only ever narrow).
 */
export const FUNNEL_KEYS = { landed: "landed", browsed: "browsed", acted: "acted", actedFirstPage: "acted-first-page" } as const;

/**
 * Which visits to count: all, those that came from one source, those that viewed one page, or those that viewed a
 * page in one language (a page's language is its path: `/hi…` is Hindi, issue 33). A filter is a set of visits (a
 * visit is one visitor's day); every report then speaks of those visits only.
 */
export type VisitFilter = { kind: "all" } | { kind: "source"; source: string } | { kind: "page"; path: string } | { kind: "language"; locale: Locale };

/** Separates a goal from its page or source in a key. */
export const KEY_SEPARATOR = "\t";

/** How a filter is named in the roll-up table ('' for all visits). */
export function filterKey(filter: VisitFilter): string {
  if (filter.kind === "language") return `language:${filter.locale}`;
  return filter.kind === "all" ? "" : filter.kind === "source" ? `source:${filter.source}` : `page:${filter.path}`;
}

/** The busiest sources and pages of a day get their own filtered roll-up; the others are filtered from raw events. */
const ROLLED_SOURCES = 50;
const ROLLED_PAGES = 100;

type Kdb = Db["kysely"];
type RawVisit = {
  day: number;
  visitor: string;
  entry_path: string;
  source: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  browser: string;
  os: string;
  country: string;
  views: number;
};
type RawEvent = { at: number; day: number; visitor: string; name: string; path: string };
export type RawDays = { visits: RawVisit[]; events: RawEvent[] };

/** The raw visits and events of `fromDay`..`toDay` (integer columns: numbers on both databases). */
export async function loadRaw(db: Kdb, fromDay: number, toDay: number): Promise<RawDays> {
  const [visits, events] = await Promise.all([
    db
      .selectFrom("analytics_visits")
      .select(["day", "visitor", "entry_path", "source", "utm_source", "utm_medium", "utm_campaign", "device", "browser", "os", "country", "views"])
      .where("day", ">=", fromDay)
      .where("day", "<=", toDay)
      .execute(),
    db.selectFrom("analytics_events").select(["at", "day", "visitor", "name", "path"]).where("day", ">=", fromDay).where("day", "<=", toDay).execute(),
  ]);
  // Sources are grouped when read (Instagram's, Facebook's, Google's many hosts are one source each), so the days not
  // rolled up yet, their filters and their roll-ups all speak of the same groups.
  for (const v of visits) v.source = groupSource(v.source);
  // bigint on PostgreSQL comes back as text.
  for (const e of events) e.at = Number(e.at);
  return { visits, events };
}

/** Facts of raw days the filters need, made once: each visit by key, and (for page filters) the pages it viewed. */
type Indexed = RawDays & { visitOf: Map<string, RawVisit>; pagesOf: () => Map<string, Set<string>>; languagesOf: () => Map<string, Set<Locale>> };
function indexRaw(raw: RawDays): Indexed {
  const visitOf = new Map<string, RawVisit>();
  for (const v of raw.visits) visitOf.set(`${v.day}\n${v.visitor}`, v);
  let pages: Map<string, Set<string>> | undefined;
  const pagesOf = () => {
    if (pages) return pages;
    pages = new Map();
    for (const e of raw.events) {
      if (e.name !== "pageview") continue;
      const k = `${e.day}\n${e.visitor}`;
      let set = pages.get(k);
      if (!set) pages.set(k, (set = new Set()));
      set.add(e.path);
    }
    return pages;
  };
  let languages: Map<string, Set<Locale>> | undefined;
  const languagesOf = () => {
    if (languages) return languages;
    languages = new Map();
    for (const [k, paths] of pagesOf()) languages.set(k, new Set([...paths].map(localeOfPath)));
    return languages;
  };
  return { ...raw, visitOf, pagesOf, languagesOf };
}

/** Every report, per day, of the raw days for the visits of `filter`. */
function aggregate(raw: Indexed, filter: VisitFilter): ReportRow[] {
  const inFilter =
    filter.kind === "all"
      ? () => true
      : filter.kind === "source"
        ? (k: string) => raw.visitOf.get(k)?.source === filter.source
        : filter.kind === "language"
          ? (k: string) => raw.languagesOf().get(k)?.has(filter.locale) === true
          : (k: string) => raw.pagesOf().get(k)?.has(filter.path) === true;
  type Acc = { day: number; report: ReportName; key: string; visitors: number; views: number; bounces: number; seen?: Set<string> };
  const acc = new Map<string, Acc>();
  const add = (day: number, report: ReportName, key: string, views: number, bounce: boolean, visitor?: string) => {
    const id = `${day}\n${report}\n${key}`;
    let a = acc.get(id);
    if (!a) acc.set(id, (a = { day, report, key, visitors: 0, views: 0, bounces: 0 }));
    a.views += views;
    if (bounce) a.bounces += 1;
    if (visitor === undefined) a.visitors += 1;
    else {
      a.seen ??= new Set();
      if (!a.seen.has(visitor)) {
        a.seen.add(visitor);
        a.visitors += 1;
      }
    }
  };
  for (const v of raw.visits) {
    if (!inFilter(`${v.day}\n${v.visitor}`)) continue;
    const bounce = v.views === 1;
    add(v.day, "total", "", v.views, bounce);
    add(v.day, "source", v.source, v.views, bounce);
    add(v.day, "device", v.device, v.views, bounce);
    add(v.day, "browser", v.browser, v.views, bounce);
    add(v.day, "os", v.os, v.views, bounce);
    add(v.day, "country", v.country, v.views, bounce);
    add(v.day, "entry", v.entry_path, v.views, bounce);
    if (v.utm_source) add(v.day, "campaign", [v.utm_source, v.utm_medium, v.utm_campaign].join(" / "), v.views, bounce);
  }
  for (const e of raw.events) {
    const k = `${e.day}\n${e.visitor}`;
    if (!inFilter(k)) continue;
    if (e.name === "pageview") {
      add(e.day, "page", e.path, 1, false, e.visitor);
      continue;
    }
    add(e.day, "goal", e.name, 1, false, e.visitor);
    add(e.day, "goal-page", `${e.name}${KEY_SEPARATOR}${e.path}`, 1, false, e.visitor);
    add(e.day, "goal-source", `${e.name}${KEY_SEPARATOR}${raw.visitOf.get(k)?.source ?? ""}`, 1, false, e.visitor);
  }
  // Exit pages (a visit's last page view) and the funnel (what each visit went on to do), per visit.
  const last = new Map<string, RawEvent>();
  const acted = new Map<string, Set<string>>();
  for (const e of raw.events) {
    const k = `${e.day}\n${e.visitor}`;
    if (e.name === "pageview") {
      const known = last.get(k);
      if (!known || e.at >= known.at) last.set(k, e);
    } else if ((FUNNEL_ACTIONS as readonly string[]).includes(e.name)) {
      let set = acted.get(k);
      if (!set) acted.set(k, (set = new Set()));
      set.add(e.name);
    }
  }
  for (const v of raw.visits) {
    const k = `${v.day}\n${v.visitor}`;
    if (!inFilter(k)) continue;
    const exit = last.get(k);
    if (exit) add(v.day, "exit", exit.path, 0, v.views === 1);
    add(v.day, "funnel", FUNNEL_KEYS.landed, 0, false);
    const actions = acted.get(k);
    if (v.views < 2) {
      if (actions) add(v.day, "funnel", FUNNEL_KEYS.actedFirstPage, 0, false);
      continue;
    }
    add(v.day, "funnel", FUNNEL_KEYS.browsed, 0, false);
    if (!actions) continue;
    add(v.day, "funnel", FUNNEL_KEYS.acted, 0, false);
    for (const action of actions) add(v.day, "funnel", `${FUNNEL_KEYS.acted}:${action}`, 0, false);
  }
  return [...acc.values()].map(({ seen: _seen, ...row }) => row);
}

/** Every report, per day, computed from the raw events of days `fromDay`..`toDay` (inclusive). */
export async function rawReports(db: Kdb, fromDay: number, toDay: number, filter: VisitFilter = { kind: "all" }, reads?: RawReads): Promise<ReportRow[]> {
  if (!reads) return aggregate(indexRaw(await loadRaw(db, fromDay, toDay)), filter);
  const key = `${fromDay}\n${toDay}`;
  let raw = reads.get(key);
  if (!raw) reads.set(key, (raw = loadRaw(db, fromDay, toDay).then(indexRaw)));
  return aggregate(await raw, filter);
}

/**
 * How long a process reuses the raw rows it read for a range of days (today's, mostly: the costliest read of every
 * dashboard, decision 0034): an owner switching periods and filters, or a second staff member opening the page, reads
 * them once. A batch of hits written or a roll-up run by this process forgets them at once; another process's writes
 * show within this time.
 */
export const RAW_REUSE_MS = 10_000;
const RAW_REUSE_ENTRIES = 8;

type RawMemory = { entries: Map<string, { at: number; raw: Promise<Indexed> }> };
/** Kept on the Db object: the host (which records hits) and the pages' bundle (which reads them) share it. */
function rawMemory(db: Db): RawMemory {
  const holder = db as unknown as Record<symbol, RawMemory | undefined>;
  return (holder[Symbol.for("wise-parrot.analytics.raw")] ??= { entries: new Map() });
}

/** After this process wrote hits or rolled days up: the next dashboard reads the raw rows again. */
export function forgetRawReads(db: Db): void {
  rawMemory(db).entries.clear();
}

/** The raw rows of a range, from this dashboard's reads, else this process's recent ones, else the database. */
function rawRead(database: Db, fromDay: number, toDay: number, reads: RawReads, now: number): Promise<Indexed> {
  const key = `${fromDay}\n${toDay}`;
  const shared = reads.get(key);
  if (shared) return shared;
  const memory = rawMemory(database);
  const held = memory.entries.get(key);
  let raw: Promise<Indexed>;
  if (held && now - held.at >= 0 && now - held.at < RAW_REUSE_MS) raw = held.raw;
  else {
    raw = loadRaw(database.kysely, fromDay, toDay).then(indexRaw);
    memory.entries.delete(key);
    memory.entries.set(key, { at: now, raw });
    for (const oldest of memory.entries.keys()) {
      if (memory.entries.size <= RAW_REUSE_ENTRIES) break;
      memory.entries.delete(oldest);
    }
    // A failed read is not kept.
    raw.catch(() => {
      if (memory.entries.get(key)?.raw === raw) memory.entries.delete(key);
    });
  }
  reads.set(key, raw);
  return raw;
}

/**
 * The raw days one dashboard already read, by range: its period, the period before and the funnel's 30 days often
 * share today's raw rows (the costliest read), which are then read once and aggregated per filter.
 */
export type RawReads = Map<string, Promise<Indexed>>;

/**
 * The roll-up of one day: every report for all visits, and again for the visits of each of the day's busiest
 * sources and pages. Each filter's rows include its "total" row, written even when empty: it marks the day done.
 */
export async function rollUpRows(db: Kdb, day: number): Promise<Array<ReportRow & { filter: string }>> {
  const raw = indexRaw(await loadRaw(db, day, day));
  const all = aggregate(raw, { kind: "all" });
  const out: Array<ReportRow & { filter: string }> = [];
  const push = (filter: VisitFilter, rows: ReportRow[]) => {
    const key = filterKey(filter);
    if (!rows.some((r) => r.report === "total")) rows.push({ day, report: "total", key: "", visitors: 0, views: 0, bounces: 0 });
    for (const r of rows) out.push({ ...r, filter: key });
  };
  push({ kind: "all" }, all);
  const busiest = (report: ReportName, n: number) =>
    all
      .filter((r) => r.report === report)
      .sort((a, b) => b.visitors - a.visitors || (a.key < b.key ? -1 : 1))
      .slice(0, n)
      .map((r) => r.key);
  for (const source of busiest("source", ROLLED_SOURCES)) push({ kind: "source", source }, aggregate(raw, { kind: "source", source }));
  for (const path of busiest("page", ROLLED_PAGES)) push({ kind: "page", path }, aggregate(raw, { kind: "page", path }));
  // Each language (issue 33): the visits that viewed a page in it, whatever the day's traffic. A day whose visits all
  // stayed in one language has that language's roll-up equal to all visits' (no second pass) and the others empty.
  const seen = new Set<Locale>();
  const languages = raw.languagesOf();
  for (const set of languages.values()) for (const locale of set) seen.add(locale);
  const everyVisitViewed = raw.visits.every((v) => languages.has(`${v.day}\n${v.visitor}`));
  for (const locale of LOCALES) {
    if (!seen.has(locale)) push({ kind: "language", locale }, []);
    else if (seen.size === 1 && everyVisitViewed) push({ kind: "language", locale }, all.map((r) => ({ ...r })));
    else push({ kind: "language", locale }, aggregate(raw, { kind: "language", locale }));
  }
  return out;
}

/** The days in `fromDay`..`toDay` rolled up for `filter` (its "total" row is written even for an empty day). */
export async function rolledUpDays(db: Kdb, fromDay: number, toDay: number, filter = ""): Promise<Set<number>> {
  const rows = await db
    .selectFrom("analytics_daily")
    .select("day")
    .where("filter", "=", filter)
    .where("report", "=", "total")
    .where("day", ">=", fromDay)
    .where("day", "<=", toDay)
    .execute();
  return new Set(rows.map((r) => Number(r.day)));
}

/**
 * Every report of `fromDay`..`toDay` for the visits of `filter`: from the roll-ups where the day has one for this
 * filter (summed by the database), from the raw events for the other days (today, a quiet source or page). Days
 * that have neither (raw events are kept ANALYTICS_RAW_DAYS days) count nothing for a filter.
 */
export async function reportRows(deps: Deps, fromDay: number, toDay: number, filter: VisitFilter, reads: RawReads = new Map(), now = Date.now()): Promise<ReportRow[]> {
  const db = deps.db.kysely;
  const key = filterKey(filter);
  const rolled = await rolledUpDays(db, fromDay, toDay, key);
  const rows: ReportRow[] = [];
  if (rolled.size > 0) rows.push(...(await rolledSums(deps.db, key, fromDay, toDay, rolled)));
  // The days without a roll-up are contiguous runs (today, and any the worker has not reached): read each run.
  let start: number | undefined;
  for (let day = fromDay; day <= toDay + 1; day++) {
    const raw = day <= toDay && !rolled.has(day);
    if (raw && start === undefined) start = day;
    if (!raw && start !== undefined) {
      rows.push(...aggregate(await rawRead(deps.db, start, day - 1, reads, now), filter));
      start = undefined;
    }
  }
  return rows;
}

/**
 * Roll-ups never change once written, so their sums for a filter and a set of days are kept (a few dozen per process):
 * the set of rolled-up days is part of the key, so a day rolled up since (by any process) makes a new entry.
 */
const SUMS_KEPT = 48;
const sumsCache = new WeakMap<Db, Map<string, ReportRow[]>>();

async function rolledSums(database: Db, key: string, fromDay: number, toDay: number, rolled: Set<number>): Promise<ReportRow[]> {
  const days = [...rolled];
  const cacheKey = `${key}\n${fromDay}\n${toDay}\n${days.length}\n${Math.min(...days)}\n${Math.max(...days)}`;
  let cache = sumsCache.get(database);
  if (!cache) sumsCache.set(database, (cache = new Map()));
  const known = cache.get(cacheKey);
  if (known) return known;
  const db = database.kysely;
  const rows: ReportRow[] = [];
  {
    const [sums, totals] = await Promise.all([
      db
        .selectFrom("analytics_daily")
        .select((eb) => ["report", "key", eb.fn.sum<number>("visitors").as("visitors"), eb.fn.sum<number>("views").as("views"), eb.fn.sum<number>("bounces").as("bounces")])
        .where("filter", "=", key)
        .where("day", ">=", fromDay)
        .where("day", "<=", toDay)
        .where("report", "<>", "total")
        .groupBy(["report", "key"])
        .execute(),
      db
        .selectFrom("analytics_daily")
        .select(["day", "visitors", "views", "bounces"])
        .where("filter", "=", key)
        .where("report", "=", "total")
        .where("day", ">=", fromDay)
        .where("day", "<=", toDay)
        .execute(),
    ]);
    for (const r of sums) rows.push({ day: -1, report: r.report as ReportName, key: r.key, visitors: Number(r.visitors), views: Number(r.views), bounces: Number(r.bounces) });
    for (const r of totals) rows.push({ day: Number(r.day), report: "total", key: "", visitors: Number(r.visitors), views: Number(r.views), bounces: Number(r.bounces) });
  }
  cache.set(cacheKey, rows);
  for (const oldest of cache.keys()) {
    if (cache.size <= SUMS_KEPT) break;
    cache.delete(oldest);
  }
  return rows;
}
