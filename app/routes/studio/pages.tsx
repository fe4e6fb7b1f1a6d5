import { Link } from "react-router";
import { useWhen } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { DataTable, PageHeader, StatusBadge, TD, TH } from "~/components/studio/ui";
import { copyDocById } from "@shared/copy/index";
import { editorHref } from "~/lib/copy-editor.server";
import { requireStudio } from "~/lib/studio.server";
import { copyLocale, copyOverview } from "../../../server/services/content/drafts";
import type { Route } from "./+types/pages";
import { data } from "react-router";

// Every copy document the studio edits (decision 0027): whether a draft waits, who published last and when.

export function meta() {
  return studioMeta("Pages");
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const locale = copyLocale(new URL(args.request.url).searchParams.get("locale"));
  if (!locale) throw data({ message: "No such language." }, { status: 404 });
  const docs = await copyOverview(args.context.deps, locale);
  return { docs: docs.map((d) => ({ ...d, href: editorHref(copyDocById(d.id)!, locale) })) };
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  const when = useWhen();
  return (
    <>
      <PageHeader title="Pages" description="The words of every public page, section by section. Changes are drafts until published; each publish is kept as a revision." />
      <DataTable caption="Page copy">
        <thead>
          <tr>
            <th scope="col" className={TH}>Copy</th>
            <th scope="col" className={TH}>Draft</th>
            <th scope="col" className={TH}>Last published</th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {loaderData.docs.map((d) => (
            <tr key={d.id} data-testid="copy-doc">
              <td className={TD}>
                <Link to={d.href} className="font-semibold text-emerald-800 underline">
                  {d.title}
                </Link>
                {d.path ? <span className="block text-xs text-slate-600">{d.path}</span> : null}
              </td>
              <td className={TD}>{d.draft ? <StatusBadge tone="waiting">Draft by {d.draft.by ?? "a former staff member"}, {when(d.draft.at)}</StatusBadge> : "None"}</td>
              <td className={TD}>{d.published ? `${d.published.by ?? "a former staff member"}, ${when(d.published.at)}` : "Never (the original copy)"}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}
