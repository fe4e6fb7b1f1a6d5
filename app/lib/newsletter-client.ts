import type { Locale } from "@shared/i18n";

/** What the subscription API said: accepted (with its message), refused (with its reason), or unreachable. */
export type SubscribeOutcome = { kind: "ok"; message?: string } | { kind: "refused"; message?: string } | { kind: "network" };

/** Both newsletter forms subscribe through this call to `POST /api/newsletter/subscribe`. */
/**
 * `source`: the form used (footer, blogs…), kept as the subscriber's label. `locale`: the page's language, in which
 * the confirmation e-mail is written (sent only when it is not English, so English requests stay as they were).
 */
export async function subscribeToNewsletter(email: string, source?: string, locale: Locale = "en"): Promise<SubscribeOutcome> {
  let res: Response;
  try {
    res = await fetch("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(locale === "en" ? { email: email.trim(), source } : { email: email.trim(), source, locale }),
    });
  } catch {
    return { kind: "network" };
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null;
  const message = typeof body?.message === "string" && body.message ? body.message : undefined;
  return res.ok && body?.success ? { kind: "ok", message } : { kind: "refused", message };
}
