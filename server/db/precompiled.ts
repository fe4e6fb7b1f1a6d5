import { type Compilable, CompiledQuery, type Kysely, type QueryResult } from "kysely";
import type { Database } from "./schema";

const SLOT = Symbol("precompiled slot");
type Slot = { readonly [SLOT]: number };

function isSlot(value: unknown): value is Slot {
  return typeof value === "object" && value !== null && SLOT in value;
}

/**
 * A query built and compiled by Kysely once per dialect, then run with new values: building the query tree and
 * compiling it to SQL costs ~20–40 µs a query, several per request on the hottest paths (a like). `build` receives
 * a placeholder for each argument and must use each only as a value (never to choose the query's shape); the
 * compiled SQL's parameters that are placeholders are replaced by the call's arguments, the others (constants in
 * the query) kept. The SQL text is then the same on every call, so SQLite's statement cache (database.ts) reuses
 * its prepared statement too.
 */
export function precompiled<Args extends unknown[], Row>(build: (db: Kysely<Database>, ...args: Args) => Compilable<Row>) {
  const byAdapter = new WeakMap<object, { sql: string; parameters: readonly unknown[] }>();
  const compile = (db: Kysely<Database>) => {
    const adapter = db.getExecutor().adapter;
    let compiled = byAdapter.get(adapter);
    if (!compiled) {
      const slots = Array.from({ length: build.length - 1 }, (_, i): Slot => ({ [SLOT]: i }));
      compiled = build(db, ...(slots as unknown as Args)).compile();
      byAdapter.set(adapter, compiled);
    }
    return compiled;
  };
  return {
    /** Runs the query on `db` (the database or a transaction) with these values. */
    async execute(db: Kysely<Database>, ...args: Args): Promise<QueryResult<Row>> {
      const { sql, parameters } = compile(db);
      return db.executeQuery<Row>(CompiledQuery.raw(sql, parameters.map((p) => (isSlot(p) ? args[p[SLOT]] : p))));
    },
    /** The SQL and its parameters, as run with these values (for tests). */
    compiled(db: Kysely<Database>, ...args: Args): { sql: string; parameters: unknown[] } {
      const { sql, parameters } = compile(db);
      return { sql, parameters: parameters.map((p) => (isSlot(p) ? args[p[SLOT]] : p)) };
    },
  };
}
