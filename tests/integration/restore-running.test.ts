/**
 * Issue 39.7: `npm run restore` while the site runs was accepted, and every write after it went into the file the
 * restore had renamed away. Against a real server process (the production build): refused, saying how to stop the
 * site, nothing changed and the site still serves; once the server stopped, the same command restores.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../server/db/database";
import { takeBackup } from "../../server/services/backup/snapshot";
import { buildPresent, startBuiltServer } from "../helpers/built-server";
import { createTestDatabase, testDatabaseKinds } from "../helpers/databases";

const ROOT = path.resolve(import.meta.dirname, "../..");
const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "wp-restore-run-"));
  dirs.push(dir);
  return dir;
}

function restore(file: string, databaseUrl: string): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "scripts/restore.ts", file], {
      cwd: ROOT,
      env: { PATH: process.env.PATH, NODE_ENV: "production", LOG_LEVEL: "warn", DATABASE_URL: databaseUrl },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let out = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => (out += d.toString()));
    child.once("exit", (code) => resolve({ code, out }));
  });
}

async function leadCount(databaseUrl: string): Promise<number> {
  const db = await openDatabase(databaseUrl, { poolSize: 1 });
  try {
    return (await db.kysely.selectFrom("leads").select("id").execute()).length;
  } finally {
    await db.close();
  }
}

describe.skipIf(!buildPresent()).each(testDatabaseKinds())("39.7 npm run restore while the site runs (%s)", (kind) => {
  it("is refused while a server has the database open, with how to stop it; after the stop it restores", async () => {
    const t = await createTestDatabase(kind);
    const dir = tempDir();
    try {
      const backup = await takeBackup(t.db, { databaseUrl: t.url, dir: path.join(dir, "backups"), keep: 3 });
      await t.db.close();
      const server = await startBuiltServer({ DATABASE_URL: t.url, TRUST_PROXY: "true" }, { dataDir: dir });
      try {
        // A write the running site acknowledges: the one a restore under it would have lost.
        const lead = await fetch(`${server.url}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": "198.51.100.7", origin: server.url },
          body: JSON.stringify({ firstName: "Asha", lastName: "Running", email: "asha.running@example.com", phone: "9876543210", message: "while it runs" }),
        });
        expect(lead.status).toBe(201);
        // An idle server still counts: PostgreSQL's pool would close idle connections after 10 s (it keeps one now).
        if (kind === "postgres") await new Promise((r) => setTimeout(r, 11_000));
        const refused = await restore(backup.file, t.url);
        expect(refused.code, refused.out).toBe(1);
        expect(refused.out).toMatch(/Restore failed: The site is still running \(.+\)\. Stop every process of the site first/);
        expect(refused.out).toMatch(/systemctl stop|docker compose stop|Ctrl-C/);
        expect(refused.out).toMatch(/Nothing was changed/);
        expect(fs.readdirSync(path.dirname(t.url.startsWith("postgres") ? dir : t.url)).filter((f) => f.includes("before-restore"))).toEqual([]);
        expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
        expect(await leadCount(t.url)).toBe(1);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      const restored = await restore(backup.file, t.url);
      expect(restored.code, restored.out).toBe(0);
      expect(restored.out).toMatch(/^Restored /m);
      expect(await leadCount(t.url)).toBe(0);
    } finally {
      await t.drop();
    }
  }, 120_000);
});
