import { GOAL_LABELS, sourceLabel, WEEKLY_REPORT } from "../../../shared/content/analytics";
import { handedOverCount } from "../chat/questions";
import type { Deps } from "../../context";
import { siteSettings } from "../content/settings";
import { intervalWorker, type Worker } from "../interval-worker";
import { enqueueSiteMail } from "../mail/outbox";
import { studioLink } from "../studio-link";
import type { EmailBlock } from "../mail-template";
import { analyticsDashboard, isoDay } from "./dashboard";
import { dayOf } from "./record";
import { onboardingWeek, type OnboardingWeek } from "../onboarding/studio-figures";
import { ORDERS_REPORT } from "../../../shared/content/studio-orders";

/** The report goes out from this hour on the site's Monday (its time zone), for the week that ended the day before. */
export const WEEKLY_REPORT_HOUR = 8;
const WORKER_INTERVAL_MS = 15 * 60_000;

// ---------------------------------------------------------------------------------------------------------------
// The site's calendar

/** The calendar date and hour at `at` in `timeZone`. */
function zonedParts(at: number, timeZone: string): { date: string; weekday: number; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23", weekday: "short" })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  const weekday = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(parts.weekday ?? "");
  return { date: `${parts.year}-${parts.month}-${parts.day}`, weekday, hour: Number(parts.hour) };
}

/** How far `timeZone` is ahead of UTC at `at`, in ms. */
function zoneOffset(at: number, timeZone: string): number {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit", hourCycle: "h23" })
      .formatToParts(at)
      .map((x) => [x.type, Number(x.value)]),
  );
  return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!) - Math.floor(at / 1000) * 1000;
}

/** The instant a calendar date (YYYY-MM-DD) begins in `timeZone`. */
export function startOfZonedDay(date: string, timeZone: string): number {
  const guess = Date.parse(`${date}T00:00:00Z`);
  const first = guess - zoneOffset(guess, timeZone);
  // Once more at the found instant: a daylight-saving change between the guess and it moves the offset.
  return guess - zoneOffset(first, timeZone);
}

const addDays = (date: string, days: number) => isoDay(dayOf(Date.parse(`${date}T00:00:00Z`)) + days);

/**
 * The week due for its report at `now`: the Monday-to-Sunday week (site time zone) that ended before the current
 * one, once the current Monday reached WEEKLY_REPORT_HOUR; null before that (the report waits for the morning).
 * Only the latest finished week is ever due: a server that was down for weeks does not send a backlog.
 */
export function dueWeek(now: number, timeZone: string): { week: string; from: number; to: number; fromDate: string; toDate: string } | null {
  const local = zonedParts(now, timeZone);
  const monday = addDays(local.date, -local.weekday);
  if (local.weekday === 0 && local.hour < WEEKLY_REPORT_HOUR) return null;
  const week = addDays(monday, -7);
  const toDate = addDays(monday, -1);
  return { week, from: startOfZonedDay(week, timeZone), to: startOfZonedDay(monday, timeZone), fromDate: week, toDate };
}

// ---------------------------------------------------------------------------------------------------------------
// What the report says

export type WeeklyReport = {
  week: string;
  fromDate: string;
  toDate: string;
  visitors: number;
  previousVisitors: number;
  views: number;
  sources: { source: string; visitors: number }[];
  goals: { label: string; count: number }[];
  leads: number;
  subscriptions: number;
  /** Chat questions handed over to a person that week. */
  handedOver: number;
  /** Sign-ups, briefs submitted and kits gone live that week (issue 41). */
  onboarding: OnboardingWeek;
};


/** The figures of the week [from, to): analytics by the dashboard's days for those dates, the rest by the site's clock. */
export async function weeklyReport(deps: Deps, due: NonNullable<ReturnType<typeof dueWeek>>, now = Date.now()): Promise<WeeklyReport> {
  const fromDay = dayOf(Date.parse(`${due.fromDate}T00:00:00Z`));
  const toDay = fromDay + 6;
  const dashboard = await analyticsDashboard(deps, { fromDay, toDay, period: null, filter: { kind: "all" } }, now);
  const db = deps.db.kysely;
  const count = (r: { n: number | string | bigint } | undefined) => Number(r?.n ?? 0);
  const [leads, subscriptions, handedOver, onboarding] = await Promise.all([
    db
      .selectFrom("leads")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("created_at", ">=", due.from)
      .where("created_at", "<", due.to)
      .where("status", "<>", "spam")
      .executeTakeFirst(),
    db
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("confirmed_at", ">=", due.from)
      .where("confirmed_at", "<", due.to)
      .executeTakeFirst(),
    handedOverCount(deps, due.from, due.to),
    onboardingWeek(deps, due.from, due.to),
  ]);
  return {
    week: due.week,
    fromDate: due.fromDate,
    toDate: due.toDate,
    visitors: dashboard.totals.visitors,
    previousVisitors: dashboard.previous.totals.visitors,
    views: dashboard.totals.views,
    sources: dashboard.sources.slice(0, 5).map((s) => ({ source: s.source, visitors: s.visitors })),
    goals: dashboard.goals.map((g) => ({ label: GOAL_LABELS[g.goal], count: g.count })),
    leads: count(leads),
    subscriptions: count(subscriptions),
    handedOver,
    onboarding,
  };
}

/** The e-mail's blocks: plain words and numbers (the template escapes them), each comparison said in words. */
export function weeklyReportBlocks(r: WeeklyReport, studioUrl: string): EmailBlock[] {
  const c = WEEKLY_REPORT;
  const lines: EmailBlock[] = [
    { kind: "heading", text: c.heading(r.fromDate, r.toDate) },
    { kind: "paragraph", text: c.visitors(r.visitors, r.previousVisitors) },
    { kind: "paragraph", text: c.views(r.views) },
    { kind: "paragraph", text: c.leads(r.leads) },
    { kind: "paragraph", text: c.subscriptions(r.subscriptions) },
  ];
  lines.push({ kind: "paragraph", text: c.handedOver(r.handedOver) });
  lines.push({ kind: "paragraph", text: ORDERS_REPORT.weekly(r.onboarding.signUps, r.onboarding.briefs, r.onboarding.live) });
  lines.push({ kind: "subheading", text: c.sourcesTitle });
  lines.push({ kind: "paragraph", text: r.sources.length ? r.sources.map((s) => `${sourceLabel(s.source, c.direct)}: ${s.visitors}`).join("\n") : c.none });
  if (r.goals.length) {
    lines.push({ kind: "subheading", text: c.goalsTitle });
    lines.push({ kind: "paragraph", text: r.goals.map((g) => `${g.label}: ${g.count}`).join("\n") });
  }
  lines.push({ kind: "button", label: c.open, url: studioUrl });
  lines.push({ kind: "paragraph", text: c.footer });
  return lines;
}

// ---------------------------------------------------------------------------------------------------------------
// Sending, once

export type WeeklyOutcome = { sent: false; reason: "off" | "not-due" | "already-sent" | "no-owner" } | { sent: true; week: string; recipients: number };

/**
 * Sends the week's report to every owner if it is due and was not sent. Exactly once across processes: each message
 * is queued under the idempotency key `weekly-report:<week>:<owner>` (the outbox's unique key drops a second one,
 * whichever process queued it), and the week is then marked sent (its primary key), which later ticks read to skip
 * the work. A crash between the two queues nothing twice: the next tick queues again under the same keys.
 */
export async function sendWeeklyReport(deps: Deps, now = Date.now()): Promise<WeeklyOutcome> {
  const settings = await siteSettings(deps);
  if (settings.weeklyReport !== "on") return { sent: false, reason: "off" };
  const due = dueWeek(now, settings.timeZone);
  if (!due) return { sent: false, reason: "not-due" };
  const db = deps.db.kysely;
  const done = await db.selectFrom("analytics_weekly_reports").select("week").where("week", "=", due.week).executeTakeFirst();
  if (done) return { sent: false, reason: "already-sent" };
  const owners = await db.selectFrom("users").select(["id", "email"]).where("access", "=", "owner").orderBy("id").execute();
  if (owners.length === 0) return { sent: false, reason: "no-owner" };
  const report = await weeklyReport(deps, due, now);
  // Through sign-in, as every staff link in an e-mail: the studio is a 404 to whoever is signed out.
  const blocks = weeklyReportBlocks(report, studioLink(deps.config, "/studio/analytics"));
  for (const owner of owners) {
    await enqueueSiteMail(deps, {
      to: owner.email,
      subject: WEEKLY_REPORT.subject(due.fromDate, due.toDate),
      content: { blocks },
      kind: "weekly-report",
      idempotencyKey: `weekly-report:${due.week}:${owner.id}`,
    });
  }
  const marked = await db
    .insertInto("analytics_weekly_reports")
    .values({ week: due.week, sent_at: now, recipients: owners.length })
    .onConflict((oc) => oc.column("week").doNothing())
    .returning("week")
    .executeTakeFirst();
  // The process whose mark went in reports the send; another that raced it queued nothing new (same keys).
  if (!marked) return { sent: false, reason: "already-sent" };
  deps.log.info({ week: due.week, recipients: owners.length }, "weekly report queued");
  return { sent: true, week: due.week, recipients: owners.length };
}

/** The weekly report's worker: looks every 15 minutes whether a week is due (the send itself happens once a week). */
export function weeklyReportWorker(deps: Deps): Worker {
  return intervalWorker("weekly-report", deps, WORKER_INTERVAL_MS, async () => {
    await sendWeeklyReport(deps);
  });
}

/** Weeks already reported (the studio's Settings page could show the last one). */
export async function lastWeeklyReport(deps: Pick<Deps, "db">): Promise<{ week: string; sentAt: number } | null> {
  const row = await deps.db.kysely.selectFrom("analytics_weekly_reports").select(["week", "sent_at"]).orderBy("week", "desc").limit(1).executeTakeFirst();
  return row ? { week: row.week, sentAt: Number(row.sent_at) } : null;
}
