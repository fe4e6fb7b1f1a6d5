/**
 * Which tables the owner's archive carries, and which it leaves out and why. Every table of the database is in
 * exactly one of the two lists (a test holds that), so a new table cannot slip into, or out of, the archive
 * without somebody deciding.
 */

export type ArchivedTable = {
  /** Columns the rows are sorted by, so one site always gives the same archive. */
  orderBy: string[];
  /** Columns written as this value instead of the stored one (credentials never leave the server). */
  replace?: Record<string, null>;
  /** A binary column written as a file of its own, named by another column: `media/<name>`. */
  file?: { column: string; nameColumn: string; folder: string };
  /** An id column whose PostgreSQL sequence is moved past the imported ids. */
  serial?: string;
};

/** In parent-before-child order is not needed: the import sorts by the target database's foreign keys. */
export const ARCHIVED_TABLES: Record<string, ArchivedTable> = {
  users: { orderBy: ["id"], replace: { password_hash: null } },
  social_identities: { orderBy: ["provider", "subject"] },
  blogs: { orderBy: ["id"], serial: "id" },
  blog_likes: { orderBy: ["blog_id", "visitor_id"] },
  blog_revisions: { orderBy: ["id"], serial: "id" },
  blog_redirects: { orderBy: ["slug"] },
  blog_gone: { orderBy: ["slug"] },
  media: { orderBy: ["id"], serial: "id" },
  media_files: { orderBy: ["name"], file: { column: "data", nameColumn: "name", folder: "media" } },
  subscribers: { orderBy: ["id"], serial: "id" },
  subscriber_tokens: { orderBy: ["token_hash"] },
  subscriber_labels: { orderBy: ["subscriber_id", "label"] },
  newsletter_issues: { orderBy: ["id"], serial: "id" },
  leads: { orderBy: ["id"], serial: "id" },
  audit_log: { orderBy: ["id"], serial: "id" },
  chat_questions: { orderBy: ["id"], serial: "id" },
  analytics_daily: { orderBy: ["day", "filter", "report", "key"] },
  // The owner's settings (and later copy) and their revisions (decision 0024).
  content_entries: { orderBy: ["key", "locale"] },
  content_revisions: { orderBy: ["id"], serial: "id" },
  content_drafts: { orderBy: ["key", "locale"] },
  // Which weeks' reports went out: without it the restored site mails the owners this week's report a second time.
  analytics_weekly_reports: { orderBy: ["week"] },
  // The customers' onboarding (issue 41, decision 0050): briefs, kit orders, their messages and files.
  kit_briefs: { orderBy: ["user_id"] },
  kit_orders: { orderBy: ["id"], serial: "id" },
  kit_order_messages: { orderBy: ["id"], serial: "id" },
  kit_files: { orderBy: ["id"], serial: "id", file: { column: "data", nameColumn: "id", folder: "kit-files" } },
  // Demo bookings (issue 42, decision 0052): who booked, paid and came; the webhook events already applied, so a
  // payment Razorpay sends again after a restore is still applied once.
  demo_bookings: { orderBy: ["id"], serial: "id" },
  razorpay_events: { orderBy: ["event_id"] },
};

/** Left out of the archive, each for a reason. */
export const NOT_ARCHIVED: Record<string, string> = {
  schema_migrations: "the target database has its own migrations",
  schema_migrations_lock: "the target database has its own migrations",
  rate_limits: "counters of the last minutes and hours",
  chat_conversations: "the help chat's open conversations, a day long",
  mail_outbox: "a delivery queue: what it held was sent or is retried by the old site",
  cache_versions: "the target's caches start anew",
  sessions: "credentials: everyone signs in again on the restored site",
  auth_tokens: "credentials (reset and verification links)",
  sign_in_trust: "credentials (remembered devices)",
  oauth_flows: "sign-ins in progress, minutes long",
  staff_totp: "second-factor secrets: staff enrol again",
  staff_recovery_codes: "second-factor credentials",
  staff_invitations: "single-use links: owners invite again",
  knowledge_passages: "the assistant's index, rebuilt from the posts and pages at start",
  knowledge_state: "the assistant's index, rebuilt from the posts and pages at start",
  analytics_salts: "destroyed daily by design: keeping one would make visitors traceable",
  analytics_visits: "raw visits of the last days; the archive keeps the daily totals",
  analytics_events: "raw events of the last days; the archive keeps the daily totals",
  studio_visits: "when each staff member last opened the studio: the restored site starts anew",
};

/** SQLite's own tables and the full-text indexes' shadow tables (rebuilt by triggers as rows are inserted). */
export function isInternalTable(name: string): boolean {
  return /^sqlite_/.test(name) || /_fts(_\w+)?$/.test(name) || /^knowledge_fts/.test(name);
}
