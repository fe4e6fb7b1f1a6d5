import { hindiWords, useText } from "~/lib/hindi-words";
import { useId, useRef, useState } from "react";
import { FOOTER, FOOTER_NEWSLETTER_MESSAGES } from "@shared/content/site";
import { localePath } from "@shared/i18n";
import { useLocale } from "~/lib/locale";
import { type FooterMessage, validateFooterEmail } from "~/lib/footer-newsletter";
import { subscribeToNewsletter } from "~/lib/newsletter-client";
import { useAdoptTyped } from "~/lib/use-adopt-typed";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

export function FooterNewsletter() {
  const [email, setEmail] = useState("");
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<FooterMessage | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const messageRef = useRef<HTMLDivElement>(null);
  const id = useId();
  const locale = useLocale();
  const t = useText(FOOTER.newsletter, HINDI_SHELL, (hi) => hi.FOOTER_NEWSLETTER_HI);
  const messages = useText(FOOTER_NEWSLETTER_MESSAGES, HINDI_SHELL, (hi) => hi.FOOTER_NEWSLETTER_MESSAGES_HI);
  useAdoptTyped(inputRef, setEmail);

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const invalid = validateFooterEmail(email, locale);
    if (invalid) {
      setMessage(invalid);
      inputRef.current?.focus();
      return;
    }
    setBusy(true);
    setMessage(null);
    try {
      const outcome = await subscribeToNewsletter(email, "footer", locale);
      if (outcome.kind === "ok") {
        const { title, message, confirmation } = messages.success;
        setMessage({ title, message, detail: confirmation, tone: "success" });
        setEmail("");
      } else {
        console.warn("newsletter subscription failed:", outcome.kind, outcome.kind === "refused" ? outcome.message : "");
        setMessage({ ...messages.failed, tone: "error" });
      }
    } finally {
      setBusy(false);
    }
    // The answer takes the focus (the disabled field and button would drop it to the page's body).
    messageRef.current?.focus();
  }

  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{t.heading}</h2>
      <p className="mt-4 text-sm text-slate-300">{t.description}</p>
      <form className="mt-4 flex flex-col gap-2" noValidate onSubmit={onSubmit} method="post" action={localePath("/newsletter/subscribe", locale)}>
        <input type="hidden" name="source" value="footer" />
        <label htmlFor={`${id}-email`} className="sr-only">
          {t.label}
        </label>
        <input
          ref={inputRef}
          id={`${id}-email`}
          name="email"
          type="email"
          autoComplete="email"
          value={email}
          disabled={busy}
          onChange={(e) => setEmail(e.target.value)}
          placeholder={t.placeholder}
          aria-invalid={message?.tone === "error" ? true : undefined}
          aria-describedby={message ? `${id}-message` : undefined}
          className="h-11 rounded-md border border-slate-600 bg-slate-900 px-3 text-sm text-white placeholder:text-slate-400 focus:border-emerald-400"
        />
        <button type="submit" disabled={busy} className="btn-primary h-11 justify-center disabled:opacity-70">
          {busy ? t.busyButton : t.button}
        </button>
        <div ref={messageRef} tabIndex={-1} id={`${id}-message`} role="status" aria-live="polite" className="min-h-10 text-sm">
          {message && (
            <p className={message.tone === "success" ? "text-emerald-300" : "text-rose-300"}>
              <strong className="block">{message.title}</strong>
              {message.message}
              {message.detail && <span className="mt-1 block">{message.detail}</span>}
            </p>
          )}
        </div>
      </form>
    </div>
  );
}
