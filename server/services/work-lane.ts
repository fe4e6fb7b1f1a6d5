/**
 * A bounded lane for work that holds a thread of libuv's pool: password hashing (auth/password.ts) and image
 * uploads (media/lane.ts). The pool has four threads, which file reads and response compression use too; each
 * scrypt takes tens of milliseconds and 32 MiB of one, so twenty sign-ins at once would take every thread and
 * every place of the request line, and pages would wait behind them. In a lane at most `concurrency` pieces of
 * work run at once, a short queue waits, and beyond it (or after waiting too long) the caller is refused at once,
 * so no kind of work takes more than its share of the machine.
 *
 * Callers come in turns (issue 39, item 2; the hashing lane uses them): "known" (a device or address the account
 * signed in from before), "calm" (a stranger on an account without recent failures) and "attacked" (a stranger
 * on an account that has failures counted against it). A free place goes to the first turn that has someone
 * waiting, and `reserved` places beyond `concurrency` are for the known turn alone: a storm of strangers fills
 * its own places and its own queue, never a known device's, so the owner signing in on their own phone never
 * waits for a stranger's hash. Each turn has its own queue of `maxQueue`.
 */
export type LaneOptions = {
  /** Pieces of work running at once for anyone (each holds one thread of the pool). */
  concurrency: number;
  /** Further pieces at once for the known turn only (default 0: a lane of one turn, as the media lane is). */
  reserved?: number;
  /** Pieces allowed to wait for a place, per turn; one more is refused at once. */
  maxQueue: number;
  /** A piece that has waited this long is refused instead of waiting on. */
  maxWaitMs: number;
};

/** Who is asking, first to last: see the lane's comment. */
export const LANE_TURNS = ["known", "calm", "attacked"] as const;
export type LaneTurn = (typeof LANE_TURNS)[number];

/** The lane is full: the caller should say the service is busy and when to retry. */
export class LaneFullError extends Error {
  constructor(readonly reason: "queue full" | "waited too long") {
    super(`work lane: ${reason}`);
    this.name = "LaneFullError";
  }
}

export type LaneStats = {
  active: number;
  queued: number;
  refused: number;
  maxActive: number;
  /** Per turn: running now, waiting now, refused so far, started so far. */
  turns: Record<LaneTurn, { active: number; queued: number; refused: number; started: number }>;
};

export function createLane(options: LaneOptions) {
  type Waiter = { start: () => void; timer: NodeJS.Timeout };
  const reserved = options.reserved ?? 0;
  const queues: Record<LaneTurn, Waiter[]> = { known: [], calm: [], attacked: [] };
  const turns = Object.fromEntries(LANE_TURNS.map((t) => [t, { active: 0, refused: 0, started: 0 }])) as Record<
    LaneTurn,
    { active: number; refused: number; started: number }
  >;
  let active = 0;
  let maxActive = 0;

  /** The places a turn may take: strangers only the shared ones, the known turn the reserved ones too. */
  const places = (turn: LaneTurn) => options.concurrency + (turn === "known" ? reserved : 0);

  function begin(turn: LaneTurn) {
    active += 1;
    turns[turn].active += 1;
    turns[turn].started += 1;
    maxActive = Math.max(maxActive, active);
  }

  /** Hands freed places to the waiters, first turn first, each within its own bound. */
  function next() {
    for (const turn of LANE_TURNS) {
      const queue = queues[turn];
      while (queue.length && active < places(turn)) {
        const waiter = queue.shift()!;
        clearTimeout(waiter.timer);
        waiter.start();
      }
    }
  }

  async function execute<T>(work: () => Promise<T>, turn: LaneTurn): Promise<T> {
    begin(turn);
    try {
      return await work();
    } finally {
      active -= 1;
      turns[turn].active -= 1;
      next();
    }
  }

  return {
    /** `turn`: who asks (default "calm": a lane without turns treats everyone alike). */
    run<T>(work: () => Promise<T>, turn: LaneTurn = "calm"): Promise<T> {
      // A turn ahead of this one with someone waiting keeps its claim on the next free place.
      const ahead = LANE_TURNS.slice(0, LANE_TURNS.indexOf(turn)).some((t) => queues[t].length > 0);
      if (active < places(turn) && !ahead && queues[turn].length === 0) return execute(work, turn);
      const queue = queues[turn];
      if (queue.length >= options.maxQueue) {
        turns[turn].refused += 1;
        return Promise.reject(new LaneFullError("queue full"));
      }
      return new Promise<T>((resolve, reject) => {
        const waiter: Waiter = {
          start: () => void execute(work, turn).then(resolve, reject),
          timer: setTimeout(() => {
            const at = queue.indexOf(waiter);
            if (at !== -1) queue.splice(at, 1);
            turns[turn].refused += 1;
            reject(new LaneFullError("waited too long"));
          }, options.maxWaitMs),
        };
        queue.push(waiter);
      });
    },
    stats(): LaneStats {
      const perTurn = Object.fromEntries(LANE_TURNS.map((t) => [t, { ...turns[t], queued: queues[t].length }])) as LaneStats["turns"];
      return {
        active,
        queued: LANE_TURNS.reduce((n, t) => n + queues[t].length, 0),
        refused: LANE_TURNS.reduce((n, t) => n + turns[t].refused, 0),
        maxActive,
        turns: perTurn,
      };
    },
  };
}
