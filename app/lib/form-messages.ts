import { hindiWords, useHindi } from "./hindi-words";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

/**
 * How the page shows a message from a form's checks or the server (issue 33): as it is on an English page, in Hindi
 * on a Hindi one (shared/content/hi/messages.ts, fetched on Hindi pages only: decision 0036). Empty stays empty, so
 * `say(errors.email)` needs no guard.
 */
export function useMessage(): <M extends string | undefined | null>(message: M) => M {
  const hi = useHindi(HINDI_FORMS);
  return (message) => (hi && message ? (hi.hindiMessage(message) as typeof message) : message);
}
