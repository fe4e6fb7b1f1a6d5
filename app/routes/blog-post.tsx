import { PostHero, RelatedCover } from "~/components/blog/cover-image";
import { useEffect, useState } from "react";
import { Link, type ShouldRevalidateFunctionArgs, data, useFetcher, useNavigation } from "react-router";
import { formatCount, formatLongDate, formatShortDate } from "~/components/blog/format";
import { PostBody } from "~/components/blog/post-body";
import { BLOG_LISTING, BLOG_POST, PRODUCT, whatsappLink } from "@shared/content";
import { JsonLd, absoluteUrl, pageMeta } from "~/lib/seo";
import { useSite } from "~/lib/site-context";
import { visitorCookie } from "../../server/http/cookies";
import { likeAsVisitor } from "../../server/http/visitor-like";
import { hasLiked } from "../../server/services/blog/likes";
import { listBlogs } from "../../server/services/blog/listing";
import { getBlog } from "../../server/services/blog/posts";
import { type BlogCover, coversFor } from "../../server/services/media/covers";
import type { Blog } from "../../server/services/blog/types";
import { viewBlog } from "../../server/services/blog/views";
import type { Route } from "./+types/blog-post";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { deps } = context;
  // A view is a GET of the page; the page rendered after a like (no JavaScript) is not another view,
  // and the server's post-page cache counts the view itself before rendering.
  const countsView = request.method === "GET" && !context.viewCounted;
  const blog = countsView ? await viewBlog(deps, params.slug, context.clientIp) : await getBlog(deps, params.slug);
  if (!blog) {
    deps.log.info({ reqId: context.requestId, slug: params.slug.slice(0, 200) }, "blog post not found");
    return data({ blog: null, related: [] as Blog[], liked: false }, { status: 404 });
  }
  const [related, liked] = await Promise.all([
    listBlogs(deps, { category: blog.category, limit: 3, exclude: blog.slug }),
    hasLiked(deps, blog.id, visitorCookie.read(deps.config, request.headers.get("cookie"))),
  ]);
  const covers: Record<number, BlogCover> = await coversFor(deps, [blog.id, ...related.data.map((r) => r.id)]);
  return { blog, related: related.data, liked, covers };
}

/** What a like answers: counted (with the new total), or refused (with a message when the visitor should know why). */
type LikeAnswer = { like: { ok: true; likes: number } | { ok: false; message?: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const id = Number(form.get("id"));
  if (form.get("intent") !== "like" || !Number.isSafeInteger(id) || id < 1) {
    return data<LikeAnswer>({ like: { ok: false } }, { status: 400 });
  }
  const headers = new Headers();
  const result = await likeAsVisitor(deps, id, {
    cookieHeader: request.headers.get("cookie"),
    clientIp: context.clientIp,
    setCookie: (value) => headers.set("Set-Cookie", value),
  });
  if (!result) return data<LikeAnswer>({ like: { ok: false } }, { status: 404, headers });
  if ("limited" in result) {
    headers.set("Retry-After", String(result.retryAfterSeconds));
    return data<LikeAnswer>({ like: { ok: false, message: BLOG_POST.likeLimited } }, { status: 429, headers });
  }
  return data<LikeAnswer>({ like: { ok: true, likes: result.likes } }, { headers });
}

// A like must not re-run the loader (that would count a view); moving to another post does.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const blog = loaderData?.blog;
  const path = `/blog/${params.slug}`;
  if (!blog) return pageMeta({ title: BLOG_POST.notFound, description: BLOG_POST.notFoundText, path, matches, noindex: true });
  return [
    ...pageMeta({ title: blog.title, description: blog.excerpt, path, matches, type: "article", image: shareImageOf(coversOf(loaderData)[blog.id]) }),
    { property: "article:published_time", content: blog.date },
    { property: "article:section", content: blog.category },
    { property: "article:author", content: blog.author },
    ...blog.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
}

/** The page's covers (none on the not-found answer). */
function coversOf(loaderData: object | undefined): Record<number, BlogCover> {
  return loaderData && "covers" in loaderData ? (loaderData.covers as Record<number, BlogCover>) : {};
}

/** A post's uploaded cover (its 960 px WebP) as its share image; the site's otherwise. */
function shareImageOf(cover: BlogCover | undefined) {
  return cover ? { path: cover.src, width: cover.width, height: cover.height, alt: cover.alt } : undefined;
}

function blogPostingJsonLd(blog: Blog, publicUrl: string) {
  const url = absoluteUrl({ publicUrl }, `/blog/${blog.slug}`);
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    headline: blog.title,
    description: blog.excerpt,
    url,
    mainEntityOfPage: url,
    datePublished: blog.date,
    author: { "@type": "Organization", name: blog.author },
    publisher: { "@id": `${publicUrl}/#organization`, "@type": "Organization", name: PRODUCT },
    articleSection: blog.category,
    keywords: blog.tags.join(", "),
    ...(blog.image ? { image: blog.image } : {}),
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/ReadAction", userInteractionCount: blog.views },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: blog.likes },
    ],
  };
}

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { blog, related, liked } = loaderData;
  // Without JavaScript the like is a plain form post: its answer arrives as the page's action data.
  const posted = actionData?.like.ok ? actionData.like : undefined;
  const postedRefusal = actionData && !actionData.like.ok ? actionData.like.message : undefined;
  const navigation = useNavigation();
  const site = useSite();
  const loadingPost = navigation.state === "loading" && Boolean(navigation.location?.pathname.startsWith("/blog/"));

  if (!blog) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{BLOG_POST.notFound}</h1>
        <p className="mt-3 text-slate-700">{BLOG_POST.notFoundText}</p>
        <Link to="/blogs" className="btn-primary mt-8">
          ← {BLOG_POST.back}
        </Link>
      </section>
    );
  }

  return (
    <article className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6" aria-busy={loadingPost}>
      {site && <JsonLd data={blogPostingJsonLd(blog, site.publicUrl)} />}
      <div role="status" aria-live="polite" className={loadingPost ? "mb-4 rounded-md bg-slate-100 p-3 text-slate-800" : "sr-only"}>
        {loadingPost ? BLOG_POST.loading : ""}
      </div>
      <Link to="/blogs" className="btn-ghost">
        ← {BLOG_POST.back}
      </Link>
      <PostHero blog={blog} cover={coversOf(loaderData)[blog.id]} />
      <header className="mt-6">
        <div className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-emerald-50 px-3 py-1 font-semibold text-emerald-900">{blog.category}</span>
          {blog.featured && (
            <span className="rounded-full bg-amber-100 px-3 py-1 font-bold uppercase tracking-wide text-amber-900">
              {BLOG_LISTING.featuredBadge}
            </span>
          )}
        </div>
        <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-4xl">{blog.title}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          <span>{blog.author}</span>
          <time dateTime={blog.date}>{formatLongDate(blog.date)}</time>
          <span>{blog.readTime}</span>
        </p>
        <p className="mt-5 text-xl leading-relaxed text-slate-700">{blog.excerpt}</p>
        <PostActions blog={blog} liked={liked} posted={posted} postedRefusal={postedRefusal} />
      </header>

      <PostBody sections={blog.content.sections} />

      {blog.tags.length > 0 && (
        <div className="mt-12">
          <h2 className="text-sm font-bold uppercase tracking-wide text-slate-700">{BLOG_POST.tags}</h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {blog.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                #{tag}
              </li>
            ))}
          </ul>
        </div>
      )}

      <aside aria-labelledby="cta-heading" className="mt-12 rounded-2xl bg-emerald-900 p-8 text-white">
        <h2 id="cta-heading" className="text-2xl font-bold">
          {BLOG_POST.cta.title}
        </h2>
        <p className="mt-2 text-emerald-50">{BLOG_POST.cta.text}</p>
        {site && (
          <div className="mt-6 flex flex-wrap gap-3">
            <a href={site.bookingUrl} target="_blank" rel="noopener noreferrer" className="inline-flex min-h-11 items-center rounded-md bg-white px-5 font-semibold text-emerald-900 hover:bg-emerald-50">
              {BLOG_POST.cta.bookDemo}
              <span className="sr-only"> {BLOG_POST.newTab}</span>
            </a>
            <a
              href={whatsappLink(site.whatsappNumber, BLOG_POST.cta.whatsappMessage)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center rounded-md border border-white px-5 font-semibold text-white hover:bg-emerald-800"
            >
              {BLOG_POST.cta.whatsapp}
              <span className="sr-only"> {BLOG_POST.newTab}</span>
            </a>
          </div>
        )}
      </aside>

      {related.length > 0 && (
        <section aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="text-2xl font-bold text-slate-900">
            {BLOG_POST.related}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {related.map((r) => (
              <li key={r.slug} className="rounded-xl p-4 ring-1 ring-slate-200">
                <RelatedCover cover={coversOf(loaderData)[r.id]} />
                <Link to={`/blog/${r.slug}`} className="font-semibold text-slate-900 underline-offset-4 hover:text-emerald-800 hover:underline">
                  {r.title}
                </Link>
                <p className="mt-1 text-sm text-slate-700">
                  <time dateTime={r.date}>{formatShortDate(r.date)}</time> · {r.readTime}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

function PostActions({ blog, liked, posted, postedRefusal }: { blog: Blog; liked: boolean; posted?: { likes: number }; postedRefusal?: string }) {
  const fetcher = useFetcher<typeof action>();
  const [hydrated, setHydrated] = useState(false);
  const [shareMessage, setShareMessage] = useState("");
  useEffect(() => setHydrated(true), []);

  const answer = fetcher.data?.like.ok ? fetcher.data.like : posted;
  const isLiked = liked || Boolean(answer);
  const likes = answer ? answer.likes : blog.likes;
  // A like refused (over the address's daily allowance) says why, where the share message appears.
  const refusal = fetcher.data ? (fetcher.data.like.ok ? undefined : fetcher.data.like.message) : postedRefusal;

  async function share() {
    const url = window.location.href;
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title: blog.title, text: blog.excerpt, url });
        return;
      }
      await navigator.clipboard.writeText(url);
      setShareMessage(BLOG_POST.urlCopied);
    } catch (error) {
      // The visitor closing the share sheet is not a failure.
      if ((error as Error).name !== "AbortError") console.warn("share failed", error);
    }
  }

  return (
    <div className="mt-6 flex flex-wrap items-center gap-4 border-y border-slate-200 py-4">
      <span className="text-slate-700" data-testid="views">
        {formatCount(blog.views)} {blog.views === 1 ? BLOG_POST.oneView : BLOG_POST.views}
      </span>
      <span className="text-slate-700" data-testid="likes">
        {formatCount(likes)} {likes === 1 ? BLOG_POST.oneLike : BLOG_POST.likes}
      </span>
      <span className="flex-1" />
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="like" />
        <input type="hidden" name="id" value={blog.id} />
        <button type="submit" className="btn-primary" disabled={isLiked || fetcher.state !== "idle"} aria-pressed={isLiked}>
          <span aria-hidden="true">{isLiked ? "♥" : "♡"}</span> {isLiked ? BLOG_POST.liked : BLOG_POST.like}
        </button>
      </fetcher.Form>
      {hydrated && (
        <button type="button" className="btn-ghost" onClick={share}>
          {BLOG_POST.share}
        </button>
      )}
      <p role="status" aria-live="polite" className="min-h-5 w-full text-sm font-semibold text-emerald-800">
        {refusal ? <span className="text-red-800">{refusal}</span> : shareMessage}
      </p>
    </div>
  );
}
