import { Link } from "react-router";
import { OVERVIEW_PAGE } from "@shared/content/studio-access";
import { studioMeta } from "~/components/studio/meta";
import { formatStudioTime, useStudioTimeZone } from "~/components/studio/access-format";
import { EmptyState, Notice, PageHeader, Stat, buttonClass } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { studioOverview, type OverviewPost } from "../../../server/services/staff/overview";
import type { Route } from "./+types/index";

export function meta() {
  return studioMeta(OVERVIEW_PAGE.metaTitle);
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const overview = await studioOverview(args.context.deps, { userId: studio.userId, access: studio.access });
  return { name: studio.name || studio.email, overview };
}

const POSTS = "/studio/posts";

export default function StudioHome({ loaderData }: Route.ComponentProps) {
  const { name, overview } = loaderData;
  const { counts, staff } = overview;
  const nothingWaits = counts.draft === 0 && counts.scheduled === 0;
  return (
    <>
      <PageHeader
        title={OVERVIEW_PAGE.welcome(name)}
        description={OVERVIEW_PAGE.description}
        actions={
          <Link to={`${POSTS}/new`} className={buttonClass("primary")}>
            {OVERVIEW_PAGE.newPost}
          </Link>
        }
      />
      {overview.recoveryCodesLeft <= 3 ? <Notice tone="warning">{OVERVIEW_PAGE.recoveryLow(overview.recoveryCodesLeft)}</Notice> : null}
      {staff && (staff.withoutSecondFactor > 0 || staff.pendingInvitations > 0) ? (
        <Notice tone="info">
          {staff.withoutSecondFactor > 0 ? `${OVERVIEW_PAGE.staffWithoutFactor(staff.withoutSecondFactor)} ` : ""}
          {staff.pendingInvitations > 0 ? `${OVERVIEW_PAGE.pendingInvitations(staff.pendingInvitations)} ` : ""}
          <Link to="/studio/staff" className="font-semibold underline underline-offset-4">
            {OVERVIEW_PAGE.staffLink}
          </Link>
        </Notice>
      ) : null}
      <dl className="mb-8 grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label={OVERVIEW_PAGE.drafts} value={counts.draft} />
        <Stat label={OVERVIEW_PAGE.scheduled} value={counts.scheduled} />
        <Stat label={OVERVIEW_PAGE.published} value={counts.published} />
        <Stat label={OVERVIEW_PAGE.unpublished} value={counts.unpublished} />
      </dl>
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{OVERVIEW_PAGE.attention}</h2>
      {nothingWaits ? (
        <EmptyState title={OVERVIEW_PAGE.nothing} />
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <PostList title={OVERVIEW_PAGE.recentDrafts} status="draft" total={counts.draft} posts={overview.drafts} when={OVERVIEW_PAGE.editedAt} />
          <PostList title={OVERVIEW_PAGE.nextScheduled} status="scheduled" total={counts.scheduled} posts={overview.scheduled} when={OVERVIEW_PAGE.goesOutAt} />
        </div>
      )}
    </>
  );
}

function PostList({ title, status, total, posts, when }: { title: string; status: string; total: number; posts: OverviewPost[]; when: string }) {
  const zone = useStudioTimeZone();
  if (total === 0) return null;
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="mb-2 flex items-baseline justify-between gap-2">
        <h3 className="font-semibold text-slate-900">
          {title} ({total})
        </h3>
        <Link to={`${POSTS}?status=${status}`} className="text-sm font-semibold text-emerald-800 underline underline-offset-4">
          {OVERVIEW_PAGE.seeAll}
        </Link>
      </div>
      <ul className="divide-y divide-slate-100">
        {posts.map((post) => (
          <li key={post.id} className="py-2">
            <Link to={`${POSTS}/${post.id}`} className="font-medium text-slate-900 underline-offset-4 hover:underline">
              {post.title || OVERVIEW_PAGE.untitled}
            </Link>
            <p className="text-xs text-slate-600">
              {when} {formatStudioTime(post.at, zone)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
