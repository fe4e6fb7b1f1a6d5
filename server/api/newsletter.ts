import { Hono } from "hono";
import { z } from "zod";
import { NEWSLETTER } from "../../shared/content/blog";
import type { AppEnv } from "../context";
import { readJson } from "../http/errors";
import { invalid } from "../services/errors";
import { SubscribeSchema, confirmSubscription, subscribe, unsubscribe } from "../services/newsletter/subscribe";
import { recordGoal } from "../http/page-views";
import { LocaleFieldSchema } from "../../shared/schemas/locale";

// The form used (footer, blogs…): kept as a label when it is a known one, ignored otherwise (decision 0030).
// `locale`: the language of the page the form is on (issue 33); the confirmation e-mail is in it. English when absent.
const SubscribeBody = SubscribeSchema.extend({
  source: z.string().max(40).optional(),
  locale: LocaleFieldSchema,
});

const TokenBody = z.object({ token: z.string({ error: "token is required" }).min(1, "token is required").max(200) });

/** /api/newsletter: double opt-in subscription, confirmation and unsubscribing. */
export function newsletterRouter(): Hono<AppEnv> {
  const r = new Hono<AppEnv>();

  r.post("/subscribe", async (c) => {
    const { email, source, locale } = await readJson(c, SubscribeBody);
    const result = await subscribe(c.get("deps"), email, c.get("clientIp"), source, locale);
    recordGoal(c.get("deps"), "newsletter", c.req.raw, c.get("clientIp"));
    return c.json({ success: true, message: result.message });
  });

  r.post("/confirm", async (c) => {
    const { token } = await readJson(c, TokenBody);
    if (!(await confirmSubscription(c.get("deps"), token))) throw invalid(NEWSLETTER.confirm.invalid.text);
    return c.json({ success: true, message: NEWSLETTER.confirm.confirmed.heading });
  });

  r.post("/unsubscribe", async (c) => {
    const { token } = await readJson(c, TokenBody);
    if (!(await unsubscribe(c.get("deps"), token))) throw invalid(NEWSLETTER.unsubscribe.invalid.text);
    return c.json({ success: true, message: NEWSLETTER.unsubscribe.done.heading });
  });

  // RFC 8058 one-click unsubscribe: the mail client posts here (no page, no session, from another origin).
  // A GET (someone opened the address) shows the unsubscribe page with its button instead.
  r.post("/one-click", async (c) => {
    const token = c.req.query("token") ?? "";
    if (!(await unsubscribe(c.get("deps"), token))) throw invalid(NEWSLETTER.unsubscribe.invalid.text);
    return c.json({ success: true, message: NEWSLETTER.unsubscribe.done.heading }, 200, { "Cache-Control": "no-store", "Referrer-Policy": "no-referrer" });
  });
  r.get("/one-click", (c) => {
    const token = c.req.query("token") ?? "";
    return c.redirect(`/newsletter/unsubscribe?token=${encodeURIComponent(token.slice(0, 200))}`, 303);
  });

  return r;
}
