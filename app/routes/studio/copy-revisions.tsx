import { Form, Link, redirect } from "react-router";
import { useWhen } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { Button, DataTable, EmptyState, Notice, PageHeader, TD, buttonClass, HeadRow } from "~/components/studio/ui";
import { docAndLocale, editorHref } from "~/lib/copy-editor.server";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { compareRevision, listRevisions, restoreRevision } from "../../../server/services/content/revisions";
import { SHIPPED_COPY_LABELS as SHIPPED } from "@shared/content/copy-revisions";
import type { Route } from "./+types/copy-revisions";

// The revisions of a copy document (decision 0027): who published and when, a revision compared with the live copy
// field by field, and restoring one as a draft.

export function meta({ data }: Route.MetaArgs) {
  return studioMeta(`Revisions: ${data?.title ?? "page copy"}`);
}

const idOf = (text: string | null | FormDataEntryValue) => (typeof text === "string" && /^\d{1,15}$/.test(text) ? Number(text) : 0);
/** A revision's id, or the shipped copy (the last row of every page's revisions, decision 0057). */
const refOf = (text: string | null | FormDataEntryValue) => (text === SHIPPED.id ? SHIPPED.id : idOf(text));

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const { doc, locale } = docAndLocale(args);
  const deps = args.context.deps;
  const revisions = await listRevisions(deps, doc, locale);
  const compare = refOf(new URL(args.request.url).searchParams.get("compare"));
  let comparison = null;
  let error: string | null = null;
  if (compare) {
    try {
      // Named by its number on this page and language (the entry's version), not the table's id shared by every page.
      const number = compare === SHIPPED.id ? SHIPPED.number : (revisions.find((r) => r.id === compare)?.version ?? compare);
      comparison = { id: compare, number, differences: await compareRevision(deps, doc, locale, compare) };
    } catch (e) {
      const problem = pageError(e);
      if (!problem) throw e;
      error = problem.message;
    }
  }
  // Each language keeps its own revisions (issue 33): the Hindi's are named so.
  return { title: locale === "en" ? doc.title : `${doc.title} (Hindi)`, locale, revisions, comparison, error, editor: editorHref(doc, locale), self: editorHref(doc, locale, "/revisions") };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const { doc, locale } = docAndLocale(args);
  const form = await args.request.formData();
  try {
    await restoreRevision(args.context.deps, doc, locale, refOf(form.get("revision")), studio.actor);
  } catch (e) {
    const problem = pageError(e);
    if (!problem) throw e;
    return { problem: problem.message };
  }
  return redirect(`${editorHref(doc, locale)}&done=restored`);
}

export default function CopyRevisions({ loaderData, actionData }: Route.ComponentProps) {
  const { revisions, comparison } = loaderData;
  const when = useWhen();
  return (
    <>
      <PageHeader
        title={`Revisions: ${loaderData.title}`}
        description="Every published change (the last 50). Compare one with the live copy, or restore it as a draft to review and publish."
        actions={
          <Link to={loaderData.editor} className={buttonClass()}>
            Back to the editor
          </Link>
        }
      />
      {loaderData.error ? <Notice tone="error">{loaderData.error}</Notice> : null}
      {actionData?.problem ? <Notice tone="error">{actionData.problem}</Notice> : null}
      {comparison ? (
        <section aria-labelledby="compare-heading" className="mb-8">
          <h2 id="compare-heading" className="mb-2 text-lg font-semibold text-slate-900">
            {comparison.id === SHIPPED.id ? SHIPPED.compareTitle : `Revision ${comparison.number} compared with the live copy`}
          </h2>
          {comparison.differences.length === 0 ? (
            <p className="text-sm text-slate-700">{comparison.id === SHIPPED.id ? SHIPPED.same : "The live copy is the same as this revision."}</p>
          ) : (
            <DataTable caption={comparison.id === SHIPPED.id ? SHIPPED.caption : `What differs between revision ${comparison.number} and the live copy`}>
              <HeadRow columns={["Field", "In this revision", "Live now"]} />
              <tbody className="divide-y divide-slate-100" data-testid="differences">
                {comparison.differences.map((d) => (
                  <tr key={d.path}>
                    <td className={`${TD} font-mono text-xs`}>{d.path}</td>
                    <td className={`${TD} whitespace-pre-wrap break-words`}>{d.revision}</td>
                    <td className={`${TD} whitespace-pre-wrap break-words`}>{d.live}</td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          )}
        </section>
      ) : null}
      {revisions.length === 0 ? (
        <EmptyState title="Nothing published yet">Visitors see the original copy.</EmptyState>
      ) : (
        <DataTable caption="Revisions, newest first">
          <HeadRow columns={["Revision", "Published", "By", "Actions"]} />
          <tbody className="divide-y divide-slate-100">
            {revisions.map((r) => (
              <tr key={r.id} data-testid="revision">
                <td className={TD}>{r.version}</td>
                <td className={TD}>{when(r.at)}</td>
                <td className={TD}>{r.by ?? "a former staff member"}</td>
                <td className={TD}>
                  <div className="flex flex-wrap gap-2">
                    <Link to={`${loaderData.self}&compare=${r.id}`} className={buttonClass()} aria-label={`Compare revision ${r.version} with the live copy`}>
                      Compare
                    </Link>
                    <Form method="post">
                      <input type="hidden" name="revision" value={r.id} />
                      <Button type="submit" aria-label={`Restore revision ${r.version} as a draft`}>
                        Restore as draft
                      </Button>
                    </Form>
                  </div>
                </td>
              </tr>
            ))}
            {/* The copy the site shipped with: always there to go back to, however many revisions were dropped. */}
            <tr data-testid="revision-shipped">
              <td className={TD}>{SHIPPED.number}</td>
              <td className={TD}>{SHIPPED.at}</td>
              <td className={TD}>{SHIPPED.by}</td>
              <td className={TD}>
                <div className="flex flex-wrap gap-2">
                  <Link to={`${loaderData.self}&compare=${SHIPPED.id}`} className={buttonClass()} aria-label={SHIPPED.compareLabel}>
                    Compare
                  </Link>
                  <Form method="post">
                    <input type="hidden" name="revision" value={SHIPPED.id} />
                    <Button type="submit" aria-label={SHIPPED.restoreLabel}>
                      Restore as draft
                    </Button>
                  </Form>
                </div>
              </td>
            </tr>
          </tbody>
        </DataTable>
      )}
    </>
  );
}
