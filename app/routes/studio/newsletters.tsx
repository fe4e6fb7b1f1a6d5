import { useWhen } from "~/components/studio/access-format";
import { data, Form, Link, redirect } from "react-router";
import { AUDIENCE_TOOLS_MESSAGES, AUDIENCE_TOOLS_PAGES } from "@shared/content/audience-tools";
import { pageError } from "~/lib/service-errors.server";
import { siteSettings } from "../../../server/services/content/settings";
import { formatInZone } from "@shared/zoned-time";
import { AUDIENCE_PAGES } from "@shared/content/audience";
import { useRefreshWhile } from "~/components/studio/audience-ui";
import { studioMeta } from "~/components/studio/meta";
import { Button, DataTable, EmptyState, Notice, PageHeader, StatusBadge, TD, HeadRow } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { cancelScheduledNewsletter } from "../../../server/services/newsletter/queue";
import { listNewsletters, unsentPosts } from "../../../server/services/newsletter/progress";
import type { Route } from "./+types/newsletters";

const P = AUDIENCE_PAGES.newsletters;

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const { deps } = args.context;
  const [all, posts, settings] = await Promise.all([listNewsletters(deps), unsentPosts(deps), siteSettings(deps)]);
  const flags = new URL(args.request.url).searchParams;
  // Scheduled ones apart, each with its time as the site's zone reads it (named).
  const scheduled = all.filter((n) => n.state === "scheduled").map((n) => ({ ...n, at: formatInZone(n.scheduledFor ?? 0, settings.timeZone) }));
  const newsletters = all.filter((n) => n.state !== "scheduled");
  return { newsletters, scheduled, posts, justScheduled: scheduled.find((n) => String(n.id) === flags.get("scheduled")) ?? null, cancelled: flags.get("cancelled") === "1" };
}

export async function action(args: Route.ActionArgs) {
  const studio = await requireStudio(args);
  const form = await args.request.formData();
  try {
    await cancelScheduledNewsletter(args.context.deps, Number(form.get("id")), studio.actor);
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    return data({ error: problem.message }, { status: problem.status });
  }
  return redirect("/studio/newsletters?cancelled=1");
}

export default function Newsletters({ loaderData, actionData }: Route.ComponentProps) {
  const when = useWhen();
  const { newsletters, scheduled, posts, justScheduled, cancelled } = loaderData;
  const error = (actionData as { error?: string } | undefined)?.error;
  const T = AUDIENCE_TOOLS_PAGES.newsletter;
  useRefreshWhile(newsletters.some((n) => !n.done));
  return (
    <>
      <PageHeader title={P.title} description={P.description} />
      {justScheduled ? <Notice tone="success">{AUDIENCE_TOOLS_MESSAGES.scheduled(justScheduled.at)}</Notice> : null}
      {cancelled ? <Notice tone="success">{AUDIENCE_TOOLS_MESSAGES.cancelled}</Notice> : null}
      {error ? <Notice tone="error">{error}</Notice> : null}
      {scheduled.length ? (
        <section aria-labelledby="scheduled-title" className="mb-8">
          <h2 id="scheduled-title" className="mb-2 text-lg font-semibold">
            {T.scheduledTitle}
          </h2>
          <ul className="divide-y divide-slate-100 rounded-lg border border-slate-200 bg-white">
            {scheduled.map((n) => (
              <li key={n.id} className="flex flex-wrap items-center justify-between gap-3 p-3 text-sm">
                <div className="min-w-0">
                  <p className="break-words font-medium">{n.subject}</p>
                  <p className="text-slate-700">
                    {T.scheduledFor}: {n.at}. {T.toLabels}: {n.labels.length ? n.labels.join(", ") : T.everyoneShort}
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="id" value={n.id} />
                  <Button type="submit" tone="danger" aria-label={`${T.cancel}: ${n.subject}`}>
                    {T.cancel}
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <section aria-labelledby="send-title" className="mb-8 rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="send-title" className="mb-2 text-lg font-semibold">
          {P.sendTitle}
        </h2>
        {posts.length === 0 ? (
          <p className="text-sm text-slate-600">{P.noPosts}</p>
        ) : (
          <form method="get" action="/studio/newsletters/new" className="flex flex-wrap items-end gap-3">
            <div className="min-w-0 flex-1">
              <label htmlFor="post" className="mb-1 block text-sm font-semibold text-slate-800">
                {P.choosePost}
              </label>
              <select id="post" name="post" className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
                {posts.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.title}
                  </option>
                ))}
              </select>
            </div>
            <Button type="submit" tone="primary">
              {P.choose}
            </Button>
          </form>
        )}
      </section>
      <h2 className="mb-2 text-lg font-semibold">{P.historyTitle}</h2>
      {newsletters.length === 0 ? (
        <EmptyState title={P.empty} />
      ) : (
        <DataTable caption={P.historyTitle}>
          <HeadRow columns={[P.columns.subject, P.columns.started, P.columns.recipients, P.columns.sent, P.columns.queued, P.columns.failed, P.columns.unsubscribes]} />
          <tbody className="divide-y divide-slate-100 bg-white">
            {newsletters.map((n) => (
              <tr key={n.id}>
                <td className={TD}>
                  <Link to={`/studio/newsletters/${n.id}`} className="font-medium text-emerald-800 underline underline-offset-4">
                    {n.subject}
                  </Link>{" "}
                  <StatusBadge tone={n.done ? "good" : "waiting"}>{n.done ? P.done : P.sending}</StatusBadge>
                </td>
                <td className={`${TD} whitespace-nowrap`}>{when(n.createdAt)}</td>
                <td className={TD}>{n.recipients}</td>
                <td className={TD}>{n.sent}</td>
                <td className={TD}>{n.queued}</td>
                <td className={TD}>{n.failed}</td>
                <td className={TD}>{n.unsubscribesSince}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
    </>
  );
}
