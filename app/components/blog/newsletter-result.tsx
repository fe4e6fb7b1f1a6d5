import { hindiWords, useText } from "~/lib/hindi-words";
import { useEffect, useRef } from "react";
import { NEWSLETTER } from "@shared/content";
import { LocaleLink } from "~/lib/locale";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

/** The result panel of the newsletter pages (confirm, unsubscribe, subscribe without JavaScript). */
export function NewsletterResult({
  heading,
  text,
  tone,
  children,
  focus = false,
}: {
  heading: string;
  text: string;
  tone: "success" | "error" | "neutral";
  children?: React.ReactNode;
  /** An answer that replaced the form the visitor sent (issue 45): the focus moves to it, not to the page's body. */
  focus?: boolean;
}) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (focus) headingRef.current?.focus();
  }, [focus, heading]);
  const t = useText(NEWSLETTER, HINDI_FORMS, (hi) => hi.NEWSLETTER_HI);
  const color = tone === "success" ? "text-emerald-800" : tone === "error" ? "text-rose-700" : "text-slate-900";
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <h1 ref={headingRef} tabIndex={focus ? -1 : undefined} className={`text-3xl font-bold ${color}`}>
        {heading}
      </h1>
      <p className="mt-3 text-lg text-slate-700">{text}</p>
      {children}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <LocaleLink to="/blogs" className="btn-primary">
          {t.backToBlog}
        </LocaleLink>
        <LocaleLink to="/" className="btn-ghost">
          {t.home}
        </LocaleLink>
      </div>
    </section>
  );
}
