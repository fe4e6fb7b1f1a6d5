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
import { JsonLd, organizationJsonLd, pageMeta, websiteJsonLd } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { FAQ_DOC, faqEntries } from "@shared/copy/faq";
import { readCopy } from "../../server/services/content/copy";
import type { Route } from "./+types/home";

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta({ title: HOME_META.title, description: HOME_META.description, path: "/", matches });
}

/** The FAQ section's words: the owner's published copy (or a staff member's draft in a preview). */
export async function loader({ context }: Route.LoaderArgs) {
  const faq = await readCopy(context.deps, FAQ_DOC, "en");
  return { faq: { heading: faq.heading, intro: faq.intro, entries: faqEntries(faq).map(({ id, question, answer }) => ({ id, question, answer, also: [] })) } };
}

/** The root layout closes this page with the call-to-action band (components/shell/closing-cta.tsx). */
export const handle = { closingCta: true };

export default function Home({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const [videoShown, setVideoShown] = useState(false);
  return (
    <>
      {site && <JsonLd data={[organizationJsonLd(site), websiteJsonLd(site)]} />}
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
    </>
  );
}
