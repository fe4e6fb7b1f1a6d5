import { Form, Link } from "react-router";
import { STUDIO_QUESTIONS_PAGE as P } from "@shared/content/studio-questions";
import { formatStudioTime, useStudioTimeZone } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, EmptyState, Notice, PageHeader } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { faqEntryUse, questionGroups } from "../../../server/services/chat/questions";
import { plainText } from "@shared/plain-text";
import type { Route } from "./+types/questions";

export function meta() {
  return studioMeta(P.metaTitle);
}

const PAGE = "/studio/questions";

/** Where "Answer this" leads: the FAQ editor, a new entry prefilled with the question. */
export function answerThisHref(question: string): string {
  return `/studio/faq?question=${encodeURIComponent(question)}`;
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const handedOverOnly = new URL(args.request.url).searchParams.get("handover") === "1";
  const [result, faqUse] = await Promise.all([questionGroups(args.context.deps, { handedOverOnly }), faqEntryUse(args.context.deps)]);
  return { handedOverOnly, ...result, faqUse };
}

export default function Questions({ loaderData }: Route.ComponentProps) {
  const zone = useStudioTimeZone();
  const { groups, handedOverOnly, questions, capped, faqUse } = loaderData;
  return (
    <>
      <PageHeader title={P.title} description={P.description} />
      <Form method="get" action={PAGE} className="mb-4 flex flex-wrap items-center gap-3">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
          <input
            type="checkbox"
            name="handover"
            value="1"
            defaultChecked={handedOverOnly}
            key={String(handedOverOnly)}
            className="h-5 w-5 rounded border-slate-400 text-emerald-700 focus:ring-emerald-700"
          />
          {P.handedOverOnly}
        </label>
        <Button type="submit" tone="primary">
          {P.apply}
        </Button>
      </Form>
      {groups.length > 0 ? <p className="mb-3 text-sm text-slate-600">{P.summary(questions, groups.length)}</p> : null}
      {capped ? <Notice>{P.capped}</Notice> : null}
      {groups.length === 0 ? (
        <EmptyState title={handedOverOnly ? P.emptyHandedOver : P.empty} />
      ) : (
        <ol className="space-y-3" aria-label={P.caption} data-testid="question-groups">
          {groups.map((g, i) => (
            <li key={`${i}:${g.question}`} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="question-group">
              <div className="flex flex-wrap items-start justify-between gap-3">
                <h2 className="min-w-0 flex-1 break-words text-base font-semibold text-slate-900">{g.question}</h2>
                <Link to={answerThisHref(g.question)} className={buttonClass("primary")} aria-label={P.answerThisLabel(g.question)}>
                  {P.answerThis}
                </Link>
              </div>
              {g.variants.length > 0 ? (
                <p className="mt-1 break-words text-sm text-slate-600">
                  {P.alsoAsked} {g.variants.map((v) => `\u201c${v}\u201d`).join(", ")}
                </p>
              ) : null}
              <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{P.asked}</dt>
                  <dd className="text-slate-900">
                    {P.times(g.count)} <span className="text-slate-600">({formatStudioTime(g.lastAskedAt, zone)})</span>
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{P.handedOver}</dt>
                  <dd className="text-slate-900" data-testid="question-handed-over">
                    {P.handedOverCount(g.handedOver, g.count)}
                  </dd>
                </div>
                <div>
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{P.ratings}</dt>
                  <dd className="text-slate-900" data-testid="question-ratings">
                    {g.helpful + g.notHelpful === 0 ? P.noRatings : `${P.helpfulCount(g.helpful)}, ${P.notHelpfulCount(g.notHelpful)}`}
                  </dd>
                </div>
                <div className="sm:col-span-3">
                  <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{P.answered}</dt>
                  <dd className="whitespace-pre-line break-words text-slate-800">{g.answer ? plainText(g.answer) : P.noAnswer}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ol>
      )}
      <section className="mt-10" aria-labelledby="faq-use-title" data-testid="faq-use">
        <h2 id="faq-use-title" className="text-lg font-semibold text-slate-900">
          {P.faqUseTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{P.faqUseDescription}</p>
        {faqUse.length === 0 ? (
          <p className="mt-3 text-sm text-slate-700">{P.faqUseEmpty}</p>
        ) : (
          <ol className="mt-3 space-y-3" aria-label={P.faqUseCaption}>
            {faqUse.map((u) => (
              <li key={u.ref} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm" data-testid="faq-use-entry">
                <div className="flex flex-wrap items-start justify-between gap-3">
                  <h3 className="min-w-0 flex-1 break-words text-base font-semibold text-slate-900">{u.question}</h3>
                  <Link to="/studio/faq" className={buttonClass("secondary")}>
                    {P.faqUseEdit}
                  </Link>
                </div>
                <p className="mt-1 text-sm text-slate-900">
                  {P.faqUseCount(u.count)} <span className="text-slate-600">({formatStudioTime(u.lastAskedAt, zone)})</span>
                </p>
                <p className="mt-1 break-words text-sm text-slate-600">
                  {P.faqUseExamples} {u.examples.map((v) => `\u201c${v}\u201d`).join(", ")}
                </p>
              </li>
            ))}
          </ol>
        )}
      </section>
    </>
  );
}
