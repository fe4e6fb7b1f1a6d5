import { useEffect, useState } from "react";
import type { ONBOARDING_PAGE } from "@shared/content/onboarding";
import type { Translation } from "@shared/i18n";
import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";

type Words = (typeof ONBOARDING_PAGE)["demo"] | Translation<(typeof ONBOARDING_PAGE)["demo"]>;
export type CustomerDemo = { startsAt: number; status: string; payment: string } | null;

/**
 * The customer's booked demo beside their kit (issue 42): its time in the browser's own zone, named (the site's zone
 * until the page runs), and whether it is paid; with none booked, the way to book one.
 */
export function DemoBooking({ t, booking, siteZone, locale }: { t: Words; booking: CustomerDemo; siteZone: string; locale: "en" | "hi" }) {
  const book = useBookDemoLink();
  const [zone, setZone] = useState(siteZone);
  useEffect(() => setZone(Intl.DateTimeFormat().resolvedOptions().timeZone || siteZone), [siteZone]);
  if (!booking) {
    if (!book) return null;
    return (
      <section aria-labelledby="demo-heading" className="mt-6 rounded-xl border border-slate-200 bg-white p-5" data-testid="customer-demo">
        <h2 id="demo-heading" className="text-lg font-semibold text-slate-900">
          {t.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t.none}</p>
        <a {...linkAttrs(book)} className="btn-primary mt-3 inline-flex min-h-11 items-center">
          {t.book}
        </a>
      </section>
    );
  }
  const when = new Intl.DateTimeFormat(locale === "hi" ? "hi-IN" : "en-IN", { dateStyle: "medium", timeStyle: "short", timeZone: zone, numberingSystem: "latn" }).format(booking.startsAt);
  const payment = booking.status === "held" ? t.held : booking.payment === "paid" ? t.paid : t.unpaid;
  return (
    <section aria-labelledby="demo-heading" className="mt-6 rounded-xl border border-emerald-200 bg-emerald-50 p-5" data-testid="customer-demo">
      <h2 id="demo-heading" className="text-lg font-semibold text-slate-900">
        {t.heading}
      </h2>
      <p className="mt-1 text-slate-900">
        {t.at}:{" "}
        <time dateTime={new Date(booking.startsAt).toISOString()} suppressHydrationWarning>
          {when}
        </time>{" "}
        <span className="text-sm text-slate-700" suppressHydrationWarning>
          ({zone})
        </span>
      </p>
      <p className="mt-1 text-sm font-medium text-emerald-900">{payment}</p>
      <p className="mt-2 text-sm text-slate-700">{t.manage}</p>
    </section>
  );
}
