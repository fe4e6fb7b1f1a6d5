import { STAFF_ACCESS } from "../../../shared/content/studio";
import { ORDER_RULES } from "../../../shared/content/studio-orders";
import type { Deps } from "../../context";
import { whatsappDigits, type BriefFields } from "../../../shared/schemas/onboarding";
import { listOrderFiles, readKitFile } from "./files";
import { assertMayOpenOrders, cardOf, type OrderCard, type OrderFilter, orderQuery, type OrdersViewer, sortCards, toCard } from "./studio-order-cards";
import { parseBriefFields, toKitOrderMessage } from "./types";

/**
 * The studio's side of kit orders (issue 41): the list and the board, an order's page, its step, assignee, internal
 * notes and messages to the customer, and the e-mails the team's work sends the customer. Every function checks the
 * actor against the studio's policy table (area "orders": owners and editors), and only owners delete.
 *
 * Here the reads: the list, the filter's choices, an order's page and its files; the changes are in
 * studio-order-writes.ts, the customer's e-mails in studio-order-mail.ts.
 */

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
