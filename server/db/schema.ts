import type { Generated } from "kysely";

/**
 * Every table, as Kysely sees it. Each feature keeps its tables in its own
 * interface and this one joins them.
 */
export interface Database
  extends FoundationTables,
    BlogNewsletterTables,
    AccountTables,
    LeadTables,
    KnowledgeTables,
    StaffTables,
    StudioPostTables,
    MediaTables,
    AudienceTables,
    AnalyticsTables,
    ContentTables,
    OnboardingTables,
    BookingTables {}

export interface FoundationTables {
  /** Fixed-window counters shared by every server process (rate limits). */
  rate_limits: {
    key: string;
    window_start: number;
    count: number;
    /** Epoch ms after which the row may be deleted. */
    expires_at: number;
  };
  /** Outgoing e-mail, kept until delivered (or given up on). */
  mail_outbox: {
    id: Generated<number>;
    to_address: string;
    subject: string;
    text_body: string;
    html_body: string | null;
    kind: string;
    status: string;
    attempts: number;
    next_attempt_at: number;
    last_error: string | null;
    created_at: number;
    sent_at: number | null;
    /** Unique when set (migration 0012): the same message is never queued twice. */
    idempotency_key: Generated<string | null>;
    newsletter_id: Generated<number | null>;
    subscriber_id: Generated<number | null>;
    /** Migration 0019: the Reply-To header (a lead's notice: the lead's address). */
    reply_to: Generated<string | null>;
  };
  /** What the response caches key their answers by, moved by triggers on `blogs` (migration 0008). */
  cache_versions: {
    name: string;
    version: number;
  };
}

/** Blog posts, likes and newsletter subscribers (migration 0002). */
export interface BlogNewsletterTables {
  blogs: {
    id: Generated<number>;
    slug: string;
    title: string;
    excerpt: string;
    author: string;
    /** Epoch ms of the post's date. */
    published_at: number;
    read_time: string;
    category: string;
    /** 0 or 1. */
    featured: number;
    image: string | null;
    views: Generated<number>;
    likes: Generated<number>;
    /** JSON array of strings. */
    tags: string;
    /** JSON `{ sections: [{ title, content: string[] }] }`. */
    content: string;
    /** Lower-cased title, excerpt, tags and section text, for search. */
    search_text: string;
    created_at: number;
    updated_at: number;
    /** draft | scheduled | published | unpublished (migration 0010). Only published posts are public. */
    status: Generated<string>;
    /** Epoch ms a scheduled post goes out. */
    scheduled_at: number | null;
    /** Optimistic-concurrency counter: a save names the version it edited. */
    version: Generated<number>;
    author_user_id: string | null;
    cover_media_id: number | null;
    cover_alt: Generated<string>;
    /** The body as written in the studio (light Markdown); null for posts that never went through the editor. */
    body_source: string | null;
    /** Search and sharing (migration 0022): empty means the title / excerpt; null social image means the cover. */
    meta_title: Generated<string>;
    meta_description: Generated<string>;
    social_media_id: number | null;
    /** 'en' | 'hi' (migration 0023). */
    language: Generated<string>;
    /** The other post of a pair written in both languages (each names the other); null when none. */
    translation_of: number | null;
  };
  blog_likes: {
    blog_id: number;
    visitor_id: string;
    created_at: number;
  };
  subscribers: {
    id: Generated<number>;
    email: string;
    email_normalized: string;
    /** pending | confirmed | unsubscribed */
    status: string;
    created_at: number;
    updated_at: number;
    confirmed_at: number | null;
    unsubscribed_at: number | null;
    /** Migration 0019: the name given on import or by hand. */
    name: string | null;
    /** The form the subscription came from (footer, blogs, post…), "studio" or "import". */
    source: string | null;
    /** How consent was obtained, as the owner stated it (added without the opt-in e-mail); who and when. */
    consent_note: string | null;
    consent_by: string | null;
    consent_at: number | null;
    /** An opt-in e-mail still to be made (imports): the opt-in worker claims it. */
    optin_due_at: number | null;
    /** Migration 0024: the language of the form they subscribed with ('en' | 'hi'); their e-mails' frame is in it. */
    locale: Generated<string>;
  };
  /** A subscriber's labels (migration 0019). */
  subscriber_labels: {
    subscriber_id: number;
    label: string;
  };
  subscriber_tokens: {
    /** sha256 (hex) of the token sent by e-mail. */
    token_hash: string;
    subscriber_id: number;
    /** confirm | unsubscribe */
    purpose: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
}

export interface AccountTables {
  users: {
    id: string;
    email: string;
    email_normalized: string;
    name: string;
    role: string;
    industry: string;
    company: string;
    password_hash: string | null;
    email_verified_at: number | null;
    profile_picture: string | null;
    created_at: number;
    last_login_at: number | null;
    /** What the account may do in the studio: 'user' (none), 'editor' or 'owner'. */
    access: Generated<string>;
    /** When the owner disabled the account (migration 0012); null when it may sign in. */
    disabled_at: Generated<number | null>;
    /** Migration 0024: the language of the page the account was made on ('en' | 'hi'); its e-mails are in it. */
    locale: Generated<string>;
  };
  /** Sign-in sessions; the token itself is never stored, only its SHA-256. */
  sessions: {
    token_hash: string;
    user_id: string;
    created_at: number;
    last_seen_at: number;
    idle_expires_at: number;
    absolute_expires_at: number;
    persistent: number;
    revoked_at: number | null;
    /** When this session passed the second factor (staff only). */
    second_factor_at: Generated<number | null>;
  };
  /** Single-use password-reset and e-mail-verification tokens (hashed). */
  auth_tokens: {
    token_hash: string;
    user_id: string;
    purpose: string;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  social_identities: {
    provider: string;
    subject: string;
    user_id: string;
    email: string | null;
    created_at: number;
  };
  /** Pending Google/Microsoft sign-ins: state, nonce and PKCE verifier, keyed by a hashed cookie value. */
  /** Devices (device-cookie tokens) and client addresses an account signed in from successfully; values hashed. */
  sign_in_trust: {
    kind: string;
    value_hash: string;
    email_normalized: string;
    created_at: number;
    expires_at: number;
  };
  oauth_flows: {
    id_hash: string;
    provider: string;
    state: string;
    nonce: string;
    code_verifier: string;
    redirect_to: string;
    mode: string;
    remember: number;
    expires_at: number;
  };
}

export interface LeadTables {
  /** Contact form leads; each row is also its own CRM delivery outbox entry. */
  leads: {
    id: Generated<number>;
    first_name: string;
    last_name: string;
    email: string;
    phone: string;
    message: string;
    lead_source: string;
    /** pending | sending | delivered | failed | spam */
    status: string;
    attempts: number;
    next_attempt_at: number;
    claim_token: string | null;
    claimed_until: number | null;
    last_error: string | null;
    crm_status: number | null;
    crm_response: string | null;
    created_at: number;
    delivered_at: number | null;
    /** Migration 0019: the owner's follow-up, new | contacted | won | lost, with a note; who set it and when. */
    stage: Generated<string>;
    stage_note: string | null;
    stage_at: number | null;
    stage_by: string | null;
    /** Migration 0024: the language of the contact page the lead was sent from ('en' | 'hi'). */
    locale: Generated<string>;
  };
}

/** The help assistant's knowledge index and questions log (migration 0007). */
export interface KnowledgeTables {
  knowledge_passages: {
    id: Generated<number>;
    /** post | page | faq */
    kind: string;
    /** What a reindex replaces as a whole: "post:<id>", "faq" or "page". */
    source_key: string;
    /** A stable name for the passage ("faq:pricing", "post:12:3", "page:/about#mission"). */
    ref: string;
    /** The page or post title, as a citation shows it. */
    title: string;
    /** The section heading (or the FAQ question). */
    heading: string;
    url: string;
    body: string;
    /** Searched, not shown: an FAQ entry's other phrasings. */
    extra: string;
    /** The keyword rule this passage belongs to, when it has one. */
    topic: string | null;
    updated_at: number;
  };
  knowledge_state: { key: string; value: string };
  chat_questions: {
    id: Generated<number>;
    question: string;
    question_key: string;
    topic: string;
    /** 1 when the message got the welcome menu. */
    fell_through: number;
    created_at: number;
    /** The random id the visitor's page rates the answer by (null before migration 0021). */
    answer_id: string | null;
    /** What the assistant answered, cut short. */
    answer: Generated<string>;
    /** 1 when the answer offered a person (a handover). */
    handed_over: Generated<number>;
    /** The visitor's language: "en", "hinglish" or "hi". */
    language: Generated<string>;
    /** 1 helpful, -1 not helpful, null not rated. */
    rating: number | null;
  };
  /** The chat's conversations as the server answered them (migration 0026). */
  chat_conversations: {
    id: string;
    /** JSON: the last turns ({question, answer, topics, kit?}), oldest first. */
    turns: string;
    updated_at: number;
  };
}

export interface StaffTables {
  staff_totp: {
    user_id: string;
    secret: string;
    created_at: number;
    confirmed_at: number | null;
    last_step: number | null;
  };
  staff_recovery_codes: {
    code_hash: string;
    user_id: string;
    created_at: number;
    used_at: number | null;
  };
  staff_invitations: {
    token_hash: string;
    email_normalized: string;
    access: string;
    invited_by: string | null;
    created_at: number;
    expires_at: number;
    used_at: number | null;
  };
  audit_log: {
    id: Generated<number>;
    at: number;
    user_id: string | null;
    actor: string;
    action: string;
    record_type: string;
    record_id: string;
    client_ip: string;
    detail: string;
  };
}

/** Revisions, redirects and gone slugs of studio posts (migration 0010). */
export interface StudioPostTables {
  blog_revisions: {
    id: Generated<number>;
    blog_id: number;
    version: number;
    saved_at: number;
    saved_by: string | null;
    /** JSON of the post as saved. */
    snapshot: string;
  };
  blog_redirects: {
    slug: string;
    blog_id: number;
    created_at: number;
  };
  blog_gone: {
    slug: string;
    gone_at: number;
  };
}

/** Uploaded images and their sized versions (migration 0011). */
export interface MediaTables {
  media: {
    id: Generated<number>;
    hash: string;
    original_name: string;
    original_type: string;
    original_size: number;
    width: number;
    height: number;
    created_at: number;
    created_by: string | null;
  };
  media_files: {
    name: string;
    media_id: number;
    format: string;
    width: number;
    height: number;
    size: number;
    data: Uint8Array;
  };
}

/** First-party analytics (migration 0013, decision 0017). Days are UTC days since the epoch. */
export interface AnalyticsTables {
  analytics_salts: { day: number; salt: string };
  analytics_visits: {
    day: number;
    visitor: string;
    started_at: number;
    entry_path: string;
    source: string;
    referrer: string;
    utm_source: string;
    utm_medium: string;
    utm_campaign: string;
    device: string;
    browser: string;
    /** The operating system family (migration 0020); '' for visits recorded before it. */
    os: Generated<string>;
    /** ISO 3166-1 alpha-2, from the address at ingest (decision 0034); never the address. */
    country: Generated<string>;
    views: number;
  };
  analytics_events: {
    id: Generated<number>;
    at: number;
    day: number;
    visitor: string;
    name: string;
    path: string;
  };
  /** One row per site week whose report e-mail was queued (migration 0020): the week's Monday, YYYY-MM-DD. */
  analytics_weekly_reports: { week: string; sent_at: number; recipients: number };
  analytics_daily: {
    day: number;
    filter: string;
    report: string;
    key: string;
    visitors: number;
    views: number;
    bounces: number;
  };
}

/** Newsletters sent from posts (migration 0012); their messages are mail_outbox rows with newsletter_id. */
export interface AudienceTables {
  newsletter_issues: {
    id: Generated<number>;
    blog_id: number;
    subject: string;
    /** JSON of the e-mail's content, frozen when the send started. */
    content: string;
    recipients: Generated<number>;
    created_at: number;
    created_by: string | null;
    /** Migration 0019: JSON array of the labels it goes to; null: every confirmed subscriber. */
    labels: string | null;
    /** When a scheduled newsletter is due (epoch ms). */
    scheduled_for: number | null;
    /** scheduled | sent */
    state: Generated<string>;
  };
  /** The studio overview's "new since your last visit" (migration 0019). */
  studio_visits: {
    user_id: string;
    previous_at: number | null;
    last_at: number;
  };
}

/** The owner's content: settings now, the pages' copy later, per key and locale (migration 0016, decision 0024). */
export interface ContentTables {
  content_entries: {
    key: string;
    locale: string;
    /** JSON text of the value. */
    value: string;
    version: number;
    updated_at: number;
    updated_by: string | null;
  };
  content_revisions: {
    id: Generated<number>;
    key: string;
    locale: string;
    /** JSON text; null when the entry was cleared (back to the default). */
    value: string | null;
    version: number;
    created_at: number;
    created_by: string | null;
  };
  /** A document's draft per locale (migration 0018, decision 0027): never shown to visitors. */
  content_drafts: {
    key: string;
    locale: string;
    /** JSON text of the whole document. */
    value: string;
    /** The published entry's version the draft was made from (0: nothing published). */
    base_version: number;
    /** Moves by one on every save of the draft. */
    revision: number;
    updated_at: number;
    updated_by: string | null;
    /** When the schedule worker publishes this draft (epoch ms; null: not scheduled). Migration 0032. */
    scheduled_at: number | null;
    /** Who scheduled it. */
    scheduled_by: string | null;
  };
}

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
