import { sql } from "kysely";
import { ORDER_EMAILS_HI } from "../../../shared/content/hi/studio-orders";
import { STAFF_ACCESS, type StaffAccess } from "../../../shared/content/studio";
import {
  isOrderStep,
  ORDER_EMAILS,
  ORDER_RULES,
  ORDER_STEPS,
  ORDER_STEPS_MAILED,
  orderNumber,
  ORDERS_MESSAGES,
  type OrderStep,
} from "../../../shared/content/studio-orders";
import { whatsappLink } from "../../../shared/content/site";
import { localePath } from "../../../shared/i18n";
import { mayOpen } from "../../../shared/studio-policy";
import type { Deps } from "../../context";
import { type Actor, recordAudit } from "../audit";
import { siteSettings } from "../content/settings";
import { conflict, forbidden, invalid, notFound, rateLimited } from "../errors";
import { enqueueSiteMail, firstNameOf, safeReplyTo } from "../mail/outbox";
import type { EmailBlock } from "../mail/template";
import { hitRateLimit } from "../rate-limit";

/**
 * The studio's side of kit orders (issue 41): the list and the board, an order's page, its step, assignee, internal
 * notes and messages to the customer, and the e-mails the team's work sends the customer. Every function checks the
 * actor against the studio's policy table (area "orders": owners and editors), and only owners delete.
 */

/** Who is asking: staff the studio's policy lets into orders. */
export type OrdersViewer = { access: StaffAccess };

function assertMayOpenOrders(viewer: OrdersViewer): void {
  if (!mayOpen(viewer.access, "orders")) throw forbidden(ORDERS_MESSAGES.ownersOnlyDelete);
}

export type OrderCard = {
  id: number;
  number: string;
  userId: string;
  customerName: string;
  customerEmail: string;
  business: string;
  kit: string;
  step: OrderStep;
  assigneeId: string | null;
  assigneeName: string | null;
  submittedAt: number;
  dueAt: number;
  stepAt: number | null;
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

const num = (v: unknown): number | null => (v === null || v === undefined ? null : Number(v));

function orderQuery(deps: Pick<Deps, "db">) {
  return deps.db.kysely
    .selectFrom("kit_orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("users as a", "a.id", "o.assignee_id")
    .leftJoin("kit_briefs as b", "b.id", "o.brief_id")
    .select([
      "o.id",
      "o.user_id",
      "o.kit",
      "o.step",
      "o.assignee_id",
      "o.submitted_at",
      "o.due_at",
      "o.step_at",
      "o.live_at",
      "u.name as customer_name",
      "u.email as customer_email",
      "u.company as company",
      "a.name as assignee_name",
      "a.email as assignee_email",
      "b.data as brief_data",
    ]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>["execute"]>>[number];

function businessOf(row: Pick<OrderRow, "brief_data" | "company">): string {
  const brief = parseBrief(row.brief_data);
  const name = typeof brief.businessName === "string" ? brief.businessName.trim() : "";
  return name || row.company || "";
}

function toCard(row: OrderRow, now: number): OrderCard {
  const step: OrderStep = isOrderStep(row.step) ? row.step : "received";
  const submittedAt = Number(row.submitted_at);
  const dueAt = Number(row.due_at);
  return {
    id: Number(row.id),
    number: orderNumber(Number(row.id)),
    userId: row.user_id,
    customerName: row.customer_name,
    customerEmail: row.customer_email,
    business: businessOf(row),
    kit: row.kit,
    step,
    assigneeId: row.assignee_id,
    assigneeName: row.assignee_id ? row.assignee_name || row.assignee_email || null : null,
    submittedAt,
    dueAt,
    stepAt: num(row.step_at),
    liveAt: num(row.live_at),
    overdue: isOverdue({ step, dueAt }, now),
    ageMs: Math.max(0, now - submittedAt),
    leftMs: step === "live" ? null : dueAt - now,
  };
}

/** Overdue first (the most overdue on top), then by promised time, live last. */
export function sortCards(cards: OrderCard[]): OrderCard[] {
  const rank = (c: OrderCard) => (c.overdue ? 0 : c.step === "live" ? 2 : 1);
  return [...cards].sort((a, b) => rank(a) - rank(b) || (rank(a) === 2 ? (b.liveAt ?? 0) - (a.liveAt ?? 0) : a.dueAt - b.dueAt) || a.id - b.id);
}

/** The orders, filtered; overdue first. */
export async function listOrders(deps: Pick<Deps, "db">, viewer: OrdersViewer, filter: OrderFilter = {}, now = Date.now()): Promise<OrderCard[]> {
  assertMayOpenOrders(viewer);
  let q = orderQuery(deps);
  if (filter.step) q = q.where("o.step", "=", filter.step);
  if (filter.kit) q = q.where("o.kit", "=", filter.kit);
  if (filter.assignee === "none") q = q.where("o.assignee_id", "is", null);
  else if (filter.assignee) q = q.where("o.assignee_id", "=", filter.assignee);
  if (filter.overdue) q = q.where("o.step", "<>", "live").where("o.due_at", "<", now);
  const rows = await q.orderBy("o.due_at", "asc").limit(ORDER_RULES.pageSize).execute();
  return sortCards(rows.map((r) => toCard(r, now)));
}

/** The orders by step, for the board (each column in the list's order: overdue on top). */
export function boardOf(cards: OrderCard[]): Record<OrderStep, OrderCard[]> {
  const board = Object.fromEntries(ORDER_STEPS.map((s) => [s, [] as OrderCard[]])) as Record<OrderStep, OrderCard[]>;
  for (const card of cards) board[card.step].push(card);
  return board;
}

/** The kits orders were made for (the filter's choices). */
export async function orderKits(deps: Pick<Deps, "db">, viewer: OrdersViewer): Promise<string[]> {
  assertMayOpenOrders(viewer);
  const rows = await deps.db.kysely.selectFrom("kit_orders").select("kit").distinct().orderBy("kit").execute();
  return rows.map((r) => r.kit);
}

export type StaffChoice = { id: string; name: string };

/** Who an order may be assigned to: the studio's staff. */
export async function orderStaff(deps: Pick<Deps, "db">, viewer: OrdersViewer): Promise<StaffChoice[]> {
  assertMayOpenOrders(viewer);
  const rows = await deps.db.kysely.selectFrom("users").select(["id", "name", "email"]).where("access", "in", [...STAFF_ACCESS]).where("disabled_at", "is", null).orderBy("name").orderBy("email").execute();
  return rows.map((r) => ({ id: r.id, name: r.name || r.email }));
}

export type OrderMessage = { id: number; internal: boolean; fromCustomer: boolean; author: string; body: string; at: number };
export type OrderFile = { id: number; name: string; type: string; size: number; href: string };

export type OrderDetail = OrderCard & {
  brief: Record<string, unknown>;
  files: OrderFile[];
  customer: { id: string; name: string; email: string; verified: boolean; company: string; industry: string; createdAt: number; locale: string };
  messages: OrderMessage[];
  notes: OrderMessage[];
  /** The customer's WhatsApp number from the brief, for the team's chat link (digits with country code), if any. */
  whatsapp: string | null;
};

function parseBrief(value: unknown): Record<string, unknown> {
  if (typeof value !== "string" || !value) return {};
  try {
    const parsed: unknown = JSON.parse(value);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function assertId(id: number): void {
  if (!Number.isSafeInteger(id) || id <= 0) throw notFound(ORDERS_MESSAGES.notFound);
}

async function cardOf(deps: Pick<Deps, "db">, id: number, now: number): Promise<{ card: OrderCard; row: OrderRow }> {
  assertId(id);
  const row = await orderQuery(deps).where("o.id", "=", id).executeTakeFirst();
  if (!row) throw notFound(ORDERS_MESSAGES.notFound);
  return { card: toCard(row, now), row };
}

/** One order with its brief, files, customer, notes and messages. */
export async function orderDetail(deps: Pick<Deps, "db">, viewer: OrdersViewer, id: number, now = Date.now()): Promise<OrderDetail> {
  assertMayOpenOrders(viewer);
  const { card, row } = await cardOf(deps, id, now);
  const db = deps.db.kysely;
  const [customer, messages, files] = await Promise.all([
    db.selectFrom("users").select(["id", "name", "email", "email_verified_at", "company", "industry", "created_at", "locale"]).where("id", "=", card.userId).executeTakeFirstOrThrow(),
    db
      .selectFrom("kit_order_messages as m")
      .leftJoin("users as w", "w.id", "m.author_id")
      .select(["m.id", "m.internal", "m.author_id", "m.body", "m.created_at", "w.name as author_name", "w.email as author_email"])
      .where("m.order_id", "=", id)
      .orderBy("m.created_at", "asc")
      .orderBy("m.id", "asc")
      .execute(),
    db.selectFrom("kit_brief_files").select(["id", "name", "type", "size"]).where("brief_id", "=", sql<number>`${row.brief_data === undefined ? 0 : 0}`).execute(),
  ]);
  const all = messages.map((m) => ({
    id: Number(m.id),
    internal: Number(m.internal) === 1,
    fromCustomer: m.author_id === card.userId,
    author: m.author_name || m.author_email || "",
    body: m.body,
    at: Number(m.created_at),
  }));
  const brief = parseBrief(row.brief_data);
  const phone = typeof brief.whatsapp === "string" ? brief.whatsapp.replace(/\D/g, "") : "";
  return {
    ...card,
    brief,
    files: files.map((f) => ({ id: Number(f.id), name: f.name, type: f.type, size: Number(f.size), href: `/studio/orders/${id}/files/${Number(f.id)}` })),
    customer: {
      id: customer.id,
      name: customer.name,
      email: customer.email,
      verified: customer.email_verified_at != null,
      company: customer.company,
      industry: customer.industry,
      createdAt: Number(customer.created_at),
      locale: customer.locale,
    },
    messages: all.filter((m) => !m.internal),
    notes: all.filter((m) => m.internal),
    whatsapp: phone.length >= 10 ? phone : null,
  };
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
  const done = await deps.db.kysely
    .updateTable("kit_orders")
    .set({ step: to, step_at: now, updated_at: now, ...(to === "live" ? { live_at: now } : {}) })
    .where("id", "=", id)
    .where("step", "=", card.step)
    .executeTakeFirst();
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
    .values({ order_id: id, author_id: actor.userId, internal: 1, body, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(deps, actor, { action: "order.note", recordType: "kit-order", recordId: String(id), detail: `note ${Number(row.id)}` }, now);
}

/**
 * A message from the team to the customer: shown on their order page and e-mailed to them (once: the outbox key
 * kit-order-message:<message id>); audited without its text.
 */
export async function sendOrderMessage(deps: Deps, id: number, input: { message: unknown }, actor: Actor & OrdersViewer, now = Date.now()): Promise<void> {
  assertMayOpenOrders(actor);
  const body = messageText(input.message, ORDERS_MESSAGES.messageRequired, ORDERS_MESSAGES.messageTooLong, "message");
  await assertWriteAllowed(deps, actor);
  const hourly = await hitRateLimit(deps.db, `studio-order-message:${actor.userId ?? actor.label}`, { limit: ORDER_RULES.messagesPerHour, windowMs: 3_600_000 });
  if (!hourly.allowed) throw rateLimited(ORDERS_MESSAGES.tooManyMessages, hourly.retryAfterSeconds);
  const { card } = await cardOf(deps, id, now);
  const row = await deps.db.kysely
    .insertInto("kit_order_messages")
    .values({ order_id: id, author_id: actor.userId, internal: 0, body, created_at: now })
    .returning("id")
    .executeTakeFirstOrThrow();
  await recordAudit(deps, actor, { action: "order.message", recordType: "kit-order", recordId: String(id), detail: `message ${Number(row.id)}` }, now);
  await mailMessage(deps, card, Number(row.id), body);
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

// ---------------------------------------------------------------------------------------------------------------
// The customer's e-mails

type Recipient = { email: string; name: string; locale: string };

async function recipientOf(deps: Pick<Deps, "db">, userId: string): Promise<Recipient | null> {
  const user = await deps.db.kysely.selectFrom("users").select(["email", "name", "locale"]).where("id", "=", userId).executeTakeFirst();
  return user ?? null;
}

/** The lines every order e-mail ends with: the order's page (through sign-in) and a WhatsApp chat with the number prefilled. */
async function orderLinks(deps: Deps, order: OrderCard, hindi: boolean): Promise<EmailBlock[]> {
  const settings = await siteSettings(deps);
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const page = localePath("/templates", hindi ? "hi" : "en");
  const blocks: EmailBlock[] = [{ kind: "button", label: words.openOrder, url: `${deps.config.PUBLIC_URL}/sign-in?redirectTo=${encodeURIComponent(page).replaceAll("%2F", "/")}` }];
  const number = settings.site.whatsappNumber?.replace(/\D/g, "");
  if (number) blocks.push({ kind: "paragraph", text: `${words.whatsapp}: ${whatsappLink(number, words.whatsappText(order.number))}` });
  return blocks;
}

async function mailStep(deps: Deps, order: OrderCard, step: (typeof ORDER_STEPS_MAILED)[number]): Promise<void> {
  const to = await recipientOf(deps, order.userId);
  const address = safeReplyTo(to?.email);
  if (!to || !address) return;
  const hindi = to.locale === "hi";
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const who = order.assigneeName ? firstNameOf(order.assigneeName) : "";
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: words.hello(firstNameOf(to.name)) },
    ...words.step[step].lines(order.number, who).map((text) => ({ kind: "paragraph" as const, text })),
    ...(await orderLinks(deps, order, hindi)),
  ];
  await enqueueSiteMail(deps, {
    to: address,
    subject: words.step[step].subject(order.number),
    content: { blocks, ...(hindi ? { locale: "hi" as const } : {}) },
    kind: `kit-order-${step}`,
    idempotencyKey: `kit-order-step:${order.id}:${step}`,
  });
}

async function mailMessage(deps: Deps, order: OrderCard, messageId: number, body: string): Promise<void> {
  const to = await recipientOf(deps, order.userId);
  const address = safeReplyTo(to?.email);
  if (!to || !address) return;
  const hindi = to.locale === "hi";
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: words.hello(firstNameOf(to.name)) },
    { kind: "paragraph", text: words.message.intro(order.number) },
    { kind: "quote", text: body },
    { kind: "paragraph", text: words.message.answer },
    ...(await orderLinks(deps, order, hindi)),
  ];
  await enqueueSiteMail(deps, {
    to: address,
    subject: words.message.subject(order.number),
    content: { blocks, ...(hindi ? { locale: "hi" as const } : {}) },
    kind: "kit-order-message",
    idempotencyKey: `kit-order-message:${messageId}`,
  });
}
