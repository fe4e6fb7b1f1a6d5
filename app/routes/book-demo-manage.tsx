import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { SlotPicker } from "~/components/booking/slot-picker";
import { bookingManageAction, bookingManageLoader, type ManageActionData } from "~/lib/book-demo.server";
import { LocaleLink, useLocale } from "~/lib/locale";
import { pageMeta } from "~/lib/seo";
import { fillCopy, slotWhen } from "@shared/booking-view";
import type { Route } from "./+types/book-demo-manage";

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return pageMeta({ title: loaderData?.copy.manage.title ?? "Change your demo", description: "", path: "/book-demo/manage", matches, noindex: true });
}

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  loaderHeaders.forEach((value, key) => out.set(key, value));
  return out;
}

export function loader({ request, context }: Route.LoaderArgs) {
  return bookingManageLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return bookingManageAction(request, context);
}

// The link is spent by what the form did: reading the page again would say so instead of the outcome.
export function shouldRevalidate({ formMethod, actionResult, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod && (actionResult as ManageActionData | undefined)?.done) return false;
  return defaultShouldRevalidate;
}

/**
 * The visitor's link from the e-mail (issue 42): move the demo to another time or cancel it. Opening the link
 * changes nothing (mail scanners open links); the buttons do, once.
 */
export default function BookDemoManage({ loaderData, actionData }: Route.ComponentProps) {
  const { copy, token, booking, slots, siteZone, wantsCancel } = loaderData;
  const locale = useLocale();
  const answer = actionData as ManageActionData | undefined;
  const frame = (title: string, body: React.ReactNode) => (
    <section aria-labelledby="manage-heading" className="bg-gradient-to-b from-emerald-50 to-white">
      <div className="mx-auto max-w-3xl px-4 pb-16 pt-12 sm:px-6">
        <h1 id="manage-heading" className="text-3xl font-extrabold tracking-tight text-slate-900">
          {title}
        </h1>
        {body}
      </div>
    </section>
  );
  if (answer?.done === "cancelled") {
    return frame(
      copy.manage.title,
      <>
        <p role="status" className="mt-4 text-lg text-slate-800" data-testid="manage-result">
          {copy.manage.cancelled}
        </p>
        <LocaleLink to="/book-demo" className="btn-primary mt-6 inline-flex min-h-11 items-center">
          {copy.intro.eyebrow}
        </LocaleLink>
      </>,
    );
  }
  if (answer?.done === "moved" && answer.startsAt) {
    return frame(
      copy.manage.title,
      <p role="status" className="mt-4 text-lg text-slate-800" data-testid="manage-result">
        {fillCopy(copy.manage.moved, { when: slotWhen(answer.startsAt, answer.zone ?? siteZone, locale) })}
      </p>,
    );
  }
  if (!token || !booking) return frame(copy.manage.title, <p className="mt-4 text-lg text-slate-800">{copy.manage.expired}</p>);
  const when = slotWhen(booking.startsAt, booking.zone, locale);
  return frame(
    copy.manage.title,
    <>
      <p className="mt-4 text-lg text-slate-700">{fillCopy(copy.manage.lead, { when })}</p>
      {answer?.error ? (
        <p role="alert" className="mt-4 rounded-md border border-red-300 bg-red-50 p-4 font-semibold text-red-800">
          {answer.error}
        </p>
      ) : null}
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="intent" value="cancel" />
        <button type="submit" className="inline-flex min-h-11 items-center rounded-md border border-red-700 px-4 font-semibold text-red-800" autoFocus={wantsCancel}>
          {copy.manage.cancelConfirm}
        </button>
      </Form>
      <Form method="post" className="mt-8">
        <input type="hidden" name="token" value={token} />
        <input type="hidden" name="intent" value="move" />
        <SlotPicker slots={slots} siteZone={siteZone} copy={copy.picker} />
        <button type="submit" className="btn-primary mt-6 min-h-11">
          {copy.manage.move}
        </button>
      </Form>
    </>,
  );
}
