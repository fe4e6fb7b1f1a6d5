import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";

/** `%`, `_` and the escape character itself are text, not LIKE wildcards. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** A column by name (`"search_text"`, `"blogs.search_text"`) or an SQL expression (`sql\`lower(name)\``). */
export type LikeTarget = string | Expression<string>;

/**
 * `target LIKE '%text%' ESCAPE '\'`: the text anywhere in the target, its `%` and `_` matching themselves. The
 * pattern and its escape clause are written here together because they only work together: PostgreSQL takes `\` as
 * LIKE's escape by default, SQLite has no escape character until the clause names one (a pattern escaped without
 * it finds nothing there for "50%" or "snake_case"). Case is the caller's: lower-case both sides where it matters.
 */
export function containsText(target: LikeTarget, text: string): RawBuilder<SqlBool> {
  const value = typeof target === "string" ? sql.ref(target) : target;
  return sql<SqlBool>`${value} like ${`%${escapeLike(text)}%`} escape '\\'`;
}

/** Whether any of the targets contains the text (`containsText`, joined with OR). */
export function anyContainsText(targets: readonly LikeTarget[], text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`(${sql.join(
    targets.map((target) => containsText(target, text)),
    sql` or `,
  )})`;
}
