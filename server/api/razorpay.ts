import { Hono } from "hono";
import type { AppEnv } from "../context";
import { handleRazorpayWebhook } from "../services/booking/webhook";

/** POST /api/razorpay/webhook: Razorpay's signed events (issue 42), read from the raw body. */
export function createRazorpayRouter(): Hono<AppEnv> {
  const router = new Hono<AppEnv>();
  router.post("/webhook", async (c) => {
    const raw = Buffer.from(await c.req.arrayBuffer());
    const answer = await handleRazorpayWebhook(c.get("deps"), raw, { signature: c.req.header("x-razorpay-signature") ?? null, eventId: c.req.header("x-razorpay-event-id") ?? null });
    return c.json(answer.body, answer.status);
  });
  return router;
}
