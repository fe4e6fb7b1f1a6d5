import { Form, Link } from "react-router";
import { POST_PAGES } from "@shared/content/studio-posts";
import { useWhen } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { DataTable, Notice, PageHeader, TD, buttonClass, HeadRow } from "~/components/studio/ui";
import { pageError } from "~/lib/service-errors.server";
import { loadPost } from "~/lib/studio-posts.server";
import { requireStudio } from "~/lib/studio.server";
import { compareRevisions, listRevisions } from "../../../server/services/blog/revisions";
import type { Route } from "./+types/post-revisions";

export function meta() {
  return studioMeta(POST_PAGES.revisionsTitle);
}

const idOf = (text: string | null) => (text && /^\d{1,15}$/.test(text) ? Number(text) : 0);

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const deps = args.context.deps;
  const post = await loadPost(deps, args.params.id);
  const revisions = await listRevisions(deps, post.id);
  const url = new URL(args.request.url);
  const from = idOf(url.searchParams.get("from")) || revisions[1]?.id || 0;
  const to = idOf(url.searchParams.get("to")) || revisions[0]?.id || 0;
  let comparison = null;
  let error: string | null = null;
  if (from && to) {
    try {
      comparison = await compareRevisions(deps, post.id, from, to);
    } catch (e) {
      const problem = pageError(e);
      if (!problem) throw e;
      error = problem.message;
    }
  }
  return { post: { id: post.id, title: post.title, version: post.version }, revisions, from, to, comparison, error };
}

export default function PostRevisions({ loaderData }: Route.ComponentProps) {
  const dateTime = useWhen({ dateStyle: "medium", timeStyle: "medium" });
  const { post, revisions, from, to, comparison, error } = loaderData;
  return (
    <>
      <PageHeader
        title={`${POST_PAGES.revisionsTitle}: ${post.title}`}
        description={POST_PAGES.revisionsDescription}
        actions={
          <Link to={`/studio/posts/${post.id}`} className={buttonClass("secondary")}>
            {POST_PAGES.backToEditor}
          </Link>
        }
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Form method="get" aria-label={POST_PAGES.compare}>
        <DataTable caption={POST_PAGES.revisionsTitle}>
          <HeadRow columns={[POST_PAGES.compareFrom, POST_PAGES.compareTo, "Version", "Saved", "By", "Title", "Status"]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {revisions.map((r) => (
              <tr key={r.id}>
                <td className={TD}>
                  <input type="radio" name="from" value={r.id} defaultChecked={r.id === from} aria-label={`${POST_PAGES.compareFrom} version ${r.version}`} className="h-5 w-5" />
                </td>
                <td className={TD}>
                  <input type="radio" name="to" value={r.id} defaultChecked={r.id === to} aria-label={`${POST_PAGES.compareTo} version ${r.version}`} className="h-5 w-5" />
                </td>
                <td className={TD}>{r.version}</td>
                <td className={`${TD} whitespace-nowrap`}>{dateTime(r.savedAt)}</td>
                <td className={TD}>{r.savedByName ?? (r.savedBy ? "—" : "schedule")}</td>
                <td className={TD}>{r.title}</td>
                <td className={TD}>{r.status}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
        <button type="submit" className={`${buttonClass("secondary")} mt-3`}>
          {POST_PAGES.compare}
        </button>
      </Form>

      {comparison ? (
        <section aria-labelledby="comparison-heading" className="mt-8 space-y-4">
          <h2 id="comparison-heading" className="text-lg font-semibold text-slate-900">
            {POST_PAGES.compare}: version {comparison.from.version} → {comparison.to.version}
          </h2>
          <DataTable caption={`${POST_PAGES.compare}: fields`}>
            <HeadRow columns={[POST_PAGES.field, POST_PAGES.before, POST_PAGES.after]} />
            <tbody className="divide-y divide-slate-100 bg-white">
              {comparison.fields.filter((f) => f.changed).length === 0 ? (
                <tr>
                  <td className={TD} colSpan={3}>
                    {POST_PAGES.noChanges}
                  </td>
                </tr>
              ) : (
                comparison.fields
                  .filter((f) => f.changed)
                  .map((f) => (
                    <tr key={f.field}>
                      <th scope="row" className={`${TD} font-semibold`}>{f.field}</th>
                      <td className={`${TD} bg-red-50`}>{f.before || "—"}</td>
                      <td className={`${TD} bg-emerald-50`}>{f.after || "—"}</td>
                    </tr>
                  ))
              )}
            </tbody>
          </DataTable>
          <h3 className="text-base font-semibold text-slate-900">{POST_PAGES.bodyChanges}</h3>
          <ol className="space-y-2 text-sm">
            {comparison.body.map((p, i) => (
              <li
                key={i}
                className={`whitespace-pre-wrap rounded [overflow-wrap:anywhere] border px-3 py-2 ${p.kind === "added" ? "border-emerald-300 bg-emerald-50" : p.kind === "removed" ? "border-red-300 bg-red-50 line-through" : "border-slate-200 bg-white text-slate-600"}`}
              >
                {p.kind === "same" ? null : <span className="mr-2 font-semibold no-underline">{p.kind === "added" ? POST_PAGES.added : POST_PAGES.removed}:</span>}
                {p.text}
              </li>
            ))}
          </ol>
        </section>
      ) : null}

      <section aria-labelledby="restore-heading" className="mt-8">
        <h2 id="restore-heading" className="text-lg font-semibold text-slate-900">
          {POST_PAGES.restore}
        </h2>
        <ul className="mt-3 flex flex-wrap gap-2">
          {revisions.slice(1).map((r) => (
            <li key={r.id}>
              {/* Into the editor, unsaved: the post changes only when it is saved there. */}
              <Link to={`/studio/posts/${post.id}?restore=${r.id}`} className={buttonClass("secondary")}>
                {POST_PAGES.restoreLabel(r.version)}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
