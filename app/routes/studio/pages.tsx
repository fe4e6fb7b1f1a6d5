import { Link } from "react-router";
import { useWhen } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { DataTable, PageHeader, StatusBadge, TD, HeadRow } from "~/components/studio/ui";
import { copyDocById } from "@shared/copy/index";
import { editorHref } from "~/lib/copy-editor.server";
import { requireStudio } from "~/lib/studio.server";
import { copyLocale } from "../../../server/services/content/copy-rows";
import { copyOverview, translationOverview } from "../../../server/services/content/copy-editor";
import type { Route } from "./+types/pages";
import { data } from "react-router";
import { COPY_SCHEDULE_LABELS } from "@shared/content/copy-schedule";
import { LOCALE_NAME } from "@shared/i18n";
import { scheduledCopy } from "../../../server/services/content/copy-schedule";
import { siteSettings } from "../../../server/services/content/settings";
import { formatInZone } from "@shared/zoned-time";

// Every copy document the studio edits (decision 0027): whether a draft waits, who published last and when; and its
// Hindi (issue 33): complete, or how many fields its Hindi page shows in English, and whether a Hindi draft waits.

export function meta() {
  return studioMeta("Pages");
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const locale = copyLocale(new URL(args.request.url).searchParams.get("locale"));
  if (!locale) throw data({ message: "No such language." }, { status: 404 });
  const [docs, hindi, scheduled, settings] = await Promise.all([
    copyOverview(args.context.deps, locale),
    translationOverview(args.context.deps, "hi"),
    scheduledCopy(args.context.deps),
    siteSettings(args.context.deps),
  ]);
  return {
    // Drafts scheduled to publish (decision 0057), soonest first, in the site's time zone.
    scheduled: scheduled.map((c) => ({ ...c, href: editorHref(copyDocById(c.doc)!, c.locale), shown: formatInZone(c.at, settings.timeZone) })),
    docs: docs.map((d) => {
      const doc = copyDocById(d.id)!;
      const h = hindi.find((t) => t.id === d.id);
      return { ...d, href: editorHref(doc, locale), hindi: { href: editorHref(doc, "hi"), missing: h?.missing ?? 0, draft: h?.draft ?? null } };
    }),
  };
}

export default function Pages({ loaderData }: Route.ComponentProps) {
  const when = useWhen();
  return (
    <>
      <PageHeader title="Pages" description="The words of every public page, section by section. Changes are drafts until published; each publish is kept as a revision." />
      {loaderData.scheduled.length > 0 ? (
        <section id="scheduled" aria-labelledby="scheduled-title" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="copy-scheduled">
          <h2 id="scheduled-title" className="font-semibold text-slate-900">
            {COPY_SCHEDULE_LABELS.listTitle}
          </h2>
          <ul className="mt-2 space-y-1 text-sm">
            {loaderData.scheduled.map((c) => (
              <li key={`${c.doc}:${c.locale}`}>
                <Link to={c.href} className="inline-block min-h-11 py-2 font-semibold text-emerald-800 underline">
                  {c.title} ({LOCALE_NAME[c.locale]})
                </Link>{" "}
                {COPY_SCHEDULE_LABELS.listed(c.shown)}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <DataTable caption="Page copy">
        <HeadRow columns={["Copy", "Draft", "Last published", "Hindi"]} />
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
              <td className={TD} data-testid="hindi-state">
                <Link to={d.hindi.href} className="font-semibold text-emerald-800 underline">
                  {hindiState(d.hindi.missing)}
                </Link>
                {d.hindi.draft ? (
                  <span className="mt-1 block">
                    <StatusBadge tone="waiting">Hindi draft by {d.hindi.draft.by ?? "a former staff member"}, {when(d.hindi.draft.at)}</StatusBadge>
                  </span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </>
  );
}

/** A document's Hindi as the list says it: complete, or how many of its fields the Hindi page shows in English. */
function hindiState(missing: number): string {
  if (missing === 0) return "Hindi complete";
  return `Hindi: ${missing} field${missing === 1 ? "" : "s"} show${missing === 1 ? "s" : ""} English`;
}
