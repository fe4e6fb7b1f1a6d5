import type { Deps } from "../context";

/** A background loop (mail outbox, lead outbox…) that stops cleanly on shutdown. */
export type Worker = { name: string; stop(): Promise<void> };

/** A background loop that can also be woken at once (e.g. when work was just queued). */
export type KickableWorker = Worker & {
  /** Runs a tick now, or once more right after the current one ends. */
  kick(): void;
  /** Resolves when no tick is running or due to run again. */
  idle(): Promise<void>;
};

/**
 * A loop that runs `tick` every `intervalMs` (and at once), never overlapping
 * itself, and whose errors are logged instead of crashing the process. A
 * `kick()` during a tick makes it run again right after, so work queued
 * meanwhile is not left for the next interval.
 */
export function intervalWorker(name: string, deps: Deps, intervalMs: number, tick: () => Promise<void>): KickableWorker {
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = false;
  const loop = async () => {
    do {
      again = false;
      try {
        await tick();
      } catch (err: unknown) {
        deps.log.warn({ worker: name, err: { message: (err as Error).message } }, "worker tick failed");
      }
    } while (again && !stopped);
  };
  const kick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = loop().finally(() => {
      running = null;
    });
  };
  const timer = setInterval(kick, intervalMs);
  timer.unref();
  setImmediate(kick);
  return {
    name,
    kick,
    async idle() {
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
