/**
 * The owner's archive: everything the business owns in one `.tar.gz` (a manifest, one JSON file per table, the
 * media's bytes as files, CSV lists for people), written from a running site and restored into an empty one on
 * either database. The format is documented in docs/decisions/0026-owners-data.md.
 */
import { createHash } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Db } from "../../db/database";
import { ServiceError } from "../errors";
import { ARCHIVED_TABLES, isInternalTable, NOT_ARCHIVED } from "./tables";
import { readTar, TarError, type TarEntry, writeTar } from "./tar";

export const ARCHIVE_FORMAT = "wise-parrot-archive";
export const ARCHIVE_VERSION = 1;
const MANIFEST = "manifest.json";

type Row = Record<string, unknown>;
// Tables are read and written by name here, the one place that handles every table alike.
type AnyDb = Kysely<Record<string, Row>>;

export type Manifest = {
  format: typeof ARCHIVE_FORMAT;
  version: number;
  createdAt: string;
  database: Db["dialect"];
  /** The last migration of the site that wrote it. */
  schema: string;
  /** Rows per table file (`tables/<name>.json`). */
  tables: Record<string, number>;
  /** SHA-256 (hex) of every other entry. */
  entries: Record<string, string>;
};

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

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

async function columnsOf(db: Db | Transaction<Record<string, Row>>, dialect: Db["dialect"], table: string): Promise<string[]> {
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
async function insertOrder(db: Db): Promise<string[]> {
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

async function lastMigration(db: Db): Promise<string> {
  const row = await (db.kysely as unknown as AnyDb)
    .selectFrom("schema_migrations")
    .select("name")
    .orderBy("name", "desc")
    .limit(1)
    .executeTakeFirst();
  return String(row?.name ?? "");
}

function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  // A spreadsheet must never run what a visitor typed: a cell that could start a formula (at its start or after a
  // separator of any locale) is written as text.
  if (/(^|[,;\t|])[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",;\t|\r\n']/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function csv(columns: string[], rows: Row[]): Buffer {
  const lines = [columns.join(","), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(","))];
  return Buffer.from(`${lines.join("\r\n")}\r\n`, "utf8");
}

const dayOf = (ms: unknown) => (typeof ms === "number" ? new Date(ms).toISOString() : "");

/** Lists a person can open in a spreadsheet; the import reads only the JSON. */
function lists(tables: Record<string, Row[]>): TarEntry[] {
  const subscribers = (tables.subscribers ?? []).map((r) => ({
    ...r,
    created_at: dayOf(r.created_at),
    confirmed_at: dayOf(r.confirmed_at),
    unsubscribed_at: dayOf(r.unsubscribed_at),
  }));
  const leads = (tables.leads ?? []).map((r) => ({ ...r, created_at: dayOf(r.created_at), delivered_at: dayOf(r.delivered_at) }));
  return [
    { name: "lists/subscribers.csv", data: csv(["email", "status", "created_at", "confirmed_at", "unsubscribed_at"], subscribers) },
    {
      name: "lists/leads.csv",
      data: csv(["id", "created_at", "first_name", "last_name", "email", "phone", "message", "lead_source", "status", "delivered_at"], leads),
    },
  ];
}

async function readTables(k: AnyDb): Promise<Record<string, Row[]>> {
  const out: Record<string, Row[]> = {};
  for (const [name, spec] of Object.entries(ARCHIVED_TABLES)) {
    let query = k.selectFrom(name).selectAll();
    for (const column of spec.orderBy) query = query.orderBy(column);
    out[name] = await query.execute();
  }
  return out;
}

/**
 * Writes the archive from one consistent view of the database (a read transaction on SQLite, a repeatable-read
 * snapshot on PostgreSQL), so a site that keeps serving writes meanwhile still exports one moment of itself.
 */
export async function exportArchive(db: Db, now = new Date()): Promise<Buffer> {
  let tables: Record<string, Row[]>;
  if (db.dialect === "sqlite") {
    tables = await db.kysely.connection().execute(async (conn) => {
      const k = conn as unknown as AnyDb;
      await sql`begin deferred`.execute(k);
      try {
        return await readTables(k);
      } finally {
        await sql`commit`.execute(k);
      }
    });
  } else {
    tables = await db.kysely
      .transaction()
      .setIsolationLevel("repeatable read")
      .execute((trx) => readTables(trx as unknown as AnyDb));
  }

  const entries: TarEntry[] = [];
  const counts: Record<string, number> = {};
  for (const [name, spec] of Object.entries(ARCHIVED_TABLES)) {
    const rows = tables[name] ?? [];
    counts[name] = rows.length;
    const written = rows.map((row) => {
      const copy: Row = { ...row, ...spec.replace };
      if (spec.file) {
        const bytes = row[spec.file.column];
        const fileName = `${spec.file.folder}/${String(row[spec.file.nameColumn])}`;
        entries.push({ name: fileName, data: Buffer.from(bytes as Uint8Array) });
        copy[spec.file.column] = fileName;
      }
      return copy;
    });
    entries.push({ name: `tables/${name}.json`, data: Buffer.from(`${JSON.stringify(written, null, 1)}\n`, "utf8") });
  }
  entries.push(...lists(tables));

  const manifest: Manifest = {
    format: ARCHIVE_FORMAT,
    version: ARCHIVE_VERSION,
    createdAt: now.toISOString(),
    database: db.dialect,
    schema: await lastMigration(db),
    tables: counts,
    entries: Object.fromEntries(entries.map((e) => [e.name, sha256(e.data)])),
  };
  const tar = writeTar([{ name: MANIFEST, data: Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8") }, ...entries], now);
  return gzipSync(tar, { level: 6 });
}

export type ImportSummary = { tables: Record<string, number>; mediaFiles: number; createdAt: string };

const refuse = (message: string): never => {
  throw new ServiceError("invalid", message, { field: "archive" });
};

type Checked = { manifest: Manifest; tables: Record<string, Row[]>; files: Map<string, Buffer> };

/** Every check before the first write: a damaged or foreign archive changes nothing. */
function checkArchive(archive: Buffer): Checked {
  let tar: Buffer;
  try {
    tar = gunzipSync(archive, { maxOutputLength: 4 * 1024 ** 3 });
  } catch {
    return refuse("This is not a Wise Parrot archive, or it is damaged: it is not a complete .tar.gz file.");
  }
  let entries: TarEntry[];
  try {
    entries = readTar(tar);
  } catch (error) {
    return refuse(`The archive is damaged: ${error instanceof TarError ? error.message : "it cannot be read"}.`);
  }
  const byName = new Map(entries.map((e) => [e.name, e.data]));
  const manifestBytes = byName.get(MANIFEST);
  let manifest: Manifest | undefined;
  try {
    manifest = manifestBytes ? (JSON.parse(manifestBytes.toString("utf8")) as Manifest) : undefined;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== ARCHIVE_FORMAT || typeof manifest.entries !== "object" || typeof manifest.tables !== "object") {
    return refuse("This is not a Wise Parrot archive: it has no Wise Parrot manifest.");
  }
  if (manifest.version !== ARCHIVE_VERSION) {
    return refuse(`This archive is format version ${String(manifest.version)}; this site reads version ${ARCHIVE_VERSION}.`);
  }
  for (const e of entries) {
    if (e.name === MANIFEST) continue;
    const expected = manifest.entries[e.name];
    if (!expected) return refuse(`The archive holds a file its manifest does not list: ${e.name}.`);
    if (sha256(e.data) !== expected) return refuse(`The archive is damaged: ${e.name} does not match its checksum.`);
  }
  for (const name of Object.keys(manifest.entries)) {
    if (!byName.has(name)) return refuse(`The archive is damaged: ${name} is missing.`);
  }
  const tables: Record<string, Row[]> = {};
  const files = new Map<string, Buffer>();
  for (const [name, count] of Object.entries(manifest.tables)) {
    const spec = ARCHIVED_TABLES[name];
    if (!spec) return refuse(`The archive holds a table this site does not know: ${name}.`);
    let rows: unknown;
    try {
      rows = JSON.parse(byName.get(`tables/${name}.json`)?.toString("utf8") ?? "null");
    } catch {
      rows = null;
    }
    if (!Array.isArray(rows) || rows.length !== count || !rows.every((r) => r && typeof r === "object" && !Array.isArray(r))) {
      return refuse(`The archive is damaged: tables/${name}.json does not hold its ${count} rows.`);
    }
    for (const row of rows as Row[]) {
      for (const value of Object.values(row)) {
        if (value !== null && typeof value !== "string" && typeof value !== "number") {
          return refuse(`The archive is damaged: tables/${name}.json holds a value that is not text or a number.`);
        }
      }
      if (spec.file) {
        const fileName = row[spec.file.column];
        const bytes = typeof fileName === "string" ? byName.get(fileName) : undefined;
        if (!bytes || fileName !== `${spec.file.folder}/${String(row[spec.file.nameColumn])}`) {
          return refuse(`The archive is damaged: a file of ${name} is missing.`);
        }
        files.set(fileName as string, bytes);
      }
    }
    tables[name] = rows as Row[];
  }
  return { manifest, tables, files };
}

/** True when the site holds none of what an archive carries (a fresh install, migrations applied). */
export async function isEmptySite(db: Db): Promise<{ empty: boolean; table?: string; rows?: number }> {
  const k = db.kysely as unknown as AnyDb;
  for (const name of Object.keys(ARCHIVED_TABLES)) {
    const row = await k.selectFrom(name).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    const rows = Number(row.n);
    if (rows > 0) return { empty: false, table: name, rows };
  }
  return { empty: true };
}

/**
 * Restores an archive into an empty site, in one transaction: either everything is there afterwards, or nothing
 * changed. The rows keep their ids, so links, likes and revisions keep pointing where they did.
 */
export async function importArchive(db: Db, archive: Buffer): Promise<ImportSummary> {
  const { manifest, tables, files } = checkArchive(archive);
  const emptiness = await isEmptySite(db);
  if (!emptiness.empty) {
    refuse(`This site is not empty (${emptiness.table} has ${emptiness.rows} rows): an archive is restored into a new, empty site only.`);
  }
  const order = await insertOrder(db);
  const columns: Record<string, Set<string>> = {};
  for (const name of order) columns[name] = new Set(await columnsOf(db, db.dialect, name));
  for (const [name, rows] of Object.entries(tables)) {
    for (const row of rows) {
      const unknown = Object.keys(row).find((c) => !columns[name]?.has(c));
      if (unknown) refuse(`The archive was written by a newer version of the site: ${name}.${unknown} is not known here.`);
    }
  }

  await db.kysely.transaction().execute(async (trx) => {
    const k = trx as unknown as AnyDb;
    for (const name of order) {
      const spec = ARCHIVED_TABLES[name]!;
      const rows = (tables[name] ?? []).map((row) => {
        if (!spec.file) return row;
        return { ...row, [spec.file.column]: files.get(row[spec.file.column] as string) };
      });
      // Small batches: SQLite allows a bounded number of parameters per statement.
      const width = Math.max(1, columns[name]?.size ?? 1);
      const batch = Math.max(1, Math.floor(900 / width));
      for (let i = 0; i < rows.length; i += batch) await k.insertInto(name).values(rows.slice(i, i + batch)).execute();
      if (spec.serial && db.dialect === "postgres" && rows.length > 0) {
        await sql`select setval(pg_get_serial_sequence(${name}, ${spec.serial}), (select max(${sql.ref(spec.serial)}) from ${sql.table(name)}))`.execute(k);
      }
    }
  });
  return { tables: manifest.tables, mediaFiles: files.size, createdAt: manifest.createdAt };
}

/** What the owner's archive holds, in rows per table, for the studio's export page. */
export async function archiveContents(db: Db): Promise<Record<string, number>> {
  const k = db.kysely as unknown as AnyDb;
  const out: Record<string, number> = {};
  for (const name of Object.keys(ARCHIVED_TABLES)) {
    const row = await k.selectFrom(name).select(sql<number>`count(*)`.as("n")).executeTakeFirstOrThrow();
    out[name] = Number(row.n);
  }
  return out;
}
