import { useWhen } from "~/components/studio/access-format";
import { data, Link } from "react-router";
import { AUDIENCE_MESSAGES, AUDIENCE_PAGES } from "@shared/content/audience";
import { useRefreshWhile } from "~/components/studio/audience-ui";
import { studioMeta } from "~/components/studio/meta";
import { buttonClass, DataTable, Notice, PageHeader, Stat, StatusBadge, TD, HeadRow } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { newsletterProgress } from "../../../server/services/newsletter/progress";
import { isServiceError } from "../../../server/services/errors";
import type { Route } from "./+types/newsletter";

const P = AUDIENCE_PAGES.newsletter;
const L = AUDIENCE_PAGES.newsletters;

export function meta({ data: d }: Route.MetaArgs) {
  return studioMeta(d ? P.progressTitle(d.newsletter.subject) : L.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  try {
    const already = new URL(args.request.url).searchParams.get("already") === "1";
    return { newsletter: await newsletterProgress(args.context.deps, Number(args.params.id)), already };
  } catch (error) {
    if (isServiceError(error) && error.kind === "not-found") throw data(null, { status: 404 });
    throw error;
  }
}

export default function Newsletter({ loaderData }: Route.ComponentProps) {
  const when = useWhen();
  const n = loaderData.newsletter;
  useRefreshWhile(!n.done);
  return (
    <>
      <PageHeader
        title={P.progressTitle(n.subject)}
        description={P.progressDescription}
        actions={
          <>
            <Link to={`/studio/newsletters/${n.id}`} className={buttonClass("secondary")}>
              {P.refresh}
            </Link>
            <Link to="/studio/newsletters" className={buttonClass("secondary")}>
              {P.back}
            </Link>
          </>
        }
      />
      {loaderData.already ? <Notice tone="info">{AUDIENCE_MESSAGES.alreadySentNothingMore(n.recipients)}</Notice> : null}
      <p className="mb-4" aria-live="polite">
        <StatusBadge tone={n.done ? "good" : "waiting"}>{n.done ? L.done : L.sending}</StatusBadge>{" "}
        <span className="text-sm text-slate-600">
          {L.columns.started}: {when(n.createdAt)}
        </span>
      </p>
      <dl className="mb-6 grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <Stat label={L.columns.recipients} value={n.recipients} />
        <Stat label={L.columns.sent} value={n.sent} />
        <Stat label={L.columns.queued} value={n.queued} />
        <Stat label={L.columns.failed} value={n.failed} />
        <Stat label={P.skipped} value={n.skipped} hint={P.skippedHint} />
        <Stat label={L.columns.unsubscribes} value={n.unsubscribesSince} />
      </dl>
      <h2 className="mb-2 text-lg font-semibold">{P.failuresTitle}</h2>
      {n.failures.length === 0 ? (
        <p className="text-sm text-slate-600">{P.noFailures}</p>
      ) : (
        <DataTable caption={P.failuresTitle}>
          <HeadRow columns={["E-mail", "Answer"]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {n.failures.map((f, i) => (
              <tr key={`${f.to}-${i}`}>
                <td className={`${TD} break-all`}>{f.to}</td>
                <td className={`${TD} break-words`}>{f.error}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
