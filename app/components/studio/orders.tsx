import { Link } from "react-router";
import { ORDER_STEPS, ORDERS_PAGES, type OrderStep } from "@shared/content/studio-orders";
import type { OrderCard } from "../../../server/services/onboarding/studio-order-cards";
import { StatusBadge } from "./ui";

/** The orders by step, for the board (each column keeps the list's order: overdue on top). */
export function boardOf(cards: readonly OrderCard[]): Record<OrderStep, OrderCard[]> {
  const board = Object.fromEntries(ORDER_STEPS.map((s) => [s, [] as OrderCard[]])) as Record<OrderStep, OrderCard[]>;
  for (const card of cards) board[card.step].push(card);
  return board;
}

const STEP_TONE: Record<OrderStep, "waiting" | "info" | "neutral" | "good"> = { received: "waiting", setup: "info", review: "neutral", live: "good" };

export function OrderStepBadge({ step }: { step: OrderStep }) {
  return <StatusBadge tone={STEP_TONE[step]}>{ORDERS_PAGES.steps[step]}</StatusBadge>;
}

/**
 * The time left until the promised time, or how long overdue (in red, with the word, not only the colour); "Done"
 * once live. `now` is the loader's: the server's render and the hydrated page say the same.
 */
export function OrderTimeLeft({ order, now }: { order: Pick<OrderCard, "step" | "dueAt" | "overdue">; now: number }) {
  if (order.step === "live") return <span className="text-slate-700">{ORDERS_PAGES.liveDone}</span>;
  const left = order.dueAt - now;
  return order.overdue ? (
    <span className="font-semibold text-red-700" data-testid="overdue">
      {ORDERS_PAGES.left(left)}
    </span>
  ) : (
    <span className="text-slate-800">{ORDERS_PAGES.left(left)}</span>
  );
}

/** One order on the board: the customer, the kit, its age and time left; overdue ones edged and marked in red. */
export function OrderCardView({ order, now }: { order: OrderCard; now: number }) {
  return (
    <article
      data-order={order.id}
      data-overdue={order.overdue ? "1" : undefined}
      className={`rounded-lg border bg-white p-3 text-sm ${order.overdue ? "border-red-600 ring-1 ring-red-600" : "border-slate-200"}`}
    >
      <h3 className="font-semibold">
        <Link to={`/studio/orders/${order.id}`} className="inline-flex min-h-11 items-center text-emerald-800 underline underline-offset-4">
          {order.number} · {order.business || order.customerName}
        </Link>
      </h3>
      {order.overdue ? <p className="font-semibold text-red-700">{ORDERS_PAGES.overdueBadge}</p> : null}
      <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5">
        <dt className="text-slate-600">{ORDERS_PAGES.list.columns.kit}</dt>
        <dd className="break-words">{order.kit}</dd>
        <dt className="text-slate-600">{ORDERS_PAGES.list.columns.assignee}</dt>
        <dd>{order.assigneeName ?? ORDERS_PAGES.list.nobody}</dd>
        <dt className="text-slate-600">{ORDERS_PAGES.list.columns.age}</dt>
        <dd>{ORDERS_PAGES.age(now - order.submittedAt)}</dd>
        <dt className="text-slate-600">{ORDERS_PAGES.list.columns.left}</dt>
        <dd>
          <OrderTimeLeft order={order} now={now} />
        </dd>
      </dl>
    </article>
  );
}
