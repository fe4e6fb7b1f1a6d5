import type { Generated } from "kysely";

/** The site's floor (rate limits, the e-mail outbox, the caches' versions), the owner's content and the uploaded media. */

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
