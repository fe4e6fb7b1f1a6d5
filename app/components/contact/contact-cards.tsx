import { hindiWords, useText } from "~/lib/hindi-words";
import { CONTACT_CARDS, WHATSAPP_WIDGET } from "@shared/content";
import type { ContactCopy } from "@shared/copy/contact";
import { contactCardsOf } from "@shared/copy/contact-view";
import { usePageCopy } from "~/lib/page-copy";
import { useSite } from "~/lib/site-context";
import { ContactIcon } from "./contact-icon";
import { resolveContact } from "./contact-links";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

/** Each card's name on the page (data-card), by its place: the default cards'. */
const CARD_IDS = CONTACT_CARDS.map((c) => c.id);

/** The five contact cards: e-mail, call, two WhatsApp chats and the office, each one link. */
export function ContactCards() {
  const site = useSite();
  const copy = usePageCopy<ContactCopy>();
  const widget = useText(WHATSAPP_WIDGET, HINDI_FORMS, (hi) => hi.WHATSAPP_WIDGET_HI);
  if (!site) return null;
  const cards = contactCardsOf(copy, CARD_IDS);
  return (
    <section aria-labelledby="contact-cards-heading" className="mx-auto max-w-7xl px-4 py-12 sm:px-6">
      <h2 id="contact-cards-heading" className="text-2xl font-bold text-slate-900">
        {copy.cards.heading}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-5" data-testid="contact-cards">
        {cards.map((card) => {
          const contact = resolveContact(card.target, site);
          return (
            <li key={card.id} className="flex">
              <a
                href={contact.href}
                data-card={card.id}
                {...(contact.external ? { target: "_blank", rel: "noopener noreferrer" } : {})}
                className="group flex w-full flex-col rounded-xl border border-slate-200 bg-white p-5 shadow-sm transition hover:-translate-y-0.5 hover:border-emerald-600 hover:shadow-md"
              >
                <span className="inline-flex h-11 w-11 items-center justify-center rounded-lg bg-emerald-50 text-emerald-800">
                  <ContactIcon kind={card.target.kind} />
                </span>
                <span className="mt-4 text-lg font-semibold text-slate-900">{card.title}</span>
                <span className="mt-1 text-sm text-slate-700">{card.description}</span>
                <span className="mt-3 break-words text-sm font-medium text-slate-900">{card.detail ?? contact.value}</span>
                <span className="mt-auto pt-4 text-sm font-semibold text-emerald-800 group-hover:underline">
                  {card.action}
                  {contact.external && <span className="sr-only"> {widget.newTab}</span>}
                </span>
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
