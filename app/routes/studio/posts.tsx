import { Form, Link } from "react-router";
import { POST_PAGES, POST_STATUSES, POST_STATUS_LABELS } from "@shared/content/studio-posts";
import { useWhen } from "~/components/studio/access-format";
import { studioMeta } from "~/components/studio/meta";
import { PostStatusBadge } from "~/components/studio/posts-editor";
import { DataTable, EmptyState, Notice, PageHeader, TD, TH, buttonClass } from "~/components/studio/ui";
import { pageError } from "~/lib/service-errors.server";
import { requireStudio } from "~/lib/studio.server";
import { listStudioPosts } from "../../../server/services/blog/studio-post-reads";
import { blogCategories } from "../../../server/services/content/categories";
import type { Route } from "./+types/posts";

export function meta() {
  return studioMeta(POST_PAGES.listTitle);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const categories = (await blogCategories(args.context.deps)).categories.map((c) => c.name);
  const url = new URL(args.request.url);
  const query = { search: url.searchParams.get("search") ?? "", status: url.searchParams.get("status") ?? "", category: url.searchParams.get("category") ?? "", page: url.searchParams.get("page") ?? "1" };
  try {
    return { query, categories, error: null, ...(await listStudioPosts(args.context.deps, query)) };
  } catch (error) {
    const problem = pageError(error);
    if (!problem) throw error;
    // A hand-made query string that makes no sense: the list without it, and why.
    return { query: { search: "", status: "", category: "", page: "1" }, categories, error: problem.message, ...(await listStudioPosts(args.context.deps, {})) };
  }
}


export default function StudioPosts({ loaderData }: Route.ComponentProps) {
  const when = useWhen({ dateStyle: "medium", timeStyle: "short" });
  const { posts, total, page, pageSize, query, error } = loaderData;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const pageLink = (n: number) => {
    const params = new URLSearchParams({ ...(query.search ? { search: query.search } : {}), ...(query.status ? { status: query.status } : {}), ...(query.category ? { category: query.category } : {}), page: String(n) });
    return `/studio/posts?${params}`;
  };
  return (
    <>
      <PageHeader
        title={POST_PAGES.listTitle}
        description={POST_PAGES.listDescription}
        actions={
          <Link to="/studio/posts/new" className={buttonClass("primary")}>
            {POST_PAGES.newPost}
          </Link>
        }
      />
      {error ? <Notice tone="error">{error}</Notice> : null}
      <Form method="get" className="mb-6 flex flex-wrap items-end gap-3" role="search" aria-label={POST_PAGES.listTitle}>
        <div className="min-w-48 flex-1">
          <label htmlFor="posts-search" className="mb-1 block text-sm font-semibold text-slate-800">
            {POST_PAGES.search}
          </label>
          <input id="posts-search" type="search" name="search" defaultValue={query.search} maxLength={200} className="block min-h-10 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm" />
        </div>
        <div>
          <label htmlFor="posts-status" className="mb-1 block text-sm font-semibold text-slate-800">
            {POST_PAGES.status}
          </label>
          <select id="posts-status" name="status" defaultValue={query.status} className="block min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="">{POST_PAGES.any}</option>
            {POST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {POST_STATUS_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor="posts-category" className="mb-1 block text-sm font-semibold text-slate-800">
            {POST_PAGES.category}
          </label>
          <select id="posts-category" name="category" defaultValue={query.category} className="block min-h-10 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm">
            <option value="">{POST_PAGES.any}</option>
            {loaderData.categories.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className={buttonClass("secondary")}>
          {POST_PAGES.filter}
        </button>
      </Form>
      {posts.length === 0 ? (
        <EmptyState title={POST_PAGES.empty}>{POST_PAGES.emptyHint}</EmptyState>
      ) : (
        <DataTable caption={POST_PAGES.tableCaption}>
          <thead>
            <tr>
              <th scope="col" className={TH}>{POST_PAGES.columns.title}</th>
              <th scope="col" className={TH}>{POST_PAGES.columns.status}</th>
              <th scope="col" className={TH}>{POST_PAGES.columns.author}</th>
              <th scope="col" className={TH}>{POST_PAGES.columns.updated}</th>
              <th scope="col" className={TH}>{POST_PAGES.columns.published}</th>
              <th scope="col" className={`${TH} text-right`}>{POST_PAGES.columns.views}</th>
              <th scope="col" className={`${TH} text-right`}>{POST_PAGES.columns.likes}</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {posts.map((p) => (
              <tr key={p.id}>
                <td className={TD}>
                  <Link to={`/studio/posts/${p.id}`} className="font-semibold text-emerald-800 underline underline-offset-4">
                    {p.title || p.slug}
                  </Link>
                  <div className="text-xs text-slate-600">/blog/{p.slug} · {p.category}</div>
                </td>
                <td className={TD}>
                  <PostStatusBadge status={p.status} />
                  {p.status === "scheduled" ? <div className="mt-1 text-xs text-slate-600">{when(p.scheduledAt)}</div> : null}
                </td>
                <td className={TD}>{p.author || "—"}</td>
                <td className={`${TD} whitespace-nowrap`}>{when(p.updatedAt)}</td>
                <td className={`${TD} whitespace-nowrap`}>{p.status === "published" || p.status === "unpublished" ? when(p.publishedAt) : "—"}</td>
                <td className={`${TD} text-right`}>{p.views.toLocaleString("en-US")}</td>
                <td className={`${TD} text-right`}>{p.likes.toLocaleString("en-US")}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      {pages > 1 ? (
        <nav aria-label={POST_PAGES.pageOf(page, pages)} className="mt-4 flex items-center gap-3 text-sm">
          {page > 1 ? (
            <Link to={pageLink(page - 1)} className={buttonClass("secondary")}>
              {POST_PAGES.previous}
            </Link>
          ) : null}
          <span>{POST_PAGES.pageOf(page, pages)}</span>
          {page < pages ? (
            <Link to={pageLink(page + 1)} className={buttonClass("secondary")}>
              {POST_PAGES.next}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
