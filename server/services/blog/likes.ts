import { sql } from "kysely";
import type { Deps } from "../../context";
import { precompiled } from "../../db/precompiled";
import { addressKey, fixedWindow, hitRateLimit } from "../rate-limit";
import { PUBLISHED } from "./publication";
import { countsMoved } from "./versions";

export type LikeResult = { likes: number; alreadyLiked: boolean };
/** The client address has liked this post as often as a day allows. */
export type LikeLimited = { limited: true; retryAfterSeconds: number };

const LIKE_WINDOW_MS = 24 * 3_600_000;

/**
 * Counts one like per visitor and post: the (post, visitor) row is the proof,
 * and the counter only moves when that row was new, in the same transaction,
 * so concurrent likes are exact. A visitor is a cookie, which anyone can drop,
 * so new likes of one post are also limited per client address and day
 * (`LIKES_PER_POST_PER_ADDRESS_PER_DAY`): the address's counter moves in the
 * same transaction, and a like over the limit is rolled back with it, so the
 * counter counts stored likes and an over-limit like is never stored. A visitor
 * who already liked the post is answered without touching the counter.
 * Undefined when there is no such post.
 *
 * On PostgreSQL the like is one call of a function that does the same (likeInOneCall).
 */
export async function likeBlog(deps: Deps, id: number, visitorId: string, clientIp: string): Promise<LikeResult | LikeLimited | undefined> {
  const result = deps.db.dialect === "postgres" ? await likeInOneCall(deps, id, visitorId, addressKey(clientIp)) : await likeOnSqlite(deps, id, visitorId, clientIp);
  // A like counted: answers this process keeps with the post's counts show it next (countsMark).
  if (result && !("limited" in result) && !result.alreadyLiked) countsMoved(deps.db, [id]);
  return result;
}

async function likeOnSqlite(deps: Deps, id: number, visitorId: string, clientIp: string): Promise<LikeResult | LikeLimited | undefined> {
  try {
    return await likeInTransaction(deps, id, visitorId, addressKey(clientIp));
  } catch (error) {
    // Not logged: the request's own log line (429) says it, and a flood of refusals must not flood the log too.
    if (!(error instanceof OverLikeLimit)) throw error;
    return { limited: true, retryAfterSeconds: error.retryAfterSeconds };
  }
}

/** Thrown inside the like's transaction to roll it back. */
class OverLikeLimit extends Error {
  constructor(readonly retryAfterSeconds: number) {
    super("like limit reached");
  }
}

// The like's statements, compiled once (server/db/precompiled.ts): a like from a new visitor runs four of them.
const PUBLISHED_POST = precompiled((db, id: number) => db.selectFrom("blogs").select("id").where("id", "=", id).where("status", "=", PUBLISHED));
const INSERT_LIKE = precompiled((db, id: number, visitorId: string, at: number) =>
  db
    .insertInto("blog_likes")
    .values({ blog_id: id, visitor_id: visitorId, created_at: at })
    .onConflict((oc) => oc.columns(["blog_id", "visitor_id"]).doNothing())
    .returning("blog_id"),
);
const COUNT_LIKE = precompiled((db, id: number) =>
  db
    .updateTable("blogs")
    .set((eb) => ({ likes: eb("likes", "+", 1) }))
    .where("id", "=", id)
    .returning("likes"),
);
const LIKES_OF = precompiled((db, id: number) => db.selectFrom("blogs").select("likes").where("id", "=", id));

async function likeInTransaction(deps: Deps, id: number, visitorId: string, address: string): Promise<LikeResult | undefined> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    // Only a published post can be liked: any other is no post to a visitor.
    const exists = (await PUBLISHED_POST.execute(trx, id)).rows[0];
    if (!exists) return undefined;
    const inserted = (await INSERT_LIKE.execute(trx, id, visitorId, Date.now())).rows[0];
    if (inserted) {
      const allowance = await hitRateLimit({ kysely: trx }, `like:${id}:${address}`, {
        limit: deps.config.LIKES_PER_POST_PER_ADDRESS_PER_DAY,
        windowMs: LIKE_WINDOW_MS,
      });
      if (!allowance.allowed) throw new OverLikeLimit(allowance.retryAfterSeconds);
      const row = (await COUNT_LIKE.execute(trx, id)).rows[0];
      if (!row) throw new Error(`post ${id} vanished inside the like's transaction`);
      return { likes: Number(row.likes), alreadyLiked: false };
    }
    const row = (await LIKES_OF.execute(trx, id)).rows[0];
    if (!row) throw new Error(`post ${id} vanished inside the like's transaction`);
    return { likes: Number(row.likes), alreadyLiked: true };
  });
}

/**
 * The like on PostgreSQL, in one call of `wp_like_post` (migration 0015): the same steps as the transaction below,
 * but the post's row is locked only while the call runs. Sent one by one, the transaction kept the row locked from
 * its counter's update until the commit arrived, a round trip later, which under load the server's own event loop
 * stretches; every other like and view of the post waited behind it (issue 20: ~120 ms a counter update at 600
 * requests a second on three posts).
 */
async function likeInOneCall(deps: Deps, id: number, visitorId: string, address: string): Promise<LikeResult | LikeLimited | undefined> {
  const now = Date.now();
  const { windowStart, expiresAt, retryAfterSeconds } = fixedWindow(now, LIKE_WINDOW_MS);
  try {
    const { rows } = await sql<{ outcome: "missing" | "already" | "counted"; like_count: number | null }>`
      select outcome, like_count from wp_like_post(${id}, ${visitorId}, ${`like:${id}:${address}`}, ${windowStart}, ${expiresAt}, ${deps.config.LIKES_PER_POST_PER_ADDRESS_PER_DAY}, ${now})
    `.execute(deps.db.kysely);
    const row = rows[0];
    if (!row || row.outcome === "missing") return undefined;
    return { likes: Number(row.like_count), alreadyLiked: row.outcome === "already" };
  } catch (error) {
    if ((error as { code?: string }).code !== "WPL01") throw error;
    return { limited: true, retryAfterSeconds };
  }
}

/** Whether this visitor has liked this post (the page shows 'Liked' then). */
export async function hasLiked(deps: Deps, id: number, visitorId: string | undefined): Promise<boolean> {
  if (!visitorId) return false;
  const row = await deps.db.kysely
    .selectFrom("blog_likes")
    .select("blog_id")
    .where("blog_id", "=", id)
    .where("visitor_id", "=", visitorId)
    .executeTakeFirst();
  return Boolean(row);
}
