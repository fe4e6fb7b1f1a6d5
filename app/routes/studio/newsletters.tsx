import { Link } from "react-router";
import { AUDIENCE_PAGES } from "@shared/content/audience";
import { useRefreshWhile, when } from "~/components/studio/audience-ui";
import { studioMeta } from "~/components/studio/meta";
import { Button, DataTable, EmptyState, PageHeader, StatusBadge, TD, TH } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { listNewsletters, unsentPosts } from "../../../server/services/newsletter/issues";
import type { Route } from "./+types/newsletters";

const P = AUDIENCE_PAGES.newsletters;

export function meta() {
  return studioMeta(P.title);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const { deps } = args.context;
  const [newsletters, posts] = await Promise.all([listNewsletters(deps), unsentPosts(deps)]);
  return { newsletters, posts };
}

export default function Newsletters({ loaderData }: Route.ComponentProps) {
  const { newsletters, posts } = loaderData;
  useRefreshWhile(newsletters.some((n) => !n.done));
  return (
    <>
      <PageHeader title={P.title} description={P.description} />
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
          <thead>
            <tr>
              <th scope="col" className={TH}>{P.columns.subject}</th>
              <th scope="col" className={TH}>{P.columns.started}</th>
              <th scope="col" className={TH}>{P.columns.recipients}</th>
              <th scope="col" className={TH}>{P.columns.sent}</th>
              <th scope="col" className={TH}>{P.columns.queued}</th>
              <th scope="col" className={TH}>{P.columns.failed}</th>
              <th scope="col" className={TH}>{P.columns.unsubscribes}</th>
            </tr>
          </thead>
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
