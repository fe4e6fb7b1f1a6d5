import { data, Form, Link, redirect } from "react-router";
import { AUDIENCE_MESSAGES, AUDIENCE_PAGES } from "@shared/content/audience";
import { NewsletterSendSchema, PostRefSchema } from "@shared/schemas/audience";
import { studioMeta } from "~/components/studio/meta";
import { Button, buttonClass, Notice, PageHeader } from "~/components/studio/ui";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { previewNewsletter, sendTestNewsletter, startNewsletter } from "../../../server/services/newsletter/issues";
import { isServiceError, parseInput } from "../../../server/services/errors";
import type { Route } from "./+types/newsletter-new";

const P = AUDIENCE_PAGES.newNewsletter;

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const ref = PostRefSchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  if (!ref.success) throw data(null, { status: 404 });
  try {
    return { preview: await previewNewsletter(args.context.deps, ref.data.post) };
  } catch (error) {
    if (isServiceError(error) && error.kind === "not-found") throw data(null, { status: 404 });
    throw error;
  }
}

type ActionResult = { notice?: string; error?: string; fieldErrors?: Record<string, string> };

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { deps } = args.context;
  const form = Object.fromEntries(await args.request.formData());
  try {
    if (form.intent === "test") {
      const { post } = parseInput(PostRefSchema, form);
      await sendTestNewsletter(deps, post, { ...studio.actor, email: studio.email });
      return data<ActionResult>({ notice: AUDIENCE_MESSAGES.testSent(studio.email) });
    }
    const parsed = NewsletterSendSchema.safeParse(form);
    if (!parsed.success) return data<ActionResult>({ error: parsed.error.issues[0]?.message }, { status: 400 });
    if (form.confirmed !== "yes") return data<ActionResult>({ fieldErrors: { confirmed: P.confirmRequired } }, { status: 400 });
    const started = await startNewsletter(deps, parsed.data.post, parsed.data.confirm, studio.actor);
    return redirect(`/studio/newsletters/${started.issueId}`);
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return data<ActionResult>({ error: problem.detail, fieldErrors: problem.fieldErrors }, { status: problem.status, headers: problem.headers });
  }
}

export default function NewNewsletter({ loaderData, actionData }: Route.ComponentProps) {
  const { preview } = loaderData;
  const n = preview.confirmed;
  const result = actionData as ActionResult | undefined;
  const confirmError = result?.fieldErrors?.confirmed ?? result?.fieldErrors?.confirm;
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

      <p className="mb-4 text-sm">
        <span className="font-semibold">{P.subject}:</span> {preview.subject}
      </p>
      <div className="mb-6 grid gap-4 xl:grid-cols-2">
        <section aria-labelledby="html-part">
          <h2 id="html-part" className="mb-2 font-semibold">
            {P.htmlPart}
          </h2>
          <iframe title={P.htmlPart} sandbox="" srcDoc={preview.html} className="h-[36rem] w-full rounded-lg border border-slate-300 bg-white" />
        </section>
        <section aria-labelledby="text-part">
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
        {!preview.issueId && preview.post.status === "published" && n > 0 ? (
          <Form method="post" className="flex flex-col gap-3">
            <input type="hidden" name="post" value={preview.post.id} />
            <input type="hidden" name="confirm" value={n} />
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
