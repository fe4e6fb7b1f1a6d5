import type { Generated } from "kysely";

/** What visitors leave behind: contact leads, the assistant's questions (and its knowledge index), page views and goals. */

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
