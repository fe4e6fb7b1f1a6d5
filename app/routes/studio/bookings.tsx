import { data, Form } from "react-router";
import { useWhen } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { BookingFunnelSection } from "~/components/studio/booking-funnel";
import { Button, DataTable, EmptyState, Notice, PageHeader, StatusBadge, TD, TH } from "~/components/studio/ui";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { STUDIO_BOOKINGS as P } from "@shared/content/booking";
import { listFreeSlots } from "../../../server/services/booking/holds";
import { cancelByStaff, listBookings, markOutcome, moveByStaff, type StudioBooking } from "../../../server/services/booking/studio-bookings";
import { bookingReport } from "../../../server/services/booking/report";
import { siteSettings } from "../../../server/services/content/settings";
import { zonedDate } from "../../../server/services/booking/slots";
import type { Route } from "./+types/bookings";

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const { deps } = args.context;
  const now = Date.now();
  const settings = await siteSettings(deps);
  const [bookings, report, free] = await Promise.all([listBookings(deps, now), bookingReport(deps, settings.timeZone, now), listFreeSlots(deps, now)]);
  return { bookings, report, freeSlots: free.slots.slice(0, 200), now, today: zonedDate(now, settings.timeZone), zone: settings.timeZone };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const form = await args.request.formData();
  const id = Number(form.get("id"));
  const intent = String(form.get("intent") ?? "");
  try {
    if (!Number.isSafeInteger(id)) return data({ error: "Choose a booking." }, { status: 400 });
    if (intent === "attended" || intent === "no-show") await markOutcome(deps, id, intent, studio.actor);
    else if (intent === "cancel") await cancelByStaff(deps, id, studio.actor);
    else if (intent === "move") await moveByStaff(deps, id, Number(form.get("slot")), studio.actor);
    else return data({ error: "Choose an action." }, { status: 400 });
    return { notice: P.done };
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return data({ error: problem.detail }, { status: problem.status });
  }
}

const PAYMENT_TONE = { paid: "good", none: "neutral", pending: "waiting", "refund-due": "bad" } as const;

/** The studio's demo bookings (issue 42): today and the coming days, who paid, who came; the funnel and show-up. */
export default function Bookings({ loaderData, actionData }: Route.ComponentProps) {
  const when = useWhen({ dateStyle: "medium", timeStyle: "short" });
  const { bookings, report, freeSlots, now, today, zone } = loaderData;
  const answer = actionData as { notice?: string; error?: string } | undefined;
  const dayOf = (b: StudioBooking) => zonedDateClient(b.startsAt, zone);
  const todays = bookings.filter((b) => dayOf(b) === today);
  const coming = bookings.filter((b) => dayOf(b) > today);
  const past = bookings.filter((b) => dayOf(b) < today).reverse();
  return (
    <div>
      <PageHeader title={P.title} description={P.intro} />
      {answer?.notice ? <Notice tone="success">{answer.notice}</Notice> : null}
      {answer?.error ? <Notice tone="error">{answer.error}</Notice> : null}
      {[
        [P.today, todays],
        [P.coming, coming],
        [P.past, past],
      ].map(([title, list]) => (
        <div key={title as string} className="mt-8">
          <h2 className="text-lg font-bold text-slate-900">{title as string}</h2>
          {(list as StudioBooking[]).length === 0 ? (
            <EmptyState title={P.none} />
          ) : (
            <DataTable caption={title as string}>
              <thead>
                <tr>
                  {[P.columns.when, P.columns.visitor, P.columns.business, P.columns.payment, P.columns.status, P.columns.actions].map((h) => (
                    <th key={h} scope="col" className={TH}>
                      {h}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {(list as StudioBooking[]).map((b) => (
                  <tr key={b.id} data-testid={`booking-${b.id}`}>
                    <td className={TD}>{when(b.startsAt)}</td>
                    <td className={TD}>
                      <div className="font-semibold">{b.name}</div>
                      <div>{b.email}</div>
                      <div>{b.whatsapp}</div>
                      {b.note ? <div className="text-sm text-slate-600">{b.note}</div> : null}
                    </td>
                    <td className={TD}>{b.businessType}</td>
                    <td className={TD}>
                      <StatusBadge tone={PAYMENT_TONE[b.payment as keyof typeof PAYMENT_TONE] ?? "neutral"}>{P.payment[b.payment === "none" ? "unpaid" : b.payment === "refund-due" ? "refund" : (b.payment as "paid" | "pending")] ?? b.payment}</StatusBadge>
                    </td>
                    <td className={TD}>{P.status[b.status as keyof typeof P.status] ?? b.status}</td>
                    <td className={TD}>
                      {b.status === "confirmed" || b.status === "attended" || b.status === "no-show" ? (
                        <Form method="post" className="flex flex-wrap gap-2">
                          <input type="hidden" name="id" value={b.id} />
                          {b.startsAt <= now + 3600_000 ? (
                            <>
                              <Button type="submit" name="intent" value="attended">
                                {P.attended}
                              </Button>
                              <Button type="submit" name="intent" value="no-show">
                                {P.noShow}
                              </Button>
                            </>
                          ) : null}
                          {b.status === "confirmed" ? (
                            <Button type="submit" name="intent" value="cancel" tone="danger">
                              {P.cancel}
                            </Button>
                          ) : null}
                        </Form>
                      ) : null}
                      {b.status === "confirmed" && b.startsAt > now && freeSlots.length > 0 ? (
                        <Form method="post" className="mt-2 flex flex-wrap items-end gap-2">
                          <input type="hidden" name="id" value={b.id} />
                          <input type="hidden" name="intent" value="move" />
                          <label className="text-sm">
                            {P.move}
                            <select name="slot" className="ml-2 min-h-11 rounded border border-slate-400 px-2">
                              {freeSlots.map((s) => (
                                <option key={s} value={s}>
                                  {when(s)}
                                </option>
                              ))}
                            </select>
                          </label>
                          <Button type="submit">{P.moveSubmit}</Button>
                        </Form>
                      ) : null}
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </div>
      ))}
      <BookingFunnelSection report={report} />
    </div>
  );
}

function zonedDateClient(ms: number, zone: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(ms);
}
