import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { contactSentCookie as contactSentCookieEn, contactSentCookieHi } from "../../server/http/cookies";
import { isDatabaseUnavailable } from "../../server/http/errors";
import { submitLead } from "../../server/services/leads/intake";
import type { ContactActionData } from "~/components/contact/contact-form";
import { CONTACT_FORM, LEAD_MESSAGES } from "@shared/content";
import { leadFromFormData, validateLead } from "@shared/schemas/lead";
import { pageError } from "./service-errors.server";
import { recordGoal } from "../../server/http/page-views";
import { readCopy } from "../../server/services/content/copy";
import { CONTACT_DOC } from "@shared/copy/contact";
import { localePath } from "@shared/i18n";
import { requestLocale } from "./locale";

/**
 * The Contact page's no-JavaScript door: the same service as POST /api/leads.
 * Success redirects (303) to /contact?submitted=1 with a short-lived flash
 * cookie, so the success message shows once and a reload neither posts the
 * form again nor repeats the message.
 */
export async function contactAction(request: Request, { deps, clientIp }: AppLoadContext) {
  const locale = requestLocale(request);
  const values = leadFromFormData(await request.formData());
  const { website: _honeypot, leadSource: _source, ...shown } = values;
  const checked = validateLead(values);
  if (!checked.ok) {
    return data<ContactActionData>({ values: shown, errors: checked.errors, first: checked.first }, { status: 400 });
  }
  try {
    if (!(await submitLead(deps, values, { clientIp, locale })).spam) recordGoal(deps, "lead", request, clientIp);
  } catch (error) {
    const failure = pageError(error);
    if (failure) {
      return data<ContactActionData>({ values: shown, errors: {}, formError: failure.message }, { status: failure.status, headers: failure.headers });
    }
    if (isDatabaseUnavailable(error)) {
      return data<ContactActionData>({ values: shown, errors: {}, formError: LEAD_MESSAGES.failed }, { status: 503 });
    }
    throw error;
  }
  return redirect(`${localePath("/contact", locale)}?${CONTACT_FORM.submittedParam}=1`, {
    status: 303,
    headers: { "Set-Cookie": (locale === "hi" ? contactSentCookieHi : contactSentCookieEn).write(deps.config, "1") },
  });
}

/** True once after a successful post without JavaScript; the cookie is cleared by the same answer. */
export async function contactLoader(request: Request, { deps }: AppLoadContext) {
  // The owner's published copy of the page (its defaults on a fresh install).
  const locale = requestLocale(request);
  const copy = await readCopy(deps, CONTACT_DOC, locale);
  const contactSentCookie = locale === "hi" ? contactSentCookieHi : contactSentCookieEn;
  const url = new URL(request.url);
  const flashed = contactSentCookie.read(deps.config, request.headers.get("cookie")) === "1";
  const submitted = flashed && url.searchParams.get(CONTACT_FORM.submittedParam) === "1";
  if (!flashed) return data({ submitted: false, copy });
  return data({ submitted, copy }, { headers: { "Set-Cookie": contactSentCookie.clear(deps.config), "Cache-Control": "no-store" } });
}
