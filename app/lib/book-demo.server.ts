import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { isDatabaseUnavailable } from "../../server/http/errors";
import { applyPayment, bookDemo, bookingByPublicId } from "../../server/services/booking/bookings";
import { bookingCopy, listFreeSlots, type BookingRow } from "../../server/services/booking/holds";
import { bookingByManageToken, cancelByToken, rescheduleByToken } from "../../server/services/booking/manage";
import { bookingIcs } from "../../server/services/booking/mail";
import { razorpayKeys, verifyCallbackSignature } from "../../server/services/booking/razorpay";
import { siteSettings } from "../../server/services/content/settings";
import { bookingFromFormData } from "@shared/schemas/booking";
import { localePath } from "@shared/i18n";
import { pageError } from "./service-errors.server";
import { requestLocale } from "./locale";

/** What a booking form post hands back to fix: the values as typed, each field's message, a banner. */
export type BookingActionData = { values: Record<string, string>; errors: Record<string, string>; formError?: string };

const NO_STORE = { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };

export async function bookDemoLoader(request: Request, { deps }: AppLoadContext) {
  const locale = requestLocale(request);
  const [copy, settings, free] = await Promise.all([bookingCopy(deps, locale), siteSettings(deps), listFreeSlots(deps)]);
  return data(
    { copy, slots: free.slots, siteZone: settings.timeZone, payments: razorpayKeys(deps.config) !== null, onSite: settings.demoBooking === "site" },
    { headers: NO_STORE },
  );
}

export async function bookDemoAction(request: Request, { deps, clientIp }: AppLoadContext) {
  const locale = requestLocale(request);
  const form = await request.formData();
  const values = bookingFromFormData(form);
  const copy = await bookingCopy(deps, locale);
  try {
    const result = await bookDemo(deps, values, { clientIp, locale });
    const query = new URLSearchParams({ b: result.publicId });
    if (result.manageToken) query.set("t", result.manageToken);
    return redirect(`${localePath("/book-demo/done", locale)}?${query.toString()}`, { status: 303, headers: NO_STORE });
  } catch (error) {
    const failure = pageError(error);
    if (failure) {
      const errors = (failure.kind === "invalid" ? ((error as { facts?: { errors?: Record<string, string> } }).facts?.errors ?? failure.fieldErrors) : failure.fieldErrors) as Record<string, string>;
      // A taken slot: the visitor picks another; everything else they typed stays.
      const kept = failure.kind === "conflict" ? { ...values, slot: "" } : values;
      return data<BookingActionData>({ values: kept, errors, formError: failure.field ? undefined : failure.detail }, { status: failure.status, headers: { ...failure.headers, ...NO_STORE } });
    }
    if (isDatabaseUnavailable(error)) return data<BookingActionData>({ values, errors: {}, formError: copy.messages.failed }, { status: 503, headers: NO_STORE });
    throw error;
  }
}

/** What the confirmation page shows of a booking (never its e-mail or number). */
function shown(b: BookingRow) {
  return {
    publicId: b.public_id,
    startsAt: Number(b.starts_at),
    status: b.status,
    payment: b.payment,
    zone: b.visitor_zone,
    heldUntil: b.held_until === null ? null : Number(b.held_until),
    payUrl: b.status === "held" ? b.payment_link_url : null,
  };
}

export async function bookingDoneLoader(request: Request, { deps }: AppLoadContext) {
  const locale = requestLocale(request);
  const url = new URL(request.url);
  const booking = await bookingByPublicId(deps, url.searchParams.get("b") ?? "");
  const copy = await bookingCopy(deps, locale);
  const settings = await siteSettings(deps);
  const token = url.searchParams.get("t") ?? "";
  const manage = booking && token && (await bookingByManageToken(deps, token)) ? token : null;
  return data(
    { copy, booking: booking ? shown(booking) : null, meetingLink: settings.meetingLink, whatsappNumber: settings.whatsappNumber, manage, now: Date.now() },
    { status: booking ? 200 : 404, headers: NO_STORE },
  );
}

/**
 * The payment link's return (callback_url): a verified signature confirms the payment now (the webhook would too,
 * later, and is then harmless); an unverified one changes nothing. Either way the visitor lands on the booking.
 */
export async function bookingReturnLoader(request: Request, { deps }: AppLoadContext) {
  const q = new URL(request.url).searchParams;
  const params = {
    razorpay_payment_id: q.get("razorpay_payment_id") ?? "",
    razorpay_payment_link_id: q.get("razorpay_payment_link_id") ?? "",
    razorpay_payment_link_reference_id: q.get("razorpay_payment_link_reference_id") ?? "",
    razorpay_payment_link_status: q.get("razorpay_payment_link_status") ?? "",
    razorpay_signature: q.get("razorpay_signature") ?? "",
  };
  const booking = await bookingByPublicId(deps, params.razorpay_payment_link_reference_id);
  if (!booking) throw data({ message: "This booking was not found." }, { status: 404 });
  const keys = razorpayKeys(deps.config);
  if (keys && params.razorpay_payment_link_status === "paid" && booking.payment_link_id === params.razorpay_payment_link_id && verifyCallbackSignature(params, keys.keySecret)) {
    await applyPayment(deps, { publicId: booking.public_id }, params.razorpay_payment_id);
  } else if (params.razorpay_signature) {
    deps.log.warn({ bookingId: Number(booking.id) }, "payment return with a signature that does not match");
  }
  return redirect(`${localePath("/book-demo/done", booking.locale === "hi" ? "hi" : "en")}?b=${booking.public_id}`, { headers: NO_STORE });
}

export async function bookingIcsLoader(request: Request, { deps }: AppLoadContext) {
  const booking = await bookingByPublicId(deps, new URL(request.url).searchParams.get("b") ?? "");
  if (!booking || !["confirmed", "attended", "no-show"].includes(booking.status)) return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  const settings = await siteSettings(deps);
  return new Response(bookingIcs(booking, settings.meetingLink, deps.config.PUBLIC_URL), {
    headers: { "Content-Type": "text/calendar; charset=utf-8", "Content-Disposition": 'attachment; filename="wise-parrot-demo.ics"', "Cache-Control": "no-store" },
  });
}

export async function bookingManageLoader(request: Request, { deps }: AppLoadContext) {
  const locale = requestLocale(request);
  const url = new URL(request.url);
  const token = url.searchParams.get("t") ?? "";
  const copy = await bookingCopy(deps, locale);
  const settings = await siteSettings(deps);
  const booking = await bookingByManageToken(deps, token);
  const free = booking ? await listFreeSlots(deps, Date.now(), Number(booking.id)) : { slots: [] };
  return data(
    { copy, token: booking ? token : null, booking: booking ? shown(booking) : null, slots: free.slots, siteZone: settings.timeZone, wantsCancel: url.searchParams.get("do") === "cancel" },
    { status: booking ? 200 : 410, headers: NO_STORE },
  );
}

export type ManageActionData = { done?: "cancelled" | "moved"; startsAt?: number; zone?: string; error?: string; values?: Record<string, string> };

export async function bookingManageAction(request: Request, { deps }: AppLoadContext) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const intent = String(form.get("intent") ?? "");
  try {
    if (intent === "cancel") {
      await cancelByToken(deps, token);
      return data<ManageActionData>({ done: "cancelled" }, { headers: NO_STORE });
    }
    const slot = Number(form.get("slot"));
    if (!Number.isSafeInteger(slot) || slot <= 0) {
      const copy = await bookingCopy(deps, requestLocale(request));
      return data<ManageActionData>({ error: copy.messages.pickTime }, { status: 400, headers: NO_STORE });
    }
    const moved = await rescheduleByToken(deps, token, slot);
    return data<ManageActionData>({ done: "moved", startsAt: Number(moved.starts_at), zone: moved.visitor_zone }, { headers: NO_STORE });
  } catch (error) {
    const failure = pageError(error);
    if (failure) return data<ManageActionData>({ error: failure.message }, { status: failure.status, headers: NO_STORE });
    throw error;
  }
}
