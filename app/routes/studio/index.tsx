import { Link } from "react-router";
import { OVERVIEW_PAGE } from "@shared/content/studio-access";
import { studioMeta } from "~/components/studio/meta";
import { formatStudioTime, useStudioTimeZone } from "~/components/studio/access-format";
import { Notice, PageHeader, Stat, buttonClass } from "~/components/studio/ui";
import { requireStudio } from "~/lib/studio.server";
import { newSinceLastVisit, studioOverview, type OverviewPost } from "../../../server/services/staff/overview";
import { waitingItems } from "../../../server/services/staff/waiting";
import { WaitingList } from "~/components/studio/waiting";
import { AUDIENCE_TOOLS_PAGES } from "@shared/content/audience-tools";
import { mayOpen } from "@shared/studio-policy";
import { ABOUT_DOC } from "@shared/copy/about";
import { HOME_DOC } from "@shared/copy/home";
import { missingProof } from "@shared/copy/proof";
import { readCopy } from "../../../server/services/content/copy";
import { ProofHints } from "~/components/studio/proof-hints";
import type { Route } from "./+types/index";

export function meta() {
  return studioMeta(OVERVIEW_PAGE.metaTitle);
}

export async function loader(args: Route.LoaderArgs) {
  const studio = await requireStudio(args);
  const pages = mayOpen(studio.access, "pages");
  const [overview, waiting, fresh, home, about] = await Promise.all([
    studioOverview(args.context.deps, { userId: studio.userId, access: studio.access }),
    waitingItems(args.context.deps, studio.access),
    newSinceLastVisit(args.context.deps, studio.userId),
    pages ? readCopy(args.context.deps, HOME_DOC) : null,
    pages ? readCopy(args.context.deps, ABOUT_DOC) : null,
  ]);
  // The proof visitors cannot see yet (issue 45), for those who edit the pages' copy.
  const proof = home && about ? missingProof(home, about) : null;
  // Only what this person may open (leads and subscribers are the owner's).
  const newSince = {
    since: fresh.since,
    leads: mayOpen(studio.access, "leads") ? fresh.leads : null,
    subscribers: mayOpen(studio.access, "subscribers") ? fresh.subscribers : null,
    handedOver: fresh.handedOver,
  };
  return { name: studio.name || studio.email, overview, waiting, newSince, proof, now: Date.now() };
}

const POSTS = "/studio/posts";

export default function StudioHome({ loaderData }: Route.ComponentProps) {
  const { name, overview, waiting, newSince, proof, now } = loaderData;
  const { counts, staff } = overview;
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
      <WaitingList items={waiting} now={now} />
      {proof ? <ProofHints missing={proof} /> : null}
      {counts.draft > 0 || counts.scheduled > 0 ? (
        <div className="mb-8 grid gap-4 md:grid-cols-2">
          <PostList title={OVERVIEW_PAGE.recentDrafts} status="draft" total={counts.draft} posts={overview.drafts} when={OVERVIEW_PAGE.editedAt} />
          <PostList title={OVERVIEW_PAGE.nextScheduled} status="scheduled" total={counts.scheduled} posts={overview.scheduled} when={OVERVIEW_PAGE.goesOutAt} />
        </div>
      ) : null}
      <NewSince {...newSince} />
      <dl className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Stat label={OVERVIEW_PAGE.drafts} value={counts.draft} />
        <Stat label={OVERVIEW_PAGE.scheduled} value={counts.scheduled} />
        <Stat label={OVERVIEW_PAGE.published} value={counts.published} />
        <Stat label={OVERVIEW_PAGE.unpublished} value={counts.unpublished} />
      </dl>
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

function NewSince({ since, leads, subscribers, handedOver }: { since: number | null; leads: number | null; subscribers: number | null; handedOver: number | null }) {
  const zone = useStudioTimeZone();
  const O = AUDIENCE_TOOLS_PAGES.overview;
  if (leads === null && subscribers === null && handedOver === null) return null;
  const items: { key: string; text: string; to: string }[] = [];
  if (leads) items.push({ key: "leads", text: O.leads(leads), to: "/studio/leads" });
  if (subscribers) items.push({ key: "subscribers", text: O.subscribers(subscribers), to: "/studio/subscribers" });
  if (handedOver) items.push({ key: "chat", text: O.handedOver(handedOver), to: "/studio/questions?handover=1" });
  return (
    <section aria-labelledby="new-since-title" className="mb-6 rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="new-since-title" className="font-semibold text-slate-900">
        {O.title}
      </h2>
      {since === null ? (
        <p className="mt-1 text-sm text-slate-700">{O.firstVisit}</p>
      ) : (
        <>
          <p className="mt-1 text-xs text-slate-600">{O.since(formatStudioTime(since, zone))}</p>
          {items.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{O.nothing}</p>
          ) : (
            <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
              {items.map((item) => (
                <li key={item.key}>
                  <Link to={item.to} className="font-medium text-emerald-800 underline underline-offset-4">
                    {item.text}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}
