/**
 * Backups of the running site's database, and bringing one back (decision 0026):
 * - SQLite: `VACUUM INTO` a new file, one read transaction, so the copy is every transaction committed before it
 *   began, while the site keeps writing (WAL); checked with `pragma integrity_check` before it counts.
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot) when the machine has it, otherwise the owner's archive.
 * A file is written under a temporary name and renamed, so a backup cut short never looks like one. A backup holds
 * password hashes, second-factor secrets and session-token hashes: files are 0600 in a 0700 folder, made so before
 * the first byte is written.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { type Db, isPostgresUrl, openDatabase } from "../../db/database";
import { migrateToLatest } from "../../db/migrate";
import { ServiceError } from "../errors";
import { exportArchive } from "./archive-export";
import { type ImportSummary, importArchive } from "./archive-import";
import { databaseInUse, sqliteFileOf, stopTheSiteFirst } from "./in-use";
import { type Delivered, deliveredBefore, markDelivered } from "./outbox-after-restore";

export type BackupKind = "sqlite" | "pg_dump" | "archive";
export type BackupFile = { file: string; kind: BackupKind; bytes: number; takenAt: Date };

const NAME = /^wise-parrot-(\d{8}T\d{6}(?:\d{3})?Z)\.(db|pgdump|tar\.gz)$/;
const KIND_OF: Record<string, BackupKind> = { db: "sqlite", pgdump: "pg_dump", "tar.gz": "archive" };
const EXTENSION: Record<BackupKind, string> = { sqlite: "db", pg_dump: "pgdump", archive: "tar.gz" };

function stamp(at: Date): string {
  return at.toISOString().replace(/[-:]/g, "").replace(".", "");
}

function parseStamp(text: string): Date {
  const m = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})(\d{3})?Z$/.exec(text)!;
  return new Date(Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!, +(m[7] ?? 0)));
}

/** The backups in a folder, newest first. */
export function listBackups(dir: string): BackupFile[] {
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .map((name) => ({ name, m: NAME.exec(name) }))
    .filter((x): x is { name: string; m: RegExpExecArray } => x.m !== null)
    .map(({ name, m }) => {
      const file = path.join(dir, name);
      return { file, kind: KIND_OF[m[2]!]!, bytes: fs.statSync(file).size, takenAt: parseStamp(m[1]!) };
    })
    .sort((a, b) => b.takenAt.getTime() - a.takenAt.getTime() || b.file.localeCompare(a.file));
}

export function hasPgDump(): boolean {
  return spawnSync("pg_dump", ["--version"], { stdio: "ignore" }).status === 0;
}

export function sqliteIntegrity(file: string): Promise<string> {
  return import("better-sqlite3").then(({ default: SQLite }) => {
    const copy = new SQLite(file, { readonly: true, fileMustExist: true });
    try {
      const rows = copy.pragma("integrity_check") as { integrity_check: string }[];
      return rows.map((r) => r.integrity_check).join("; ");
    } finally {
      copy.close();
    }
  });
}

/** A folder only the site's user can enter (made, or narrowed when it exists: it is the site's own). */
export function privateFolder(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  fs.chmodSync(dir, 0o700);
}

/** Writes a file only the site's user can read, under a temporary name renamed into place. */
export function writePrivateFile(file: string, data: Buffer): void {
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    fs.writeFileSync(partial, data, { mode: 0o600, flag: "wx" });
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

export type BackupOptions = {
  databaseUrl: string;
  dir: string;
  keep: number;
  now?: Date;
  /** archiveKey(TOTP_SECRET_KEY): signs a backup written as the owner's archive (PostgreSQL without pg_dump). */
  key?: Buffer;
};

/** Takes one backup and deletes the oldest beyond `keep`. */
export async function takeBackup(db: Db, options: BackupOptions): Promise<BackupFile & { removed: string[] }> {
  const at = options.now ?? new Date();
  privateFolder(options.dir);
  const kind: BackupKind = db.dialect === "sqlite" ? "sqlite" : hasPgDump() ? "pg_dump" : "archive";
  const file = path.join(options.dir, `wise-parrot-${stamp(at)}.${EXTENSION[kind]}`);
  const partial = `${file}.partial`;
  fs.rmSync(partial, { force: true });
  try {
    // Made empty and private first: VACUUM INTO and pg_dump write into it and keep its mode.
    fs.closeSync(fs.openSync(partial, "wx", 0o600));
    if (kind === "sqlite") {
      await sql`vacuum into ${partial}`.execute(db.kysely);
      const integrity = await sqliteIntegrity(partial);
      if (integrity !== "ok") throw new Error(`the copy failed its integrity check: ${integrity}`);
    } else if (kind === "pg_dump") {
      const dump = spawnSync(
        "pg_dump",
        ["--format=custom", "--no-owner", "--no-privileges", `--file=${partial}`, `--dbname=${options.databaseUrl}`],
        { encoding: "utf8" },
      );
      if (dump.status !== 0) throw new Error(`pg_dump failed: ${(dump.stderr || "").trim().split("\n").slice(-1)[0] ?? dump.status}`);
    } else {
      fs.writeFileSync(partial, await exportArchive(db, { now: at, key: options.key }));
    }
    fs.renameSync(partial, file);
  } finally {
    fs.rmSync(partial, { force: true });
  }
  const removed = listBackups(options.dir)
    .slice(Math.max(1, options.keep))
    .map((b) => {
      fs.rmSync(b.file, { force: true });
      return b.file;
    });
  return { file, kind, bytes: fs.statSync(file).size, takenAt: at, removed };
}

const fail = (message: string): never => {
  throw new ServiceError("invalid", message);
};

function kindOfFile(file: string): BackupKind {
  const base = path.basename(file);
  if (base.endsWith(".db") || base.endsWith(".sqlite")) return "sqlite";
  if (base.endsWith(".pgdump")) return "pg_dump";
  if (base.endsWith(".tar.gz") || base.endsWith(".tgz")) return "archive";
  return fail(`${base}: not a backup this site writes (.db, .pgdump or .tar.gz).`);
}

export type RestoreResult = {
  kind: BackupKind;
  target: string;
  keptAside?: string;
  /** For an archive: what the import took (whether this site's key signed it, staff access left out). */
  archive?: ImportSummary;
  /** Queued e-mails in the backup that the replaced database had sent since: marked sent, not sent again (decision 0057). */
  outboxDelivered?: number;
};

/** What the database about to be replaced had delivered from its outbox (nothing when it cannot be read). */
async function deliveredIn(databaseUrl: string): Promise<Delivered[]> {
  let db: Db | undefined;
  try {
    db = await openDatabase(databaseUrl);
    return await deliveredBefore(db);
  } catch {
    return [];
  } finally {
    await db?.close().catch(() => {});
  }
}

export type RestoreOptions = { now?: Date; /** archiveKey(TOTP_SECRET_KEY): checks an archive's signature. */ key?: Buffer };

/**
 * Brings a backup back into DATABASE_URL. The site must be stopped (README). SQLite: the current file (with its
 * WAL) is kept beside it as `<file>.before-restore-<time>`, never deleted. PostgreSQL: a pg_dump replaces the
 * site's tables in one transaction; an archive goes only into an empty site.
 */
export async function restoreBackup(databaseUrl: string, file: string, { now = new Date(), key }: RestoreOptions = {}): Promise<RestoreResult> {
  if (!fs.existsSync(file)) fail(`${file}: no such file.`);
  const kind = kindOfFile(file);
  const postgres = isPostgresUrl(databaseUrl);
  const use = await databaseInUse(databaseUrl);
  if (use.inUse) fail(stopTheSiteFirst(use.what));
  if (kind === "sqlite") {
    if (postgres) fail("This is a SQLite backup; DATABASE_URL is PostgreSQL. Restore it into a SQLite site, then export and import.");
    const integrity = await sqliteIntegrity(file).catch((e: unknown) => `unreadable (${(e as Error).message})`);
    if (integrity !== "ok") fail(`${path.basename(file)} is damaged: ${integrity}. Nothing was changed.`);
    const target = sqliteFileOf(databaseUrl);
    fs.mkdirSync(path.dirname(target), { recursive: true });
    let keptAside: string | undefined;
    if (fs.existsSync(target)) {
      keptAside = `${target}.before-restore-${stamp(now)}`;
      for (const suffix of ["", "-wal", "-shm"]) {
        if (fs.existsSync(target + suffix)) fs.renameSync(target + suffix, keptAside + suffix);
      }
    }
    const partial = `${target}.restoring`;
    fs.copyFileSync(file, partial);
    fs.renameSync(partial, target);
    const delivered = keptAside ? await deliveredIn(keptAside) : [];
    const db = await openDatabase(target);
    let outboxDelivered: number;
    try {
      await migrateToLatest(db);
      outboxDelivered = await markDelivered(db, delivered);
    } finally {
      await db.close();
    }
    return { kind, target, keptAside, outboxDelivered };
  }
  if (kind === "pg_dump") {
    if (!postgres) fail("This is a PostgreSQL backup; DATABASE_URL is SQLite. Restore it into a PostgreSQL site, then export and import.");
    // Read before pg_restore replaces it: which of the e-mails the backup holds as queued went out since.
    const delivered = await deliveredIn(databaseUrl);
    const run = spawnSync(
      "pg_restore",
      ["--clean", "--if-exists", "--no-owner", "--no-privileges", "--single-transaction", "--exit-on-error", `--dbname=${databaseUrl}`, file],
      { encoding: "utf8" },
    );
    if (run.status !== 0) fail(`pg_restore refused it, nothing was changed: ${(run.stderr || "").trim().split("\n").slice(-1)[0] ?? ""}`);
    const db = await openDatabase(databaseUrl);
    let outboxDelivered: number;
    try {
      await migrateToLatest(db);
      outboxDelivered = await markDelivered(db, delivered);
    } finally {
      await db.close();
    }
    return { kind, target: new URL(databaseUrl).pathname.slice(1), outboxDelivered };
  }
  const db = await openDatabase(databaseUrl);
  let archive: ImportSummary;
  try {
    await migrateToLatest(db);
    archive = await importArchive(db, { file }, { key });
  } finally {
    await db.close();
  }
  return { kind, target: postgres ? new URL(databaseUrl).pathname.slice(1) : databaseUrl, archive };
}
