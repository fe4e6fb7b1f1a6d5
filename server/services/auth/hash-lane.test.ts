import { describe, expect, it } from "vitest";
import { Hono } from "hono";
import { serviceErrorJson } from "../../http/errors";
import { ServiceError } from "../errors";
import { createLane, LaneFullError } from "./hash-lane";
import { HASH_LANE, hashLane, hashPassword } from "./password";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
}

/** The refusal as the API answers it. */
async function asApiAnswer(error: ServiceError) {
  const app = new Hono();
  app.get("/", () => {
    throw error;
  });
  app.onError((e, c) => serviceErrorJson(c, e as ServiceError));
  const res = await app.request("/");
  return { status: res.status, headers: { "Retry-After": res.headers.get("retry-after") } };
}

describe("S7: the password hashing lane", () => {
  it("runs at most `concurrency` at once, queues up to `maxQueue`, refuses the rest at once", async () => {
    const lane = createLane({ concurrency: 2, maxQueue: 3, maxWaitMs: 10_000 });
    const gates = Array.from({ length: 8 }, deferred);
    let running = 0;
    let peak = 0;
    const results = gates.map((gate) =>
      lane
        .run(async () => {
          running += 1;
          peak = Math.max(peak, running);
          await gate.promise;
          running -= 1;
          return "done";
        })
        .catch((error: unknown) => error),
    );
    expect(lane.stats()).toMatchObject({ active: 2, queued: 3, refused: 3 });
    for (const gate of gates) gate.resolve();
    const settled = await Promise.all(results);
    expect(settled.filter((r) => r === "done")).toHaveLength(5);
    const refusals = settled.filter((r) => r instanceof LaneFullError) as LaneFullError[];
    expect(refusals.map((r) => r.reason)).toEqual(["queue full", "queue full", "queue full"]);
    expect(peak).toBe(2);
    expect(lane.stats()).toMatchObject({ active: 0, queued: 0, maxActive: 2 });
  });

  it("refuses a waiter that waited too long, and the place passes on to the next", async () => {
    const lane = createLane({ concurrency: 1, maxQueue: 2, maxWaitMs: 30 });
    const gate = deferred();
    const first = lane.run(() => gate.promise.then(() => "first"));
    const waiting = lane.run(async () => "second").catch((error: unknown) => error);
    const refused = await waiting;
    expect(refused).toBeInstanceOf(LaneFullError);
    expect((refused as LaneFullError).reason).toBe("waited too long");
    gate.resolve();
    expect(await first).toBe("first");
    expect(await lane.run(async () => "third")).toBe("third");
    expect(lane.stats()).toMatchObject({ active: 0, queued: 0 });
  });

  it("bounds real scrypt hashing: beyond the queue a hash is refused with 503 and Retry-After", async () => {
    const burst = HASH_LANE.concurrency + HASH_LANE.maxQueue + 4;
    const settled = await Promise.all(
      Array.from({ length: burst }, (_, i) => hashPassword(`password number ${i}`).catch((error: unknown) => error)),
    );
    const hashed = settled.filter((r) => typeof r === "string");
    const refused = settled.filter((r) => r instanceof ServiceError) as ServiceError[];
    // The four beyond the queue are refused at once; on a very busy machine a queued one may also wait too long.
    expect(hashed.length + refused.length).toBe(burst);
    expect(hashed.length).toBeGreaterThanOrEqual(HASH_LANE.concurrency);
    expect(refused.length).toBeGreaterThanOrEqual(4);
    expect(await asApiAnswer(refused[0]!)).toMatchObject({ status: 503, headers: { "Retry-After": "2" } });
    expect(hashLane.stats().maxActive).toBeLessThanOrEqual(HASH_LANE.concurrency);
  });
});
