import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { Form, data } from "react-router";
import { NewsletterResult } from "~/components/blog/newsletter-result";
import { FOOTER, FOOTER_NEWSLETTER_MESSAGES } from "@shared/content";
import { localeOfPath } from "@shared/i18n";
import { requestLocale } from "~/lib/locale";
import { validateFooterEmail } from "~/lib/footer-newsletter";
import { pageMeta } from "~/lib/seo";
import { pageError } from "~/lib/service-errors.server";
import { subscribe } from "../../server/services/newsletter/subscribe";
import type { Route } from "./+types/newsletter-subscribe";
import { recordGoal } from "../../server/http/page-views";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_SHELL).FOOTER_NEWSLETTER_MESSAGES_HI : FOOTER_NEWSLETTER_MESSAGES;
  return pageMeta({ title: t.success.title, description: t.success.message, path: "/newsletter/subscribe", matches, noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  // The answer is in the page's language, and so is the confirmation e-mail.
  const locale = requestLocale(request);
  const messages = locale === "hi" ? hindiNow(HINDI_SHELL).FOOTER_NEWSLETTER_MESSAGES_HI : FOOTER_NEWSLETTER_MESSAGES;
  const email = String(form.get("email") ?? "");
  const invalid = validateFooterEmail(email, locale);
  if (invalid) return data({ title: invalid.title, message: invalid.message, ok: false }, { status: 400 });
  try {
    await subscribe(context.deps, email, context.clientIp, String(form.get("source") ?? ""), locale);
    recordGoal(context.deps, "newsletter", request, context.clientIp);
    const { title, message, confirmation } = messages.success;
    return { title, message: `${message} ${confirmation}`, ok: true };
  } catch (error) {
    const failure = pageError(error);
    if (failure?.kind === "invalid") {
      return data({ ...messages.invalid, ok: false }, { status: 400 });
    }
    if (!failure) {
      context.deps.log.warn({ reqId: context.requestId, err: { message: (error as Error).message } }, "newsletter subscription failed");
    }
    return data({ ...messages.failed, ok: false }, { status: failure?.status ?? 503 });
  }
}

// The footer form posts here when JavaScript is off; a plain visit gets the same form.
export default function NewsletterSubscribe({ actionData }: Route.ComponentProps) {
  const form = useText(FOOTER.newsletter, HINDI_SHELL, (hi) => hi.FOOTER_NEWSLETTER_HI);
  if (actionData) return <NewsletterResult heading={actionData.title} text={actionData.message} tone={actionData.ok ? "success" : "error"} focus />;
  return (
    <NewsletterResult heading={form.heading} text={form.description} tone="neutral">
      <Form method="post" className="mt-6 flex w-full max-w-md flex-col gap-3 sm:flex-row">
        <label htmlFor="newsletter-page-email" className="sr-only">
          {form.label}
        </label>
        <input id="newsletter-page-email" name="email" type="email" required autoComplete="email" placeholder={form.placeholder} className="h-11 w-full min-w-0 rounded-md border border-slate-400 px-3 sm:w-auto sm:flex-1" />
        <button type="submit" className="btn-primary justify-center">
          {form.button}
        </button>
      </Form>
    </NewsletterResult>
  );
}
