import type { Deps } from "./context";
import { mailOutboxWorker } from "./services/mail";
import { leadDeliveryWorker } from "./services/lead-delivery";
import { accountCleanupWorker } from "./services/auth/sessions";

/** A background loop (mail outbox, lead outbox…) that stops cleanly on shutdown. */
export type Worker = { name: string; stop(): Promise<void> };

export type WorkerFactory = (deps: Deps) => Worker;

/** Every background worker the server runs. Features append theirs here. */
export const WORKER_FACTORIES: WorkerFactory[] = [mailOutboxWorker, leadDeliveryWorker, accountCleanupWorker];

export function startWorkers(deps: Deps, factories: WorkerFactory[] = WORKER_FACTORIES): Worker[] {
  return factories.map((start) => start(deps));
}

/**
 * A loop that runs `tick` every `intervalMs` (and at once), never overlapping
 * itself, and whose errors are logged instead of crashing the process.
 */
export function intervalWorker(
  name: string,
  deps: Deps,
  intervalMs: number,
  tick: () => Promise<void>,
): Worker {
  let running: Promise<void> | null = null;
  let stopped = false;
  const run = () => {
    if (running || stopped) return;
    running = tick()
      .catch((err: unknown) => deps.log.warn({ worker: name, err: { message: (err as Error).message } }, "worker tick failed"))
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(run, intervalMs);
  timer.unref();
  setImmediate(run);
  return {
    name,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
