import { hindiMessage } from "@shared/content/hi/messages";
import { useLocale } from "./locale";

/**
 * How the page shows a message from a form's checks or the server (issue 33): as it is on an English page, in Hindi
 * on a Hindi one (shared/content/hi/messages.ts). Empty stays empty, so `say(errors.email)` needs no guard.
 */
export function useMessage(): <M extends string | undefined | null>(message: M) => M {
  const locale = useLocale();
  return (message) => (locale === "hi" && message ? (hindiMessage(message) as typeof message) : message);
}
