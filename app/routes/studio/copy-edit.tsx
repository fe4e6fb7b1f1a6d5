import { Link, useNavigation } from "react-router";
import { COPY_SCHEDULE_LABELS } from "@shared/content/copy-schedule";
import { LOCALE_NAME } from "@shared/i18n";
import { studioMeta } from "~/components/studio/meta";
import { CopyEditor, CopyNotice } from "~/components/studio/copy-editor";
import { CopySchedule } from "~/components/studio/copy-schedule";
import { Notice, PageHeader } from "~/components/studio/ui";
import { copyEditorAction, copyEditorLoader } from "~/lib/copy-editor.server";
import type { Route } from "./+types/copy-edit";

// One page for every copy document: /studio/faq (the FAQ) and /studio/pages/:doc (the pages' copy), decision 0027.

export function meta({ data }: Route.MetaArgs) {
  return studioMeta(data ? titleOf(data.doc.title, data.locale) : "Page copy");
}

export const loader = (args: Route.LoaderArgs) => copyEditorLoader(args);
export const action = (args: Route.ActionArgs) => copyEditorAction(args);

export default function CopyEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { doc } = loaderData;
  const busy = useNavigation().state !== "idle";
  const scheduleDone = !actionData && (loaderData.done === "scheduled" || loaderData.done === "unscheduled") ? COPY_SCHEDULE_LABELS.done[loaderData.done] : null;
  const values = actionData ? actionData.values : loaderData.editing;
  const formKey = actionData ? `a${actionData.nonce}` : `l${loaderData.draft?.revision ?? 0}:${loaderData.liveVersion}:${loaderData.focus ?? ""}`;
  return (
    <>
      <PageHeader
        title={titleOf(doc.title, loaderData.locale)}
        description={
          <>
            Shown on <Link to={doc.path} className="font-semibold text-emerald-800 underline">{doc.path}</Link>. Changes are a draft until you publish them.
            {doc.id !== "faq" ? (
              <>
                {" "}
                <Link to="/studio/pages" className="font-semibold text-emerald-800 underline">All page copy</Link>
              </>
            ) : null}
          </>
        }
      />
      <LanguageSwitch current={loaderData.locale} hrefs={loaderData.languages} />
      {!actionData ? <CopyNotice done={loaderData.done} hindiGaps={loaderData.hindiGaps?.now} hindiHref={loaderData.languages.hi} /> : null}
      {scheduleDone ? <Notice tone="success">{scheduleDone}</Notice> : null}
      {actionData?.problem ? <Notice tone="error">{actionData.problem}</Notice> : null}
      <CopyEditor
        sections={doc.sections}
        defaults={loaderData.defaults}
        values={values}
        errors={actionData?.errors ?? {}}
        formKey={formKey}
        liveVersion={loaderData.liveVersion}
        draftRevision={loaderData.draft?.revision ?? 0}
        locale={loaderData.locale}
        draft={loaderData.draft}
        published={loaderData.published}
        previewHref={loaderData.previewHref}
        revisionsHref={loaderData.revisionsHref}
        focus={actionData ? actionData.focus : loaderData.focus}
        english={loaderData.english}
        missing={loaderData.missing}
        extra={<CopySchedule view={{ ...loaderData.schedule, value: actionData?.scheduleAt ?? loaderData.schedule.value }} error={actionData?.errors.scheduleAt} busy={busy} />}
        hindiGaps={loaderData.hindiGaps}
        hindiHref={loaderData.languages.hi}
      />
    </>
  );
}

/** The editor's title: the document's, and "(Hindi)" when editing its Hindi. */
function titleOf(title: string, locale: string): string {
  return locale === "en" ? title : `${title} (Hindi)`;
}

/** English / हिन्दी: the same document's copy in the other language (each language has its own draft and revisions). */
function LanguageSwitch({ current, hrefs }: { current: string; hrefs: { en: string; hi: string } }) {
  return (
    <nav aria-label="Language of the copy" className="mb-4">
      <ul className="inline-flex overflow-hidden rounded-md border border-slate-300 text-sm font-semibold">
        {(["en", "hi"] as const).map((l) => (
          <li key={l}>
            <Link
              to={hrefs[l]}
              lang={l}
              aria-current={current === l ? "page" : undefined}
              className={`block px-4 py-2 ${current === l ? "bg-emerald-800 text-white" : "bg-white text-emerald-800 underline hover:bg-emerald-50"}`}
            >
              {LOCALE_NAME[l]}
            </Link>
          </li>
        ))}
      </ul>
      {current !== "en" ? <p className="mt-2 text-sm text-slate-700">Editing the Hindi copy. The English beside each field is what visitors see on the English page.</p> : null}
    </nav>
  );
}
