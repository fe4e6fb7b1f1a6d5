import { describe, expect, it } from "vitest";
import { LogCapture, testConfig } from "../../tests/helpers/deps";
import type { Deps } from "../context";
import type { Db } from "../db/database";
import { createLogger } from "../logger";
import { intervalWorker } from "./interval-worker";

/** The worker loop needs only the logger; no tick here touches the database. */
function loopDeps(): Deps & { logs: LogCapture } {
  const logs = new LogCapture();
  return { config: testConfig(), db: undefined as unknown as Db, log: createLogger("debug", logs), logs };
}

/** A few turns of the event loop: a tick starts from a setImmediate (counted in turns, not milliseconds a busy machine stretches). */
const tickOnce = async () => {
  for (let turn = 0; turn < 5; turn += 1) await new Promise((r) => setImmediate(r));
};

describe("intervalWorker", () => {
  it("runs at once, never overlaps itself, and runs once more when kicked during a tick", async () => {
    const deps = loopDeps();
    let active = 0;
    let maxActive = 0;
    let ticks = 0;
    let release: () => void = () => {};
    const worker = intervalWorker("test", deps, 60_000, async () => {
      ticks++;
      active++;
      maxActive = Math.max(maxActive, active);
      if (ticks === 1) await new Promise<void>((r) => (release = r));
      active--;
    });
    await tickOnce();
    expect(ticks).toBe(1);
    worker.kick();
    worker.kick();
    worker.kick();
    release();
    await worker.idle();
    // Three kicks during the first tick make exactly one more run, right after it.
    expect(ticks).toBe(2);
    expect(maxActive).toBe(1);
    await worker.stop();
    worker.kick();
    await tickOnce();
    expect(ticks).toBe(2);
  });

  it("logs a failing tick and keeps running", async () => {
    const deps = loopDeps();
    let ticks = 0;
    const worker = intervalWorker("flaky", deps, 60_000, async () => {
      ticks++;
      if (ticks === 1) throw new Error("database is locked");
    });
    await tickOnce();
    worker.kick();
    await worker.idle();
    await worker.stop();
    expect(ticks).toBe(2);
    expect(deps.logs.text).toContain("worker tick failed");
    expect(deps.logs.text).toContain("database is locked");
  });
});
