import { STAFF_ACCESS } from "../../../shared/content/studio";
import { isOrderStep, ORDER_RULES, ORDER_STEPS_MAILED, ORDERS_MESSAGES } from "../../../shared/content/studio-orders";
import type { Deps } from "../../context";
import { type Actor, recordAudit } from "../audit";
import { conflict, forbidden, invalid, rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { assertMayOpenOrders, cardOf, type OrderCard, type OrdersViewer } from "./studio-order-cards";
import { mailMessage, mailStep } from "./studio-order-mail";

/** The team's changes to a kit order: its step, assignee, internal notes, messages to the customer, its deletion. */

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}
async function assertWriteAllowed(deps: Pick<Deps, "db">, actor: Actor): Promise<void> {
  const limit = await hitRateLimit(deps.db, `studio-order-write:${actor.userId ?? actor.label}`, { limit: ORDER_RULES.writesPerMinute, windowMs: 60_000 });
  if (!limit.allowed) throw rateLimited(ORDERS_MESSAGES.tooManyWrites, limit.retryAfterSeconds);
}

export type StepChange = { changed: boolean; order: OrderCard };

/**
 * Moves an order to a step. The move is one conditional update (from the step read, to the one asked), so of two
 * posts at once only one moves it; the customer's e-mail for a step is queued under the outbox key
 * kit-order-step:<id>:<step>, so it goes out once per order and step however often the order gets there.
 */
export async function setOrderStep(deps: Deps, id: number, input: { step: unknown }, actor: Actor & OrdersViewer, now = Date.now()): Promise<StepChange> {
  assertMayOpenOrders(actor);
  if (!isOrderStep(input.step)) throw invalid(ORDERS_MESSAGES.stepInvalid, "step");
  const to = input.step;
  await assertWriteAllowed(deps, actor);
  const { card } = await cardOf(deps, id, now);
  if (card.step === to) return { changed: false, order: card };
  // Live closes the order (open_key null: the customer may start another); leaving live opens it again, which the
  // unique open_key refuses while the customer has another order open.
  let done;
  try {
    done = await deps.db.kysely
      .updateTable("kit_orders")
      .set({
        step: to,
        step_changed_at: now,
        updated_at: now,
        ...(to === "live" ? { live_at: now, open_key: null } : card.step === "live" ? { live_at: null, open_key: card.userId } : {}),
      })
      .where("id", "=", id)
      .where("step", "=", card.step)
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ORDERS_MESSAGES.anotherOpen, "step");
    throw error;
  }
  if (Number(done.numUpdatedRows ?? 0) !== 1) throw conflict(ORDERS_MESSAGES.stepChangedMeanwhile, "step");
  await recordAudit(deps, actor, { action: "order.step", recordType: "kit-order", recordId: String(id), detail: `${card.step} -> ${to}` }, now);
  const order = (await cardOf(deps, id, now)).card;
  if ((ORDER_STEPS_MAILED as readonly string[]).includes(to)) await mailStep(deps, order, to as (typeof ORDER_STEPS_MAILED)[number]);
  return { changed: true, order };
}

/** Assigns an order to a member of staff (or nobody). */
export async function setOrderAssignee(deps: Deps, id: number, input: { assignee: unknown }, actor: Actor & OrdersViewer, now = Date.now()): Promise<OrderCard> {
  assertMayOpenOrders(actor);
  const raw = typeof input.assignee === "string" ? input.assignee.trim() : "";
  let assignee: string | null = null;
  if (raw) {
    const staff = await deps.db.kysely.selectFrom("users").select("id").where("id", "=", raw).where("access", "in", [...STAFF_ACCESS]).where("disabled_at", "is", null).executeTakeFirst();
    if (!staff) throw invalid(ORDERS_MESSAGES.assigneeInvalid, "assignee");
    assignee = staff.id;
  }
  await assertWriteAllowed(deps, actor);
  const { card } = await cardOf(deps, id, now);
  if (card.assigneeId === assignee) return card;
  await deps.db.kysely.updateTable("kit_orders").set({ assignee_id: assignee, updated_at: now }).where("id", "=", id).execute();
  await recordAudit(deps, actor, { action: "order.assign", recordType: "kit-order", recordId: String(id), detail: assignee ?? "nobody" }, now);
  return (await cardOf(deps, id, now)).card;
}

function messageText(value: unknown, required: string, tooLong: string, field: string): string {
  const text = typeof value === "string" ? value.replace(/\r\n?/g, "\n").trim() : "";
  if (!text) throw invalid(required, field);
  if (text.length > ORDER_RULES.messageMax) throw invalid(tooLong, field);
  return text;
}

/** An internal note on an order: staff only, never shown to the customer; audited without its text. */
export async function addOrderNote(deps: Deps, id: number, input: { note: unknown }, actor: Actor & OrdersViewer, now = Date.now()): Promise<void> {
  assertMayOpenOrders(actor);
  const body = messageText(input.note, ORDERS_MESSAGES.noteRequired, ORDERS_MESSAGES.noteTooLong, "note");
  await assertWriteAllowed(deps, actor);
  await cardOf(deps, id, now);
  const row = await deps.db.kysely
    .insertInto("kit_order_messages")
    .values({ order_id: id, author_kind: "staff", author_id: actor.userId, kind: "note", internal: 1, body, created_at: now, emailed_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(deps, actor, { action: "order.note", recordType: "kit-order", recordId: String(id), detail: `note ${Number(row.id)}` }, now);
}

/**
 * A message from the team to the customer: shown on their order page and e-mailed to them (once: the outbox key
 * kit-order-message:<message id>); audited without its text.
 */
export async function sendOrderMessage(deps: Deps, id: number, input: { message: unknown; question?: unknown }, actor: Actor & OrdersViewer, now = Date.now()): Promise<void> {
  assertMayOpenOrders(actor);
  const body = messageText(input.message, ORDERS_MESSAGES.messageRequired, ORDERS_MESSAGES.messageTooLong, "message");
  const question = input.question === true || input.question === "1" || input.question === "on";
  await assertWriteAllowed(deps, actor);
  const hourly = await hitRateLimit(deps.db, `studio-order-message:${actor.userId ?? actor.label}`, { limit: ORDER_RULES.messagesPerHour, windowMs: 3_600_000 });
  if (!hourly.allowed) throw rateLimited(ORDERS_MESSAGES.tooManyMessages, hourly.retryAfterSeconds);
  const { card } = await cardOf(deps, id, now);
  const row = await deps.db.kysely
    .insertInto("kit_order_messages")
    .values({ order_id: id, author_kind: "staff", author_id: actor.userId, kind: question ? "question" : "message", internal: 0, body, created_at: now, emailed_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(deps, actor, { action: "order.message", recordType: "kit-order", recordId: String(id), detail: `${question ? "question" : "message"} ${Number(row.id)}` }, now);
  if (await mailMessage(deps, card, Number(row.id), body, question)) {
    await deps.db.kysely.updateTable("kit_order_messages").set({ emailed_at: now }).where("id", "=", Number(row.id)).execute();
  }
}

/** Deletes an order with its messages and notes (owners only; the brief stays with the account). */
export async function deleteOrder(deps: Deps, id: number, actor: Actor & OrdersViewer, now = Date.now()): Promise<void> {
  assertMayOpenOrders(actor);
  if (actor.access !== "owner") throw forbidden(ORDERS_MESSAGES.ownersOnlyDelete);
  await assertWriteAllowed(deps, actor);
  const { card } = await cardOf(deps, id, now);
  await deps.db.kysely.transaction().execute(async (trx) => {
    await trx.deleteFrom("kit_order_messages").where("order_id", "=", id).execute();
    await trx.deleteFrom("kit_orders").where("id", "=", id).execute();
  });
  await recordAudit(deps, actor, { action: "order.delete", recordType: "kit-order", recordId: String(id), detail: card.number }, now);
}
