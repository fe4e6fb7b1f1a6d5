import type { Db } from "../../db/database";
import { rateLimited, ServiceError } from "../errors";
import { type Counter, hitCounters, hitRateLimit, peekRateLimit, resetRateLimit, secondsUntilFree } from "../rate-limit";
import type { LaneTurn } from "../work-lane";
import { AUTH_MESSAGES } from "../../../shared/content/auth";

type Tier = { limit: number; windowMs: number };

/**
 * Failed sign-ins, counted in the shared database. Each scope has tiers whose
 * windows grow, so the wait grows with repeated failures (about a minute, then
 * up to a quarter of an hour). The account-wide tier is the one an attacker
 * elsewhere could fill for a real user, so it never applies to a device or an
 * address the account has signed in from before (see `SignInSource`): the
 * owner keeps signing in while strangers are slowed down (OWASP's device
 * cookies).
 */
export const SIGN_IN_TIERS = {
  /** One address guessing one account: a growing wait (5 a minute, then 10 a quarter of an hour). */
  pair: [
    { limit: 5, windowMs: 60_000 },
    { limit: 10, windowMs: 15 * 60_000 },
  ],
  /** One address trying many accounts. */
  ip: [
    { limit: 20, windowMs: 60_000 },
    { limit: 60, windowMs: 60 * 60_000 },
  ],
  /** Many addresses guessing one account: applies only where the account never signed in before. */
  account: [{ limit: 30, windowMs: 15 * 60_000 }],
  /** A device that signed in to this account before (its device cookie): its own small allowance of mistakes. */
  device: [{ limit: 10, windowMs: 15 * 60_000 }],
} satisfies Record<string, Tier[]>;

/**
 * Every stranger's failures together, on every account and from every address (issue 39, item 2): the hashing a
 * storm from rotating addresses may cost the site (`SIGN_IN_STRANGER_FAILURES_PER_10S`, 20 by default: two hashes a
 * second, a tenth of one core). Beyond it a stranger is refused before any hashing; a known device or address is
 * never held back by it.
 */
export const GLOBAL_WINDOW_MS = 10_000;
const GLOBAL_KEY = "signin:global";
/** The `reason` of a refusal by the strangers' global budget (the sign-in holds its answer, see accounts.ts). */
export const STRANGERS_BUDGET = "strangers-budget";

/** A stranger's sign-in on an account with this many failures in its window hashes behind other strangers' (work-lane.ts). */
export const ATTACKED_AFTER_FAILURES = 3;

/** E-mails sent on request (reset, verification), per address and per client address. */
export const MAIL_TIERS = {
  address: [{ limit: 3, windowMs: 60 * 60_000 }],
  ip: [{ limit: 20, windowMs: 60 * 60_000 }],
} satisfies Record<string, Tier[]>;

const HOUR_MS = 60 * 60_000;

/** Social sign-in flows (and ID-token nonces) started per client address: each is a stored row until it expires. */
export const SOCIAL_FLOW_TIER: Tier = { limit: 10, windowMs: 60_000 };

export async function hitSocialFlowLimit(db: Db, ip: string, now = Date.now()): Promise<void> {
  const { limit, windowMs } = SOCIAL_FLOW_TIER;
  const result = await hitRateLimit(db, `social-flow:ip:${ip}:${windowMs}`, { limit, windowMs, now });
  if (!result.allowed) throw rateLimited(AUTH_MESSAGES.tooManyAttempts, result.retryAfterSeconds);
}

/**
 * Counts one sign-up from this client address (`SIGNUP_RATE_LIMIT_PER_HOUR`); `rate-limited` with the
 * wait beyond it. Each sign-up hashes a password and e-mails a verification link to the address typed, so
 * unbounded sign-ups would burn CPU and let anyone mail strangers through the site.
 */
export async function hitSignUpLimit(db: Db, ip: string, limit: number, now = Date.now()): Promise<void> {
  const result = await hitRateLimit(db, `signup:ip:${ip}:${HOUR_MS}`, { limit, windowMs: HOUR_MS, now });
  if (!result.allowed) throw rateLimited(AUTH_MESSAGES.tooManySignUps, result.retryAfterSeconds);
}

/**
 * Where a sign-in comes from, as far as the limits care: a device whose cookie this account trusts (it signed in
 * there before), an address it signed in from before, or neither (a stranger, as far as anyone can tell).
 */
export type SignInSource = { trustedDevice: string | null; trustedAddress: boolean };

function signInKeys(email: string, ip: string, source: SignInSource) {
  // A trusted device is counted on its own: a stranger at the same address cannot use up its allowance.
  if (source.trustedDevice) return { device: `signin:dev:${source.trustedDevice}:${email}` } as const;
  return {
    pair: `signin:pair:${ip}:${email}`,
    ip: `signin:ip:${ip}`,
    ...(source.trustedAddress ? {} : { account: `signin:acct:${email}` }),
  } as const;
}

type Scope = keyof typeof SIGN_IN_TIERS;

function tierKey(key: string, tier: Tier) {
  return `${key}:${tier.windowMs}`;
}

function scopedKeys(email: string, ip: string, source: SignInSource): [Scope, string][] {
  return Object.entries(signInKeys(email, ip, source)) as [Scope, string][];
}

/** A stranger: neither a trusted device nor a trusted address (the only sign-ins the global budget holds back). */
const isStranger = (source: SignInSource) => !source.trustedDevice && !source.trustedAddress;

function globalCounter(budget: number): Counter {
  return { key: `${GLOBAL_KEY}:${GLOBAL_WINDOW_MS}`, limit: budget, windowMs: GLOBAL_WINDOW_MS };
}

/**
 * Throws `rate-limited` with the wait when any sign-in tier for this source and account is full, or, for a stranger,
 * when strangers' failures have used up `strangerBudget` (SIGN_IN_STRANGER_FAILURES_PER_10S). Otherwise returns the
 * hashing lane's turn of this sign-in: "known" for a device or address the account signed in from before,
 * "attacked" for a stranger on an account with failures counted against it, else "calm".
 */
export async function assertSignInAllowed(
  db: Db,
  email: string,
  ip: string,
  source: SignInSource,
  strangerBudget: number,
  now = Date.now(),
): Promise<LaneTurn> {
  const wait = await secondsUntilFree(db, signInCounters(scopedKeys(email, ip, source)), now);
  if (wait > 0) throw rateLimited(AUTH_MESSAGES.tooManyAttempts, wait);
  if (!isStranger(source)) return "known";
  const budgetWait = await secondsUntilFree(db, [globalCounter(strangerBudget)], now);
  if (budgetWait > 0) throw new ServiceError("rate-limited", AUTH_MESSAGES.tooManyAttempts, { retryAfterSeconds: budgetWait, facts: { reason: STRANGERS_BUDGET } });
  const tier = SIGN_IN_TIERS.account[0]!;
  const failures = await peekRateLimit(db, tierKey(`signin:acct:${email}`, tier), tier.windowMs, now);
  return failures >= ATTACKED_AFTER_FAILURES ? "attacked" : "calm";
}

export async function recordSignInFailure(db: Db, email: string, ip: string, source: SignInSource, now = Date.now()): Promise<void> {
  // A failure from a trusted address still counts on the account: only its own attempts skip that tier.
  const keys = source.trustedDevice ? scopedKeys(email, ip, source) : scopedKeys(email, ip, { trustedDevice: null, trustedAddress: false });
  // The global budget counts strangers' hashes only: a known device's or address's mistakes never hold anyone back.
  const counters = signInCounters(keys);
  if (isStranger(source)) counters.push(globalCounter(Number.MAX_SAFE_INTEGER));
  await hitCounters(db, counters, now);
}

function signInCounters(keys: [Scope, string][]): Counter[] {
  return keys.flatMap(([scope, key]) => SIGN_IN_TIERS[scope].map((tier) => ({ key: tierKey(key, tier), ...tier })));
}

/** A successful sign-in forgets this address's (or device's) failures on this account, not the account-wide or address-wide counts. */
export async function clearSignInFailures(db: Db, email: string, ip: string, source: SignInSource): Promise<void> {
  const scope: Scope = source.trustedDevice ? "device" : "pair";
  const key = Object.fromEntries(scopedKeys(email, ip, source))[scope];
  if (!key) return;
  for (const tier of SIGN_IN_TIERS[scope]) await resetRateLimit(db, tierKey(key, tier));
}

/**
 * Counts one requested e-mail for this address and client; `rate-limited` once either
 * is over its limit. Unknown addresses are counted too, so the answer never
 * tells whether an account exists.
 */
export async function hitMailLimit(db: Db, kind: string, email: string, ip: string, now = Date.now()): Promise<void> {
  const hits = [
    ...MAIL_TIERS.address.map((t) => ({ key: `mail:${kind}:${email}:${t.windowMs}`, t })),
    ...MAIL_TIERS.ip.map((t) => ({ key: `mail:ip:${ip}:${t.windowMs}`, t })),
  ];
  for (const { key, t } of hits) {
    const result = await hitRateLimit(db, key, { limit: t.limit, windowMs: t.windowMs, now });
    if (!result.allowed) throw rateLimited(AUTH_MESSAGES.tooManyEmails, result.retryAfterSeconds);
  }
}
