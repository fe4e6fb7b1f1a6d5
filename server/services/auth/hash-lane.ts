/**
 * A bounded lane for password hashing. Each scrypt takes tens of milliseconds
 * of a libuv worker thread and 32 MiB; the pool has four threads, which file
 * reads and response compression use too. Twenty sign-ins at once would take
 * every thread and every place of the request line, and pages would wait
 * behind them. In this lane at most `concurrency` hashes run at once, a short
 * queue waits, and beyond it (or after waiting too long) the caller is refused
 * at once, so hashing never takes more than its share of the machine.
 */
export type LaneOptions = {
  /** Hashes running at once (each holds one thread of the pool). */
  concurrency: number;
  /** Hashes allowed to wait for a place; one more is refused at once. */
  maxQueue: number;
  /** A hash that has waited this long is refused instead of waiting on. */
  maxWaitMs: number;
};

/** The lane is full: the caller should say the service is busy and when to retry. */
export class LaneFullError extends Error {
  constructor(readonly reason: "queue full" | "waited too long") {
    super(`password hashing lane: ${reason}`);
    this.name = "LaneFullError";
  }
}

export type LaneStats = { active: number; queued: number; refused: number; maxActive: number };

export function createLane(options: LaneOptions) {
  type Waiter = { start: () => void; timer: NodeJS.Timeout };
  const queue: Waiter[] = [];
  let active = 0;
  let refused = 0;
  let maxActive = 0;

  async function execute<T>(work: () => Promise<T>): Promise<T> {
    maxActive = Math.max(maxActive, active);
    try {
      return await work();
    } finally {
      // The place passes straight to the next waiter, so `active` never exceeds the bound.
      const next = queue.shift();
      if (next) {
        clearTimeout(next.timer);
        next.start();
      } else {
        active -= 1;
      }
    }
  }

  return {
    run<T>(work: () => Promise<T>): Promise<T> {
      if (active < options.concurrency) {
        active += 1;
        return execute(work);
      }
      if (queue.length >= options.maxQueue) {
        refused += 1;
        return Promise.reject(new LaneFullError("queue full"));
      }
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => void execute(work).then(resolve, reject),
          timer: setTimeout(() => {
            const at = queue.indexOf(waiter);
            if (at !== -1) queue.splice(at, 1);
            refused += 1;
            reject(new LaneFullError("waited too long"));
          }, options.maxWaitMs),
        };
        queue.push(waiter);
      });
    },
    stats(): LaneStats {
      return { active, queued: queue.length, refused, maxActive };
    },
  };
}
