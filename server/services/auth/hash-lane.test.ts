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

  it("issue 39, item 2: a known caller takes the reserved place at once while strangers fill theirs and their queue", async () => {
    const lane = createLane({ concurrency: 1, reserved: 1, maxQueue: 2, maxWaitMs: 10_000 });
    const started: string[] = [];
    const gates = new Map<string, ReturnType<typeof deferred>>();
    const job = (name: string, turn: "known" | "calm" | "attacked") => {
      const gate = deferred();
      gates.set(name, gate);
      return lane
        .run(async () => {
          started.push(name);
          await gate.promise;
          return name;
        }, turn)
        .catch((error: unknown) => error);
    };
    // Strangers: one runs, two wait, the fourth is refused at once (their queue is full).
    const strangers = ["s1", "s2", "s3", "s4"].map((n) => job(n, "calm"));
    expect(await strangers[3]).toBeInstanceOf(LaneFullError);
    // The known device's hash starts at once in the reserved place, while both strangers still wait.
    const known = job("k1", "known");
    expect(started).toEqual(["s1", "k1"]);
    expect(lane.stats().turns).toMatchObject({ known: { active: 1 }, calm: { active: 1, queued: 2, refused: 1 } });
    gates.get("k1")!.resolve();
    expect(await known).toBe("k1");
    // The reserved place is not the strangers': they still wait for theirs.
    expect(started).toEqual(["s1", "k1"]);
    gates.get("s1")!.resolve();
    await strangers[0];
    expect(started).toEqual(["s1", "k1", "s2"]);
    for (const gate of gates.values()) gate.resolve();
    await Promise.all(strangers);
  });

  it("hands a freed place to the first turn waiting: known, then calm accounts, then attacked ones", async () => {
    const lane = createLane({ concurrency: 1, reserved: 0, maxQueue: 3, maxWaitMs: 10_000 });
    const started: string[] = [];
    const first = deferred();
    const running = lane.run(() => first.promise, "calm");
    const all = (
      [
        ["a1", "attacked"],
        ["c1", "calm"],
        ["a2", "attacked"],
        ["k1", "known"],
        ["c2", "calm"],
      ] as const
    ).map(([name, turn]) => lane.run(async () => void started.push(name), turn));
    first.resolve();
    await running;
    await Promise.all(all);
    expect(started).toEqual(["k1", "c1", "c2", "a1", "a2"]);
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
