import type { Deps } from "../../context";
import { addressKey, hitRateLimit } from "../rate-limit";
import { PUBLISHED } from "./publication";

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
 */
export async function likeBlog(deps: Deps, id: number, visitorId: string, clientIp: string): Promise<LikeResult | LikeLimited | undefined> {
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

async function likeInTransaction(deps: Deps, id: number, visitorId: string, address: string): Promise<LikeResult | undefined> {
  return deps.db.kysely.transaction().execute(async (trx) => {
    // Only a published post can be liked: any other is no post to a visitor.
    const exists = await trx.selectFrom("blogs").select("id").where("id", "=", id).where("status", "=", PUBLISHED).executeTakeFirst();
    if (!exists) return undefined;
    const inserted = await trx
      .insertInto("blog_likes")
      .values({ blog_id: id, visitor_id: visitorId, created_at: Date.now() })
      .onConflict((oc) => oc.columns(["blog_id", "visitor_id"]).doNothing())
      .returning("blog_id")
      .executeTakeFirst();
    if (inserted) {
      const allowance = await hitRateLimit({ kysely: trx }, `like:${id}:${address}`, {
        limit: deps.config.LIKES_PER_POST_PER_ADDRESS_PER_DAY,
        windowMs: LIKE_WINDOW_MS,
      });
      if (!allowance.allowed) throw new OverLikeLimit(allowance.retryAfterSeconds);
      const row = await trx
        .updateTable("blogs")
        .set((eb) => ({ likes: eb("likes", "+", 1) }))
        .where("id", "=", id)
        .returning("likes")
        .executeTakeFirstOrThrow();
      return { likes: Number(row.likes), alreadyLiked: false };
    }
    const row = await trx.selectFrom("blogs").select("likes").where("id", "=", id).executeTakeFirstOrThrow();
    return { likes: Number(row.likes), alreadyLiked: true };
  });
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
