import { ORDER_EMAILS_HI } from "../../../shared/content/hi/studio-orders";
import { STAFF_ACCESS, type StaffAccess } from "../../../shared/content/studio";
import {
  isOrderStep,
  ORDER_EMAILS,
  ORDER_RULES,
  ORDER_STEPS,
  ORDER_STEPS_MAILED,
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
import type { EmailBlock } from "../mail-template";
import { hitRateLimit } from "../rate-limit";
import { whatsappDigits, type BriefFields } from "../../../shared/schemas/onboarding";
import { listOrderFiles, readKitFile } from "./files";
import { type KitStep, parseBriefFields, toKitOrder, toKitOrderMessage } from "./types";

/**
 * The studio's side of kit orders (issue 41): the list and the board, an order's page, its step, assignee, internal
 * notes and messages to the customer, and the e-mails the team's work sends the customer. Every function checks the
 * actor against the studio's policy table (area "orders": owners and editors), and only owners delete.
 */

/** The customer's page of their order (the onboarding domain's), linked from every order e-mail through sign-in. */
const CUSTOMER_ORDER_PAGE = "/templates";

// The studio's steps are the domain's, word for word (a type error here when one list changes without the other).
const SAME_STEPS: readonly KitStep[] = ORDER_STEPS;
void SAME_STEPS;

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

function orderQuery(deps: Pick<Deps, "db">) {
  return deps.db.kysely
    .selectFrom("kit_orders as o")
    .innerJoin("users as u", "u.id", "o.user_id")
    .leftJoin("users as a", "a.id", "o.assignee_id")
    .selectAll("o")
    .select(["u.name as customer_name", "u.email as customer_email", "u.company as company", "a.name as assignee_name", "a.email as assignee_email"]);
}

type OrderRow = Awaited<ReturnType<ReturnType<typeof orderQuery>["execute"]>>[number];

function toCard(row: OrderRow, now: number): OrderCard {
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

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
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
  if (filter.kit) q = q.where("o.kit_key", "=", filter.kit);
  if (filter.assignee === "none") q = q.where("o.assignee_id", "is", null);
  else if (filter.assignee) q = q.where("o.assignee_id", "=", filter.assignee);
  if (filter.overdue) q = q.where("o.step", "<>", "live").where("o.due_at", "<", now);
  const rows = await q.orderBy("o.due_at", "asc").limit(ORDER_RULES.pageSize).execute();
  return sortCards(rows.map((r) => toCard(r, now)));
}

/** The kits orders were made for (the filter's choices): key and name. */
export async function orderKits(deps: Pick<Deps, "db">, viewer: OrdersViewer): Promise<{ key: string; label: string }[]> {
  assertMayOpenOrders(viewer);
  const rows = await deps.db.kysely
    .selectFrom("kit_orders")
    .select(["kit_key", (eb) => eb.fn.max("kit_label").as("label")])
    .groupBy("kit_key")
    .orderBy("kit_key")
    .limit(100)
    .execute();
  return rows.map((r) => ({ key: r.kit_key, label: String(r.label ?? r.kit_key) }));
}

export type StaffChoice = { id: string; name: string };

/** Who an order may be assigned to: the studio's staff. */
export async function orderStaff(deps: Pick<Deps, "db">, viewer: OrdersViewer): Promise<StaffChoice[]> {
  assertMayOpenOrders(viewer);
  const rows = await deps.db.kysely.selectFrom("users").select(["id", "name", "email"]).where("access", "in", [...STAFF_ACCESS]).where("disabled_at", "is", null).orderBy("name").orderBy("email").execute();
  return rows.map((r) => ({ id: r.id, name: r.name || r.email }));
}

export type OrderMessage = { id: number; internal: boolean; fromCustomer: boolean; kind: string; author: string; body: string; at: number };
export type OrderFile = { id: number; name: string; type: string; size: number; purpose: string; href: string };

export type OrderDetail = OrderCard & {
  brief: BriefFields;
  files: OrderFile[];
  customer: { id: string; name: string; email: string; verified: boolean; company: string; industry: string; createdAt: number; locale: string };
  messages: OrderMessage[];
  notes: OrderMessage[];
  /** The customer's WhatsApp number from the brief (digits with country code), for the team's chat link; null if none. */
  whatsapp: string | null;
};

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
      .selectAll("m")
      .select(["w.name as author_name", "w.email as author_email"])
      .where("m.order_id", "=", id)
      .orderBy("m.id", "asc")
      .limit(1000)
      .execute(),
    listOrderFiles(deps, id),
  ]);
  const all = messages.map((m) => {
    const message = toKitOrderMessage(m);
    return {
      id: message.id,
      internal: message.internal,
      fromCustomer: message.authorKind === "customer",
      kind: message.kind,
      author: m.author_name || m.author_email || "",
      body: message.body,
      at: message.createdAt,
    };
  });
  const brief = parseBriefFields(row.brief);
  return {
    ...card,
    brief,
    files: files.map((f) => ({ id: f.id, name: f.originalName, type: f.contentType, size: f.size, purpose: f.purpose, href: `/studio/orders/${id}/files/${f.id}` })),
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
    whatsapp: whatsappDigits(brief.whatsapp),
  };
}

/** A file of this order, for staff (the studio's page serves it as a download); undefined when it is not this order's. */
export async function orderFile(deps: Pick<Deps, "db">, viewer: OrdersViewer & { userId: string | null }, orderId: number, fileId: number): Promise<{ name: string; type: string; data: Buffer } | undefined> {
  assertMayOpenOrders(viewer);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return undefined;
  const file = await readKitFile(deps, fileId, { userId: viewer.userId ?? "", staff: true });
  if (!file || file.info.orderId !== orderId) return undefined;
  return { name: file.info.originalName, type: file.info.contentType, data: file.data };
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

// ---------------------------------------------------------------------------------------------------------------
// The customer's e-mails

type Recipient = { email: string; name: string };

async function recipientOf(deps: Pick<Deps, "db">, userId: string): Promise<Recipient | null> {
  const user = await deps.db.kysely.selectFrom("users").select(["email", "name"]).where("id", "=", userId).executeTakeFirst();
  return user ?? null;
}

/** The lines every order e-mail ends with: the order's page and a WhatsApp chat with the number prefilled. */
async function orderLinks(deps: Deps, order: OrderCard, hindi: boolean): Promise<EmailBlock[]> {
  const settings = await siteSettings(deps);
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const page = localePath(CUSTOMER_ORDER_PAGE, hindi ? "hi" : "en");
  // The order's page itself: signed out, it sends the customer through sign-in and back (decision: /templates).
  const blocks: EmailBlock[] = [{ kind: "button", label: words.openOrder, url: `${deps.config.PUBLIC_URL}${page}` }];
  const number = settings.site.whatsappNumber?.replace(/\D/g, "");
  if (number) blocks.push({ kind: "paragraph", text: `${words.whatsapp}: ${whatsappLink(number, words.whatsappText(order.number))}` });
  return blocks;
}

async function mailStep(deps: Deps, order: OrderCard, step: (typeof ORDER_STEPS_MAILED)[number]): Promise<void> {
  const to = await recipientOf(deps, order.userId);
  const address = safeReplyTo(to?.email);
  if (!to || !address) return;
  const hindi = order.locale === "hi";
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

/** Queues the e-mail of a message from the team; false when the account has no address to write to. */
async function mailMessage(deps: Deps, order: OrderCard, messageId: number, body: string, question: boolean): Promise<boolean> {
  const to = await recipientOf(deps, order.userId);
  const address = safeReplyTo(to?.email);
  if (!to || !address) return false;
  const hindi = order.locale === "hi";
  const words = hindi ? ORDER_EMAILS_HI : ORDER_EMAILS;
  const blocks: EmailBlock[] = [
    { kind: "paragraph", text: words.hello(firstNameOf(to.name)) },
    { kind: "paragraph", text: question ? words.message.questionIntro(order.number) : words.message.intro(order.number) },
    { kind: "quote", text: body },
    { kind: "paragraph", text: words.message.answer },
    ...(await orderLinks(deps, order, hindi)),
  ];
  await enqueueSiteMail(deps, {
    to: address,
    subject: question ? words.message.questionSubject(order.number) : words.message.subject(order.number),
    content: { blocks, ...(hindi ? { locale: "hi" as const } : {}) },
    kind: "kit-order-message",
    idempotencyKey: `kit-order-message:${messageId}`,
  });
  return true;
}
