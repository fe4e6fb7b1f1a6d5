import { Link } from "react-router";
import { POST_PAGES } from "@shared/content/studio-posts";
import { PostArticle } from "~/components/blog/post-article";
import { PublicFrame } from "~/components/shell/public-frame";
import { studioMeta } from "~/components/studio/meta";
import { loadPost, previewBlog } from "~/lib/studio-posts.server";
import { requireStudio } from "~/lib/studio.server";
import { listBlogs } from "../../server/services/blog/listing";
import { coverOfMedia, coversFor } from "../../server/services/media/covers";
import { inlinePicturesFor } from "../../server/services/media/inline-pictures";
import { renderSections } from "@shared/post-marks";
import type { Route } from "./+types/studio-post-preview";

/**
 * The studio's preview of a post (issue 31): outside the studio's frame, in the public site's frame and stylesheet,
 * drawing the same article component the public page draws, so what staff see is what visitors will see. It is still
 * a studio address: staff only (requireStudio), no-store and noindex (server/http/security.ts studioPrivate), and
 * the analytics beacon counts nothing under /studio.
 */
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
  const pictures = await inlinePicturesFor(args.context.deps, blog.content.sections);
  return { id: post.id, blog, related: related.data, covers, pictures, body: renderSections(blog.content.sections, args.context.deps.config.PUBLIC_URL) };
}

export default function PostPreview({ loaderData }: Route.ComponentProps) {
  const { id, blog, related, covers, pictures, body } = loaderData;
  return (
    <PublicFrame>
      <div role="note" className="border-b border-amber-300 bg-amber-50">
        <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-3 px-4 py-3 text-sm font-semibold text-amber-950 sm:px-6">
          <span>{POST_PAGES.previewBanner}</span>
          <Link to={`/studio/posts/${id}`} className="btn-ghost">
            {POST_PAGES.backToEditor}
          </Link>
        </div>
      </div>
      <PostArticle blog={blog} related={related} liked={false} preview covers={covers} body={body} pictures={pictures} />
    </PublicFrame>
  );
}
