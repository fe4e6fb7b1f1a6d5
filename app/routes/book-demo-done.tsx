import { useEffect, useState } from "react";
import { bookingDoneLoader } from "~/lib/book-demo.server";
import { LocaleLink, useLocale, useLocalePath } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { fillCopy, slotWhen } from "@shared/booking-view";
import { whatsappLink } from "@shared/content/site";
import type { Route } from "./+types/book-demo-done";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({ title: loaderData?.copy.done.title ?? "Your demo", description: "", path: "/book-demo/done", matches, noindex: true });
}

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return loaderHeaders;
}

export function loader({ request, context }: Route.LoaderArgs) {
  return bookingDoneLoader(request, context);
}

/** The booking's page (issue 42): waiting for the payment, confirmed (time, meeting link, .ics), or ended. */
export default function BookDemoDone({ loaderData }: Route.ComponentProps) {
  const { copy, booking, meetingLink, whatsappNumber, manage } = loaderData;
  const locale = useLocale();
  const path = useLocalePath();
  // The server renders the time in the zone the visitor booked from; the browser's own, once hydrated, if another.
  const [zone, setZone] = useState(booking?.zone ?? "UTC");
  useEffect(() => {
    const own = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (own) setZone(own);
  }, []);
  if (!booking) {
    return (
      <Shell title={copy.done.cancelled}>
        <LocaleLink to="/book-demo" className="btn-primary mt-6 inline-flex min-h-11 items-center">
          {copy.intro.eyebrow}
        </LocaleLink>
      </Shell>
    );
  }
  const when = slotWhen(booking.startsAt, zone, locale);
  const price = copy.intro.price;
  if (booking.status === "held") {
    return (
      <Shell title={copy.done.titlePending}>
        <p className="mt-4 text-lg text-slate-700" data-testid="booking-when">
          {copy.done.when}: {when}
        </p>
        <p className="mt-2 text-slate-700">{fillCopy(copy.done.pendingLead, { until: booking.heldUntil ? slotWhen(booking.heldUntil, zone, locale) : "" })}</p>
        {booking.payUrl ? (
          <a href={booking.payUrl} className="btn-primary mt-6 inline-flex min-h-11 items-center" data-testid="pay-link">
            {fillCopy(copy.done.pay, { price })}
          </a>
        ) : null}
      </Shell>
    );
  }
  if (booking.status === "released" || booking.status === "cancelled") {
    return (
      <Shell title={booking.status === "released" ? copy.done.released : copy.done.cancelled}>
        <LocaleLink to="/book-demo" className="btn-primary mt-6 inline-flex min-h-11 items-center">
          {copy.intro.eyebrow}
        </LocaleLink>
      </Shell>
    );
  }
  return (
    <Shell title={copy.done.title}>
      <dl className="mt-6 space-y-4 text-lg">
        <div>
          <dt className="font-semibold text-slate-900">{copy.done.when}</dt>
          <dd className="text-slate-800" data-testid="booking-when">
            {when}
          </dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-900">{copy.done.meeting}</dt>
          <dd>
            <a href={meetingLink} className="break-all text-emerald-800 underline" rel="noopener noreferrer" target="_blank">
              {meetingLink}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-4 font-semibold text-slate-800" data-testid="booking-payment">
        {booking.payment === "paid" ? fillCopy(copy.done.paid, { price }) : fillCopy(copy.done.unpaid, { price })}
      </p>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={`${path("/book-demo/ics")}?b=${booking.publicId}`} download="wise-parrot-demo.ics" className="btn-primary inline-flex min-h-11 items-center" data-testid="ics-link">
          {copy.done.ics}
        </a>
        <a href={whatsappLink(whatsappNumber, copy.done.whatsapp)} className="inline-flex min-h-11 items-center rounded-md border border-emerald-800 px-4 font-semibold text-emerald-900" target="_blank" rel="noopener noreferrer">
          {copy.done.whatsapp}
        </a>
      </div>
      {manage ? (
        <div className="mt-8">
          <h2 className="text-xl font-bold text-slate-900">{copy.done.manage}</h2>
          <p className="mt-2 flex flex-wrap gap-4">
            <a href={`${path("/book-demo/manage")}?t=${manage}`} className="inline-flex min-h-11 items-center text-emerald-800 underline">
              {copy.done.reschedule}
            </a>
            <a href={`${path("/book-demo/manage")}?t=${manage}&do=cancel`} className="inline-flex min-h-11 items-center text-emerald-800 underline">
              {copy.done.cancel}
            </a>
          </p>
        </div>
      ) : null}
    </Shell>
  );
}

function Shell({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby="done-heading" className="bg-gradient-to-b from-emerald-50 to-white">
      <div className="mx-auto max-w-3xl px-4 pb-16 pt-12 sm:px-6">
        <h1 id="done-heading" className="text-3xl font-extrabold tracking-tight text-slate-900">
          {title}
        </h1>
        {children}
      </div>
    </section>
  );
}
