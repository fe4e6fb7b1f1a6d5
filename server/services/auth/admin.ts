import { sql } from "kysely";
import { AUDIENCE_MESSAGES, AUDIENCE_RULES } from "../../../shared/content/audience";
import type { Deps } from "../../context";
import { forbidden, notFound } from "../errors";
import { revokeAllSessions } from "./sessions";
import { type Actor, recordAudit } from "../audit";
import { assertExportAllowed, type CsvColumns, EXPORT_PAGE, toCsv } from "../export";
import { anyContainsText, normaliseSearch } from "../text-search";

export type AccountRow = {
  id: string;
  name: string;
  email: string;
  company: string;
  industry: string;
  role: string;
  access: string;
  verified: boolean;
  createdAt: number;
  lastLoginAt: number | null;
  disabledAt: number | null;
};

export type AccountFilter = { search?: string };

/** Accounts, newest first; `before` pages by creation time. */
export async function listAccounts(deps: Deps, filter: AccountFilter & { before?: number; limit?: number; offset?: number } = {}): Promise<AccountRow[]> {
  let q = deps.db.kysely
    .selectFrom("users")
    .select(["id", "name", "email", "company", "industry", "role", "access", "email_verified_at", "created_at", "last_login_at", "disabled_at"])
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(Math.min(Math.max(filter.limit ?? AUDIENCE_RULES.pageSize, 1), 10_000));
  if (filter.before) q = q.where("created_at", "<", filter.before);
  if (filter.offset) q = q.offset(filter.offset);
  const search = filter.search?.trim();
  if (search) {
    q = q.where(anyContainsText(["email_normalized", sql<string>`lower(name)`, sql<string>`lower(company)`], normaliseSearch(search)));
  }
  return (await q.execute()).map((r) => ({
    id: r.id,
    name: r.name,
    email: r.email,
    company: r.company,
    industry: r.industry,
    role: r.role,
    access: r.access,
    verified: r.email_verified_at != null,
    createdAt: Number(r.created_at),
    lastLoginAt: r.last_login_at == null ? null : Number(r.last_login_at),
    disabledAt: r.disabled_at == null ? null : Number(r.disabled_at),
  }));
}

const CSV_COLUMNS: CsvColumns<AccountRow> = [
  ["id", (r) => r.id],
  ["name", (r) => r.name],
  ["email", (r) => r.email],
  ["company", (r) => r.company],
  ["industry", (r) => r.industry],
  ["role", (r) => r.role],
  ["verified", (r) => (r.verified ? "yes" : "no")],
  ["created_at", (r) => new Date(r.createdAt).toISOString()],
  ["last_sign_in_at", (r) => (r.lastLoginAt == null ? null : new Date(r.lastLoginAt).toISOString())],
  ["disabled_at", (r) => (r.disabledAt == null ? null : new Date(r.disabledAt).toISOString())],
];

export async function exportAccounts(deps: Deps, filter: AccountFilter, actor: Actor): Promise<string> {
  await assertExportAllowed(deps, actor);
  const rows: AccountRow[] = [];
  for (let offset = 0; ; offset += EXPORT_PAGE) {
    const page = await listAccounts(deps, { ...filter, offset, limit: EXPORT_PAGE });
    rows.push(...page);
    if (page.length < EXPORT_PAGE) break;
  }
  await recordAudit(deps, actor, { action: "accounts.export", recordType: "accounts", recordId: "-", detail: `${rows.length} rows` });
  return toCsv(CSV_COLUMNS, rows);
}

/**
 * Disables (every session ends at once, sign-in refused) or re-enables a visitor's account. Staff accounts are
 * left to the staff page: removing their access comes first.
 */
export async function setAccountDisabled(deps: Deps, userId: string, disabled: boolean, actor: Actor): Promise<void> {
  // No id holds a control character (PostgreSQL cannot even compare a NUL): such an id names no account.
  if (typeof userId !== "string" || userId.length === 0 || userId.length > 64 || /\p{Cc}/u.test(userId)) throw notFound(AUDIENCE_MESSAGES.accountNotFound);
  const user = await deps.db.kysely.selectFrom("users").select(["id", "access", "disabled_at"]).where("id", "=", userId).executeTakeFirst();
  if (!user) throw notFound(AUDIENCE_MESSAGES.accountNotFound);
  if (user.access !== "user") throw forbidden(AUDIENCE_MESSAGES.accountIsStaff);
  if (disabled) {
    await deps.db.kysely.updateTable("users").set({ disabled_at: Date.now() }).where("id", "=", userId).where("disabled_at", "is", null).execute();
    await revokeAllSessions(deps, userId);
  } else {
    await deps.db.kysely.updateTable("users").set({ disabled_at: null }).where("id", "=", userId).execute();
  }
  await recordAudit(deps, actor, { action: disabled ? "account.disable" : "account.enable", recordType: "user", recordId: userId });
}
