import type { Selectable } from "kysely";
import type { OnboardingTables } from "../../db/schema";
import { type BriefFields, EMPTY_BRIEF, briefDraftSchema } from "../../../shared/schemas/onboarding";

/**
 * The onboarding domain's shapes (issue 41, decision 0050): a customer's brief (the draft they fill), the kit order a
 * submitted brief becomes, its messages and the customer's files. Rows are turned into these here, once, for the
 * customer's pages and the studio's (studio-order-cards.ts) alike.
 */

/** An order's steps, in order: brief received, in setup, ready for the customer's review, live. */
export const KIT_STEPS = ["received", "setup", "review", "live"] as const;
export type KitStep = (typeof KIT_STEPS)[number];

export function isKitStep(value: unknown): value is KitStep {
  return typeof value === "string" && (KIT_STEPS as readonly string[]).includes(value);
}

/** The order number people read and say: WP-1001 for the first order. */
export function orderNumberOf(id: number): string {
  return `WP-${1000 + id}`;
}

export type KitBrief = {
  userId: string;
  kitKey: string;
  kitLabel: string;
  fields: BriefFields;
  revision: number;
  locale: "en" | "hi";
  /** When submit was pressed and no order made yet (the address waits for verification); null otherwise. */
  submittedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type KitOrder = {
  id: number;
  number: string;
  userId: string;
  kitKey: string;
  kitLabel: string;
  brief: BriefFields;
  locale: "en" | "hi";
  step: KitStep;
  assigneeId: string | null;
  promisedHours: number;
  /** When the clock started (submission, or the address's verification when the brief waited for it). */
  submittedAt: number;
  /** submittedAt + promisedHours, fixed when the order was made. */
  dueAt: number;
  stepChangedAt: number;
  liveAt: number | null;
  changeRequestedAt: number | null;
  createdAt: number;
  updatedAt: number;
};

export type MessageAuthorKind = "customer" | "staff";
export const MESSAGE_KINDS = ["message", "question", "answer", "change-request", "file", "note"] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];

export type KitOrderMessage = {
  id: number;
  orderId: number;
  authorKind: MessageAuthorKind;
  authorId: string | null;
  kind: MessageKind;
  body: string;
  /** A staff note: never shown to the customer, never e-mailed. */
  internal: boolean;
  createdAt: number;
  emailedAt: number | null;
};

export type KitFileInfo = {
  id: number;
  userId: string;
  orderId: number | null;
  purpose: string;
  originalName: string;
  contentType: string;
  size: number;
  width: number | null;
  height: number | null;
  createdAt: number;
};

const locale = (v: string): "en" | "hi" => (v === "hi" ? "hi" : "en");

/** Stored brief JSON read back through the draft's rules: a field a later rule refuses shows empty, never breaks a page. */
export function parseBriefFields(json: string | null | undefined): BriefFields {
  let value: unknown;
  try {
    value = JSON.parse(json ?? "{}");
  } catch {
    return { ...EMPTY_BRIEF };
  }
  const parsed = briefDraftSchema().safeParse(value);
  return parsed.success ? (parsed.data as BriefFields) : { ...EMPTY_BRIEF };
}

export function toKitBrief(row: Selectable<OnboardingTables["kit_briefs"]>): KitBrief {
  return {
    userId: row.user_id,
    kitKey: row.kit_key,
    kitLabel: row.kit_label,
    fields: parseBriefFields(row.fields),
    revision: Number(row.revision),
    locale: locale(row.locale),
    submittedAt: row.submitted_at === null ? null : Number(row.submitted_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function toKitOrder(row: Selectable<OnboardingTables["kit_orders"]>): KitOrder {
  const id = Number(row.id);
  return {
    id,
    number: row.number ?? orderNumberOf(id),
    userId: row.user_id,
    kitKey: row.kit_key,
    kitLabel: row.kit_label,
    brief: parseBriefFields(row.brief),
    locale: locale(row.locale),
    step: isKitStep(row.step) ? row.step : "received",
    assigneeId: row.assignee_id,
    promisedHours: Number(row.promised_hours),
    submittedAt: Number(row.submitted_at),
    dueAt: Number(row.due_at),
    stepChangedAt: Number(row.step_changed_at),
    liveAt: row.live_at === null ? null : Number(row.live_at),
    changeRequestedAt: row.change_requested_at === null ? null : Number(row.change_requested_at),
    createdAt: Number(row.created_at),
    updatedAt: Number(row.updated_at),
  };
}

export function toKitOrderMessage(row: Selectable<OnboardingTables["kit_order_messages"]>): KitOrderMessage {
  return {
    id: Number(row.id),
    orderId: Number(row.order_id),
    authorKind: row.author_kind === "staff" ? "staff" : "customer",
    authorId: row.author_id,
    kind: ((MESSAGE_KINDS as readonly string[]).includes(row.kind) ? row.kind : "message") as MessageKind,
    body: row.body,
    internal: Number(row.internal) === 1,
    createdAt: Number(row.created_at),
    emailedAt: row.emailed_at === null ? null : Number(row.emailed_at),
  };
}

export function toKitFileInfo(row: Omit<Selectable<OnboardingTables["kit_files"]>, "data" | "hash" | "uploaded_by">): KitFileInfo {
  return {
    id: Number(row.id),
    userId: row.user_id,
    orderId: row.order_id === null ? null : Number(row.order_id),
    purpose: row.purpose,
    originalName: row.original_name,
    contentType: row.content_type,
    size: Number(row.size),
    width: row.width === null ? null : Number(row.width),
    height: row.height === null ? null : Number(row.height),
    createdAt: Number(row.created_at),
  };
}

/** The columns of kit_files without the bytes (lists never read them). */
export const KIT_FILE_COLUMNS = ["id", "user_id", "order_id", "purpose", "original_name", "content_type", "size", "width", "height", "created_at"] as const;

/** An open order is any not live; the unique open_key makes one per account. */
export function isOpenStep(step: KitStep): boolean {
  return step !== "live";
}
