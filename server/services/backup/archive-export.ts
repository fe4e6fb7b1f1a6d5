/** The owner's archive written: one consistent moment of the site, its manifest signed; and what it would hold. */
import { gzipSync } from "node:zlib";
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { ARCHIVE_FORMAT, ARCHIVE_VERSION, MANIFEST, type Manifest, sha256, sign, SIGNATURE } from "./archive-format";
import { type AnyDb, lastMigration, type Row } from "./catalogue";
import { ARCHIVED_TABLES } from "./tables";
import { type TarEntry, writeTar } from "./tar";

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
