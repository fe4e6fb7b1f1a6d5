import { type Context, Hono } from "hono";
import { isOrderStep } from "../../shared/content/studio-orders";
import { readJsonBody } from "../http/errors";
import { invalid } from "../services/errors";
import type { OrderFilter } from "../services/onboarding/studio-order-cards";
import { addOrderNote, deleteOrder, sendOrderMessage, setOrderAssignee, setOrderStep } from "../services/onboarding/studio-order-writes";
import { listOrders, orderDetail } from "../services/onboarding/studio-orders";
import { actorOf, type StudioEnv } from "./studio-guard";

async function bodyOf(c: Context<StudioEnv>): Promise<Record<string, unknown>> {
  const body = await readJsonBody(c);
  if (typeof body !== "object" || body === null || Array.isArray(body)) throw invalid("Send a JSON object.");
  return body as Record<string, unknown>;
}

/**
 * /api/studio/orders: kit orders (issue 41), the same services as the studio's pages. Owners and editors (the
 * policy's `orders` area); only owners delete (the service checks). Every write is rate-limited and audited by the
 * service; the site's cross-site guard refuses foreign posts.
 */
export function createStudioOrdersRouter(): Hono<StudioEnv> {
  const r = new Hono<StudioEnv>();
  r.get("/", async (c) => {
    const q = c.req.query();
    const filter: OrderFilter = {};
    if (q.step) {
      if (!isOrderStep(q.step)) throw invalid("step must be one of: received, setup, review, live", "step");
      filter.step = q.step;
    }
    if (q.kit) filter.kit = q.kit.slice(0, 100);
    if (q.assignee) filter.assignee = q.assignee.slice(0, 100);
    if (q.overdue === "1" || q.overdue === "true") filter.overdue = true;
    return c.json({ success: true, orders: await listOrders(c.get("deps"), actorOf(c), filter) });
  });
  r.get("/:id", async (c) => c.json({ success: true, order: await orderDetail(c.get("deps"), actorOf(c), Number(c.req.param("id"))) }));
  r.post("/:id/step", async (c) => {
    const b = await bodyOf(c);
    const result = await setOrderStep(c.get("deps"), Number(c.req.param("id")), { step: b.step }, actorOf(c));
    return c.json({ success: true, changed: result.changed, order: result.order });
  });
  r.post("/:id/assignee", async (c) => {
    const b = await bodyOf(c);
    return c.json({ success: true, order: await setOrderAssignee(c.get("deps"), Number(c.req.param("id")), { assignee: b.assignee ?? "" }, actorOf(c)) });
  });
  r.post("/:id/notes", async (c) => {
    const b = await bodyOf(c);
    await addOrderNote(c.get("deps"), Number(c.req.param("id")), { note: b.note }, actorOf(c));
    return c.json({ success: true }, 201);
  });
  r.post("/:id/messages", async (c) => {
    const b = await bodyOf(c);
    await sendOrderMessage(c.get("deps"), Number(c.req.param("id")), { message: b.message }, actorOf(c));
    return c.json({ success: true }, 201);
  });
  r.delete("/:id", async (c) => {
    await deleteOrder(c.get("deps"), Number(c.req.param("id")), actorOf(c));
    return c.json({ success: true });
  });
  return r;
}
