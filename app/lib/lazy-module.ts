import type { FormEvent } from "react";

/**
 * A module fetched on first need rather than with the page: form checks
 * (zod and the schemas) are not needed to show a page, only to submit it, so
 * they stay out of the scripts every page preloads.
 */
export type LazyModule<T> = {
  /** The module once it has arrived, else null. */
  readonly current: T | null;
  /** True when fetching it failed (offline): the server's own checks answer instead. */
  readonly failed: boolean;
  /** Starts fetching it (once; again after a failure). */
  load(): Promise<T>;
  /** Starts fetching it ahead of need (a form got focus); a failure here is left to the submit to handle. */
  prefetch(): void;
};

export function lazyModule<T>(fetchModule: () => Promise<T>): LazyModule<T> {
  let current: T | null = null;
  let failed = false;
  let pending: Promise<T> | null = null;
  const load = (): Promise<T> => {
    pending ??= fetchModule().then(
      (mod) => {
        current = mod;
        failed = false;
        return mod;
      },
      (error: unknown) => {
        failed = true;
        pending = null;
        throw error;
      },
    );
    return pending;
  };
  return {
    get current() {
      return current;
    },
    get failed() {
      return failed;
    },
    load,
    prefetch() {
      load().catch(() => {});
    },
  };
}

/**
 * For a submit handler that must decide at once whether the submission goes
 * ahead: with the module at hand, `check` runs now; otherwise the submission
 * is held, the module fetched, and the form submitted again (same button), so
 * `check` runs then. Should the fetch fail, the form is submitted unchecked
 * and the server's checks answer.
 */
export function checkBeforeSubmit<T>(
  mod: LazyModule<T>,
  event: FormEvent<HTMLFormElement>,
  check: (mod: T) => void,
): void {
  if (mod.current) {
    check(mod.current);
    return;
  }
  if (mod.failed) return;
  event.preventDefault();
  const form = event.currentTarget;
  const submitter = (event.nativeEvent as SubmitEvent).submitter;
  const again = () => form.requestSubmit(submitter);
  mod.load().then(again, again);
}
