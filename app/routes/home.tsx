import { useState } from "react";
import { AudienceSlideshow } from "~/components/home/audience-slideshow";
import { ComparisonTable } from "~/components/home/comparison-table";
import { DemoVideo } from "~/components/home/demo-video";
import { Faq } from "~/components/home/faq";
import { Hero } from "~/components/home/hero";
import { Metrics } from "~/components/home/metrics";
import {
  AvailableFor,
  Benefits,
  Kit,
  PainPoints,
  PromiseText,
  Steps,
  Testimonials,
  WiseCore,
} from "~/components/home/sections";
import { HOME_META } from "@shared/content";
import { HOME_DOC } from "@shared/copy/home";
import { JsonLd, organizationJsonLd, pageMeta, websiteJsonLd } from "~/lib/seo";
import { useJsonLdLanguage } from "~/components/seo/json-ld-language";
import { PageCopyContext } from "~/lib/page-copy";
import { useSite } from "~/lib/site-context";
import { requestLocale } from "~/lib/locale";
import { FAQ_DOC, faqEntries } from "@shared/copy/faq";
import { readCopy } from "../../server/services/content/copy";
import type { Route } from "./+types/home";

/**
 * The owner's published copy of the home page and its FAQ (their defaults on a fresh install, a staff member's draft
 * in a preview); the page is cached per content version.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  const locale = requestLocale(request);
  const [copy, faq] = await Promise.all([readCopy(context.deps, HOME_DOC, locale), readCopy(context.deps, FAQ_DOC, locale)]);
  return {
    copy,
    faq: { heading: faq.heading, intro: faq.intro, entries: faqEntries(faq).map(({ id, question, answer }) => ({ id, question, answer, also: [] })) },
  };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo ?? HOME_META;
  return pageMeta({ title: seo.title, description: seo.description, path: "/", matches });
}


/** The root layout closes this page with the call-to-action band (components/shell/closing-cta.tsx). */
export const handle = { closingCta: true };

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const [videoShown, setVideoShown] = useState(false);
  const language = useJsonLdLanguage();
  return (
    <PageCopyContext.Provider value={loaderData.copy}>
      {site && <JsonLd data={[organizationJsonLd(site, language), websiteJsonLd(site, language)]} />}
      <Hero onShowVideo={() => setVideoShown(true)} videoShown={videoShown} />
      {videoShown && (
        <DemoVideo
          onClose={() => {
            setVideoShown(false);
            // Focus goes back to the control that opened the video, once it is rendered again.
            requestAnimationFrame(() => document.querySelector<HTMLElement>("[data-testid=hero-watch-here]")?.focus());
          }}
        />
      )}
      <PainPoints />
      <PromiseText />
      <Benefits />
      <Metrics />
      <AudienceSlideshow />
      <WiseCore />
      <Steps />
      <Kit />
      <AvailableFor />
      <Testimonials />
      <ComparisonTable />
      <Faq {...loaderData.faq} />
    </PageCopyContext.Provider>
  );
}
