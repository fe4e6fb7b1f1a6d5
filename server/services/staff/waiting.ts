import type { Deps } from "../../context";
import { mayOpen, type StudioArea } from "../../../shared/studio-policy";
import type { StaffAccess } from "../../../shared/content/studio";
import { QUESTION_WINDOW_DAYS, questionKey } from "../chat/questions";
import { newSignupsWaiting, ordersWaiting } from "../onboarding/studio-figures";

const DAY_MS = 24 * 60 * 60_000;

export type WaitingKind = "orders" | "signups" | "leads" | "questions" | "subscribers" | "drafts" | "scheduled" | "copyScheduled" | "bookings" | "refunds";

/** One thing that waits for the person, with how many and where it is handled; `oldestAt`: since when the oldest waits. */
export type WaitingItem = { kind: WaitingKind; count: number; href: string; oldestAt?: number };

/** The areas each kind lives in: an item is listed only to staff who may open its area. */
const AREA: Record<WaitingKind, StudioArea> = {
  orders: "orders",
  // Who signed up is an account: the owner's, as the accounts page is.
  signups: "accounts",
  leads: "leads",
  questions: "questions",
  subscribers: "subscribers",
  drafts: "posts",
  scheduled: "posts",
  copyScheduled: "pages",
  bookings: "bookings",
  refunds: "bookings",
};

const HREF: Record<WaitingKind, string> = {
  orders: "/studio/orders",
  signups: "/studio/accounts",
  leads: "/studio/leads?stage=new",
  questions: "/studio/questions?handover=1",
  subscribers: "/studio/subscribers?status=pending",
  drafts: "/studio/posts?status=draft",
  scheduled: "/studio/posts?status=scheduled",
  // Page copy scheduled to publish (decision 0057): the Pages list says which and when.
  copyScheduled: "/studio/pages#scheduled",
  bookings: "/studio/bookings",
  refunds: "/studio/bookings",
};

/** At most this many handed-over wordings are compared with the FAQ: the count stays bounded. */
const MAX_QUESTION_KEYS = 3000;

/**
 * What waits for this person on every visit, whatever was seen before: kit orders not live yet and new sign-ups
 * without an order (issue 41, each with the age of the oldest), leads nobody has handled yet (stage "new",
 * spam left out), visitor questions the assistant handed to a person that no FAQ entry answers yet (within the
 * questions page's window), subscribers who have not confirmed, drafts, scheduled posts, scheduled page copy. Only the kinds this
 * person's role may open are counted at all (no count leaks an area they cannot see); kinds with nothing waiting
 * are left out, so an empty list means truly nothing waits.
 */
export async function waitingItems(deps: Pick<Deps, "db" | "config">, access: StaffAccess, now = Date.now()): Promise<WaitingItem[]> {
  const db = deps.db.kysely;
  const may = (kind: WaitingKind) => mayOpen(access, AREA[kind]);
  const none = Promise.resolve(0);
  const nothing = Promise.resolve({ count: 0, oldestAt: null });
  const [orders, signups, leads, questions, subscribers, posts] = await Promise.all([
    may("orders") ? ordersWaiting(deps) : nothing,
    may("signups") ? newSignupsWaiting(deps, now) : nothing,
    may("leads")
      ? db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).where("stage", "=", "new").where("status", "<>", "spam").executeTakeFirst().then((r) => Number(r?.n ?? 0))
      : none,
    may("questions") ? unansweredHandovers(deps, now) : none,
    may("subscribers")
      ? db.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "pending").executeTakeFirst().then((r) => Number(r?.n ?? 0))
      : none,
    may("drafts")
      ? db.selectFrom("blogs").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).where("status", "in", ["draft", "scheduled"]).groupBy("status").execute()
      : Promise.resolve([]),
  ]);
  const copyScheduled = may("copyScheduled")
    ? await db.selectFrom("content_drafts").select((eb) => eb.fn.countAll<number>().as("n")).where("scheduled_at", "is not", null).executeTakeFirst().then((r) => Number(r?.n ?? 0))
    : 0;
  const post = (status: string) => Number(posts.find((r) => r.status === status)?.n ?? 0);
  // Demo bookings (issue 42): demos in the next 24 hours, and payments for released or cancelled holds to refund.
  const [bookings, refunds] = may("bookings")
    ? await Promise.all([
        db.selectFrom("demo_bookings").select((eb) => eb.fn.countAll<number>().as("n")).where("status", "=", "confirmed").where("starts_at", ">", now).where("starts_at", "<=", now + 86_400_000).executeTakeFirst().then((r) => Number(r?.n ?? 0)),
        db.selectFrom("demo_bookings").select((eb) => eb.fn.countAll<number>().as("n")).where("payment", "=", "refund-due").executeTakeFirst().then((r) => Number(r?.n ?? 0)),
      ])
    : [0, 0];
  const counts: Record<WaitingKind, number> = { orders: orders.count, signups: signups.count, leads, questions, subscribers, drafts: post("draft"), scheduled: post("scheduled"), copyScheduled, bookings, refunds };
  const oldest: Partial<Record<WaitingKind, number | null>> = { orders: orders.oldestAt, signups: signups.oldestAt };
  return (Object.keys(counts) as WaitingKind[])
    .filter((kind) => counts[kind] > 0 && may(kind))
    .map((kind) => {
      const at = oldest[kind];
      return at == null ? { kind, count: counts[kind], href: HREF[kind] } : { kind, count: counts[kind], href: HREF[kind], oldestAt: at };
    });
}

/**
 * Handed-over questions asked within the window whose wording no FAQ entry carries yet (its question, or one of its
 * other phrasings): "Answer this" on /studio/questions writes exactly such an entry, and then the question stops
 * waiting.
 */
async function unansweredHandovers(deps: Pick<Deps, "db" | "config">, now: number): Promise<number> {
  const db = deps.db.kysely;
  const since = now - Math.min(QUESTION_WINDOW_DAYS, deps.config.CHAT_LOG_DAYS) * DAY_MS;
  const [asked, faq] = await Promise.all([
    db
      .selectFrom("chat_questions")
      .select(["question_key as key", (eb) => eb.fn.countAll<number>().as("n")])
      .where("handed_over", "=", 1)
      .where("created_at", ">=", since)
      .where("created_at", "<=", now)
      .groupBy("question_key")
      .limit(MAX_QUESTION_KEYS)
      .execute(),
    db.selectFrom("knowledge_passages").select(["heading", "extra"]).where("kind", "=", "faq").execute(),
  ]);
  const answered = new Set<string>();
  for (const entry of faq) {
    answered.add(questionKey(entry.heading));
    for (const phrasing of entry.extra.split("\n")) if (phrasing.trim()) answered.add(questionKey(phrasing));
  }
  return asked.reduce((total, row) => (answered.has(row.key) ? total : total + Number(row.n)), 0);
}
