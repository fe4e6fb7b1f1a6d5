import type { Generated } from "kysely";

/** Posts and what hangs on them: likes, revisions and redirects, subscribers and the newsletters sent to them. */

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
