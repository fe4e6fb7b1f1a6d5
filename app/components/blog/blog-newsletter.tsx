import { hindiWords, useText } from "~/lib/hindi-words";
import { useId, useRef, useState } from "react";
import { BLOG_NEWSLETTER } from "@shared/content";
import { useMessage } from "~/lib/form-messages";
import { useLocale } from "~/lib/locale";
import { subscribeToNewsletter } from "~/lib/newsletter-client";
import { useAdoptTyped } from "~/lib/use-adopt-typed";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export type NewsletterResult = { message: string };

/**
 * The listing's newsletter block. With JavaScript it calls the API and shows
 * the server's message (green when it says 'Successfully', red otherwise);
 * without, the form posts to the page's action, which answers `initial`.
 */
export function BlogNewsletter({ action, initial }: { action: string; initial?: NewsletterResult }) {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<string | null>(initial?.message ?? null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const id = useId();
  useAdoptTyped(inputRef, setEmail);
  const locale = useLocale();
  const t = useText(BLOG_NEWSLETTER, HINDI_FORMS, (hi) => hi.BLOG_NEWSLETTER_HI);
  // The server's messages are English (also the one the page's action hands back without JavaScript): shown in the
  // page's language, the tone read from the English text.
  const say = useMessage();
  const success = message?.includes("Successfully") ?? false;

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (email.trim() === "") {
      setMessage(BLOG_NEWSLETTER.required);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const outcome = await subscribeToNewsletter(email, "blogs", locale);
      if (outcome.kind === "ok") {
        setEmail("");
        setMessage(outcome.message ?? BLOG_NEWSLETTER.failed);
      } else {
        setMessage(outcome.kind === "network" ? BLOG_NEWSLETTER.network : (outcome.message ?? BLOG_NEWSLETTER.failed));
      }
    } finally {
      setBusy(false);
    }
    // The answer takes the focus (the disabled field and button would drop it to the page's body).
    messageRef.current?.focus();
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="rounded-2xl bg-emerald-900 px-6 py-10 text-white sm:px-10">
      <h2 id={`${id}-heading`} className="text-2xl font-bold">
        {t.heading}
      </h2>
      <p className="mt-2 max-w-2xl text-emerald-50">{t.text}</p>
      <form method="post" action={action} noValidate onSubmit={onSubmit} className="mt-6 flex max-w-xl flex-col gap-3 sm:flex-row">
        <input type="hidden" name="intent" value="subscribe" />
        <input type="hidden" name="source" value="blogs" />
        <label htmlFor={`${id}-email`} className="sr-only">
          {t.label}
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          name="email"
          type="email"
          required
          autoComplete="email"
          value={email}
          disabled={busy}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t.placeholder}
          aria-invalid={message && !success ? true : undefined}
          aria-describedby={`${id}-message`}
          className="h-11 w-full min-w-0 shrink-0 rounded-md border border-emerald-600 bg-white px-3 text-base text-slate-900 placeholder:text-slate-600 sm:h-12 sm:flex-1"
        />
        <button type="submit" disabled={busy} className="inline-flex min-h-11 items-center justify-center rounded-md bg-white px-5 font-semibold text-emerald-900 hover:bg-emerald-50 disabled:opacity-80">
          {busy ? t.busy : t.button}
        </button>
      </form>
      <div ref={messageRef} tabIndex={-1} id={`${id}-message`} role="status" aria-live="polite" className="mt-3 min-h-6">
        {message && (
          <p className={success ? "font-semibold text-emerald-200" : "font-semibold text-rose-200"} data-tone={success ? "success" : "error"}>
            {say(message)}
          </p>
        )}
      </div>
    </section>
  );
}
