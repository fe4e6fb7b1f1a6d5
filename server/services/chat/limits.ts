import type { Deps } from "../../context";
import { addressKey, hitRateLimit } from "../rate-limit";
import { usableKey } from "./llm";

/**
 * What one client address may cost the help chat beyond its per-minute limit (issue 39, item 11): its share of the
 * language model's daily cap, and how many of its questions the studio's question list keeps. Addresses are kept in
 * the limits' keys only as hashes (addressKey).
 */
const DAY_MS = 24 * 60 * 60_000;

/**
 * Questions of one address kept per day for /studio/questions. A visitor with real questions asks a handful; a
 * script that floods the list with made-up wordings (or one wording a thousand times, to sit on top) adds at most
 * this many, so the questions real visitors asked stay in the list. Beyond it the visitor is still answered; the
 * answer just is not kept (and so cannot be rated).
 */
export const QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY = 30;

/** Whether this address's question may be kept in the question log now (counts it when so). */
export async function mayLogQuestion(deps: Pick<Deps, "db">, clientIp: string, now = Date.now()): Promise<boolean> {
  const hit = await hitRateLimit(deps.db, `chat:log:${addressKey(clientIp)}`, { limit: QUESTIONS_LOGGED_PER_ADDRESS_PER_DAY, windowMs: DAY_MS, now });
  return hit.allowed;
}

/**
 * True when a language-model call may be made now for this address: a key is usable, the address has not used its
 * share of the day (LLM_DAILY_CAP_PER_ADDRESS), and the site's daily cap is not reached. The address's share is
 * counted first, so an address past its share spends none of the site's cap: one address (a script) can no longer
 * use the whole day's model calls and leave every other visitor the local assistant.
 */
export async function takeModelCall(deps: Deps, clientIp: string, now = Date.now()): Promise<boolean> {
  if (!usableKey(deps.config)) return false;
  const mine = await hitRateLimit(deps.db, `chat:llm:day:${addressKey(clientIp)}`, { limit: deps.config.LLM_DAILY_CAP_PER_ADDRESS, windowMs: DAY_MS, now });
  if (!mine.allowed) {
    // Once per address and day, not per message: the count says it is the first refusal.
    if (mine.count === deps.config.LLM_DAILY_CAP_PER_ADDRESS + 1) deps.log.info({ cap: deps.config.LLM_DAILY_CAP_PER_ADDRESS }, "an address used its daily share of the language model; answering it locally");
    return false;
  }
  const hit = await hitRateLimit(deps.db, "chat:llm:day", { limit: deps.config.LLM_DAILY_CAP, windowMs: DAY_MS, now });
  if (!hit.allowed) deps.log.warn({ cap: deps.config.LLM_DAILY_CAP }, "daily language-model cap reached; answering locally");
  return hit.allowed;
}
