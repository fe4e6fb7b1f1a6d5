import { describe, expect, it } from "vitest";
import { createLane, LaneFullError } from "./work-lane";

function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => (resolve = r));
  return { promise, resolve };
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
});
