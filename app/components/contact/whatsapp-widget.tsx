import { hindiWords, useText } from "~/lib/hindi-words";
import { useId, useState } from "react";
import { WHATSAPP_WIDGET, whatsappLink } from "@shared/content";
import type { ContactCopy } from "@shared/copy/contact";
import { usePageCopy } from "~/lib/page-copy";
import { useSite } from "~/lib/site-context";
import { ContactIcon } from "./contact-icon";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

/**
 * A WhatsApp chat card: quick messages, or the visitor's own words, opened
 * as a WhatsApp chat in a new tab. The links are real links, so they work
 * without JavaScript (with the default greeting).
 */
export function WhatsAppWidget() {
  const site = useSite();
  const [text, setText] = useState("");
  const id = useId();
  const copy = usePageCopy<ContactCopy>().whatsapp;
  const t = useText(WHATSAPP_WIDGET, HINDI_FORMS, (hi) => hi.WHATSAPP_WIDGET_HI);
  if (!site) return null;
  const message = text.trim() || copy.defaultText;
  return (
    <section aria-labelledby={`${id}-heading`} className="overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200" data-testid="whatsapp-widget">
      <div className="flex items-center gap-3 bg-[#1f7a4d] px-5 py-4 text-white">
        <span className="inline-flex h-10 w-10 items-center justify-center rounded-full bg-white/20">
          <ContactIcon kind="whatsapp" />
        </span>
        <div>
          <h2 id={`${id}-heading`} className="font-semibold">
            {copy.heading}
          </h2>
          <p className="text-sm text-emerald-50">
            {t.agentName} · {copy.status}
          </p>
        </div>
      </div>
      <div className="space-y-4 bg-[#f0ebe3] p-5">
        <p className="max-w-xs rounded-lg rounded-tl-none bg-white px-4 py-3 text-sm text-slate-900 shadow-sm">{copy.greeting}</p>
        <div>
          <p className="text-sm font-semibold text-slate-900" id={`${id}-quick`}>
            {t.quickRepliesLabel}
          </p>
          <ul className="mt-2 flex flex-wrap gap-2" aria-labelledby={`${id}-quick`}>
            {copy.quickReplies.map((reply, i) => (
              <li key={i}>
                <a
                  href={whatsappLink(site.whatsappNumber, reply.text)}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center rounded-full bg-white px-4 text-sm font-medium text-emerald-900 shadow-sm ring-1 ring-emerald-700/30 hover:bg-emerald-50"
                >
                  {reply.label}
                  <span className="sr-only"> {t.newTab}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <label htmlFor={`${id}-text`} className="text-sm font-semibold text-slate-900">
            {t.messageLabel}
          </label>
          <textarea
            id={`${id}-text`}
            rows={2}
            maxLength={1000}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder={t.messagePlaceholder}
            className="mt-1 block w-full rounded-md border border-slate-500 bg-white px-3 py-2 text-sm text-slate-900 placeholder:text-slate-600"
          />
          <a
            href={whatsappLink(site.whatsappNumber, message)}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="whatsapp-widget-send"
            className="mt-3 inline-flex min-h-11 w-full items-center justify-center gap-2 rounded-md bg-[#1f7a4d] px-4 text-sm font-semibold text-white hover:bg-[#17603c]"
          >
            {copy.send}
            <span className="sr-only"> {t.newTab}</span>
          </a>
        </div>
      </div>
    </section>
  );
}
