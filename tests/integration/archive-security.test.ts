/**
 * Issue 39, items 1, 8 and 9, and issue 40 item 8: the owner's archive is authenticated with a key derived from the
 * site's TOTP_SECRET_KEY, and an archive the site did not sign brings no staff access, password hash or sign-in
 * link; backups and exports are 0600 in a 0700 folder; a gzip bomb is refused while it streams, without memory to
 * match; `npm run export` without a file writes under data/exports (ignored by git) and prints the path.
 */
import { spawn, spawnSync } from "node:child_process";
import { randomBytes, createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createGzip, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signIn } from "../../server/services/auth/accounts";
import { hashPassword } from "../../server/services/auth/password";
import { archiveKey } from "../../server/services/backup/archive-format";
import { exportArchive } from "../../server/services/backup/archive-export";
import { importArchive, isEmptySite } from "../../server/services/backup/archive-import";
import { INFLATE_FLOOR_BYTES, INFLATE_RATIO } from "../../server/services/backup/archive-read";
import { takeBackup } from "../../server/services/backup/snapshot";
import { restoreBackup } from "../../server/services/backup/snapshot";
import { readTar, type TarEntry, writeTar } from "../../server/services/backup/tar";
import { openDatabase } from "../../server/db/database";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testConfig, testDeps } from "../helpers/deps";
import { staffWithSession, visitorSession } from "../helpers/studio-staff";

type Row = Record<string, unknown>;
const ROOT = path.resolve(import.meta.dirname, "../..");
const SITE_SECRET = randomBytes(32).toString("hex");
const KEY = archiveKey(Buffer.from(SITE_SECRET, "hex"))!;
const OTHER_KEY = archiveKey(randomBytes(32))!;
const KNOWN_PASSWORD = "a known passphrase the attacker chose 42";

const dirs: string[] = [];
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-archive-sec-"));
  dirs.push(dir);
  return dir;
}
afterAll(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const sha256 = (data: Buffer) => createHash("sha256").update(data).digest("hex");

/** Edits an archive's users.json and recomputes its (unkeyed) checksum in the manifest, as the finding describes. */
function tamper(archive: Buffer, edit: (users: Row[]) => Row[], { keepSignature }: { keepSignature: boolean }): Buffer {
  const entries = readTar(gunzipSync(archive));
  const users = entries.find((e) => e.name === "tables/users.json")!;
  const edited = Buffer.from(JSON.stringify(edit(JSON.parse(users.data.toString("utf8")) as Row[])), "utf8");
  const manifestEntry = entries.find((e) => e.name === "manifest.json")!;
  const manifest = JSON.parse(manifestEntry.data.toString("utf8")) as { entries: Record<string, string> };
  manifest.entries["tables/users.json"] = sha256(edited);
  const out: TarEntry[] = entries
    .filter((e) => keepSignature || e.name !== "manifest.sig")
    .map((e) => (e.name === "tables/users.json" ? { ...e, data: edited } : e.name === "manifest.json" ? { ...e, data: Buffer.from(JSON.stringify(manifest)) } : e));
  return gzipSync(writeTar(out));
}

/** Runs an operator command (`npm run <name>`'s script) as the operator would, with its own environment. */
function runScript(script: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", `scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "warn", ...env },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => resolve({ code, out }));
  });
}

describe.each(testDatabaseKinds())("39.1 a tampered owner archive does not become an owner (%s)", (kind) => {
  let source: TestDatabase;
  let signed: Buffer;
  let mallory: string;
  const targets: TestDatabase[] = [];

  beforeAll(async () => {
    source = await createTestDatabase(kind);
    const deps = testDeps(source.db, { TOTP_SECRET_KEY: SITE_SECRET });
    const owner = await staffWithSession(deps, "owner.archive@example.com", "owner");
    await visitorSession(deps, "mallory@example.com");
    mallory = "mallory@example.com";
    await source.db.kysely
      .insertInto("social_identities")
      .values({ provider: "google", subject: "owner-subject-1", user_id: owner.userId, email: "owner.archive@example.com", created_at: Date.now() })
      .execute();
    signed = await exportArchive(source.db, { key: KEY });
  }, 60_000);
  afterAll(async () => {
    await source?.drop();
    for (const t of targets) await t.drop();
  });

  async function target(): Promise<TestDatabase> {
    const t = await createTestDatabase(kind);
    targets.push(t);
    return t;
  }
  const users = (t: TestDatabase) => t.db.kysely.selectFrom("users").select(["email", "access", "password_hash"]).orderBy("email").execute();
  const toOwnerWithKnownPassword = (hash: string) => (rows: Row[]) => rows.map((r) => (r.email === mallory ? { ...r, access: "owner", password_hash: hash } : r));

  it("an edited archive without the signature imports its accounts without staff access, password or sign-in links, and says so", async () => {
    const t = await target();
    const forged = tamper(signed, toOwnerWithKnownPassword(await hashPassword(KNOWN_PASSWORD)), { keepSignature: false });
    const summary = await importArchive(t.db, forged, { key: KEY });
    expect(summary.signed).toBe(false);
    expect(summary.unsignedReason).toMatch(/not signed/);
    expect(summary.accessDropped).toBe(2);
    expect(await users(t)).toEqual([
      { email: "mallory@example.com", access: "user", password_hash: null },
      { email: "owner.archive@example.com", access: "user", password_hash: null },
    ]);
    expect(await t.db.kysely.selectFrom("social_identities").selectAll().execute()).toEqual([]);
    // The posts, leads and the rest came; the account cannot sign in with the password put into the archive.
    const deps = testDeps(t.db, { TOTP_SECRET_KEY: SITE_SECRET });
    await expect(signIn(deps, { email: mallory, password: KNOWN_PASSWORD }, { ip: "203.0.113.50" })).rejects.toMatchObject({ kind: "unauthorized" });
  });

  it("an edited archive that keeps this site's signature is refused whole", async () => {
    const t = await target();
    const forged = tamper(signed, toOwnerWithKnownPassword(await hashPassword(KNOWN_PASSWORD)), { keepSignature: true });
    await expect(importArchive(t.db, forged, { key: KEY })).rejects.toThrow(/changed after this site signed it/);
    expect((await isEmptySite(t.db)).empty).toBe(true);
  });

  it("an archive signed by another key, or read by a site without a key, brings no staff access", async () => {
    const other = await target();
    const fromElsewhere = await importArchive(other.db, signed, { key: OTHER_KEY });
    expect([fromElsewhere.signed, fromElsewhere.accessDropped]).toEqual([false, 1]);
    expect(fromElsewhere.unsignedReason).toMatch(/another key/);
    const keyless = await target();
    const noKey = await importArchive(keyless.db, signed, {});
    expect(noKey.unsignedReason).toMatch(/no TOTP_SECRET_KEY/);
    for (const t of [other, keyless]) expect((await users(t)).map((u) => u.access)).toEqual(["user", "user"]);
  });

  it("a correctly signed archive round-trips whole: staff access and sign-in links kept, never a password hash", async () => {
    const t = await target();
    const summary = await importArchive(t.db, signed, { key: KEY });
    expect([summary.signed, summary.accessDropped]).toEqual([true, 0]);
    expect(await users(t)).toEqual([
      { email: "mallory@example.com", access: "user", password_hash: null },
      { email: "owner.archive@example.com", access: "owner", password_hash: null },
    ]);
    expect(await t.db.kysely.selectFrom("social_identities").select("subject").execute()).toEqual([{ subject: "owner-subject-1" }]);
    // Even a signed archive never brings a password hash: the format has none, so one there was put by hand.
    const t2 = await target();
    const withHash = tamper(signed, (rows) => rows.map((r) => ({ ...r, password_hash: "scrypt$x" })), { keepSignature: false });
    await importArchive(t2.db, withHash, { key: KEY });
    expect((await users(t2)).every((u) => u.password_hash === null)).toBe(true);
  });

  it("npm run import and npm run restore of the forged .tar.gz say it is not signed, and grant nothing", async () => {
    const dir = tempDir();
    const file = path.join(dir, "forged.tar.gz");
    fs.writeFileSync(file, tamper(signed, toOwnerWithKnownPassword(await hashPassword(KNOWN_PASSWORD)), { keepSignature: false }));

    const viaImport = await target();
    const run = await runScript("import", [file], { DATABASE_URL: viaImport.url, TOTP_SECRET_KEY: SITE_SECRET });
    expect(run.code, run.out).toBe(0);
    expect(run.out).toMatch(/NOT SIGNED BY THIS SITE: the archive is not signed\. Its accounts were imported without staff access/);
    expect(run.out).toMatch(/2 accounts claimed editor or owner access/);
    expect((await users(viaImport)).map((u) => u.access)).toEqual(["user", "user"]);

    const viaRestore = await target();
    await viaRestore.db.close(); // a restore refuses while anything has the database open
    const restored = await restoreBackup(viaRestore.url, file, { key: KEY });
    expect(restored.archive?.signed).toBe(false);
    const reopened = await openDatabase(viaRestore.url);
    try {
      const rows = await reopened.kysely.selectFrom("users").select(["access", "password_hash"]).execute();
      expect(rows).toEqual([{ access: "user", password_hash: null }, { access: "user", password_hash: null }]);
    } finally {
      await reopened.close();
    }
  });
});

/** A tar whose first entry is a well-formed manifest and whose second claims `size` bytes of zeros, gzipped as it goes. */
async function writeBomb(file: string, size: number): Promise<void> {
  const manifest = Buffer.from(JSON.stringify({ format: "wise-parrot-archive", version: 1, createdAt: "2026-12-01T00:00:00.000Z", database: "sqlite", schema: "", tables: {}, entries: { "media/bomb.webp": "0".repeat(64) } }));
  const head = writeTar([{ name: "manifest.json", data: manifest }]).subarray(0, -1024);
  const bigHeader = writeTar([{ name: "media/bomb.webp", data: Buffer.alloc(0) }]).subarray(0, 512);
  // The same header with the claimed size written in (and its checksum again).
  const header = Buffer.from(bigHeader);
  header.write(`${size.toString(8).padStart(11, "0")}\0`, 124, "ascii");
  header.write("        ", 148, "ascii");
  let sum = 0;
  for (const b of header) sum += b;
  header.write(`${sum.toString(8).padStart(6, "0")}\0 `, 148, "ascii");
  const gzip = createGzip({ level: 9 });
  const out = fs.createWriteStream(file);
  gzip.pipe(out);
  const done = new Promise<void>((resolve, reject) => out.on("finish", resolve).on("error", reject));
  gzip.write(head);
  gzip.write(header);
  const zeros = Buffer.alloc(1024 * 1024);
  for (let written = 0; written < size; written += zeros.length) {
    if (!gzip.write(zeros)) await new Promise((r) => gzip.once("drain", r));
  }
  gzip.end();
  await done;
}

/** Peak resident memory (KiB) of `npm run import -- <file>` in a process of its own, with what it printed. */
function importPeak(file: string, databaseUrl: string): { code: number | null; out: string; maxRssKiB: number } {
  const code = `process.on("exit", () => process.stderr.write("maxrss=" + process.resourceUsage().maxRSS + "\\n"));
process.argv = [process.argv[0], "scripts/import.ts", ${JSON.stringify(file)}];
await import("./scripts/import.ts");`;
  const run = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", code], {
    cwd: ROOT,
    env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "warn", DATABASE_URL: databaseUrl },
    encoding: "utf8",
  });
  const out = `${run.stdout}${run.stderr}`;
  return { code: run.status, out, maxRssKiB: Number(/maxrss=(\d+)/.exec(out)?.[1] ?? Number.NaN) };
}

describe("39.9 a gzip bomb does not drive npm run import's memory", () => {
  let bomb: string;
  let dir: string;
  beforeAll(async () => {
    dir = tempDir();
    bomb = path.join(dir, "bomb.tar.gz");
    await writeBomb(bomb, 1024 ** 3);
  }, 120_000);

  it("a 1 MB archive claiming 1 GiB is refused as it streams, in about the memory of a small import", async () => {
    const packed = fs.statSync(bomb).size;
    expect(packed).toBeLessThan(1.5 * 1024 * 1024);
    const t = await createTestDatabase("sqlite");
    await t.db.close();
    const refused = importPeak(bomb, t.url);
    expect(refused.code, refused.out).toBe(1);
    expect(refused.out).toMatch(/Import refused: The archive unpacks to more than \d+ MB .*decompression bomb/);

    // The same command importing a small genuine archive: the refusal needs no more memory than that, give or take.
    const small = path.join(dir, "small.tar.gz");
    const s = await createTestDatabase("sqlite");
    fs.writeFileSync(small, await exportArchive(s.db));
    await s.drop();
    const u = await createTestDatabase("sqlite");
    await u.db.close();
    const normal = importPeak(small, u.url);
    expect(normal.code, normal.out).toBe(0);
    console.log(`import peak RSS: bomb ${(refused.maxRssKiB / 1024).toFixed(0)} MiB, small archive ${(normal.maxRssKiB / 1024).toFixed(0)} MiB (packed bomb ${(packed / 1024).toFixed(0)} KiB)`);
    // Before: gunzip to 1 GiB in memory (2.2 GB peak in the finding). The refusal holds none of what it inflates.
    expect(refused.maxRssKiB).toBeLessThan(normal.maxRssKiB + 64 * 1024);
    await t.drop();
    await u.drop();
  }, 120_000);

  it("the service refuses the bomb from bytes too, before writing anything", async () => {
    const t = await createTestDatabase("sqlite");
    try {
      await expect(importArchive(t.db, { file: bomb })).rejects.toThrow(/unpacks to more than/);
      // A plain gzip of zeros is no tar with a manifest: refused at its first block.
      await expect(importArchive(t.db, gzipSync(Buffer.alloc(64 * 1024 * 1024)))).rejects.toThrow(/no Wise Parrot manifest/);
      expect((await isEmptySite(t.db)).empty).toBe(true);
      expect(INFLATE_FLOOR_BYTES + INFLATE_RATIO * fs.statSync(bomb).size).toBeLessThan(1024 ** 3 / 4);
    } finally {
      await t.drop();
    }
  });
});

const mode = (p: string) => fs.statSync(p).mode & 0o777;

describe.each(testDatabaseKinds())("39.8 backups and exports are private (%s)", (kind) => {
  it("a backup is 0600 in a 0700 folder, even when the folder existed world-readable", async () => {
    const t = await createTestDatabase(kind);
    try {
      const dir = path.join(tempDir(), "backups");
      fs.mkdirSync(dir, { mode: 0o755 });
      fs.chmodSync(dir, 0o755);
      const kinds = kind === "sqlite" ? [undefined] : [undefined, "no pg_dump"];
      for (const variant of kinds) {
        const savedPath = process.env.PATH;
        // Without pg_dump on the PATH, PostgreSQL's backup is the owner's archive: private too.
        if (variant) process.env.PATH = "/nonexistent";
        try {
          const b = await takeBackup(t.db, { databaseUrl: t.url, dir, keep: 5, key: KEY, now: new Date(Date.now() + kinds.indexOf(variant) * 1000) });
          expect(b.kind).toBe(kind === "sqlite" ? "sqlite" : variant ? "archive" : "pg_dump");
          expect(mode(b.file).toString(8), b.file).toBe("600");
        } finally {
          process.env.PATH = savedPath;
        }
      }
      expect(mode(dir).toString(8)).toBe("700");
    } finally {
      await t.drop();
    }
  });

  it("40.8 npm run export without a file writes a 0600 archive under EXPORT_DIR (0700) and prints its path", async () => {
    const t = await createTestDatabase(kind);
    try {
      await t.db.close();
      const exportDir = path.join(tempDir(), "data", "exports");
      const run = await runScript("export", [], { DATABASE_URL: t.url, EXPORT_DIR: exportDir, TOTP_SECRET_KEY: SITE_SECRET });
      expect(run.code, run.out).toBe(0);
      const written = /Archive written: (\S+) \(/.exec(run.out)?.[1];
      expect(written && path.dirname(written)).toBe(exportDir);
      expect(path.basename(written!)).toMatch(/^wise-parrot-export-\d{8}T\d{6}Z\.tar\.gz$/);
      expect(run.out).toMatch(/Signed with this site's key/);
      expect([mode(written!).toString(8), mode(exportDir).toString(8)]).toEqual(["600", "700"]);
      // The default is data/exports, which git ignores (the root of the checkout is not).
      expect(testConfig().EXPORT_DIR).toBe("data/exports");
      expect(spawnSync("git", ["check-ignore", "-q", "data/exports/wise-parrot-export-20261201T000000Z.tar.gz"], { cwd: ROOT }).status).toBe(0);
      // An explicit file is private too.
      const explicit = path.join(tempDir(), "mine.tar.gz");
      const second = await runScript("export", [explicit], { DATABASE_URL: t.url });
      expect(second.code, second.out).toBe(0);
      expect(second.out).toMatch(/Not signed \(TOTP_SECRET_KEY is not set\)/);
      expect(mode(explicit).toString(8)).toBe("600");
    } finally {
      await t.drop();
    }
  }, 60_000);
});
