import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { ContactCards } from "~/components/contact/contact-cards";
import { ContactForm, type ContactActionData } from "~/components/contact/contact-form";
import { SupportSlider } from "~/components/contact/support-slider";
import { WhatsAppWidget } from "~/components/contact/whatsapp-widget";
import { Breadcrumbs } from "~/components/seo/breadcrumbs";
import { CONTACT_META } from "@shared/content";
import { localeOfPath } from "@shared/i18n";
import { PageCopyContext } from "~/lib/page-copy";
import { contactAction, contactLoader } from "~/lib/contact.server";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/contact";

const HINDI_FORMS = hindiWords("forms", () => import("~/lib/hindi/forms"));

export function meta({ matches, loaderData, location }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo ?? (localeOfPath(location.pathname) === "hi" ? hindiNow(HINDI_FORMS).CONTACT_META_HI : CONTACT_META);
  return pageMeta({ title: seo.title, description: seo.description, path: "/contact", matches });
}

export function loader({ request, context }: Route.LoaderArgs) {
  return contactLoader(request, context);
}

export function action({ request, context }: Route.ActionArgs) {
  return contactAction(request, context);
}

// The flash cookie is cleared (and caching refused) by the loader's own headers.
export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const out = new Headers(actionHeaders);
  loaderHeaders.forEach((value, key) => out.append(key, value));
  return out;
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { seo, hero } = loaderData.copy;
  return (
    <PageCopyContext.Provider value={loaderData.copy}>
      <section aria-labelledby="contact-heading" className="bg-gradient-to-b from-emerald-50 to-white">
        <div className="mx-auto max-w-7xl px-4 pb-6 pt-8 sm:px-6">
          <Breadcrumbs current={{ name: seo.title, path: "/contact" }} />
          <p className="mt-10 text-sm font-bold uppercase tracking-widest text-emerald-800">{hero.eyebrow}</p>
          <h1 id="contact-heading" className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {hero.title}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{hero.lead}</p>
        </div>
      </section>
      <ContactCards />
      <SupportSlider />
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-14 sm:px-6 lg:grid-cols-[2fr_1fr]">
        <ContactForm actionData={actionData as ContactActionData | undefined} submitted={loaderData.submitted} />
        <div>
          <WhatsAppWidget />
        </div>
      </div>
    </PageCopyContext.Provider>
  );
}
