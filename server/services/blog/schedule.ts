import { POST_RULES } from "../../../shared/content/studio-posts";
import type { Deps } from "../../context";
import { type Worker, intervalWorker } from "../interval-worker";
import { type Actor, recordAudit } from "../audit";
import { PUBLISHED } from "./publication";
import { publishedByScheduler } from "./studio-posts";

/** Who publishes scheduled posts, in the audit log. */
export const SCHEDULER: Actor = { userId: null, label: "schedule", clientIp: "server" };

/**
 * Publishes every scheduled post whose time has come. Safe with any number of processes: each post is published
 * by one conditional UPDATE (`status = 'scheduled' and scheduled_at <= now`), which only one of them can win;
 * only the winner writes the revision, the assistant's index and the audit line. Returns the ids it published.
 */
export async function publishDuePosts(deps: Pick<Deps, "db">, now = Date.now()): Promise<number[]> {
  const due = await deps.db.kysely
    .selectFrom("blogs")
    .select("id")
    .where("status", "=", "scheduled")
    .where("scheduled_at", "<=", now)
    .orderBy("scheduled_at")
    .limit(100)
    .execute();
  const published: number[] = [];
  for (const { id } of due) {
    const won = await deps.db.kysely
      .updateTable("blogs")
      .set((eb) => ({ status: PUBLISHED, published_at: eb.fn.coalesce("scheduled_at", eb.val(now)), scheduled_at: null, updated_at: now, version: eb("version", "+", 1) }))
      .where("id", "=", Number(id))
      .where("status", "=", "scheduled")
      .where("scheduled_at", "<=", now)
      .returningAll()
      .executeTakeFirst();
    if (!won) continue;
    published.push(Number(id));
    await publishedByScheduler(deps, won, SCHEDULER, now);
    await recordAudit(deps, SCHEDULER, { action: "post.publish", recordType: "post", recordId: String(id), detail: `scheduled, v${won.version} ${won.slug}` }, now);
  }
  return published;
}

/** Publishes scheduled posts within a minute of their time (a look every 15 seconds). */
export function postScheduleWorker(deps: Deps): Worker {
  return intervalWorker("post-schedule", deps, POST_RULES.scheduleTickMs, async () => {
    await publishDuePosts(deps);
  });
}
