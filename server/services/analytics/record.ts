import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { GoalName } from "../../../shared/content/analytics";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import { addCounts, type CountIncrement, fixedWindow } from "../rate-limit";
import { countryOf } from "./country";
import { forgetRawReads } from "./reports";
import { parseUserAgent } from "./user-agent";

export const DAY_MS = 86_400_000;
/** The UTC day (days since the epoch) of a time. */
export const dayOf = (at: number) => Math.floor(at / DAY_MS);

/** What a request tells about a visit: plain values (the door reads them from HTTP). */
export type Hit = {
  clientIp: string;
  userAgent: string;
  /** The page: a path, possibly with its query (for UTM parameters); never stored with its query. */
  url: string;
  /** The Referer header, if any: only its domain is kept, and only when it is another site. */
  referrer?: string;
  at?: number;
};

/** Writes wait this long to be grouped with others (one transaction for many page views). */
const BATCH_MS = 250;
const BATCH_MAX = 500;
const MAX_PATH = 300;

/**
 * What one client address can add to the figures (issue 26): however many User-Agents it sends, at most
 * `visitorsPerAddressPerDay` visitors a day (the first ones of its own, then one shared by the rest), and at most so
 * many page views and goals a minute (the rest are not counted). Shared by every process: counters in the database,
 * added to once per batch.
 */
export const ANALYTICS_LIMITS = { visitorsPerAddressPerDay: 5, viewsPerAddressPerMinute: 60, goalsPerAddressPerMinute: 10 } as const;

// ---------------------------------------------------------------------------------------------------------------
// The daily salt

const salts = new WeakMap<Db, { day: number; salt: Promise<string> }>();

/**
 * The salt of `day`: random, made on first use of the day (one row shared by every process), and the salts of
 * earlier days are deleted then, so yesterday's visitor ids can never be made again.
 */
export function saltOfDay(db: Db, day: number): Promise<string> {
  const known = salts.get(db);
  if (known && known.day === day) return known.salt;
  const salt = (async () => {
    const mine = randomBytes(32).toString("base64url");
    await db.kysely.insertInto("analytics_salts").values({ day, salt: mine }).onConflict((oc) => oc.column("day").doNothing()).execute();
    const row = await db.kysely.selectFrom("analytics_salts").select("salt").where("day", "=", day).executeTakeFirst();
    await db.kysely.deleteFrom("analytics_salts").where("day", "<", day).execute();
    // No row: the day ended meanwhile and a process on the next day destroyed its salt. The last events of that day
    // get ids made with this one, which nobody else has either.
    return row?.salt ?? mine;
  })();
  salts.set(db, { day, salt });
  salt.catch(() => {
    if (salts.get(db)?.salt === salt) salts.delete(db);
  });
  return salt;
}

/** The visitor id: a hash of the day's salt, the address, the agent and the site; it cannot be reversed or joined across days. */
export async function visitorId(deps: Deps, hit: Pick<Hit, "clientIp" | "userAgent">, day: number): Promise<string> {
  return (await visitorIds(deps, hit, day)).visitor;
}

/**
 * The visitor id, and what bounds the visitors of one address: the address's own hash of the day (kept in memory and
 * in the day's counters, never the address) and the id every further visitor of that address shares that day.
 */
async function visitorIds(deps: Deps, hit: Pick<Hit, "clientIp" | "userAgent">, day: number): Promise<{ visitor: string; address: string; others: string }> {
  const salt = await saltOfDay(deps.db, day);
  const host = new URL(deps.config.PUBLIC_URL).host;
  const hash = (text: string) => createHash("sha256").update(text).digest("base64url").slice(0, 16);
  return {
    visitor: hash(`${salt}\n${hit.clientIp}\n${hit.userAgent}\n${host}`),
    address: hash(`${salt}\naddress\n${hit.clientIp}`),
    // A user agent cannot hold a NUL (HTTP forbids it), so no agent's id is this one.
    others: hash(`${salt}\n${hit.clientIp}\n\u0000others\n${host}`),
  };
}

// ---------------------------------------------------------------------------------------------------------------
// What is kept of a request

/** The path without its query, a trailing slash or a `.data` suffix; at most MAX_PATH characters. */
export function pagePath(url: string): string {
  let pathname: string;
  try {
    pathname = new URL(url, "http://x").pathname;
  } catch {
    pathname = "/";
  }
  if (pathname === "/_root.data") pathname = "/";
  pathname = pathname.replace(/\.data$/, "").replace(/(.)\/+$/, "$1");
  return pathname.slice(0, MAX_PATH) || "/";
}

/**
 * A campaign value kept only when it is a plain token: letters and digits, with `. _ ~ + -` or spaces inside (at most
 * 100). Anything else (formulas, markup, separators, control characters) is not a campaign but noise, and is ignored.
 */
const CAMPAIGN_TOKEN = /^[\p{L}\p{N}](?:[\p{L}\p{N}._~+\- ]{0,98}[\p{L}\p{N}])?$/u;

export function campaignValue(raw: string | null): string {
  const value = (raw ?? "").trim().toLowerCase();
  return CAMPAIGN_TOKEN.test(value) ? value : "";
}

function utm(url: string): { utm_source: string; utm_medium: string; utm_campaign: string } {
  let params: URLSearchParams;
  try {
    params = new URL(url, "http://x").searchParams;
  } catch {
    params = new URLSearchParams();
  }
  const read = (name: string) => campaignValue(params.get(name));
  return { utm_source: read("utm_source"), utm_medium: read("utm_medium"), utm_campaign: read("utm_campaign") };
}

/** A DNS name of at least two labels (letters, digits, inner hyphens; an IDN as its xn-- form) and a letter TLD. */
const HOST_NAME = /^(?=.{4,200}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/;

/** The referrer's domain ('' when none, unreadable, not a well-formed host name, or this site itself). */
export function referrerDomain(referrer: string | undefined, siteHost: string): string {
  if (!referrer) return "";
  let url: URL;
  try {
    url = new URL(referrer);
  } catch {
    return "";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "";
  const host = url.hostname.toLowerCase().replace(/^www\./, "");
  if (!HOST_NAME.test(host) || host === siteHost.replace(/^www\./, "").replace(/:\d+$/, "")) return "";
  return host;
}

// ---------------------------------------------------------------------------------------------------------------
// Batched writes (group commit)

type VisitRow = {
  day: number;
  visitor: string;
  started_at: number;
  entry_path: string;
  source: string;
  referrer: string;
  utm_source: string;
  utm_medium: string;
  utm_campaign: string;
  device: string;
  browser: string;
  os: string;
  country: string;
  views: number;
};
type EventRow = { at: number; day: number; visitor: string; name: string; path: string };
/** An event waiting in the batch, with what bounds it (its address's hashes of the day; never written as they are). */
type Pending = EventRow & { address: string; others: string };
/** What the visit of a day and visitor is made of: its first page view in the batch. */
type VisitStart = Omit<VisitRow, "day" | "visitor" | "views">;
type Batch = { events: Pending[]; starts: Map<string, VisitStart>; written: Promise<void>; flushNow: () => void };

const openBatches = new WeakMap<Db, Batch>();
const writeTurns = new WeakMap<Db, Promise<void>>();
const writing = new WeakMap<Db, Set<Promise<void>>>();

function batchOf(deps: Deps): Batch {
  const db = deps.db;
  const batch = openBatches.get(db);
  if (batch) return batch;
  let flushNow!: () => void;
  const written = new Promise<void>((resolve, reject) => {
    let done = false;
    const go = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      openBatches.delete(db);
      // One batch transaction at a time per process: batches take turns anyway (see writeBatch), and one waiting for
      // its turn inside a transaction would hold a pooled connection that pages need.
      const turn = (writeTurns.get(db) ?? Promise.resolve()).then(() => writeBatch(db, fresh));
      writeTurns.set(db, turn.catch(() => {}));
      turn.then(resolve, reject);
    };
    const timer = setTimeout(go, BATCH_MS);
    timer.unref?.();
    flushNow = go;
  });
  const fresh: Batch = { events: [], starts: new Map(), written, flushNow };
  openBatches.set(db, fresh);
  let set = writing.get(db);
  if (!set) writing.set(db, (set = new Set()));
  const tracked = written.catch((err: unknown) => {
    deps.log.warn({ err: { message: (err as Error).message } }, "analytics events could not be written");
  });
  set.add(tracked);
  void tracked.finally(() => set.delete(tracked));
  return fresh;
}

const visitKey = (day: number, visitor: string) => `${day}\n${visitor}`;
/** Any constant: the PostgreSQL advisory lock that makes batches of different processes take turns. */
const BATCH_LOCK = 7_301_726;

/**
 * Writes a batch in one transaction: first the address bounds (one counter statement for the minute's views and goals
 * of every address in it, one read and one counter statement for the day's new visitors), then the visits and events
 * that are within them. Batches take turns (SQLite's writer lock; an advisory lock on PostgreSQL), so the bounds hold
 * across processes.
 */
async function writeBatch(db: Db, batch: Batch): Promise<void> {
  if (batch.events.length === 0) return;
  await db.kysely.transaction().execute(async (trx) => {
    if (db.dialect === "postgres") await sql`select pg_advisory_xact_lock(${BATCH_LOCK})`.execute(trx);
    const events = await withinMinuteBounds(trx, batch.events);
    await withinVisitorBound(trx, events, batch.starts);

    const visits = new Map<string, VisitRow>();
    for (const e of events) {
      if (e.name !== "pageview") continue;
      const key = visitKey(e.day, e.visitor);
      const visit = visits.get(key);
      if (visit) {
        visit.views += 1;
        continue;
      }
      const start = batch.starts.get(key);
      if (start) visits.set(key, { ...start, day: e.day, visitor: e.visitor, views: 1 });
    }
    // Always in the same order, so two processes' batches never deadlock on PostgreSQL.
    const rows = [...visits.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
    for (let i = 0; i < rows.length; i += 400) {
      await trx
        .insertInto("analytics_visits")
        .values(rows.slice(i, i + 400))
        .onConflict((oc) =>
          oc.columns(["day", "visitor"]).doUpdateSet({ views: sql<number>`analytics_visits.views + excluded.views` }),
        )
        .execute();
    }
    const kept = events.map(({ at, day, visitor, name, path }) => ({ at, day, visitor, name, path }));
    for (let i = 0; i < kept.length; i += 500) {
      await trx.insertInto("analytics_events").values(kept.slice(i, i + 500)).execute();
    }
  });
  forgetRawReads(db);
}

type Trx = Parameters<Parameters<ReturnType<Db["kysely"]["transaction"]>["execute"]>[0]>[0];

/** The events of the batch that stay within each address's page views and goals of the minute; the rest are dropped. */
async function withinMinuteBounds(trx: Trx, events: Pending[]): Promise<Pending[]> {
  const { windowStart, expiresAt } = fixedWindow(Date.now(), 60_000);
  const groups = new Map<string, { limit: number; events: Pending[] }>();
  for (const e of events) {
    const view = e.name === "pageview";
    const key = `analytics-${view ? "views" : "goals"}:${e.address}`;
    let group = groups.get(key);
    if (!group) {
      group = { limit: view ? ANALYTICS_LIMITS.viewsPerAddressPerMinute : ANALYTICS_LIMITS.goalsPerAddressPerMinute, events: [] };
      groups.set(key, group);
    }
    group.events.push(e);
  }
  const counts = await addCounts(
    { kysely: trx },
    [...groups].map(([key, g]) => ({ key, n: g.events.length, windowStart, expiresAt })),
  );
  const kept = new Set<Pending>();
  for (const [key, g] of groups) {
    const before = (counts.get(key) ?? g.events.length) - g.events.length;
    for (const e of g.events.slice(0, Math.max(0, g.limit - before))) kept.add(e);
  }
  return events.filter((e) => kept.has(e));
}

/**
 * Gives the visitors of the batch that are new today, beyond an address's first few of the day, the id its further
 * visitors share (their events are moved to it in place).
 */
async function withinVisitorBound(trx: Trx, events: Pending[], starts: Map<string, VisitStart>): Promise<void> {
  // The visitors a page view of this batch would make, in the order they came, by address and day.
  const candidates = new Map<string, Pending>();
  for (const e of events) {
    if (e.name === "pageview" && e.visitor !== e.others && !candidates.has(visitKey(e.day, e.visitor))) candidates.set(visitKey(e.day, e.visitor), e);
  }
  if (candidates.size === 0) return;
  const known = new Set<string>();
  const byDay = new Map<number, string[]>();
  for (const e of candidates.values()) byDay.set(e.day, [...(byDay.get(e.day) ?? []), e.visitor]);
  for (const [day, visitors] of byDay) {
    for (let i = 0; i < visitors.length; i += 500) {
      const rows = await trx.selectFrom("analytics_visits").select("visitor").where("day", "=", day).where("visitor", "in", visitors.slice(i, i + 500)).execute();
      for (const r of rows) known.add(visitKey(day, r.visitor));
    }
  }
  const fresh = new Map<string, { increment: CountIncrement; visitors: string[] }>();
  for (const [key, e] of candidates) {
    if (known.has(key)) continue;
    const counter = `analytics-visitors:${e.address}`;
    let group = fresh.get(counter);
    if (!group) {
      group = { increment: { key: counter, n: 0, windowStart: e.day * DAY_MS, expiresAt: (e.day + 1) * DAY_MS }, visitors: [] };
      fresh.set(counter, group);
    }
    group.increment.n += 1;
    group.visitors.push(key);
  }
  if (fresh.size === 0) return;
  const counts = await addCounts({ kysely: trx }, [...fresh.values()].map((g) => g.increment));
  // The address's own visitors are all but one of its places; the last is the shared one.
  const own = ANALYTICS_LIMITS.visitorsPerAddressPerDay - 1;
  const moved = new Set<string>();
  for (const [counter, g] of fresh) {
    const before = (counts.get(counter) ?? g.increment.n) - g.increment.n;
    for (const key of g.visitors.slice(Math.max(0, own - before))) moved.add(key);
  }
  if (moved.size === 0) return;
  for (const e of events) {
    const key = visitKey(e.day, e.visitor);
    if (!moved.has(key)) continue;
    const shared = visitKey(e.day, e.others);
    const start = starts.get(key);
    if (start && !starts.has(shared)) starts.set(shared, start);
    e.visitor = e.others;
  }
}

/** Resolves once every analytics write asked for so far is committed (tests, shutdown). */
export async function flushAnalytics(db: Db): Promise<void> {
  await Promise.all([...recording]);
  openBatches.get(db)?.flushNow();
  const set = writing.get(db);
  if (set) await Promise.all([...set]);
}

/**
 * Records a page view: the visitor's visit of the day (its source, device, browser and OS come from its first view)
 * and the view itself. It returns at once; the write joins a batch committed a moment later with the others.
 */
export function recordPageView(deps: Deps, hit: Hit): void {
  track(record(deps, "pageview", hit));
}

/** Records still computing their visitor id (the salt may be a read away). */
const recording = new Set<Promise<void>>();
function track(p: Promise<void>): void {
  recording.add(p);
  void p.finally(() => recording.delete(p));
}

/** Records a goal reached on the page of `hit` (tied to the visit's source through the visitor of the day). */
export function recordGoalHit(deps: Deps, name: GoalName, hit: Hit): void {
  track(record(deps, name, hit));
}

async function record(deps: Deps, name: string, hit: Hit): Promise<void> {
  try {
    const at = hit.at ?? Date.now();
    const day = dayOf(at);
    const { visitor, address, others } = await visitorIds(deps, hit, day);
    const path = pagePath(hit.url);
    const batch = batchOf(deps);
    batch.events.push({ at, day, visitor, name, path, address, others });
    const key = visitKey(day, visitor);
    if (name === "pageview" && !batch.starts.has(key)) {
      const ua = parseUserAgent(hit.userAgent);
      const tags = utm(hit.url);
      const referrer = referrerDomain(hit.referrer, new URL(deps.config.PUBLIC_URL).host);
      batch.starts.set(key, {
        started_at: at,
        entry_path: path,
        source: tags.utm_source || referrer,
        referrer,
        ...tags,
        device: ua.device,
        browser: ua.browser,
        os: ua.os,
        // The country only; the address is used here and not kept (decision 0034).
        country: countryOf(hit.clientIp),
      });
    }
    if (batch.events.length >= BATCH_MAX) batch.flushNow();
  } catch (err: unknown) {
    // Analytics never fails a page: the view is lost and the reason logged.
    deps.log.warn({ err: { message: (err as Error).message } }, "analytics event not recorded");
  }
}
