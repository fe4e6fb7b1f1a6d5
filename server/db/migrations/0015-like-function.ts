import { type Kysely, sql } from "kysely";
import type { MigrationDialect } from "../migration-helpers";

/**
 * PostgreSQL: a like in one call (server/services/blog/likes.ts). As a transaction of several statements sent one by
 * one, the post's row stayed locked from its counter's update until the commit arrived, a round trip later, and every
 * other like and view of that post waited behind it (issue 20). The function does the same steps in the same order,
 * and the row is locked only while it runs. Over the address's daily limit it raises `WPL01`, which undoes the
 * whole call: the like is not stored and the limit's counter does not move. SQLite keeps the transaction (one
 * process writes at a time there, and never waits on the network in between).
 */
export async function up(db: Kysely<unknown>, dialect: MigrationDialect): Promise<void> {
  if (dialect !== "postgres") return;
  await sql`
    create function wp_like_post(p_id bigint, p_visitor varchar, p_limit_key varchar, p_window_start bigint, p_expires_at bigint, p_limit integer, p_now bigint)
    returns table (outcome text, like_count bigint)
    language plpgsql as $$
    declare
      hits integer;
    begin
      perform 1 from blogs where id = p_id and status = 'published';
      if not found then
        return query select 'missing'::text, null::bigint;
        return;
      end if;
      insert into blog_likes (blog_id, visitor_id, created_at) values (p_id, p_visitor, p_now)
        on conflict (blog_id, visitor_id) do nothing;
      if not found then
        return query select 'already'::text, b.likes::bigint from blogs b where b.id = p_id;
        return;
      end if;
      insert into rate_limits as r (key, window_start, count, expires_at) values (p_limit_key, p_window_start, 1, p_expires_at)
        on conflict (key) do update set
          count = case when r.window_start = p_window_start then r.count + 1 else 1 end,
          window_start = p_window_start,
          expires_at = p_expires_at
        returning r.count into hits;
      if hits > p_limit then
        raise exception 'like limit reached' using errcode = 'WPL01';
      end if;
      return query update blogs b set likes = b.likes + 1 where b.id = p_id returning 'counted'::text, b.likes::bigint;
    end
    $$
  `.execute(db);
}
