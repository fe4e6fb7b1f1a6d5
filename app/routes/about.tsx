import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { hindiWords, useText, type WordsOf } from "~/lib/hindi-words";
import { AboutPhoto, TeamMember } from "~/components/home/trust";
import { Breadcrumbs } from "~/components/seo/breadcrumbs";
import { ABOUT } from "@shared/content/about";
import type { AboutLabels } from "@shared/content/hi/about";
import { LocaleLink, requestLocale } from "~/lib/locale";
import { ABOUT_DOC } from "@shared/copy/about";
import { shownImage } from "@shared/copy/build";
import { readCopy } from "../../server/services/content/copy";
import { JsonLd, organizationJsonLd, pageMeta } from "~/lib/seo";
import { useJsonLdLanguage } from "~/components/seo/json-ld-language";
import { useSite } from "~/lib/site-context";
import type { Route } from "./+types/about";

const HINDI_ABOUT = hindiWords("about", () => import("~/lib/hindi/about"));

/** The owner's published copy of the About page (its defaults on a fresh install); cached per content version. */
export async function loader({ context, request }: Route.LoaderArgs) {
  return { copy: await readCopy(context.deps, ABOUT_DOC, requestLocale(request)) };
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  const seo = loaderData?.copy.seo ?? ABOUT.meta;
  return pageMeta({ title: seo.title, description: seo.description, path: "/about", matches });
}

export default function About({ loaderData }: Route.ComponentProps) {
  const site = useSite();
  const book = useBookDemoLink();
  const { seo, intro, story, values, team, based, cta } = loaderData.copy;
  // Only people the owner named: nobody is invented (issue 45).
  const people = team.people.filter((p) => p.name.trim() !== "");
  const words = useText<AboutLabels, WordsOf<typeof HINDI_ABOUT>>(ABOUT, HINDI_ABOUT, (hi) => hi.ABOUT_LABELS_HI);
  const language = useJsonLdLanguage();
  return (
    <>
      {site && <JsonLd data={organizationJsonLd(site, language)} />}
      <section aria-labelledby="about-heading" className="bg-gradient-to-b from-emerald-50 to-white">
        <div className="mx-auto max-w-4xl px-4 pb-14 pt-8 sm:px-6 sm:pb-20">
          <Breadcrumbs current={{ name: seo.title, path: "/about" }} />
          <p className="mt-10 text-sm font-bold uppercase tracking-widest text-emerald-800">{intro.eyebrow}</p>
          <h1 id="about-heading" className="mt-3 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {intro.heading}
          </h1>
          <h2 className="mt-10 text-2xl font-bold text-slate-900">{intro.missionHeading}</h2>
          <p className="mt-3 text-lg leading-relaxed text-slate-700" data-testid="mission">
            {intro.mission}
          </p>
          <AboutPhoto photo={shownImage(intro.photo)} />
        </div>
      </section>

      <section aria-labelledby="story-heading" className="py-14">
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <h2 id="story-heading" className="text-2xl font-bold text-slate-900">
            {story.heading}
          </h2>
          {story.paragraphs.map((p, i) => (
            <p key={i} className="mt-3 text-lg leading-relaxed text-slate-700">
              {p}
            </p>
          ))}
        </div>
      </section>

      <section aria-labelledby="values-heading" className="bg-slate-50 py-14">
        <div className="mx-auto max-w-5xl px-4 sm:px-6">
          <h2 id="values-heading" className="text-2xl font-bold text-slate-900">
            {values.heading}
          </h2>
          <ul className="mt-6 grid gap-5 md:grid-cols-3">
            {values.items.map((v, i) => (
              <li key={i} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
                <h3 className="text-lg font-bold text-slate-900">{v.title}</h3>
                <p className="mt-2 text-slate-700">{v.text}</p>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {people.length > 0 ? (
        <section aria-labelledby="team-heading" className="py-14" data-section="team">
          <div className="mx-auto max-w-5xl px-4 sm:px-6">
            <h2 id="team-heading" className="text-2xl font-bold text-slate-900">
              {team.heading}
            </h2>
            {team.intro ? <p className="mt-3 max-w-2xl text-lg leading-relaxed text-slate-700">{team.intro}</p> : null}
            <ul className={`mt-8 grid gap-x-5 gap-y-8 ${people.length === 1 ? "max-w-[15rem] grid-cols-1" : "grid-cols-2 sm:grid-cols-3 lg:grid-cols-4"}`}>
              {people.map((person, i) => (
                <li key={i}>
                  <TeamMember person={person} />
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}

      <section aria-labelledby="based-heading" className={`py-14 ${people.length > 0 ? "bg-slate-50" : ""}`}>
        <div className="mx-auto max-w-4xl px-4 sm:px-6">
          <h2 id="based-heading" className="text-2xl font-bold text-slate-900">
            {based.heading}
          </h2>
          <p className="mt-3 text-lg leading-relaxed text-slate-700">{based.text}</p>
        </div>
      </section>

      <section aria-labelledby="about-cta-heading" className="bg-emerald-900 py-14 text-white">
        <div className="mx-auto max-w-4xl px-4 text-center sm:px-6">
          <h2 id="about-cta-heading" className="text-3xl font-bold">
            {cta.heading}
          </h2>
          <p className="mt-3 text-lg text-emerald-50">{cta.text}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {site && (
              <a
                {...linkAttrs(book!)}
                className="inline-flex min-h-11 items-center rounded-md bg-amber-300 px-6 py-2 font-semibold text-emerald-950 hover:bg-amber-200"
                data-testid="about-book"
              >
                {cta.bookDemo}
                {book?.external ? <span className="sr-only"> {words.newTab}</span> : null}
              </a>
            )}
            <LocaleLink
              to="/contact"
              className="inline-flex min-h-11 items-center rounded-md border border-white px-6 py-2 font-semibold text-white hover:bg-emerald-800"
              data-testid="about-contact"
            >
              {cta.getInTouch}
            </LocaleLink>
          </div>
        </div>
      </section>
    </>
  );
}
