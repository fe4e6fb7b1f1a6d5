import { type Expression, type RawBuilder, type SqlBool, sql } from "kysely";
import { BLOG_LIMITS } from "../../shared/content/blog";

/**
 * Searching stored text, for every list that has a search box (posts, leads, subscribers, accounts, analytics):
 * what was typed made into the text looked for, and SQL's LIKE with its escape clause.
 */

/** C0 and C1 control characters (NUL included) and every kind of whitespace run. */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const SEARCH_SEPARATORS = /[\u0000-\u001f\u007f-\u009f\s]+/gu;
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/**
 * The text a search looks for, whatever was typed: control characters (a NUL broke SQLite's FTS5 and
 * PostgreSQL's text) separate words like a space, runs of spaces become one, lone surrogates become U+FFFD,
 * lower-cased and at most `maxSearchLength` characters. Everything else, FTS5 syntax (`"`, `*`, `^`, `:`,
 * brackets, NEAR, AND/OR/NOT) and LIKE wildcards included, is plain text: `searchCondition` quotes the one and
 * escapes the other. `listBlogs` applies it to every search, so the API and the page share it; the studio's lists too.
 */
export function normaliseSearch(text: string): string {
  const plain = text.replace(LONE_SURROGATE, "\ufffd").replace(SEARCH_SEPARATORS, " ").trim().toLowerCase();
  return [...plain].slice(0, BLOG_LIMITS.maxSearchLength).join("").trimEnd();
}

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
