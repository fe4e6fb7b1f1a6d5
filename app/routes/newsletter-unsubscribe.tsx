import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { Form, type ShouldRevalidateFunctionArgs, data } from "react-router";
import { NewsletterResult } from "~/components/blog/newsletter-result";
import { NEWSLETTER } from "@shared/content";
import { localeOfPath } from "@shared/i18n";
import { pageMeta } from "~/lib/seo";
import { linkState, unsubscribe } from "../../server/services/newsletter/subscribe";
import type { Route } from "./+types/newsletter-unsubscribe";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).NEWSLETTER_HI : NEWSLETTER;
  return pageMeta({ title: t.unsubscribe.title, description: t.unsubscribe.prompt, path: "/newsletter/unsubscribe", matches, noindex: true });
}

/**
 * The token is in the address (and in the form the button posts): the page, its data and the action's answer stay out
 * of every cache and are never named in a Referer to another site. `same-origin`, not `no-referrer`: with the latter a
 * browser posts the page's form with `Origin: null`, which the cross-site checks refuse (the form must work without
 * JavaScript). Route headers are the only ones a document response carries.
 */
export function headers() {
  return { "Cache-Control": "no-store", "Referrer-Policy": "same-origin" };
}

// The link only shows a button: mail scanners that open links must not unsubscribe the reader.
export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  // A link opened again after it did its work says so (issue 31: it used to say the link was not valid).
  const state = await linkState(context.deps, token, "unsubscribe");
  return data(
    { token: state === "usable" ? token : null, done: state === "done" },
    { status: state === "invalid" ? 400 : 200, headers: { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" } },
  );
}

/**
 * After the button unsubscribes, the token is spent: reading the page's data again would answer 400 (a console
 * error for a success). The action's answer is all the page needs.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const ok = await unsubscribe(context.deps, String(form.get("token") ?? ""));
  return data({ unsubscribed: ok }, { status: ok ? 200 : 400 });
}

export default function NewsletterUnsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText(NEWSLETTER, HINDI_FORMS, (hi) => hi.NEWSLETTER_HI);
  if (actionData) {
    const r = actionData.unsubscribed ? t.unsubscribe.done : t.unsubscribe.invalid;
    return <NewsletterResult heading={r.heading} text={r.text} tone={actionData.unsubscribed ? "success" : "error"} />;
  }
  if (loaderData.done) {
    const r = t.unsubscribe.done;
    return <NewsletterResult heading={r.heading} text={r.text} tone="success" />;
  }
  if (!loaderData.token) {
    return <NewsletterResult heading={t.unsubscribe.invalid.heading} text={t.unsubscribe.invalid.text} tone="error" />;
  }
  return (
    <NewsletterResult heading={t.unsubscribe.title} text={t.unsubscribe.prompt} tone="neutral">
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn-primary">
          {t.unsubscribe.button}
        </button>
      </Form>
    </NewsletterResult>
  );
}
