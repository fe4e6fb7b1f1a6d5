import type { Deps } from "../../context";
import { ONBOARDING_DOC, promisedHoursOf } from "../../../shared/copy/onboarding";
import { type BriefFields, type BriefRuleMessages, BRIEF_RULE_MESSAGES_EN, briefSubmitSchema, orderMessageSchema } from "../../../shared/schemas/onboarding";
import { type Actor, recordAudit } from "../audit";
import { readCopy } from "../content/copy";
import { ServiceError, conflict, invalid, notFound, rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { getBrief, saveBrief } from "./briefs";
import { type KitBrief, type KitOrder, type KitOrderMessage, type MessageKind, orderNumberOf, toKitOrder, toKitOrderMessage } from "./types";

/**
 * Kit orders (issue 41, decision 0050): what a submitted brief becomes. One open order per account (the unique
 * open_key), so a submit posted twice, or a verification racing a page load, makes one order. The promise's hours are
 * read from the owner's copy when the order is made and stored with it; due_at never moves after that.
 *
 * An account whose address is not verified may submit: the brief is marked submitted and the order is made when the
 * address is verified (startWaitingOrder, called by verification and by the customer's page), its clock starting then.
 */

export const SUBMIT_LIMIT = { limit: 20, windowMs: 60 * 60_000 } as const;
export const MESSAGE_LIMIT = { limit: 30, windowMs: 60 * 60_000 } as const;
export const ORDER_NOT_FOUND = "There is no such order.";

/** What the order's side effects need (e-mails): given by the caller so this module stays below mail's. */
export type OrderHooks = {
  /** Called once when an order is made (the brief-received e-mail, the team's notice). */
  onOrderCreated?: (deps: Deps, order: KitOrder) => Promise<void>;
  /** Called after a customer's message is stored. */
  onCustomerMessage?: (deps: Deps, order: KitOrder, message: KitOrderMessage) => Promise<void>;
};

/** The hours the owner's copy promises now (what a new order stores). */
export async function currentPromisedHours(deps: Pick<Deps, "db">): Promise<number> {
  const copy = await readCopy(deps, ONBOARDING_DOC, "en");
  return promisedHoursOf(copy.promise.hours);
}

function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

/** The account's open order, else its latest (a live one), else null. */
export async function getCustomerOrder(deps: Pick<Deps, "db">, userId: string): Promise<KitOrder | null> {
  const row = await deps.db.kysely
    .selectFrom("kit_orders")
    .selectAll()
    .where("user_id", "=", userId)
    .orderBy((eb) => eb.case().when("open_key", "is not", null).then(0).else(1).end())
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row ? toKitOrder(row) : null;
}

/** An order by id as its customer may see it: another account's id is not found (the same answer as no order at all). */
export async function getOrderOfCustomer(deps: Pick<Deps, "db">, userId: string, orderId: number): Promise<KitOrder> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) throw notFound(ORDER_NOT_FOUND);
  const row = await deps.db.kysely.selectFrom("kit_orders").selectAll().where("id", "=", orderId).where("user_id", "=", userId).executeTakeFirst();
  if (!row) throw notFound(ORDER_NOT_FOUND);
  return toKitOrder(row);
}

/** Any order by id (staff's reads: the caller checks the staff member's access). */
export async function getOrder(deps: Pick<Deps, "db">, orderId: number): Promise<KitOrder | null> {
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  const row = await deps.db.kysely.selectFrom("kit_orders").selectAll().where("id", "=", orderId).executeTakeFirst();
  return row ? toKitOrder(row) : null;
}

/** The order's messages, oldest first; `internal` staff notes only when asked for (never for the customer). */
export async function listOrderMessages(deps: Pick<Deps, "db">, orderId: number, { internal = false }: { internal?: boolean } = {}): Promise<KitOrderMessage[]> {
  let query = deps.db.kysely.selectFrom("kit_order_messages").selectAll().where("order_id", "=", orderId);
  if (!internal) query = query.where("internal", "=", 0);
  const rows = await query.orderBy("id", "asc").limit(500).execute();
  return rows.map(toKitOrderMessage);
}

export type SubmitResult = { status: "ordered"; order: KitOrder; created: boolean } | { status: "waiting-verification"; brief: KitBrief };

/**
 * Submits the brief: saved (with the revision rule of saveBrief) and checked with the submit rules, then the order is
 * made, or, for an unverified address, the brief waits for verification. A second submit while an order is open
 * returns that order (created: false) and changes nothing.
 */
export async function submitBrief(
  deps: Deps,
  user: { id: string; emailVerified: boolean },
  input: { kitKey: string; kitLabel: string; fields: unknown; revision: number; locale: "en" | "hi" },
  actor: Actor,
  { messages = BRIEF_RULE_MESSAGES_EN, hooks = {}, now = Date.now() }: { messages?: BriefRuleMessages; hooks?: OrderHooks; now?: number } = {},
): Promise<SubmitResult> {
  const open = await openOrderOf(deps, user.id);
  if (open) return { status: "ordered", order: open, created: false };
  const result = briefSubmitSchema(messages).safeParse(input.fields ?? {});
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalid(issue?.message ?? messages.required, issue?.path.map(String).join(".") || undefined, {
      errors: Object.fromEntries(result.error.issues.map((i) => [i.path.map(String).join("."), i.message])),
    });
  }
  const limit = await hitRateLimit(deps.db, `brief:submit:${user.id}`, { ...SUBMIT_LIMIT, now });
  if (!limit.allowed) throw rateLimited("Too many attempts. Please wait a little and submit again; your brief is saved.", limit.retryAfterSeconds);
  let brief: KitBrief;
  try {
    brief = await saveBrief(deps, user.id, { ...input, fields: result.data }, actor, { messages, now });
  } catch (error) {
    // The same submit posted twice at once: the first saved (and may have made the order); the second's revision is
    // stale but its text is the stored text, so it goes on to the one order.
    const made = await openOrderOf(deps, user.id);
    if (made) return { status: "ordered", order: made, created: false };
    const stored = await getBrief(deps, user.id);
    if (!(error instanceof ServiceError && error.kind === "conflict" && stored && JSON.stringify(stored.fields) === JSON.stringify(result.data))) throw error;
    brief = stored;
  }
  if (brief.submittedAt === null) {
    await deps.db.kysely.updateTable("kit_briefs").set({ submitted_at: now }).where("user_id", "=", user.id).where("submitted_at", "is", null).execute();
    await recordAudit(deps, actor, { action: "brief.submit", recordType: "account", recordId: user.id, detail: brief.kitKey }, now);
  }
  if (!user.emailVerified) return { status: "waiting-verification", brief: (await getBrief(deps, user.id))! };
  const made = await createOrderFromBrief(deps, user.id, actor, { hooks, now });
  if (!made) throw conflict("This brief could not become an order. Reload the page and submit again.");
  return { status: "ordered", ...made };
}

async function openOrderOf(deps: Pick<Deps, "db">, userId: string): Promise<KitOrder | null> {
  const row = await deps.db.kysely.selectFrom("kit_orders").selectAll().where("open_key", "=", userId).executeTakeFirst();
  return row ? toKitOrder(row) : null;
}

/**
 * Makes the order of a submitted brief, once: the unique open_key turns a second attempt (a double submit, a
 * verification racing a page load) into the first's order. The brief's submitted mark is cleared once the order exists.
 */
export async function createOrderFromBrief(
  deps: Deps,
  userId: string,
  actor: Actor,
  { hooks = {}, now = Date.now() }: { hooks?: OrderHooks; now?: number } = {},
): Promise<{ order: KitOrder; created: boolean } | null> {
  const open = await openOrderOf(deps, userId);
  // A mark left by a submit that raced the one that made the order: the open order is that brief's.
  if (open) return { order: await clearMark(deps, userId, open), created: false };
  const brief = await getBrief(deps, userId);
  if (!brief || brief.submittedAt === null) {
    // Another attempt made the order (and cleared the mark) between the two reads above.
    const other = await openOrderOf(deps, userId);
    return other ? { order: await clearMark(deps, userId, other), created: false } : null;
  }
  const hours = await currentPromisedHours(deps);
  let id: number;
  try {
    const inserted = await deps.db.kysely
      .insertInto("kit_orders")
      .values({
        number: null,
        user_id: userId,
        open_key: userId,
        kit_key: brief.kitKey,
        kit_label: brief.kitLabel,
        brief: JSON.stringify(brief.fields),
        locale: brief.locale,
        step: "received",
        assignee_id: null,
        promised_hours: hours,
        submitted_at: now,
        due_at: now + hours * 3600_000,
        step_changed_at: now,
        live_at: null,
        change_requested_at: null,
        created_at: now,
        updated_at: now,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    id = Number(inserted.id);
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const other = await openOrderOf(deps, userId);
    return other ? { order: await clearMark(deps, userId, other), created: false } : null;
  }
  await deps.db.kysely.updateTable("kit_orders").set({ number: orderNumberOf(id) }).where("id", "=", id).execute();
  await deps.db.kysely.updateTable("kit_files").set({ order_id: id }).where("user_id", "=", userId).where("order_id", "is", null).execute();
  await deps.db.kysely.updateTable("kit_briefs").set({ submitted_at: null }).where("user_id", "=", userId).execute();
  await recordAudit(deps, actor, { action: "order.create", recordType: "kit-order", recordId: String(id), detail: `${orderNumberOf(id)} ${brief.kitKey} ${hours}h` }, now);
  const order = (await getOrder(deps, id))!;
  if (hooks.onOrderCreated) await hooks.onOrderCreated(deps, order);
  return { order, created: true };
}

async function clearMark(deps: Pick<Deps, "db">, userId: string, order: KitOrder): Promise<KitOrder> {
  await deps.db.kysely.updateTable("kit_briefs").set({ submitted_at: null }).where("user_id", "=", userId).where("submitted_at", "is not", null).execute();
  return order;
}

/**
 * The order of a brief that waited for the address to be verified, made now that it is (the clock starts now).
 * Does nothing when the account is not verified, has no submitted brief or already has an open order.
 */
export async function startWaitingOrder(deps: Deps, userId: string, actor: Actor, opts: { hooks?: OrderHooks; now?: number } = {}): Promise<KitOrder | null> {
  const user = await deps.db.kysely.selectFrom("users").select(["email_verified_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user || user.email_verified_at === null) return null;
  const made = await createOrderFromBrief(deps, userId, actor, opts);
  return made?.order ?? null;
}

const CUSTOMER_KINDS: readonly MessageKind[] = ["message", "answer", "change-request", "file"];

/**
 * A message from the customer on their own order (an answer to a question, a change to the brief they ask for).
 * Another account's order is not found. A change to the brief may be asked for only until setup starts.
 */
export async function addCustomerMessage(
  deps: Deps,
  userId: string,
  orderId: number,
  input: { body: unknown; kind: MessageKind },
  actor: Actor,
  { messages = BRIEF_RULE_MESSAGES_EN, hooks = {}, now = Date.now() }: { messages?: BriefRuleMessages; hooks?: OrderHooks; now?: number } = {},
): Promise<KitOrderMessage> {
  const order = await getOrderOfCustomer(deps, userId, orderId);
  if (!CUSTOMER_KINDS.includes(input.kind)) throw invalid("Unknown kind of message.", "kind");
  const parsed = orderMessageSchema(messages).safeParse({ body: input.body });
  if (!parsed.success) throw invalid(parsed.error.issues[0]?.message ?? messages.required, "body");
  if (input.kind === "change-request" && order.step !== "received") throw conflict(CHANGE_TOO_LATE, "body");
  const limit = await hitRateLimit(deps.db, `order:message:${userId}`, { ...MESSAGE_LIMIT, now });
  if (!limit.allowed) throw rateLimited("Too many messages in a short time. Please wait a little; your text is kept.", limit.retryAfterSeconds);
  const row = await deps.db.kysely
    .insertInto("kit_order_messages")
    .values({ order_id: order.id, author_kind: "customer", author_id: userId, kind: input.kind, body: parsed.data.body.trim(), internal: 0, created_at: now, emailed_at: null })
    .returning("id")
    .executeTakeFirstOrThrow();
  const changes: { updated_at: number; change_requested_at?: number } = { updated_at: now };
  if (input.kind === "change-request") changes.change_requested_at = now;
  await deps.db.kysely.updateTable("kit_orders").set(changes).where("id", "=", order.id).execute();
  await recordAudit(deps, actor, { action: `order.customer.${input.kind}`, recordType: "kit-order", recordId: String(order.id) }, now);
  const message = toKitOrderMessage((await deps.db.kysely.selectFrom("kit_order_messages").selectAll().where("id", "=", Number(row.id)).executeTakeFirstOrThrow()));
  if (hooks.onCustomerMessage) await hooks.onCustomerMessage(deps, await getOrderOfCustomer(deps, userId, orderId), message);
  return message;
}

export const CHANGE_TOO_LATE = "Setup has started, so the brief can no longer be changed here. Send the team a message instead.";

/** The brief's fields as the order keeps them (for the e-mail's copy and the studio's read-only view). */
export function briefOfOrder(order: KitOrder): BriefFields {
  return order.brief;
}
