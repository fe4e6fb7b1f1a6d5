/**
 * Hostile inputs for the property-based API tests, and a database snapshot to
 * prove a refused request changed nothing.
 */
import fc from "fast-check";
import { sql } from "kysely";
import type { Db } from "../../server/db/database";

/** Text that has broken parsers, SQL builders and LIKE patterns before. */
export const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "\t\r\n",
  "'",
  '"',
  "\\",
  "%",
  "_",
  "%_%",
  "\\%",
  "' OR '1'='1",
  "'; DROP TABLE leads; --",
  '" OR ""="',
  "1; select pg_sleep(5); --",
  "*/ /*",
  "$1",
  "?",
  ":name",
  "<script>alert(1)</script>",
  "<img src=x onerror=window.__pwned=1>",
  "{{7*7}}",
  "${process.exit(1)}",
  "__proto__",
  "constructor",
  "prototype",
  "toString",
  "\u202e\u0645\u0631\u062d\u0628\u0627",
  "🦜🦜🦜",
  "\ud800",
  "\udfff\ud800",
  "e\u0301",
  "ﬃ",
  "İ",
  "\ufeff",
  "NaN",
  "-1",
  "1e309",
  "9007199254740993",
  "0x10",
  "null",
  "true",
  "[]",
  "{}",
  "../../etc/passwd",
  "%00",
  "%2e%2e%2f",
  "a".repeat(101),
  "a@b.co",
  "x@y",
];

export const nastyString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }) },
  {
    weight: 1,
    // Up to the body cap: one character repeated, so generation stays cheap.
    arbitrary: fc
      .tuple(fc.constantFrom("a", "%", "'", "é", "🦜", "\\", "<"), fc.integer({ min: 200, max: 15_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** Any value of the wrong kind: numbers, booleans, null, arrays, objects. */
export const wrongType = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(nastyString, { maxLength: 3 }),
  fc.dictionary(fc.constantFrom("a", "__proto__", "constructor", "$where"), nastyString, { maxKeys: 3 }),
);

/** A body as sent: content type and raw text. */
export type RawBody = { contentType: string | null; body: string; label: string };

function deepNest(depth: number, kind: "array" | "object"): string {
  return kind === "array" ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`;
}

/**
 * A hostile JSON object that looks like the endpoint's payload but has at
 * least one required field of the wrong type, so it can never be valid.
 */
export function nearMissObject(fields: readonly string[], required: readonly string[]): fc.Arbitrary<string> {
  return fc
    .tuple(
      fc.record(Object.fromEntries(fields.map((f) => [f, fc.oneof(nastyString, wrongType)]))),
      fc.constantFrom(...required),
      wrongType,
      fc.boolean(),
    )
    .map(([obj, broken, value, proto]) => {
      const o: Record<string, unknown> = { ...obj, [broken]: value };
      let text = JSON.stringify(o);
      // JSON.stringify drops a real __proto__ key; write it in the text, where JSON.parse creates an own property.
      if (proto) text = `{"__proto__":{"isAdmin":true,"role":"admin"},"constructor":{"prototype":{"polluted":1}},${text.slice(1)}`;
      return text;
    });
}

/** Bodies no JSON endpoint may accept: bad JSON, wrong content types, wrong shapes, deep nesting, oversize. */
export function hostileBody(fields: readonly string[], required: readonly string[]): fc.Arbitrary<RawBody> {
  const json = (label: string, a: fc.Arbitrary<string>) => a.map((body) => ({ contentType: "application/json", body, label }));
  return fc.oneof(
    json("near-miss object", nearMissObject(fields, required)),
    json(
      "not an object",
      fc.oneof(
        fc.jsonValue({ maxDepth: 3 }).filter((v) => typeof v !== "object" || v === null || Array.isArray(v)).map((v) => JSON.stringify(v)),
        fc.constantFrom("null", "[]", "0", '"x"', "true"),
      ),
    ),
    json(
      "invalid JSON",
      fc.oneof(
        fc.constantFrom("", "{", '{"email":', "{'email':'a@b.co'}", "{\"a\":1,}", "undefined", "NaN", "\u0000", '{"a":"\\x"}', "[1,]"),
        fc.string({ unit: "binary", maxLength: 60 }).filter((s) => {
          try {
            JSON.parse(s);
            return false;
          } catch {
            return true;
          }
        }),
      ),
    ),
    json(
      "deep nesting",
      fc.tuple(fc.integer({ min: 100, max: 10_000 }), fc.constantFrom("array" as const, "object" as const)).map(([d, k]) => deepNest(d, k)),
    ),
    json("empty object", fc.constant("{}")),
    fc
      .tuple(
        fc.constantFrom(
          null,
          "text/plain",
          "application/x-www-form-urlencoded",
          "multipart/form-data; boundary=x",
          "application/xml",
          "text/html",
          "application/octet-stream",
        ),
        fc.constantFrom(...required),
        nastyString,
      )
      .map(([contentType, field, value]) => ({
        contentType,
        body: contentType === "application/x-www-form-urlencoded" ? new URLSearchParams({ [field]: value }).toString() : JSON.stringify({ [field]: value }),
        label: "wrong content type",
      })),
    json(
      "over the body cap",
      fc.constantFrom("a", "🦜").map((c) => JSON.stringify({ [required[0] ?? "x"]: c.repeat(70 * 1024) })),
    ),
  );
}

/**
 * Pieces of a blog search: NUL and other control characters (a NUL broke SQLite's FTS5 query, S12), FTS5 query
 * syntax and operators, LIKE wildcards, and plain words the sample posts contain, so some searches find posts.
 */
export const SEARCH_PIECES = [
  "\u0000",
  "\u0001",
  "\u001f",
  "\u007f",
  "\u0085",
  "\t",
  "\n",
  " ",
  '"',
  "*",
  "^",
  ":",
  "(",
  ")",
  "-",
  "+",
  "{",
  "}",
  "NEAR",
  "NEAR(",
  "AND",
  "OR",
  "NOT",
  "%",
  "_",
  "\\",
  "'",
  "whatsapp",
  "lead",
  "ai",
  "title",
  "é",
  "🦜",
] as const;

/** A search typed by someone hostile: up to 12 pieces of SEARCH_PIECES in any order. */
export const hostileSearch = fc.array(fc.constantFrom(...SEARCH_PIECES), { minLength: 1, maxLength: 12 }).map((pieces) => pieces.join(""));

/** A hostile query string: many keys, repeated keys, huge values, metacharacters; `search` also gets hostile searches. */
export const hostileQuery = fc
  .array(
    fc.oneof(
      fc.tuple(
        fc.oneof(fc.constantFrom("search", "category", "featured", "limit", "page", "cursor", "exclude", "__proto__", "constructor"), fc.string({ maxLength: 8 })),
        nastyString,
      ),
      fc.tuple(fc.constant("search"), hostileSearch),
    ),
    { maxLength: 8 },
  )
  .map((pairs) => {
    const q = new URLSearchParams();
    for (const [k, v] of pairs) q.append(k, v.replace(/[\ud800-\udfff]/g, "\ufffd"));
    return q.toString();
  });

/** Tables whose contents are compared; the search index's internal tables follow `blogs`. */
export async function listTables(db: Db): Promise<string[]> {
  if (db.dialect === "sqlite") {
    const { rows } = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db.kysely);
    return rows.map((r) => r.name).filter((n) => !n.startsWith("sqlite_") && !n.startsWith("kysely_") && !/^blogs_fts_/.test(n));
  }
  const { rows } = await sql<{ name: string }>`
    select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db.kysely);
  return rows.map((r) => r.name).filter((n) => !n.startsWith("kysely_"));
}

/** Every row of every table, as comparable text (row order fixed by sorting). */
export async function snapshot(db: Db, tables: string[], { except = [] as string[] } = {}): Promise<Record<string, string[]>> {
  const out: Record<string, string[]> = {};
  for (const table of tables) {
    if (except.includes(table)) continue;
    const { rows } = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(db.kysely);
    out[table] = rows.map((r) => JSON.stringify(r, (_k, v) => (typeof v === "bigint" ? v.toString() : v))).sort();
  }
  return out;
}

/**
 * Row counts of every table in one round trip: cheap enough to compare after
 * every run (a full snapshot is compared once per property, at the end).
 */
export async function rowCounts(db: Db, tables: string[], { except = [] as string[] } = {}): Promise<Record<string, number>> {
  const parts = tables.filter((t) => !except.includes(t)).map((t) => sql`select ${t} as name, count(*) as n from ${sql.table(t)}`);
  const { rows } = await sql<{ name: string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(db.kysely);
  return Object.fromEntries(rows.map((r) => [r.name, Number(r.n)]));
}
