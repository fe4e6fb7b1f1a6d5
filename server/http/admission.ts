export type AdmissionOptions = {
  /** Requests the app works on at once; the others wait their turn, first come first served. */
  concurrency: number;
  /** Requests allowed to wait; beyond that the server answers 503 at once. */
  maxQueue: number;
  /** A request that has waited this long is answered 503 (Retry-After) instead of waiting on. */
  maxWaitMs: number;
  /** Called when a request is turned away (for the log). */
  onShed?: (request: Request, reason: "queue full" | "waited too long") => void;
};

export type AdmissionStats = { active: number; queued: number; admitted: number; shed: number; maxQueued: number; maxWaitMs: number };

/**
 * Caps the requests the app handles at once and queues the rest in arrival order.
 *
 * Why: libuv accepts one new connection per event-loop iteration. When the app
 * works on many requests at once, every iteration runs all their synchronous
 * work (rendering, SQLite calls), iterations take hundreds of milliseconds,
 * and a burst of new connections sits in the kernel's accept queue for tens of
 * seconds while the connections already accepted are served again and again.
 * With a cap, an iteration only carries the admitted requests' work, so it
 * stays short and new connections are accepted, read and queued promptly.
 * Queued requests are admitted from a setImmediate, at most up to the cap per
 * iteration, never in a chain of microtasks that would lengthen the iteration.
 *
 * A request reaches the line only with its whole body in memory (body-gate.ts,
 * decision 0019): a client sending its body slowly never holds a place.
 */
export function createAdmission(options: AdmissionOptions) {
  type Waiter = { start: () => void; timer: NodeJS.Timeout; enqueuedAt: number; done: boolean };
  const queue: Waiter[] = [];
  let head = 0;
  let active = 0;
  let admitted = 0;
  let shed = 0;
  let maxQueued = 0;
  let maxWaitMs = 0;
  let pumpScheduled = false;
  /** Waiters neither started nor timed out. */
  let waiting = 0;

  const queued = () => waiting;

  const pump = () => {
    pumpScheduled = false;
    const now = performance.now();
    while (active < options.concurrency && head < queue.length) {
      const waiter = queue[head++]!;
      if (waiter.done) continue;
      waiter.done = true;
      waiting -= 1;
      clearTimeout(waiter.timer);
      maxWaitMs = Math.max(maxWaitMs, now - waiter.enqueuedAt);
      waiter.start();
    }
    if (head > 1024 && head * 2 > queue.length) {
      queue.splice(0, head);
      head = 0;
    }
  };
  const schedulePump = () => {
    if (pumpScheduled || waiting === 0) return;
    pumpScheduled = true;
    setImmediate(pump);
  };

  const overloaded = (request: Request, reason: "queue full" | "waited too long"): Response => {
    shed += 1;
    options.onShed?.(request, reason);
    return new Response(JSON.stringify({ success: false, message: "The server is busy. Please try again in a few seconds." }), {
      status: 503,
      headers: {
        "content-type": "application/json; charset=utf-8",
        "cache-control": "no-store",
        "retry-after": "5",
        "x-content-type-options": "nosniff",
      },
    });
  };

  const runAdmitted = async (handle: () => unknown): Promise<unknown> => {
    active += 1;
    admitted += 1;
    try {
      return await handle();
    } finally {
      active -= 1;
      schedulePump();
    }
  };

  return {
    /**
     * Runs `handle` now if there is room, else when its turn comes; `clientGone`
     * tells whether the client left while the request waited (it is then dropped).
     */
    run(request: Request, handle: () => unknown, clientGone: () => boolean): unknown {
      if (active < options.concurrency && queued() === 0) return runAdmitted(handle);
      if (queued() >= options.maxQueue) return overloaded(request, "queue full");
      return new Promise<unknown>((resolve) => {
        const waiter: Waiter = {
          enqueuedAt: performance.now(),
          done: false,
          start: () => {
            if (clientGone()) {
              // Nobody is listening any more: do no work for it.
              resolve(new Response(null, { status: 499 }));
              return;
            }
            resolve(runAdmitted(handle));
          },
          timer: setTimeout(() => {
            waiter.done = true;
            waiting -= 1;
            resolve(overloaded(request, "waited too long"));
          }, options.maxWaitMs),
        };
        queue.push(waiter);
        waiting += 1;
        maxQueued = Math.max(maxQueued, waiting);
        if (active < options.concurrency) schedulePump();
      });
    },
    stats(): AdmissionStats {
      return { active, queued: queued(), admitted, shed, maxQueued, maxWaitMs: Math.round(maxWaitMs) };
    },
  };
}
