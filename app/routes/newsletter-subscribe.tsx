import { Form, data } from "react-router";
import { NewsletterResult } from "~/components/blog/newsletter-result";
import { FOOTER, FOOTER_NEWSLETTER_MESSAGES } from "@shared/content";
import { validateFooterEmail } from "~/lib/footer-newsletter";
import { pageMeta } from "~/lib/seo";
import { pageError } from "~/lib/service-errors.server";
import { subscribe } from "../../server/services/newsletter/subscribe";
import type { Route } from "./+types/newsletter-subscribe";
import { recordGoal } from "../../server/http/page-views";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: FOOTER_NEWSLETTER_MESSAGES.success.title, description: FOOTER_NEWSLETTER_MESSAGES.success.message, path: "/newsletter/subscribe", matches, noindex: true });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "");
  const invalid = validateFooterEmail(email);
  if (invalid) return data({ title: invalid.title, message: invalid.message, ok: false }, { status: 400 });
  try {
    await subscribe(context.deps, email, context.clientIp, String(form.get("source") ?? ""));
    recordGoal(context.deps, "newsletter", request, context.clientIp);
    const { title, message, confirmation } = FOOTER_NEWSLETTER_MESSAGES.success;
    return { title, message: `${message} ${confirmation}`, ok: true };
  } catch (error) {
    const failure = pageError(error);
    if (failure?.kind === "invalid") {
      return data({ ...FOOTER_NEWSLETTER_MESSAGES.invalid, ok: false }, { status: 400 });
    }
    if (!failure) {
      context.deps.log.warn({ reqId: context.requestId, err: { message: (error as Error).message } }, "newsletter subscription failed");
    }
    return data({ ...FOOTER_NEWSLETTER_MESSAGES.failed, ok: false }, { status: failure?.status ?? 503 });
  }
}

// The footer form posts here when JavaScript is off; a plain visit gets the same form.
export default function NewsletterSubscribe({ actionData }: Route.ComponentProps) {
  if (actionData) return <NewsletterResult heading={actionData.title} text={actionData.message} tone={actionData.ok ? "success" : "error"} />;
  return (
    <NewsletterResult heading={FOOTER.newsletter.heading} text={FOOTER.newsletter.description} tone="neutral">
      <Form method="post" className="mt-6 flex w-full max-w-md flex-col gap-3 sm:flex-row">
        <label htmlFor="newsletter-page-email" className="sr-only">
          {FOOTER.newsletter.label}
        </label>
        <input id="newsletter-page-email" name="email" type="email" required autoComplete="email" placeholder={FOOTER.newsletter.placeholder} className="h-11 flex-1 rounded-md border border-slate-400 px-3" />
        <button type="submit" className="btn-primary justify-center">
          {FOOTER.newsletter.button}
        </button>
      </Form>
    </NewsletterResult>
  );
}
