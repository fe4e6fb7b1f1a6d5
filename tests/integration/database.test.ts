import { spawn } from "node:child_process";
import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { migrateToLatest } from "../../server/db/migrate";
import { migrations } from "../../server/db/migrations/index";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";

describe.each(testDatabaseKinds())("data layer on %s", (kind) => {
  let t: TestDatabase | undefined;
  afterEach(async () => {
    await t?.drop();
    t = undefined;
  });

  it("migrates an empty database to the latest schema, and a second run is a no-op", async () => {
    t = await createTestDatabase(kind, { migrate: false });
    const first = await migrateToLatest(t.db);
    expect(first.applied).toEqual(Object.keys(migrations));
    const second = await migrateToLatest(t.db);
    expect(second.applied).toEqual([]);
    const rows = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(t.db.kysely);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it("two processes migrating at once apply each migration exactly once", async () => {
    t = await createTestDatabase(kind, { migrate: false });
    const run = () =>
      new Promise<{ code: number | null; out: string }>((resolve) => {
        const child = spawn(process.execPath, ["--import", "tsx", "scripts/migrate.ts"], {
          env: { ...process.env, DATABASE_URL: t!.url, LOG_LEVEL: "silent" },
        });
        let out = "";
        child.stdout.on("data", (d: Buffer) => (out += d.toString()));
        child.stderr.on("data", (d: Buffer) => (out += d.toString()));
        child.on("exit", (code) => resolve({ code, out }));
      });
    const [a, b] = await Promise.all([run(), run()]);
    expect([a.code, b.code], a.out + b.out).toEqual([0, 0]);
    expect([a.out, b.out].filter((o) => o.includes("Applied:"))).toHaveLength(1);
    const rows = await sql<{ name: string }>`select name from schema_migrations order by name`.execute(t.db.kysely);
    expect(rows.rows.map((r) => r.name)).toEqual(Object.keys(migrations));
  });

  it("answers a ping, and stops answering once closed", async () => {
    t = await createTestDatabase(kind);
    expect(await t.db.ping()).toBe(true);
    await t.db.close();
    expect(await t.db.ping()).toBe(false);
  });

  it("stores the outbox's epoch-millisecond times without loss", async () => {
    t = await createTestDatabase(kind);
    const now = 1_795_300_928_806;
    await t.db.kysely
      .insertInto("mail_outbox")
      .values({
        to_address: "a@example.com",
        subject: "s",
        text_body: "t",
        html_body: null,
        kind: "test",
        status: "pending",
        attempts: 0,
        next_attempt_at: now,
        last_error: null,
        created_at: now,
        sent_at: null,
      })
      .execute();
    const row = await t.db.kysely.selectFrom("mail_outbox").select(["id", "created_at"]).executeTakeFirstOrThrow();
    expect(Number(row.created_at)).toBe(now);
    expect(Number(row.id)).toBeGreaterThan(0);
  });
});

describe.runIf(testDatabaseKinds().includes("sqlite"))("SQLite specifics", () => {
  it("uses WAL journaling", async () => {
    const t = await createTestDatabase("sqlite");
    try {
      const r = await sql<{ journal_mode: string }>`pragma journal_mode`.execute(t.db.kysely);
      expect(r.rows[0]?.journal_mode).toBe("wal");
    } finally {
      await t.drop();
    }
  });
});
