import { spawn } from "node:child_process";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFreeSlots } from "../../server/services/booking/holds";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const CHILD = path.join(import.meta.dirname, "booking-process.ts");
const NOW = Date.parse("2026-12-06T06:30:00Z");
const PROCESSES = 4;

/** Starts the processes, lets them all open the database, then sends them off at once; their printed outcomes. */
async function race(env: Record<string, string>): Promise<string[]> {
  const children = Array.from({ length: PROCESSES }, (_, i) =>
    spawn(process.execPath, ["--import", "tsx", CHILD], { env: { ...process.env, ...env, BOOKING_N: String(i + 1) }, stdio: ["pipe", "pipe", "inherit"] }),
  );
  const outputs = children.map(() => "");
  await Promise.all(
    children.map(
      (child, i) =>
        new Promise<void>((resolve, reject) => {
          child.stdout.on("data", (chunk: Buffer) => {
            outputs[i] += chunk.toString();
            if (outputs[i]!.includes("ready\n")) resolve();
          });
          child.once("exit", () => reject(new Error(`process ${i} ended before it was ready: ${outputs[i]}`)));
        }),
    ),
  );
  const ended = children.map((child) => new Promise<void>((resolve) => child.once("exit", () => resolve())));
  for (const child of children) child.stdin.write("go\n");
  await Promise.all(ended);
  return outputs.map((o) => o.replace("ready\n", "").trim());
}

describe.each(testDatabaseKinds())("the last slot across processes on %s", (kind) => {
  let t: TestDatabase;
  let mailDir: string;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    mailDir = await fs.mkdtemp(path.join(os.tmpdir(), "wp-booking-procs-"));
  });
  afterAll(async () => {
    await t?.drop();
    await fs.rm(mailDir, { recursive: true, force: true });
  });

  it(`${PROCESSES} processes booking one slot at once: one booking, the others told it was just taken`, async () => {
    const deps = testDeps(t.db, { MAIL_DIR: mailDir });
    const slot = (await listFreeSlots(deps, NOW)).slots[0]!;
    const outcomes = await race({ BOOKING_DB_URL: t.url, BOOKING_SLOT: String(slot), BOOKING_NOW: String(NOW), MAIL_DIR: mailDir });
    expect(outcomes.filter((o) => o.startsWith("booked"))).toHaveLength(1);
    expect(outcomes.filter((o) => o.startsWith("refused conflict slot That time was just taken, pick another."))).toHaveLength(PROCESSES - 1);
    const rows = await t.db.kysely.selectFrom("demo_bookings").select("id").where("active_start", "=", slot).execute();
    expect(rows).toHaveLength(1);
  }, 120_000);
});
