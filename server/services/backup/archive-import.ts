/** The owner's archive restored into an empty site, in one transaction; what the operator is told about its accounts. */
import { sql } from "kysely";
import type { Db } from "../../db/database";
import { refuse } from "./archive-format";
import { type ArchiveSource, checkArchive } from "./archive-read";
import { type AnyDb, columnsOf, insertOrder, type Row } from "./catalogue";
import { ARCHIVED_TABLES } from "./tables";

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
