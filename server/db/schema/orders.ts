import type { Generated } from "kysely";

/** What customers order: the onboarding's briefs and kit orders, and the demo bookings. */

/** The customer's onboarding (migration 0027, decision 0050): brief drafts, kit orders, their messages and files. */
export interface OnboardingTables {
  kit_briefs: {
    user_id: string;
    kit_key: string;
    kit_label: string;
    /** JSON of the brief's fields. */
    fields: string;
    revision: number;
    locale: string;
    submitted_at: number | null;
    created_at: number;
    updated_at: number;
  };
  kit_orders: {
    id: Generated<number>;
    number: string | null;
    user_id: string;
    /** The account's id while the order is not live, else null (unique: one open order per account). */
    open_key: string | null;
    kit_key: string;
    kit_label: string;
    /** JSON of the brief's fields as submitted. */
    brief: string;
    locale: string;
    /** received | setup | review | live */
    step: string;
    assignee_id: string | null;
    promised_hours: number;
    submitted_at: number;
    due_at: number;
    step_changed_at: number;
    live_at: number | null;
    change_requested_at: number | null;
    created_at: number;
    updated_at: number;
  };
  kit_order_messages: {
    id: Generated<number>;
    order_id: number;
    /** customer | staff */
    author_kind: string;
    author_id: string | null;
    /** message | question | answer | change-request | file | note */
    kind: string;
    body: string;
    /** 0 or 1: a staff note, never shown to the customer. */
    internal: Generated<number>;
    created_at: number;
    emailed_at: number | null;
  };
  kit_files: {
    id: Generated<number>;
    user_id: string;
    order_id: number | null;
    /** price-list | brochure | logo | other */
    purpose: string;
    original_name: string;
    /** image/webp | application/pdf */
    content_type: string;
    size: number;
    width: number | null;
    height: number | null;
    hash: string;
    data: Uint8Array;
    uploaded_by: string | null;
    created_at: number;
  };
}

/** The demo booking (migration 0028, issue 42). Times are epoch milliseconds. */
export interface BookingTables {
  demo_bookings: {
    id: Generated<number>;
    public_id: string;
    starts_at: number;
    ends_at: number;
    /** starts_at while the booking holds its slot, else null (unique: one booking per slot). */
    active_start: number | null;
    /** held | confirmed | attended | no-show | cancelled | released */
    status: string;
    /** none | pending | paid | refund-due */
    payment: string;
    amount_paise: number;
    name: string;
    email: string;
    whatsapp: string;
    business_type: string;
    note: string;
    locale: string;
    visitor_zone: string;
    held_until: number | null;
    payment_link_id: string | null;
    payment_link_url: string | null;
    payment_id: string | null;
    paid_at: number | null;
    manage_token_hash: string | null;
    lead_id: number | null;
    created_at: number;
    confirmed_at: number | null;
    scheduled_at: number;
    reminder_24_at: number | null;
    reminder_1_at: number | null;
    closed_at: number | null;
    closed_by: string | null;
  };
  razorpay_events: {
    event_id: string;
    event: string;
    booking_id: number | null;
    outcome: string;
    received_at: number;
  };
}
