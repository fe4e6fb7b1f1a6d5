import { createHash, randomBytes } from "node:crypto";
import { sql } from "kysely";
import type { GoalName } from "../../../shared/content/analytics";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
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
  const salt = await saltOfDay(deps.db, day);
  return createHash("sha256")
    .update(`${salt}\n${hit.clientIp}\n${hit.userAgent}\n${new URL(deps.config.PUBLIC_URL).host}`)
    .digest("base64url")
    .slice(0, 16);
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

function utm(url: string): { utm_source: string; utm_medium: string; utm_campaign: string } {
  let params: URLSearchParams;
  try {
    params = new URL(url, "http://x").searchParams;
  } catch {
    params = new URLSearchParams();
  }
  const read = (name: string) => (params.get(name) ?? "").trim().toLowerCase().slice(0, 100);
  return { utm_source: read("utm_source"), utm_medium: read("utm_medium"), utm_campaign: read("utm_campaign") };
}

/** The referrer's domain ('' when none, unreadable, or this site itself). */
export function referrerDomain(referrer: string | undefined, siteHost: string): string {
  if (!referrer) return "";
  let host: string;
  try {
    host = new URL(referrer).hostname.toLowerCase();
  } catch {
    return "";
  }
  host = host.replace(/^www\./, "");
  if (!host || host === siteHost.replace(/^www\./, "").replace(/:\d+$/, "")) return "";
  return host.slice(0, 200);
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
  views: number;
};
type EventRow = { at: number; day: number; visitor: string; name: string; path: string };
type Batch = { events: EventRow[]; visits: Map<string, VisitRow>; written: Promise<void>; flushNow: () => void };

const openBatches = new WeakMap<Db, Batch>();
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
      writeBatch(db, fresh).then(resolve, reject);
    };
    const timer = setTimeout(go, BATCH_MS);
    timer.unref?.();
    flushNow = go;
  });
  const fresh: Batch = { events: [], visits: new Map(), written, flushNow };
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

async function writeBatch(db: Db, batch: Batch): Promise<void> {
  if (batch.events.length === 0) return;
  // Always in the same order, so two processes' batches never deadlock on PostgreSQL.
  const visits = [...batch.visits.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, v]) => v);
  await db.kysely.transaction().execute(async (trx) => {
    for (let i = 0; i < visits.length; i += 400) {
      await trx
        .insertInto("analytics_visits")
        .values(visits.slice(i, i + 400))
        .onConflict((oc) =>
          oc.columns(["day", "visitor"]).doUpdateSet({ views: sql<number>`analytics_visits.views + excluded.views` }),
        )
        .execute();
    }
    for (let i = 0; i < batch.events.length; i += 500) {
      await trx.insertInto("analytics_events").values(batch.events.slice(i, i + 500)).execute();
    }
  });
}

/** Resolves once every analytics write asked for so far is committed (tests, shutdown). */
export async function flushAnalytics(db: Db): Promise<void> {
  await Promise.all([...recording]);
  openBatches.get(db)?.flushNow();
  const set = writing.get(db);
  if (set) await Promise.all([...set]);
}

/**
 * Records a page view: the visitor's visit of the day (its source, device and browser come from its first view)
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
    const visitor = await visitorId(deps, hit, day);
    const path = pagePath(hit.url);
    const batch = batchOf(deps);
    batch.events.push({ at, day, visitor, name, path });
    if (name === "pageview") {
      const key = `${day}\n${visitor}`;
      const visit = batch.visits.get(key);
      if (visit) visit.views += 1;
      else {
        const ua = parseUserAgent(hit.userAgent);
        const tags = utm(hit.url);
        const referrer = referrerDomain(hit.referrer, new URL(deps.config.PUBLIC_URL).host);
        batch.visits.set(key, {
          day,
          visitor,
          started_at: at,
          entry_path: path,
          source: tags.utm_source || referrer,
          referrer,
          ...tags,
          device: ua.device,
          browser: ua.browser,
          views: 1,
        });
      }
    }
    if (batch.events.length >= BATCH_MAX) batch.flushNow();
  } catch (err: unknown) {
    // Analytics never fails a page: the view is lost and the reason logged.
    deps.log.warn({ err: { message: (err as Error).message } }, "analytics event not recorded");
  }
}
