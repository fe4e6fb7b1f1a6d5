import type { Generated } from "kysely";

/** Visitors' accounts and sessions, and the studio's staff (second factor, invitations, the studio session). */

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
