import { handedOverCount } from "../chat/questions";
import type { Deps } from "../../context";
import { STAFF_ACCESS } from "../../../shared/content/studio";
import { AUDIENCE_LIMITS } from "../../../shared/content/audience-tools";
import { recoveryCodesLeft } from "./second-factor";

export type OverviewPost = { id: number; title: string; at: number };

export type StudioOverview = {
  counts: { draft: number; scheduled: number; published: number; unpublished: number };
  drafts: OverviewPost[];
  scheduled: OverviewPost[];
  recoveryCodesLeft: number;
  /** Owners only: staff without a second factor, invitations not yet accepted. */
  staff: { withoutSecondFactor: number; pendingInvitations: number } | null;
};

const SHOWN = 5;

/**
 * What the studio's first page shows: posts by status, the latest drafts, what goes out next, and for owners what
 * is unfinished among staff. A handful of indexed queries (status is indexed with its dates), run together.
 */
export async function studioOverview(deps: Pick<Deps, "db">, viewer: { userId: string; access: string }, now = Date.now()): Promise<StudioOverview> {
  const db = deps.db.kysely;
  const [byStatus, drafts, scheduled, codesLeft, staff] = await Promise.all([
    db.selectFrom("blogs").select(["status", (eb) => eb.fn.countAll<number>().as("n")]).groupBy("status").execute(),
    db.selectFrom("blogs").select(["id", "title", "updated_at"]).where("status", "=", "draft").orderBy("updated_at", "desc").limit(SHOWN).execute(),
    db.selectFrom("blogs").select(["id", "title", "scheduled_at"]).where("status", "=", "scheduled").orderBy("scheduled_at", "asc").limit(SHOWN).execute(),
    recoveryCodesLeft(deps, viewer.userId),
    viewer.access === "owner" ? staffToFinish(deps, now) : Promise.resolve(null),
  ]);
  const count = (status: string) => Number(byStatus.find((r) => r.status === status)?.n ?? 0);
  return {
    counts: { draft: count("draft"), scheduled: count("scheduled"), published: count("published"), unpublished: count("unpublished") },
    drafts: drafts.map((r) => ({ id: Number(r.id), title: r.title, at: Number(r.updated_at) })),
    scheduled: scheduled.map((r) => ({ id: Number(r.id), title: r.title, at: Number(r.scheduled_at ?? 0) })),
    recoveryCodesLeft: codesLeft,
    staff,
  };
}

async function staffToFinish(deps: Pick<Deps, "db">, now: number) {
  const db = deps.db.kysely;
  const [without, invitations] = await Promise.all([
    db
      .selectFrom("users")
      .leftJoin("staff_totp", "staff_totp.user_id", "users.id")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("users.access", "in", [...STAFF_ACCESS])
      .where("staff_totp.confirmed_at", "is", null)
      .executeTakeFirst(),
    db
      .selectFrom("staff_invitations")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .executeTakeFirst(),
  ]);
  return { withoutSecondFactor: Number(without?.n ?? 0), pendingInvitations: Number(invitations?.n ?? 0) };
}

export type NewSinceLastVisit = {
  /** The visit before this one (null: the first visit). */
  since: number | null;
  leads: number;
  subscribers: number;
  /** Chat questions handed over to staff since then; null while the question log has no handover flag. */
  handedOver: number | null;
};


/**
 * What is new since the person's last visit to the studio overview: a visit more than AUDIENCE_LIMITS.visitGapMs
 * after the last one starts a new one (the last becomes "since"); reloads within it keep the same "since". Leads
 * (spam left out) and subscribers added since then, and chat questions handed over to a person.
 */
export async function newSinceLastVisit(deps: Pick<Deps, "db">, userId: string, now = Date.now()): Promise<NewSinceLastVisit> {
  const db = deps.db.kysely;
  const visit = await db.selectFrom("studio_visits").select(["previous_at", "last_at"]).where("user_id", "=", userId).executeTakeFirst();
  let since: number | null;
  if (!visit) {
    await db.insertInto("studio_visits").values({ user_id: userId, previous_at: null, last_at: now }).onConflict((oc) => oc.column("user_id").doNothing()).execute();
    since = null;
  } else if (now - Number(visit.last_at) > AUDIENCE_LIMITS.visitGapMs) {
    since = Number(visit.last_at);
    await db.updateTable("studio_visits").set({ previous_at: since, last_at: now }).where("user_id", "=", userId).execute();
  } else {
    since = visit.previous_at == null ? null : Number(visit.previous_at);
    await db.updateTable("studio_visits").set({ last_at: now }).where("user_id", "=", userId).execute();
  }
  if (since === null) return { since, leads: 0, subscribers: 0, handedOver: null };
  const [leads, subscribers, handedOver] = await Promise.all([
    db.selectFrom("leads").select((eb) => eb.fn.countAll<number>().as("n")).where("created_at", ">", since).where("status", "<>", "spam").executeTakeFirst(),
    db.selectFrom("subscribers").select((eb) => eb.fn.countAll<number>().as("n")).where("created_at", ">", since).executeTakeFirst(),
    handedOverCount(deps, since + 1),
  ]);
  return { since, leads: Number(leads?.n ?? 0), subscribers: Number(subscribers?.n ?? 0), handedOver };
}
