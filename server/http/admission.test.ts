import { describe, expect, it } from "vitest";
import { createAdmission } from "./admission";

const request = () => new Request("http://localhost/api/blogs");

/** A handler that finishes when the test says so. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { open, opened };
}

describe("the request line", () => {
  it("runs at most `concurrency` handlers at once and admits the others in arrival order", async () => {
    const line = createAdmission({ concurrency: 2, maxQueue: 10, maxWaitMs: 5_000 });
    const started: number[] = [];
    const gates = Array.from({ length: 5 }, gate);
    const answers = gates.map((g, i) =>
      line.run(
        request(),
        async () => {
          started.push(i);
          await g.opened;
          return new Response(String(i));
        },
        () => false,
      ),
    );
    await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1]);
    expect(line.stats()).toMatchObject({ active: 2, queued: 3 });

    gates[1]!.open();
    // The freed place is filled from a setImmediate; wait turns of the event
    // loop (not wall-clock time, which a busy machine stretches) until it is.
    for (let turn = 0; turn < 10 && started.length < 3; turn += 1) await new Promise((r) => setImmediate(r));
    expect(started).toEqual([0, 1, 2]);
    expect(line.stats()).toMatchObject({ active: 2, queued: 2 });
    for (const g of gates) g.open();
    const bodies = await Promise.all(answers.map(async (a) => (await (a as Promise<Response>)).text()));
    expect(bodies).toEqual(["0", "1", "2", "3", "4"]);
    expect(started).toEqual([0, 1, 2, 3, 4]);
    expect(line.stats()).toMatchObject({ active: 0, queued: 0, admitted: 5, shed: 0, maxQueued: 3 });
  });

  it("answers 503 with Retry-After when the line is full or a request waited too long", async () => {
    const shed: string[] = [];
    const line = createAdmission({ concurrency: 1, maxQueue: 1, maxWaitMs: 50, onShed: (_, reason) => shed.push(reason) });
    const g = gate();
    const first = line.run(request(), async () => (await g.opened, new Response("first")), () => false);
    const waiting = line.run(request(), () => new Response("second"), () => false) as Promise<Response>;
    const full = (await line.run(request(), () => new Response("third"), () => false)) as Response;
    expect(full.status).toBe(503);
    expect(full.headers.get("retry-after")).toBe("5");
    expect(((await full.json()) as { message: string }).message).toMatch(/busy/);

    const late = await waiting;
    expect(late.status).toBe(503);
    expect(shed).toEqual(["queue full", "waited too long"]);
    g.open();
    expect(await ((await first) as Response).text()).toBe("first");
    expect(line.stats()).toMatchObject({ active: 0, queued: 0, shed: 2 });
  });

  it("does no work for a request whose client left while it waited", async () => {
    const line = createAdmission({ concurrency: 1, maxQueue: 10, maxWaitMs: 5_000 });
    const g = gate();
    let ran = false;
    const first = line.run(request(), async () => (await g.opened, new Response("first")), () => false);
    const gone = line.run(
      request(),
      () => {
        ran = true;
        return new Response("never");
      },
      () => true,
    ) as Promise<Response>;
    g.open();
    await first;
    expect((await gone).status).toBe(499);
    expect(ran).toBe(false);
  });
});
