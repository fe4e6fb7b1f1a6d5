import { sql } from "kysely";
import type { Deps } from "../../context";
import type { Db } from "../../db/database";
import { withCoverImage } from "../media/covers";
import { addressKey } from "../rate-limit";
import { getBlog } from "./posts";
import { PUBLISHED } from "./publication";
import { type Blog, SlugSchema } from "./types";
import { countsMoved } from "./versions";

/**
 * The post, counting its view (once per client address and hour, see `countView`). Undefined when there is no
 * such post.
 */
export async function viewBlog(deps: Deps, slug: string, clientIp: string): Promise<Blog | undefined> {
  if ((await countView(deps, slug, clientIp)) === undefined) return undefined;
  return withCoverImage(deps, await getBlog(deps, slug));
}

/** A view counts once per client address, post and clock hour. */
const VIEW_WINDOW_MS = 3_600_000;
/** Views this process already counted in the current hour, at most this many remembered (a bounded cache). */
const SEEN_VIEWS_MAX = 20_000;

/**
 * Counts the view of the post (a GET of its page or of `/api/blogs/{slug}`) from this client address, unless it
 * was already counted this hour, and answers the post's id, or undefined when there is no such post.
 *
 * The proof of a counted view is a row in `rate_limits` keyed by post, hour and a hash of the address (never
 * the address), which expires with the hour; every process shares it, and the insert that creates it is what
 * adds the view, so it counts exactly once. Views already counted by this process are remembered in memory,
 * so a repeated view costs no write at all.
 *
 * It resolves once the view is committed, so a view whose page was answered is never lost, not even on shutdown
 * (the server waits for requests in flight). Views asked for in the same turn of the event loop are written
 * together in one transaction (group commit): cheap even when the page itself comes from the response cache.
 */
export function countView(deps: Deps, slug: string, clientIp: string): Promise<number | undefined> {
  if (!SlugSchema.safeParse(slug).success) return Promise.resolve(undefined);
  const db = deps.db;
  let batch = openViewBatches.get(db);
  if (!batch) {
    const views = new Map<string, Set<string>>();
    const hour = Math.floor(Date.now() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS;
    const written = new Promise<Map<string, number>>((resolve, reject) => {
      setImmediate(() => {
        openViewBatches.delete(db);
        writeViews(db, hour, views).then(resolve, reject);
      });
    });
    batch = { hour, views, written };
    openViewBatches.set(db, batch);
  }
  let addresses = batch.views.get(slug);
  if (!addresses) batch.views.set(slug, (addresses = new Set()));
  const address = addressKey(clientIp);
  if (!seenViews(db, batch.hour).has(`${slug}\n${address}`)) addresses.add(address);
  return batch.written.then((ids) => ids.get(slug));
}

/**
 * Whether this process already counted (or found counted) the view of `slug` from this address in the current hour:
 * then `countView` would write nothing, and a caller that knows the post exists otherwise (a cached answer keyed by
 * the posts' version) need not wait for it.
 */
export function viewAlreadyCounted(deps: Deps, slug: string, clientIp: string): boolean {
  const hour = Math.floor(Date.now() / VIEW_WINDOW_MS) * VIEW_WINDOW_MS;
  return seenViews(deps.db, hour).has(`${slug}\n${addressKey(clientIp)}`);
}

type ViewBatch = { hour: number; views: Map<string, Set<string>>; written: Promise<Map<string, number>> };
const openViewBatches = new WeakMap<Db, ViewBatch>();
const seenViewsByDb = new WeakMap<Db, { hour: number; keys: Set<string> }>();

/** The (slug, address) pairs whose view this process counted (or found counted) in `hour`. */
function seenViews(db: Db, hour: number): Set<string> {
  let seen = seenViewsByDb.get(db);
  if (!seen || seen.hour !== hour) {
    seen = { hour, keys: new Set() };
    seenViewsByDb.set(db, seen);
  }
  return seen.keys;
}

function rememberViews(db: Db, hour: number, keys: readonly string[]): void {
  const seen = seenViews(db, hour);
  for (const key of keys) seen.add(key);
  // Oldest first: a Set iterates in insertion order.
  for (const key of seen) {
    if (seen.size <= SEEN_VIEWS_MAX) break;
    seen.delete(key);
  }
}

/** One view to count: the mark that proves it (in `rate_limits`), its post, and what this process remembers of it. */
type ViewMark = { key: string; id: number; slug: string; seen: string };

/** Counts each post's views not counted yet this hour; answers the ids of the published posts (no other is seen). */
async function writeViews(db: Db, hour: number, views: ReadonlyMap<string, ReadonlySet<string>>): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  const rows = await db.kysely.selectFrom("blogs").select(["id", "slug"]).where("slug", "in", [...views.keys()]).where("status", "=", PUBLISHED).execute();
  for (const row of rows) ids.set(row.slug, Number(row.id));
  const marks: ViewMark[] = [];
  for (const [slug, addresses] of views) {
    const id = ids.get(slug);
    if (id === undefined) continue;
    for (const address of addresses) marks.push({ key: `view:${id}:${hour / VIEW_WINDOW_MS}:${address}`, id, slug, seen: `${slug}\n${address}` });
  }
  if (marks.length === 0) return ids;
  if (db.dialect === "postgres") await writeViewsPerPost(db, hour, marks);
  else await writeViewsInOneTransaction(db, hour, ids, marks);
  rememberViews(db, hour, marks.map((m) => m.seen));
  // Before any of the batch's requests is answered: an answer this process keeps with the counts shows their views.
  countsMoved(db, new Set(marks.map((m) => m.id)));
  return ids;
}

/**
 * SQLite: one transaction for the whole batch (one writer at a time; nothing waits on the network in it), marks by
 * key and posts by slug.
 */
async function writeViewsInOneTransaction(db: Db, hour: number, ids: ReadonlyMap<string, number>, marks: ViewMark[]): Promise<void> {
  marks.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  await db.kysely.transaction().execute(async (trx) => {
    const added = new Map<string, number>();
    for (let i = 0; i < marks.length; i += 500) {
      const chunk = marks.slice(i, i + 500);
      const inserted = await trx
        .insertInto("rate_limits")
        .values(chunk.map((m) => ({ key: m.key, window_start: hour, count: 1, expires_at: hour + VIEW_WINDOW_MS })))
        .onConflict((oc) => oc.column("key").doNothing())
        .returning("key")
        .execute();
      const fresh = new Set(inserted.map((r) => r.key));
      for (const m of chunk) if (fresh.has(m.key)) added.set(m.slug, (added.get(m.slug) ?? 0) + 1);
    }
    for (const [slug, n] of [...added].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
      await trx
        .updateTable("blogs")
        .set((eb) => ({ views: eb("views", "+", n) }))
        .where("id", "=", ids.get(slug)!)
        .execute();
    }
  });
}

/**
 * PostgreSQL: one statement per post (its marks, then its counter by the number of new ones), each its own
 * transaction. In one transaction of several statements, a post's row stayed locked from its counter's update until
 * the commit arrived, a round trip later, which under load the server's own event loop stretches; every like and
 * view of the post waited behind it (issue 20). Here a row is locked only while its statement runs, and one
 * statement locks one row, so two batches never wait on each other in a circle.
 */
async function writeViewsPerPost(db: Db, hour: number, marks: readonly ViewMark[]): Promise<void> {
  const byPost = new Map<number, string[]>();
  for (const m of marks) {
    const keys = byPost.get(m.id);
    if (keys) keys.push(m.key);
    else byPost.set(m.id, [m.key]);
  }
  for (const [id, keys] of byPost) {
    for (let i = 0; i < keys.length; i += 500) {
      const rows = keys.slice(i, i + 500).map((key) => sql`(${key}, ${hour}, 1, ${hour + VIEW_WINDOW_MS})`);
      await sql`
        with fresh as (
          insert into rate_limits (key, window_start, count, expires_at) values ${sql.join(rows)}
          on conflict (key) do nothing
          returning key
        )
        update blogs set views = views + (select count(*) from fresh) where id = ${id} and exists (select 1 from fresh)
      `.execute(db.kysely);
    }
  }
}
