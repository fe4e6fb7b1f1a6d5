import { data, Form, Link, redirect } from "react-router";
import { AUDIENCE_MESSAGES, AUDIENCE_PAGES } from "@shared/content/audience";
import { NewsletterSendFormSchema, NewsletterSendSchema, PostRefSchema } from "@shared/schemas/audience";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, Notice, PageHeader } from "~/components/studio/ui";
import { checkForm, type FieldMessages, formValues, useSchemaForm } from "~/lib/schema-form";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio, stepUpFromForm } from "~/lib/studio.server";
import { StepUpField } from "~/components/studio/step-up";
import { previewNewsletter, sendTestNewsletter, startNewsletter } from "../../../server/services/newsletter/queue";
import { AUDIENCE_TOOLS_MESSAGES, AUDIENCE_TOOLS_PAGES } from "@shared/content/audience-tools";
import { labelCounts, parseLabels } from "../../../server/services/newsletter/labels";
import { zonedTimeToEpoch } from "../../../server/services/wall-clock";
import { siteSettings } from "../../../server/services/content/settings";
import { isServiceError, parseInput } from "../../../server/services/errors";
import { isStepUpError } from "../../../server/services/step-up";
import { LOCALE_NAME, LOCALES, type Locale } from "@shared/i18n";
import type { Route } from "./+types/newsletter-new";

const P = AUDIENCE_PAGES.newNewsletter;

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const url = new URL(args.request.url);
  const ref = PostRefSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!ref.success) throw data(null, { status: 404 });
  const { deps } = args.context;
  let labels: string[] = [];
  let labelError: string | null = null;
  try {
    labels = url.searchParams.get("audience") === "labels" ? parseLabels(url.searchParams.getAll("label"), "labels", 20) : [];
    if (url.searchParams.get("audience") === "labels" && labels.length === 0) labelError = AUDIENCE_TOOLS_MESSAGES.chooseLabel;
  } catch (error) {
    if (!isServiceError(error)) throw error;
    labelError = error.message;
  }
  try {
    // Which subscriber's copy is shown: English or Hindi (issue 44: the Hindi frame a Hindi subscriber gets).
    const frame: Locale = url.searchParams.get("frame") === "hi" ? "hi" : "en";
    const [preview, available, settings] = await Promise.all([previewNewsletter(deps, ref.data.post, labels, frame), labelCounts(deps), siteSettings(deps)]);
    const frameHrefs = Object.fromEntries(
      LOCALES.map((l) => {
        const next = new URLSearchParams(url.searchParams);
        if (l === "en") next.delete("frame");
        else next.set("frame", l);
        return [l, `${url.pathname}?${next.toString()}`];
      }),
    ) as Record<Locale, string>;
    return { preview, labels, available, labelError, timeZone: settings.timeZone, frame, frameHrefs };
  } catch (error) {
    if (isServiceError(error) && error.kind === "not-found") throw data(null, { status: 404 });
    throw error;
  }
}

type ActionResult = { notice?: string; error?: string; fieldErrors?: FieldMessages; stepUp?: boolean; stepUpError?: string | null };

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const formData = await args.request.formData();
  const form = Object.fromEntries(formData);
  // The schema the browser checked the send form with (useSchemaForm), again for a form posted without JavaScript;
  // before the code beside the form is spent.
  if (form.intent !== "test") {
    const checked = checkForm(NewsletterSendFormSchema, formValues(formData));
    if (checked.errors) return data<ActionResult>({ fieldErrors: checked.errors }, { status: 400 });
  }
  const stepUpError = await stepUpFromForm(args, studio, formData);
  if (stepUpError) return data<ActionResult>({ stepUp: true, stepUpError }, { status: 400 });
  try {
    if (form.intent === "test") {
      const { post } = parseInput(PostRefSchema, form);
      await sendTestNewsletter(deps, post, { ...studio.actor, email: studio.email });
      return data<ActionResult>({ notice: AUDIENCE_MESSAGES.testSent(studio.email) });
    }
    const parsed = NewsletterSendSchema.safeParse({ ...form, labels: formData.getAll("label").map(String), at: form.when === "later" ? form.at : undefined });
    if (!parsed.success) return data<ActionResult>({ error: parsed.error.issues[0]?.message }, { status: 400 });
    const labels = parseLabels(parsed.data.labels ?? [], "labels", 20);
    const at = parsed.data.at;
    const scheduledFor = at ? zonedTimeToEpoch(at, (await siteSettings(deps)).timeZone) : null;
    const started = await startNewsletter(deps, parsed.data.post, parsed.data.confirm, studio.actor, Date.now(), { labels, scheduledFor });
    // A second request (another tab, a stale form) sends nothing more: the progress page says so (issue 31).
    if (!started.created && started.scheduledFor === null) return redirect(`/studio/newsletters/${started.issueId}?already=1`);
    return redirect(started.scheduledFor !== null ? `/studio/newsletters?scheduled=${started.issueId}` : `/studio/newsletters/${started.issueId}`);
  } catch (error) {
    // The send waits for a fresh code; the form keeps its place and shows the code's field.
    if (isStepUpError(error)) return data<ActionResult>({ stepUp: true }, { status: 403 });
    const problem = pageError(error);
    if (!problem) throw error;
    return data<ActionResult>({ error: problem.detail, fieldErrors: problem.fieldErrors }, { status: problem.status, headers: problem.headers });
  }
}

export default function NewNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { preview, labels, available, labelError, timeZone, frame, frameHrefs } = loaderData;
  const n = preview.confirmed;
  const result = actionData as ActionResult | undefined;
  const sendForm = useSchemaForm(NewsletterSendFormSchema, result?.fieldErrors);
  const confirmError = sendForm.errors.confirmed ?? sendForm.errors.confirm;
  const atError = sendForm.errors.at;
  const T = AUDIENCE_TOOLS_PAGES.newsletter;
  const byLabels = labels.length > 0;
  return (
    <>
      <PageHeader title={P.title} description={P.description} />
      {result?.notice ? <Notice tone="success">{result.notice}</Notice> : null}
      {result?.error ? <Notice tone="error">{result.error}</Notice> : null}
      {preview.issueId ? (
        <Notice tone="info">
          {P.alreadySent}{" "}
          <Link to={`/studio/newsletters/${preview.issueId}`} className="font-semibold underline underline-offset-4">
            {P.seeProgress}
          </Link>
        </Notice>
      ) : preview.post.status !== "published" ? (
        <Notice tone="warning">{P.notPublished}</Notice>
      ) : n === 0 ? (
        <Notice tone="warning">{P.nobody}</Notice>
      ) : null}

      <nav aria-label={P.frameLabel} className="mb-4 flex flex-wrap items-center gap-2 text-sm">
        <span className="font-semibold text-slate-800">{P.frameLabel}:</span>
        <ul className="inline-flex overflow-hidden rounded-md border border-slate-300 font-semibold">
          {LOCALES.map((l) => (
            <li key={l}>
              <Link
                to={frameHrefs[l]}
                lang={l}
                aria-current={frame === l ? "page" : undefined}
                className={`inline-flex min-h-11 items-center px-4 ${frame === l ? "bg-emerald-800 text-white" : "bg-white text-emerald-800 underline hover:bg-emerald-50"}`}
                data-testid={`frame-${l}`}
              >
                {LOCALE_NAME[l]}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <p className="mb-4 text-sm">
        <span className="font-semibold">{P.subject}:</span> {preview.subject}
      </p>
      <div className="mb-6 grid grid-cols-1 gap-4 xl:grid-cols-2">
        <section aria-labelledby="html-part" className="min-w-0">
          <h2 id="html-part" className="mb-2 font-semibold">
            {P.htmlPart}
          </h2>
          <iframe title={P.htmlPart} sandbox="" srcDoc={preview.html} className="h-[36rem] w-full rounded-lg border border-slate-300 bg-white" />
        </section>
        <section aria-labelledby="text-part" className="min-w-0">
          <h2 id="text-part" className="mb-2 font-semibold">
            {P.textPart}
          </h2>
          <pre tabIndex={0} aria-labelledby="text-part" className="h-[36rem] overflow-auto whitespace-pre-wrap break-words rounded-lg border border-slate-300 bg-white p-4 text-sm">
            {preview.text}
          </pre>
        </section>
      </div>

      <div className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
        <Form method="post">
          <input type="hidden" name="post" value={preview.post.id} />
          <Button type="submit" name="intent" value="test">
            {P.test}
          </Button>
        </Form>
        {!preview.issueId && preview.post.status === "published" ? (
          <Form method="get" className="flex flex-col gap-2" aria-labelledby="audience-title">
            <input type="hidden" name="post" value={preview.post.id} />
            {frame !== "en" ? <input type="hidden" name="frame" value={frame} /> : null}
            <fieldset className="min-w-0">
              <legend id="audience-title" className="mb-1 text-sm font-semibold text-slate-800">
                {T.audience}
              </legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="audience" value="everyone" defaultChecked={!byLabels} />
                {T.everyone}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="audience" value="labels" defaultChecked={byLabels} />
                {T.chosenLabels}
              </label>
              {available.length === 0 ? (
                <p className="ml-6 text-sm text-slate-600">{T.noLabels}</p>
              ) : (
                <ul className="ml-6 flex flex-wrap gap-x-4 gap-y-1">
                  {available.map((l) => (
                    <li key={l.label}>
                      <label className="flex items-center gap-2 text-sm">
                        <input type="checkbox" name="label" value={l.label} defaultChecked={labels.includes(l.label)} />
                        <span className="break-all">
                          {l.label} ({l.confirmed})
                        </span>
                      </label>
                    </li>
                  ))}
                </ul>
              )}
              {labelError ? <p className="mt-1 text-sm font-medium text-red-700">{labelError}</p> : null}
            </fieldset>
            <div>
              <Button type="submit">{AUDIENCE_PAGES.newsletters.choose}</Button>
            </div>
          </Form>
        ) : null}
        {!preview.issueId && preview.post.status === "published" && n > 0 && !labelError ? (
          <Form method="post" ref={sendForm.formRef} noValidate onSubmit={sendForm.onSubmit} onInput={sendForm.onInput} className="flex flex-col gap-3">
            <input type="hidden" name="post" value={preview.post.id} />
            <input type="hidden" name="confirm" value={n} />
            {labels.map((l) => (
              <input key={l} type="hidden" name="label" value={l} />
            ))}
            <fieldset className="min-w-0">
              <legend className="mb-1 text-sm font-semibold text-slate-800">{T.when}</legend>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="when" value="now" defaultChecked />
                {T.now}
              </label>
              <label className="flex items-center gap-2 text-sm">
                <input type="radio" name="when" value="later" />
                {T.later}
              </label>
              <div className="ml-6 mt-1">
                <label htmlFor="at" className="mb-1 block text-sm text-slate-800">
                  {T.at(timeZone)}
                </label>
                <input
                  id="at"
                  name="at"
                  type="datetime-local"
                  className="block w-full max-w-xs rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
                  aria-invalid={atError ? true : undefined}
                  aria-describedby={atError ? "at-error" : undefined}
                />
                {atError ? (
                  <p id="at-error" className="mt-1 text-sm font-medium text-red-700">
                    {atError}
                  </p>
                ) : null}
              </div>
            </fieldset>
            <div>
              <label className="flex items-start gap-2 text-sm">
                <input
                  type="checkbox"
                  name="confirmed"
                  value="yes"
                  required
                  className="mt-1"
                  aria-invalid={confirmError ? true : undefined}
                  aria-describedby={confirmError ? "confirm-error" : undefined}
                />
                <span>{P.confirmLabel(n)}</span>
              </label>
              {confirmError ? (
                <p id="confirm-error" className="mt-1 text-sm font-medium text-red-700">
                  {confirmError}
                </p>
              ) : null}
            </div>
            <StepUpField show={result?.stepUp} error={result?.stepUpError} />
            <div>
              <Button type="submit" tone="primary" name="intent" value="send">
                {P.send(n)}
              </Button>
            </div>
          </Form>
        ) : null}
        <p>
          <Link to="/studio/newsletters" className={buttonClass("secondary")}>
            {AUDIENCE_PAGES.newsletter.back}
          </Link>
        </p>
      </div>
    </>
  );
}
