import { data, redirect } from "react-router";
import type { AppLoadContext } from "react-router";
import { isDatabaseUnavailable } from "../../server/http/errors";
import { submitLead } from "../../server/services/leads";
import type { ContactActionData } from "~/components/contact/contact-form";
import { CONTACT_FORM, LEAD_MESSAGES } from "@shared/content";
import { leadFromFormData, validateLead } from "@shared/schemas/lead";
import { pageError } from "./service-errors.server";

/**
 * The Contact page's no-JavaScript door: the same service as POST /api/leads.
 * Success redirects (303) to /contact?submitted=1 with a short-lived flash
 * cookie, so the success message shows once and a reload neither posts the
 * form again nor repeats the message.
 */
const FLASH_COOKIE = "wp_contact_sent";

function flashCookie(context: AppLoadContext, value: "1" | "", maxAge: number): string {
  const secure = context.deps?.config.PUBLIC_URL.startsWith("https:") ? "; Secure" : "";
  return `${FLASH_COOKIE}=${value}; Path=/contact; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure}`;
}

export async function contactAction(request: Request, context: AppLoadContext) {
  const deps = context.deps;
  if (!deps) throw new Error("the contact action needs the server's dependencies");
  const values = leadFromFormData(await request.formData());
  const { website: _honeypot, leadSource: _source, ...shown } = values;
  const checked = validateLead(values);
  if (!checked.ok) {
    return data<ContactActionData>({ values: shown, errors: checked.errors, first: checked.first }, { status: 400 });
  }
  try {
    await submitLead(deps, values, { clientIp: context.clientIp ?? "unknown" });
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
  return redirect(`/contact?${CONTACT_FORM.submittedParam}=1`, {
    status: 303,
    headers: { "Set-Cookie": flashCookie(context, "1", 120) },
  });
}

/** True once after a successful post without JavaScript; the cookie is cleared by the same answer. */
export function contactLoader(request: Request, context: AppLoadContext) {
  const url = new URL(request.url);
  const flashed = new RegExp(`(?:^|;\\s*)${FLASH_COOKIE}=1(?:;|$)`).test(request.headers.get("cookie") ?? "");
  const submitted = flashed && url.searchParams.get(CONTACT_FORM.submittedParam) === "1";
  if (!flashed) return data({ submitted: false });
  return data({ submitted }, { headers: { "Set-Cookie": flashCookie(context, "", 0), "Cache-Control": "no-store" } });
}
