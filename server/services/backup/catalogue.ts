/**
 * The database's own catalogue as the archive reads it: every table, a table's columns, the order foreign keys ask
 * for, the last migration. Tables are read and written by name here and in the archive's modules, the one place that
 * handles every table alike.
 */
import { type Kysely, sql, type Transaction } from "kysely";
import type { Db } from "../../db/database";
import { ARCHIVED_TABLES, isInternalTable, NOT_ARCHIVED } from "./tables";

export type Row = Record<string, unknown>;
export type AnyDb = Kysely<Record<string, Row>>;

/** Every table of the database, the migrations' own and full-text shadows included. */
export async function listTables(db: Db): Promise<string[]> {
  if (db.dialect === "sqlite") {
    const rows = await sql<{ name: string }>`select name from sqlite_master where type = 'table' order by name`.execute(db.kysely);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ name: string }>`select table_name as name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db.kysely);
  return rows.rows.map((r) => r.name);
}

/** Tables that are neither archived nor deliberately left out: a new table nobody classified. */
export async function unclassifiedTables(db: Db): Promise<string[]> {
  return (await listTables(db)).filter((t) => !isInternalTable(t) && !(t in ARCHIVED_TABLES) && !(t in NOT_ARCHIVED));
}
export async function columnsOf(db: Db | Transaction<Record<string, Row>>, dialect: Db["dialect"], table: string): Promise<string[]> {
  const k = ("kysely" in db ? db.kysely : db) as AnyDb;
  if (dialect === "sqlite") {
    const rows = await sql<{ name: string }>`select name from pragma_table_info(${table})`.execute(k);
    return rows.rows.map((r) => r.name);
  }
  const rows = await sql<{ name: string }>`select column_name as name from information_schema.columns
    where table_schema = current_schema() and table_name = ${table} order by ordinal_position`.execute(k);
  return rows.rows.map((r) => r.name);
}

async function parentsOf(db: Db, table: string): Promise<string[]> {
  const k = db.kysely as unknown as AnyDb;
  if (db.dialect === "sqlite") {
    const rows = await sql<{ parent: string }>`select distinct "table" as parent from pragma_foreign_key_list(${table})`.execute(k);
    return rows.rows.map((r) => r.parent);
  }
  const rows = await sql<{ parent: string }>`select distinct ccu.table_name as parent
    from information_schema.table_constraints tc
    join information_schema.constraint_column_usage ccu on ccu.constraint_name = tc.constraint_name and ccu.table_schema = tc.table_schema
    where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema() and tc.table_name = ${table}`.execute(k);
  return rows.rows.map((r) => r.parent);
}

/** The archived tables, parents before children by the database's own foreign keys. */
export async function insertOrder(db: Db): Promise<string[]> {
  const names = Object.keys(ARCHIVED_TABLES);
  const parents = new Map<string, string[]>();
  for (const name of names) parents.set(name, (await parentsOf(db, name)).filter((p) => p !== name && p in ARCHIVED_TABLES));
  const done: string[] = [];
  const visit = (name: string, path: string[]) => {
    if (done.includes(name)) return;
    if (path.includes(name)) throw new Error(`foreign keys form a cycle through ${name}`);
    for (const parent of parents.get(name) ?? []) visit(parent, [...path, name]);
    done.push(name);
  };
  for (const name of names) visit(name, []);
  return done;
}
export async function lastMigration(db: Db): Promise<string> {
  const row = await (db.kysely as unknown as AnyDb)
    .selectFrom("schema_migrations")
    .select("name")
    .orderBy("name", "desc")
    .limit(1)
    .executeTakeFirst();
  return String(row?.name ?? "");
}
