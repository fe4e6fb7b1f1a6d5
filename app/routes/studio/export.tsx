import { EXPORT_PAGE as P } from "@shared/content/studio-export";
import { studioMeta } from "~/components/studio/meta";
import { Button, PageHeader } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { archiveContents } from "../../../server/services/backup/archive-export";
import { savedContentCounts } from "../../../server/services/content/store";
import type { Route } from "./+types/export";

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const [contents, content] = await Promise.all([archiveContents(args.context.deps.db), savedContentCounts(args.context.deps)]);
  return { contents, content };
}

export default function Export({ loaderData }: Route.ComponentProps) {
  const rows = [
    ...Object.entries(P.tables).map(([table, label]) => [label, loaderData.contents[table] ?? 0] as const),
    [P.content.copy, loaderData.content.copy] as const,
    [P.content.settings, loaderData.content.settings] as const,
    [P.content.revisions, loaderData.contents.content_revisions ?? 0] as const,
  ];
  return (
    <>
      <PageHeader title={P.title} description={P.description} />
      <section aria-labelledby="export-contents" className="mt-6 max-w-xl">
        <h2 id="export-contents" className="text-base font-semibold text-slate-900">
          {P.contents}
        </h2>
        <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-6 gap-y-1 text-sm">
          {rows.map(([label, count]) => (
            <div key={label} className="contents">
              <dt className="text-slate-700">{label}</dt>
              <dd className="text-right font-medium tabular-nums text-slate-900">{count}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-4 text-sm text-slate-700">{P.leftOut}</p>
        <p className="mt-2 text-sm text-slate-700">{P.format}</p>
        {/* A document submission: the browser saves the file the answer carries. */}
        <form method="post" action="/studio/export/archive" className="mt-5">
          <Button type="submit">{P.download}</Button>
          <p className="mt-2 text-xs text-slate-600">{P.quota}</p>
        </form>
      </section>
    </>
  );
}
