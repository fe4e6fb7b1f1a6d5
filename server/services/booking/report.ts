import type { Deps } from "../../context";
import { zonedDate } from "./slots";

export type BookingFunnel = { pageVisitors: number; booked: number; paid: number; attended: number };
export type ShowUpWeek = { week: string; attended: number; noShow: number; rate: number | null };

const DAY = 86_400_000;

/**
 * The demo funnel of the last `days` days (issue 42): visitors who opened /book-demo (first-party page views, raw
 * ones kept ANALYTICS_RAW_DAYS), bookings confirmed, paid, attended; and per week (Mondays in the site's zone) of
 * demos held, the show-up rate: attended / (attended + no-show), null when none was marked.
 */
export async function bookingReport(deps: Pick<Deps, "db">, timeZone: string, now = Date.now(), days = 28): Promise<{ funnel: BookingFunnel; weeks: ShowUpWeek[] }> {
  const from = now - days * DAY;
  const fromDay = Math.floor(from / DAY);
  const views = await deps.db.kysely
    .selectFrom("analytics_events")
    .select((eb) => eb.fn.count<number>("visitor").distinct().as("n"))
    .where("name", "=", "pageview")
    .where("path", "in", ["/book-demo", "/hi/book-demo"])
    .where("day", ">=", fromDay)
    .executeTakeFirst();
  const rows = await deps.db.kysely
    .selectFrom("demo_bookings")
    .select(["status", "payment", "starts_at", "confirmed_at", "created_at"])
    .where("created_at", ">=", from)
    .execute();
  const confirmed = rows.filter((r) => r.confirmed_at !== null);
  const funnel: BookingFunnel = {
    pageVisitors: Number(views?.n ?? 0),
    booked: confirmed.length,
    paid: confirmed.filter((r) => r.payment === "paid").length,
    attended: confirmed.filter((r) => r.status === "attended").length,
  };
  const held = await deps.db.kysely
    .selectFrom("demo_bookings")
    .select(["status", "starts_at"])
    .where("status", "in", ["attended", "no-show"])
    .where("starts_at", ">=", now - 12 * 7 * DAY)
    .execute();
  const weeks = new Map<string, ShowUpWeek>();
  for (const r of held) {
    const date = zonedDate(Number(r.starts_at), timeZone);
    const d = new Date(`${date}T00:00:00Z`);
    const monday = new Date(d.getTime() - ((d.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    const w = weeks.get(monday) ?? { week: monday, attended: 0, noShow: 0, rate: null };
    if (r.status === "attended") w.attended += 1;
    else w.noShow += 1;
    w.rate = w.attended / (w.attended + w.noShow);
    weeks.set(monday, w);
  }
  return { funnel, weeks: [...weeks.values()].sort((a, b) => (a.week < b.week ? 1 : -1)) };
}
