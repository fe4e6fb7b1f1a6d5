import type { Deps } from "../../context";
import { type BriefFields, type BriefRuleMessages, BRIEF_RULE_MESSAGES_EN, GENERAL_KIT_KEY, briefDraftSchema } from "../../../shared/schemas/onboarding";
import { type Actor, recordAudit } from "../audit";
import { ServiceError, invalid, rateLimited } from "../errors";
import { hitRateLimit } from "../rate-limit";
import { type KitBrief, toKitBrief } from "./types";

/**
 * The customer's brief draft (issue 41, decision 0050): one per account, saved as they type. Every save carries the
 * revision it was made from; a save from an older revision (another device saved since) is refused as a conflict
 * carrying the stored brief, and changes nothing, so newer text is never overwritten by older. The check and the write
 * are one conditional statement (UPDATE ... WHERE revision = base), atomic on both databases.
 */

export const BRIEF_SAVE_LIMIT = { limit: 240, windowMs: 10 * 60_000 } as const;
/** A draft's saves are audited at most once in this long per account (autosave saves every few seconds of typing). */
export const BRIEF_AUDIT_EVERY_MS = 15 * 60_000;

export type BriefSaveInput = {
  kitKey: string;
  kitLabel: string;
  fields: unknown;
  /** The revision the browser's copy was made from (0: no draft yet). */
  revision: number;
  locale: "en" | "hi";
};

/** Thrown (as a conflict) when a save's revision is older than the stored one; `facts.brief` is the stored brief. */
export const STALE_BRIEF = "stale-brief";

export async function getBrief(deps: Pick<Deps, "db">, userId: string): Promise<KitBrief | null> {
  const row = await deps.db.kysely.selectFrom("kit_briefs").selectAll().where("user_id", "=", userId).executeTakeFirst();
  return row ? toKitBrief(row) : null;
}

function cleanKit(kitKey: string, kitLabel: string): { kitKey: string; kitLabel: string } {
  const key = String(kitKey ?? "").trim().toLowerCase().slice(0, 80);
  // eslint-disable-next-line no-control-regex -- a label is one line of plain text
  const label = String(kitLabel ?? "").replace(/[\u0000-\u001f\u007f]/g, " ").trim().slice(0, 200);
  return /^[a-z0-9-]+$/.test(key) && label ? { kitKey: key, kitLabel: label } : { kitKey: GENERAL_KIT_KEY, kitLabel: label || "General" };
}

/** Validates a draft's fields with the draft's rules (lengths only), naming the field at fault. */
export function parseDraftFields(value: unknown, messages: BriefRuleMessages = BRIEF_RULE_MESSAGES_EN): BriefFields {
  const result = briefDraftSchema(messages).safeParse(value ?? {});
  if (result.success) return result.data as BriefFields;
  const issue = result.error.issues[0];
  throw invalid(issue?.message ?? messages.badCharacters, issue?.path.map(String).join(".") || undefined, {
    errors: Object.fromEntries(result.error.issues.map((i) => [i.path.map(String).join("."), i.message])),
  });
}

/**
 * Saves the draft. Returns the stored brief (its new revision); a save identical to the stored one moves nothing.
 * Refused: `invalid` (a field too long, named), `conflict` STALE_BRIEF (an older revision; facts.brief: the stored one),
 * `rate-limited`.
 */
export async function saveBrief(
  deps: Deps,
  userId: string,
  input: BriefSaveInput,
  actor: Actor,
  { messages = BRIEF_RULE_MESSAGES_EN, now = Date.now() }: { messages?: BriefRuleMessages; now?: number } = {},
): Promise<KitBrief> {
  const fields = parseDraftFields(input.fields, messages);
  const { kitKey, kitLabel } = cleanKit(input.kitKey, input.kitLabel);
  const limit = await hitRateLimit(deps.db, `brief:save:${userId}`, { ...BRIEF_SAVE_LIMIT, now });
  if (!limit.allowed) throw rateLimited("Too many saves in a short time. Your text is kept; it will be saved in a moment.", limit.retryAfterSeconds);
  const base = Math.max(0, Math.floor(Number(input.revision) || 0));
  const json = JSON.stringify(fields);
  const stored = await getBrief(deps, userId);
  if (stored && stored.revision !== base) throw staleBrief(stored);
  if (stored && JSON.stringify(stored.fields) === json && stored.kitKey === kitKey && stored.kitLabel === kitLabel && stored.locale === input.locale) return stored;
  if (!stored) {
    if (base !== 0) throw invalid("This brief's revision is unknown. Reload the page to continue.", "revision");
    try {
      await deps.db.kysely
        .insertInto("kit_briefs")
        .values({ user_id: userId, kit_key: kitKey, kit_label: kitLabel, fields: json, revision: 1, locale: input.locale, submitted_at: null, created_at: now, updated_at: now })
        .execute();
    } catch (error) {
      // Another tab made the first draft at the same moment.
      const other = await getBrief(deps, userId);
      if (other) throw staleBrief(other);
      throw error;
    }
    await recordAudit(deps, actor, { action: "brief.create", recordType: "account", recordId: userId, detail: kitKey }, now);
  } else {
    const result = await deps.db.kysely
      .updateTable("kit_briefs")
      .set({ kit_key: kitKey, kit_label: kitLabel, fields: json, revision: base + 1, locale: input.locale, updated_at: now })
      .where("user_id", "=", userId)
      .where("revision", "=", base)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      const other = await getBrief(deps, userId);
      if (other) throw staleBrief(other);
    }
    await auditSaveNowAndThen(deps, actor, userId, kitKey, now);
  }
  return (await getBrief(deps, userId))!;
}

function staleBrief(stored: KitBrief): ServiceError {
  return new ServiceError("conflict", "This brief was changed on another device or tab since this page loaded. Your text is still here: choose which version to keep.", {
    field: "revision",
    facts: { reason: STALE_BRIEF, brief: stored },
  });
}

async function auditSaveNowAndThen(deps: Deps, actor: Actor, userId: string, kitKey: string, now: number): Promise<void> {
  const recent = await deps.db.kysely
    .selectFrom("audit_log")
    .select("id")
    .where("action", "in", ["brief.save", "brief.create"])
    .where("record_id", "=", userId)
    .where("at", ">", now - BRIEF_AUDIT_EVERY_MS)
    .limit(1)
    .executeTakeFirst();
  if (!recent) await recordAudit(deps, actor, { action: "brief.save", recordType: "account", recordId: userId, detail: kitKey }, now);
}
