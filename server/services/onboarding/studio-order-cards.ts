import { type StaffAccess } from "../../../shared/content/studio";
import { ORDER_STEPS, ORDERS_MESSAGES, type OrderStep } from "../../../shared/content/studio-orders";
import { mayOpen } from "../../../shared/studio-policy";
import type { Deps } from "../../context";
import { forbidden, notFound } from "../errors";
import { type KitStep, toKitOrder } from "./types";

/**
 * An order as the studio's board shows it (a card), read with its customer and assignee; who may open orders. The
 * floor of the studio's side of kit orders: its reads (studio-orders.ts), its writes (studio-order-writes.ts) and
 * its e-mails (studio-order-mail.ts) stand on it.
 */

// The studio's steps are the domain's, word for word (a type error here when one list changes without the other).
const SAME_STEPS: readonly KitStep[] = ORDER_STEPS;
void SAME_STEPS;

/** Who is asking: staff the studio's policy lets into orders. */
export type OrdersViewer = { access: StaffAccess };

export function assertMayOpenOrders(viewer: OrdersViewer): void {
  if (!mayOpen(viewer.access, "orders")) throw forbidden(ORDERS_MESSAGES.ownersOnlyDelete);
}

export type OrderCard = {
  id: number;
  number: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  business: string;
  /** The kit's name as the customer chose it, and its key (the filter's value). */
  kit: string;
  kitKey: string;
  step: OrderStep;
  /** The customer's language for e-mails. */
  locale: "en" | "hi";
  assigneeId: string | null;
  assigneeName: string | null;
  submittedAt: number;
  dueAt: number;
  stepAt: number;
  liveAt: number | null;
  /** Past its promised time and not live yet: computed from the time fixed at submission, never from today's copy. */
  overdue: boolean;
  ageMs: number;
  /** Until the promised time (negative: overdue by); null once live. */
  leftMs: number | null;
};

export type OrderFilter = { step?: OrderStep; kit?: string; assignee?: string; overdue?: boolean };

/** Whether an order is overdue at `now`: not live, and past the due time fixed when the brief was submitted. */
export function isOverdue(order: { step: string; dueAt: number }, now: number): boolean {
  return order.step !== "live" && now > order.dueAt;
}

export function orderQuery(deps: Pick<Deps, "db">) {
  return deps.db.kysely
    .selectFrom("kit_orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("users as a", "a.id", "o.assignee_id")
    .selectAll("o")
    .select(["u.name as customer_name", "u.email as customer_email", "u.company as company", "a.name as assignee_name", "a.email as assignee_email"]);
}

export type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>["execute"]>>[number];

export function toCard(row: OrderRow, now: number): OrderCard {
  const order = toKitOrder(row);
  return {
    id: order.id,
    number: order.number,
    userId: order.userId,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    business: order.brief.businessName.trim() || row.company || "",
    kit: order.kitLabel,
    kitKey: order.kitKey,
    step: order.step,
    locale: order.locale,
    assigneeId: order.assigneeId,
    assigneeName: order.assigneeId ? row.assignee_name || row.assignee_email || null : null,
    submittedAt: order.submittedAt,
    dueAt: order.dueAt,
    stepAt: order.stepChangedAt,
    liveAt: order.liveAt,
    overdue: isOverdue(order, now),
    ageMs: Math.max(0, now - order.submittedAt),
    leftMs: order.step === "live" ? null : order.dueAt - now,
  };
}
/** Overdue first (the most overdue on top), then by promised time, live last. */
export function sortCards(cards: OrderCard[]): OrderCard[] {
  const rank = (c: OrderCard) => (c.overdue ? 0 : c.step === "live" ? 2 : 1);
  return [...cards].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? (b.liveAt ?? 0) - (a.liveAt ?? 0) : a.dueAt - b.dueAt) || a.id - b.id);
}
export function assertId(id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(ORDERS_MESSAGES.notFound);
}

export async function cardOf(deps: Pick<Deps, "db">, id: number, now: number): Promise<{ card: OrderCard; row: OrderRow }> {
  assertId(id);
  const row = await orderQuery(deps).where("o.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(ORDERS_MESSAGES.notFound);
  return { card: toCard(row, now), row };
}
