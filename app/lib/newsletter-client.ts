/** What the subscription API said: accepted (with its message), refused (with its reason), or unreachable. */
export type SubscribeOutcome = { kind: "ok"; message?: string } | { kind: "refused"; message?: string } | { kind: "network" };

/** Both newsletter forms subscribe through this call to `POST /api/newsletter/subscribe`. */
/** `source`: the form used (footer, blogs…), kept as the subscriber's label. */
export async function subscribeToNewsletter(email: string, source?: string): Promise<SubscribeOutcome> {
  let res: Response;
  try {
    res = await fetch("/api/newsletter/subscribe", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: email.trim(), source }),
    });
  } catch {
    return { kind: "network" };
  }
  const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string } | null;
  const message = typeof body?.message === "string" && body.message ? body.message : undefined;
  return res.ok && body?.success ? { kind: "ok", message } : { kind: "refused", message };
}
