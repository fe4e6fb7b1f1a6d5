import type { Deps } from "../../context";

/**
 * The onboarding's figures the studio shows elsewhere (issue 41): what waits on the overview, the weekly report's
 * counts and the analytics funnel from sign-up to a live kit. Plain counts over indexed columns, the same on
 * SQLite and PostgreSQL; the median is taken here over the durations (bounded), not by either database's own
 * percentile function (SQLite has none).
 */

const DAY_MS = 86_400_000;

/** A sign-up stays "new" on the overview this long while no brief is submitted. */
export const NEW_SIGNUP_DAYS = 7;

/** At most this many durations are read for a median (the latest orders gone live). */
const MEDIAN_SAMPLE = 5000;

const count = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);

export type Waiting = { count: number; oldestAt: number | null };

/** Kit orders not live yet, with when the oldest was submitted. */
export async function ordersWaiting(deps: Pick<Deps, "db">): Promise<Waiting> {
  const row = await deps.db.kysely
    .selectFrom("kit_orders")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("submitted_at").as("oldest")])
    .where("step", "<>", "live")
    .executeTakeFirst();
  return { count: count(row), oldestAt: row?.oldest == null ? null : Number(row.oldest) };
}

/** Visitor accounts made in the last NEW_SIGNUP_DAYS that have no kit order yet, with the oldest's sign-up time. */
export async function newSignupsWaiting(deps: Pick<Deps, "db">, now = Date.now()): Promise<Waiting> {
  const row = await deps.db.kysely
    .selectFrom("users as u")
    .select((eb) => [eb.fn.countAll<number>().as("n"), eb.fn.min("u.created_at").as("oldest")])
    .where("u.access", "=", "user")
    .where("u.disabled_at", "is", null)
    .where("u.created_at", ">=", now - NEW_SIGNUP_DAYS * DAY_MS)
    .where(({ not, exists, selectFrom }) => not(exists(selectFrom("kit_orders as o").select("o.id").whereRef("o.user_id", "=", "u.id"))))
    .executeTakeFirst();
  return { count: count(row), oldestAt: row?.oldest == null ? null : Number(row.oldest) };
}

export type OnboardingWeek = { signUps: number; briefs: number; live: number };

/** The week's sign-ups (visitor accounts), briefs submitted and kits gone live, in [from, to). */
export async function onboardingWeek(deps: Pick<Deps, "db">, from: number, to: number): Promise<OnboardingWeek> {
  const db = deps.db.kysely;
  const [signUps, briefs, waiting, live] = await Promise.all([
    db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("access", "=", "user").where("created_at", ">=", from).where("created_at", "<", to).executeTakeFirst(),
    db.selectFrom("kit_orders").select((eb) => eb.fn.countAll<number>().as("n")).where("submitted_at", ">=", from).where("submitted_at", "<", to).executeTakeFirst(),
    // Submitted briefs still waiting for the address to be verified (no order yet).
    db.selectFrom("kit_briefs").select((eb) => eb.fn.countAll<number>().as("n")).where("submitted_at", ">=", from).where("submitted_at", "<", to).executeTakeFirst(),
    db.selectFrom("kit_orders").select((eb) => eb.fn.countAll<number>().as("n")).where("live_at", ">=", from).where("live_at", "<", to).executeTakeFirst(),
  ]);
  return { signUps: count(signUps), briefs: count(briefs) + count(waiting), live: count(live) };
}

export type KitFunnel = {
  from: number;
  to: number;
  /**
   * Accounts signed up in [from, to), of them those who submitted a brief (an order, or a brief waiting for the
   * address's verification), of them those with a kit live.
   */
  signedUp: number;
  briefSubmitted: number;
  live: number;
  /** The median time from submission to live of the orders gone live in [from, to), in ms; null when none. */
  medianToLiveMs: number | null;
  liveInPeriod: number;
};

/** The median of some numbers (the mean of the two middle ones for an even count); null for none. */
export function median(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

/** Sign-up to brief submitted to live for the accounts made in [from, to), and the median time to live in it. */
export async function kitFunnel(deps: Pick<Deps, "db">, from: number, to: number): Promise<KitFunnel> {
  const db = deps.db.kysely;
  const accounts = db.selectFrom("users").select("id").where("access", "=", "user").where("created_at", ">=", from).where("created_at", "<", to);
  const [signedUp, submitted, live, durations] = await Promise.all([
    db.selectFrom("users").select((eb) => eb.fn.countAll<number>().as("n")).where("access", "=", "user").where("created_at", ">=", from).where("created_at", "<", to).executeTakeFirst(),
    db
      .selectFrom("users as u")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("u.id", "in", accounts)
      .where(({ or, exists, selectFrom }) =>
        or([
          exists(selectFrom("kit_orders as o").select("o.id").whereRef("o.user_id", "=", "u.id")),
          exists(selectFrom("kit_briefs as b").select("b.user_id").whereRef("b.user_id", "=", "u.id").where("b.submitted_at", "is not", null)),
        ]),
      )
      .executeTakeFirst(),
    db.selectFrom("kit_orders").select((eb) => eb.fn.count<number>("user_id").distinct().as("n")).where("user_id", "in", accounts).where("live_at", "is not", null).executeTakeFirst(),
    db
      .selectFrom("kit_orders")
      .select(["submitted_at", "live_at"])
      .where("live_at", ">=", from)
      .where("live_at", "<", to)
      .orderBy("live_at", "desc")
      .limit(MEDIAN_SAMPLE)
      .execute(),
  ]);
  const spans = durations.map((d) => Number(d.live_at) - Number(d.submitted_at)).filter((ms) => Number.isFinite(ms) && ms >= 0);
  return { from, to, signedUp: count(signedUp), briefSubmitted: count(submitted), live: count(live), medianToLiveMs: median(spans), liveInPeriod: spans.length };
}
