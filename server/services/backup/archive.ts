/**
 * The owner's archive: everything the business owns in one `.tar.gz` (a manifest, one JSON file per table, the
 * media's bytes as files, CSV lists for people), written from a running site and restored into an empty one on
 * either database. The format is documented in docs/decisions/0026-owners-data.md.
 */
import { createHash, createHmac, hkdfSync, timingSafeEqual } from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { createGunzip, gzipSync } from "node:zlib";
import { type Kysely, sql, type Transaction } from "kysely";
import type { Db } from "../../db/database";
import { ServiceError } from "../errors";
import { ARCHIVED_TABLES, isInternalTable, NOT_ARCHIVED } from "./tables";
import { readTarStream, TarError, type TarEntry, writeTar } from "./tar";

export const ARCHIVE_FORMAT = "wise-parrot-archive";
export const ARCHIVE_VERSION = 1;
const MANIFEST = "manifest.json";
/** The manifest's HMAC under the site's archive key; not listed in the manifest (it is made from it). */
const SIGNATURE = "manifest.sig";

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

/**
 * The key that signs the site's archives, derived from TOTP_SECRET_KEY (the secret the site already keeps out of its
 * database) under its own label, so the two uses never share a key. No secret: archives are written unsigned.
 */
export function archiveKey(siteSecret: Buffer | undefined): Buffer | undefined {
  return siteSecret ? Buffer.from(hkdfSync("sha256", siteSecret, Buffer.alloc(0), "wise-parrot owner's archive signature v1", 32)) : undefined;
}

/** Names the key without revealing it, so an import can tell "another site's key" from "changed after signing". */
const keyId = (key: Buffer) => createHmac("sha256", key).update("key id").digest("hex").slice(0, 16);

type Signature = { algorithm: "HMAC-SHA256"; key: string; mac: string };

function sign(key: Buffer, manifest: Buffer): Buffer {
  const signature: Signature = { algorithm: "HMAC-SHA256", key: keyId(key), mac: createHmac("sha256", key).update(manifest).digest("hex") };
  return Buffer.from(`${JSON.stringify(signature)}\n`, "utf8");
}

/** Whether the archive's manifest (and so, through its checksums, every entry) was written by a holder of `key`. */
function verify(key: Buffer | undefined, manifest: Buffer, signatureBytes: Buffer | undefined): { signed: true } | { signed: false; reason: string } {
  if (!signatureBytes) return { signed: false, reason: "the archive is not signed" };
  let signature: Partial<Signature> = {};
  try {
    signature = JSON.parse(signatureBytes.toString("utf8")) as Partial<Signature>;
  } catch {
    // Unreadable: treated as a signature that does not match.
  }
  if (!key) return { signed: false, reason: "this site has no TOTP_SECRET_KEY to check the archive's signature with" };
  if (signature.key !== keyId(key)) return { signed: false, reason: "the archive was signed with another key (another site's TOTP_SECRET_KEY)" };
  const expected = createHmac("sha256", key).update(manifest).digest();
  const given = Buffer.from(typeof signature.mac === "string" && /^[0-9a-f]{64}$/.test(signature.mac) ? signature.mac : "", "hex");
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    return refuse("The archive was changed after this site signed it: its manifest does not match its signature. Nothing was imported.");
  }
  return { signed: true };
}

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
export type ExportOptions = { now?: Date; /** archiveKey(TOTP_SECRET_KEY); without one the archive is unsigned. */ key?: Buffer };

export async function exportArchive(db: Db, { now = new Date(), key }: ExportOptions = {}): Promise<Buffer> {
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
  const manifestBytes = Buffer.from(`${JSON.stringify(manifest, null, 2)}\n`, "utf8");
  const signature = key ? [{ name: SIGNATURE, data: sign(key, manifestBytes) }] : [];
  const tar = writeTar([{ name: MANIFEST, data: manifestBytes }, ...signature, ...entries], now);
  return gzipSync(tar, { level: 6 });
}

export type ImportSummary = {
  /** Rows written per table. */
  tables: Record<string, number>;
  mediaFiles: number;
  createdAt: string;
  /** True when this site's key signed the archive: accounts came back with their staff access and sign-in links. */
  signed: boolean;
  /** Why the archive was not trusted with accounts' access (unsigned, another key, no key here). */
  unsignedReason?: string;
  /** Accounts whose staff access (editor, owner) the archive claimed and this import did not grant. */
  accessDropped: number;
};

const refuse = (message: string): never => {
  throw new ServiceError("invalid", message, { field: "archive" });
};

/** Where an archive comes from: its bytes, or a file read as a stream (never whole into memory before its checks). */
export type ArchiveSource = Buffer | { file: string };

const MIB = 1024 ** 2;
/** The manifest is the archive's first entry and small (names and checksums): more is not one of ours. */
const MANIFEST_MAX_BYTES = 16 * MIB;
/**
 * The most an archive may unpack to: 64 MiB, plus 100 times its packed size. The site's archives are mostly JSON
 * (about 14 times smaller packed) and media already compressed (about 1); a gzip bomb packs 1,000 to 1. Counted as
 * the bytes come out of gunzip, so a bomb is refused after at most this much, never inflated whole.
 */
export const INFLATE_FLOOR_BYTES = 64 * MIB;
export const INFLATE_RATIO = 100;
const INFLATE_MAX_BYTES = 4 * 1024 * MIB;

export function inflateLimit(packedBytes: number): number {
  return Math.min(INFLATE_MAX_BYTES, INFLATE_FLOOR_BYTES + INFLATE_RATIO * packedBytes);
}

class Refusal extends Error {}

/** gunzip's output as it comes, stopping (and closing the input) past `limit` bytes. */
async function* inflate(source: ArchiveSource, limit: number): AsyncGenerator<Buffer> {
  const input: Readable = Buffer.isBuffer(source) ? Readable.from([source]) : fs.createReadStream(source.file);
  const gunzip = createGunzip();
  input.on("error", (error) => gunzip.destroy(error));
  input.pipe(gunzip);
  let total = 0;
  try {
    for await (const chunk of gunzip as AsyncIterable<Buffer>) {
      total += chunk.length;
      if (total > limit) {
        throw new Refusal(
          `The archive unpacks to more than ${Math.round(limit / MIB)} MB (over ${INFLATE_RATIO} times its size plus ${INFLATE_FLOOR_BYTES / MIB} MB): ` +
            "it is not one of this site's archives (a damaged file or a decompression bomb). Nothing was imported.",
        );
      }
      yield chunk;
    }
  } finally {
    input.destroy();
    gunzip.destroy();
  }
}

type Read = { manifestBytes: Buffer; manifest: Manifest; signature?: Buffer; byName: Map<string, Buffer> };

/**
 * Streams the archive once, checking as it goes: the manifest comes first, every other entry is listed in it and
 * matches its checksum, nothing listed is missing. `keep` false holds nothing but the manifest (a first pass that
 * costs a bomb or a damaged file no memory); true keeps the entries for the import.
 */
async function readArchive(source: ArchiveSource, keep: boolean): Promise<Read> {
  const packed = Buffer.isBuffer(source) ? source.length : fs.statSync(source.file).size;
  let manifestBytes: Buffer | undefined;
  let manifest: Manifest | undefined;
  let signature: Buffer | undefined;
  const byName = new Map<string, Buffer>();
  const seen = new Set<string>();
  try {
    await readTarStream(inflate(source, inflateLimit(packed)), (name, size) => {
      if (!manifest) {
        if (name !== MANIFEST || size > MANIFEST_MAX_BYTES) throw new Refusal("This is not a Wise Parrot archive: it has no Wise Parrot manifest.");
      } else if (name === SIGNATURE) {
        if (size > 4096) throw new Refusal("The archive is damaged: its signature is not one.");
      } else if (!Object.hasOwn(manifest.entries, name)) {
        throw new Refusal(`The archive holds a file its manifest does not list: ${name}.`);
      }
      const pieces: Buffer[] = [];
      const hash = createHash("sha256");
      const whole = name === MANIFEST || name === SIGNATURE || keep;
      return {
        data(piece) {
          hash.update(piece);
          if (whole) pieces.push(piece);
        },
        end() {
          const data = Buffer.concat(pieces);
          if (name === MANIFEST) {
            manifestBytes = data;
            manifest = parseManifest(data);
            return;
          }
          if (name === SIGNATURE) {
            signature = data;
            return;
          }
          if (hash.digest("hex") !== manifest!.entries[name]) throw new Refusal(`The archive is damaged: ${name} does not match its checksum.`);
          seen.add(name);
          if (keep) byName.set(name, data);
        },
      };
    });
  } catch (error) {
    if (error instanceof Refusal) return refuse(error.message);
    if (error instanceof TarError) return refuse(`The archive is damaged: ${error.message}.`);
    if (error instanceof ServiceError) throw error;
    return refuse("This is not a Wise Parrot archive, or it is damaged: it is not a complete .tar.gz file.");
  }
  if (!manifest || !manifestBytes) return refuse("This is not a Wise Parrot archive: it has no Wise Parrot manifest.");
  for (const name of Object.keys(manifest.entries)) {
    if (!seen.has(name)) return refuse(`The archive is damaged: ${name} is missing.`);
  }
  return { manifestBytes, manifest, signature, byName };
}

function parseManifest(bytes: Buffer): Manifest {
  let manifest: Manifest | undefined;
  try {
    manifest = JSON.parse(bytes.toString("utf8")) as Manifest;
  } catch {
    manifest = undefined;
  }
  if (!manifest || manifest.format !== ARCHIVE_FORMAT || typeof manifest.entries !== "object" || !manifest.entries || typeof manifest.tables !== "object" || !manifest.tables) {
    throw new Refusal("This is not a Wise Parrot archive: it has no Wise Parrot manifest.");
  }
  if (manifest.version !== ARCHIVE_VERSION) {
    throw new Refusal(`This archive is format version ${String(manifest.version)}; this site reads version ${ARCHIVE_VERSION}.`);
  }
  return manifest;
}

type Checked = { manifest: Manifest; tables: Record<string, Row[]>; files: Map<string, Buffer>; trust: ReturnType<typeof verify> };

/** Every check before the first write: a damaged or foreign archive changes nothing. */
async function checkArchive(source: ArchiveSource, key: Buffer | undefined): Promise<Checked> {
  await readArchive(source, false);
  const { manifestBytes, manifest, signature, byName } = await readArchive(source, true);
  const trust = verify(key, manifestBytes, signature);
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
  return { manifest, tables, files, trust };
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

/** Staff access in `users.access`; anything else is a visitor's account. */
const STAFF_ACCESS = new Set(["editor", "owner"]);

/**
 * What of an archive's accounts this import takes. The format never carries a password hash (the export writes
 * none), so one in an archive was put there by hand: always dropped. An archive this site did not sign may have been
 * edited (its checksums are no secret), so its accounts come without staff access and without the Google/Microsoft
 * links that would sign somebody in: whoever should have access is granted it again (`npm run staff -- grant`).
 */
function credentialsOf(tables: Record<string, Row[]>, signed: boolean): { tables: Record<string, Row[]>; accessDropped: number } {
  let accessDropped = 0;
  const users = (tables.users ?? []).map((row) => {
    const copy: Row = { ...row, password_hash: null };
    if (!signed && STAFF_ACCESS.has(String(row.access))) {
      accessDropped++;
      copy.access = "user";
    }
    return copy;
  });
  return { tables: { ...tables, users, ...(signed ? {} : { social_identities: [] }) }, accessDropped };
}

export type ImportOptions = { /** archiveKey(TOTP_SECRET_KEY) of this site; without one no archive counts as signed. */ key?: Buffer };

/**
 * Restores an archive into an empty site, in one transaction: either everything is there afterwards, or nothing
 * changed. The rows keep their ids, so links, likes and revisions keep pointing where they did.
 */
export async function importArchive(db: Db, source: ArchiveSource, { key }: ImportOptions = {}): Promise<ImportSummary> {
  const checked = await checkArchive(source, key);
  const { manifest, files, trust } = checked;
  const { tables, accessDropped } = credentialsOf(checked.tables, trust.signed);
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

  const written: Record<string, number> = {};
  await db.kysely.transaction().execute(async (trx) => {
    const k = trx as unknown as AnyDb;
    for (const name of order) {
      const spec = ARCHIVED_TABLES[name]!;
      const rows = (tables[name] ?? []).map((row) => {
        if (!spec.file) return row;
        return { ...row, [spec.file.column]: files.get(row[spec.file.column] as string) };
      });
      written[name] = rows.length;
      // Small batches: SQLite allows a bounded number of parameters per statement.
      const width = Math.max(1, columns[name]?.size ?? 1);
      const batch = Math.max(1, Math.floor(900 / width));
      for (let i = 0; i < rows.length; i += batch) await k.insertInto(name).values(rows.slice(i, i + batch)).execute();
      if (spec.serial && db.dialect === "postgres" && rows.length > 0) {
        await sql`select setval(pg_get_serial_sequence(${name}, ${spec.serial}), (select max(${sql.ref(spec.serial)}) from ${sql.table(name)}))`.execute(k);
      }
    }
  });
  return {
    tables: written,
    mediaFiles: files.size,
    createdAt: manifest.createdAt,
    signed: trust.signed,
    unsignedReason: trust.signed ? undefined : trust.reason,
    accessDropped,
  };
}

/** What the operator must know about the accounts an import brought (`npm run import`, `npm run restore`). */
export function accountsNote(r: ImportSummary): string[] {
  if (r.signed) return ["Signed with this site's key: accounts keep their staff access. Passwords and second factors are never in an archive: staff set a password again (npm run staff -- grant)."];
  return [
    `NOT SIGNED BY THIS SITE: ${r.unsignedReason}. Its accounts were imported without staff access, password hashes or Google/Microsoft sign-in links` +
      (r.accessDropped > 0 ? ` (${r.accessDropped} account${r.accessDropped === 1 ? "" : "s"} claimed editor or owner access).` : "."),
    "Grant staff access again to the people who should have it: npm run staff -- grant owner <email>.",
  ];
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
