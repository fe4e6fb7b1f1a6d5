import { hindiNow, hindiWords, useText } from "~/lib/hindi-words";
import { Form, type ShouldRevalidateFunctionArgs, data, useLocation } from "react-router";
import { NewsletterResult } from "~/components/blog/newsletter-result";
import { NEWSLETTER } from "@shared/content";
import { localeOfPath, stripLocale } from "@shared/i18n";
import { pageMeta } from "~/lib/seo";
import { confirmSubscription, linkState, unsubscribe } from "../../server/services/newsletter/subscribe";
import type { Route } from "./+types/newsletter-link";

/**
 * The two pages a newsletter e-mail links to, /newsletter/confirm and /newsletter/unsubscribe: one page, told apart
 * by its address. Each shows a button for its token; the button does the work.
 */
const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

type LinkKind = "confirm" | "unsubscribe";
const kindOf = (pathname: string): LinkKind => (stripLocale(pathname).replace(/\/+$/, "") === "/newsletter/unsubscribe" ? "unsubscribe" : "confirm");

/** What each page says: its prompt, its button, its done and invalid messages. */
type Message = { readonly heading: string; readonly text: string };
type LinkWords = {
  confirm: { title: string; prompt: string; button: string; confirmed: Message; invalid: Message };
  unsubscribe: { title: string; prompt: string; button: string; done: Message; invalid: Message };
};
function wordsOf(t: LinkWords, kind: LinkKind) {
  return kind === "confirm"
    ? { title: t.confirm.title, prompt: t.confirm.prompt, button: t.confirm.button, done: t.confirm.confirmed, invalid: t.confirm.invalid, description: t.confirm.confirmed.text }
    : { title: t.unsubscribe.title, prompt: t.unsubscribe.prompt, button: t.unsubscribe.button, done: t.unsubscribe.done, invalid: t.unsubscribe.invalid, description: t.unsubscribe.prompt };
}

export function meta({ matches, location }: Route.MetaArgs) {
  const t = localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).NEWSLETTER_HI : NEWSLETTER;
  const kind = kindOf(location.pathname);
  const w = wordsOf(t, kind);
  return pageMeta({ title: w.title, description: w.description, path: `/newsletter/${kind}`, matches, noindex: true });
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

// The link only shows a button: mail scanners that open links must not confirm or unsubscribe on the reader's behalf.
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token") ?? "";
  // A link opened again after it did its work says so (issue 31: it used to say the link was not valid).
  const state = await linkState(context.deps, token, kindOf(url.pathname));
  return data(
    { token: state === "usable" ? token : null, done: state === "done" },
    { status: state === "invalid" ? 400 : 200, headers: { "Referrer-Policy": "same-origin", "Cache-Control": "no-store" } },
  );
}

/**
 * After the button does its work, the token is spent: reading the page's data again would answer 400 (a console
 * error for a success). The action's answer is all the page needs.
 */
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod ? false : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const token = String(form.get("token") ?? "");
  const ok = kindOf(new URL(request.url).pathname) === "confirm" ? await confirmSubscription(context.deps, token) : await unsubscribe(context.deps, token);
  return data({ ok }, { status: ok ? 200 : 400 });
}

export default function NewsletterLink({ loaderData, actionData }: Route.ComponentProps) {
  const t = useText(NEWSLETTER, HINDI_FORMS, (hi) => hi.NEWSLETTER_HI);
  const w = wordsOf(t, kindOf(useLocation().pathname));
  if (actionData) {
    const r = actionData.ok ? w.done : w.invalid;
    return <NewsletterResult heading={r.heading} text={r.text} tone={actionData.ok ? "success" : "error"} />;
  }
  if (loaderData.done) return <NewsletterResult heading={w.done.heading} text={w.done.text} tone="success" />;
  if (!loaderData.token) return <NewsletterResult heading={w.invalid.heading} text={w.invalid.text} tone="error" />;
  return (
    <NewsletterResult heading={w.title} text={w.prompt} tone="neutral">
      <Form method="post" className="mt-6">
        <input type="hidden" name="token" value={loaderData.token} />
        <button type="submit" className="btn-primary">
          {w.button}
        </button>
      </Form>
    </NewsletterResult>
  );
}
