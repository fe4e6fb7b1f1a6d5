import { Link } from "react-router";
import { POST_PAGES } from "@shared/content/studio-posts";
import { PostArticle } from "~/components/blog/post-article";
import { studioMeta } from "~/components/studio/meta";
import { buttonClass } from "~/components/studio/ui";
import { loadPost, previewBlog } from "~/lib/studio-posts.server";
import { requireStudio } from "~/lib/studio.server";
import { listBlogs } from "../../../server/services/blog/listing";
import { coverOfMedia, coversFor } from "../../../server/services/media/covers";
import type { Route } from "./+types/post-preview";

export function meta({ loaderData }: Route.MetaArgs) {
  return studioMeta(`${POST_PAGES.preview}: ${loaderData?.blog.title ?? ""}`);
}

export async function loader(args: Route.LoaderArgs) {
  await requireStudio(args);
  const post = await loadPost(args.context.deps, args.params.id);
  const blog = previewBlog(post);
  // The related posts the public page would show beside it (published ones only).
  const related = await listBlogs(args.context.deps, { category: blog.category, limit: 3, exclude: blog.slug });
  // Its cover as saved (the public page would show it), and the related posts' covers.
  const covers = await coversFor(
    args.context.deps,
    related.data.map((r) => r.id),
  );
  const cover = await coverOfMedia(args.context.deps, post.coverMediaId, post.coverAlt);
  if (cover) covers[blog.id] = cover;
  return { id: post.id, blog, related: related.data, covers };
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { id, blog, related, covers } = loaderData;
  return (
    <>
      <div role="note" className="mb-4 flex flex-wrap items-center justify-between gap-3 rounded-md border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-semibold text-amber-950">
        <span>{POST_PAGES.previewBanner}</span>
        <Link to={`/studio/posts/${id}`} className={buttonClass("secondary")}>
          {POST_PAGES.backToEditor}
        </Link>
      </div>
      <div className="rounded-lg bg-white">
        <PostArticle blog={blog} related={related} liked={false} preview covers={covers} />
      </div>
    </>
  );
}
