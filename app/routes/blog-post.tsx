import { hindiWords, textIn, useText } from "~/lib/hindi-words";
import { type ShouldRevalidateFunctionArgs, data, redirect, useNavigation } from "react-router";
import { type LikeAnswer, PostArticle } from "~/components/blog/post-article";
import { BLOG_POST, PRODUCT } from "@shared/content";
import { JsonLd, absoluteUrl, localeFromMatches, pageMeta } from "~/lib/seo";
import { LOCALE_TAG, type Locale, localePath } from "@shared/i18n";
import { LocaleLink, requestLocale } from "~/lib/locale";
import { useSite } from "~/lib/site-context";
import { visitorCookie } from "../../server/http/cookies";
import { likeAsVisitor } from "../../server/http/visitor-like";
import { formerAddress } from "../../server/services/blog/addresses";
import { hasLiked } from "../../server/services/blog/likes";
import { listBlogs } from "../../server/services/blog/listing";
import { getBlog, publishedTranslation } from "../../server/services/blog/posts";
import { type BlogCover, coversFor } from "../../server/services/media/covers";
import { inlinePicturesFor } from "../../server/services/media/inline-pictures";
import { postSeo } from "../../server/services/blog/seo";
import { renderSections } from "@shared/post-marks";
import type { Blog } from "../../server/services/blog/types";
import { viewBlog } from "../../server/services/blog/views";
import type { Route } from "./+types/blog-post";
import { blogCategories, hindiCategoryNames } from "../../server/services/content/categories";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { deps } = context;
  const locale = requestLocale(request);
  // A view is a GET of the page; the page rendered after a like (no JavaScript) is not another view,
  // and the server's post-page cache counts the view itself before rendering.
  const countsView = request.method === "GET" && !context.viewCounted;
  const blog = countsView ? await viewBlog(deps, params.slug, context.clientIp) : await getBlog(deps, params.slug);
  if (!blog) {
    // A published post's earlier slug moved for good (301); a deleted post's is gone (410); anything else 404.
    const former = await formerAddress(deps, params.slug);
    if (former?.kind === "moved") throw redirect(localePath(`/blog/${encodeURIComponent(former.slug)}`, locale), 301);
    deps.log.info({ reqId: context.requestId, slug: params.slug.slice(0, 200) }, "blog post not found");
    return data({ blog: null, related: [] as Blog[], liked: false }, { status: former?.kind === "gone" ? 410 : 404 });
  }
  const [related, liked, pictures, translation, categories] = await Promise.all([
    listBlogs(deps, { category: blog.category, limit: 3, exclude: blog.slug, languageFirst: locale }),
    hasLiked(deps, blog.id, visitorCookie.read(deps.config, request.headers.get("cookie"))),
    inlinePicturesFor(deps, blog.content.sections),
    publishedTranslation(deps, blog.id),
    locale === "hi" ? blogCategories(deps) : null,
  ]);
  const covers: Record<number, BlogCover> = await coversFor(deps, [blog.id, ...related.data.map((r) => r.id)]);
  const seo = await postSeo(deps, blog);
  const categoryNames = categories ? hindiCategoryNames(categories) : null;
  return { blog, related: related.data, liked, covers, pictures, seo, translation: translation ?? null, categoryNames, body: renderSections(blog.content.sections, deps.config.PUBLIC_URL) };
}

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
    return data<LikeAnswer>({ like: { ok: false, message: textIn(requestLocale(request), BLOG_POST, HINDI_BLOG, (hi) => hi.BLOG_POST_HI).likeLimited } }, { status: 429, headers });
  }
  return data<LikeAnswer>({ like: { ok: true, likes: result.likes } }, { headers });
}

// A like must not re-run the loader (that would count a view); moving to another post does.
export function shouldRevalidate({ formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return formMethod && formMethod !== "GET" ? false : defaultShouldRevalidate;
}

export function meta({ loaderData, matches, params }: Route.MetaArgs) {
  const blog = loaderData?.blog;
  const seo = loaderData && "seo" in loaderData ? loaderData.seo : undefined;
  const path = `/blog/${params.slug}`;
  if (!blog) {
    const t = textIn(localeFromMatches(matches), BLOG_POST, HINDI_BLOG, (hi) => hi.BLOG_POST_HI);
    return pageMeta({ title: t.notFound, description: t.notFoundText, path, matches, noindex: true });
  }
  const translation = loaderData && "translation" in loaderData ? loaderData.translation : null;
  return [
    ...pageMeta({
      title: seo?.title || blog.title,
      description: seo?.description || blog.excerpt,
      path,
      matches,
      // A post is at home at its own language's address, whichever frame shows it; hreflang joins it to its
      // translation only (a post in one language has just its own).
      canonical: postAddress(blog.slug, blog.language),
      alternates: {
        [blog.language]: postAddress(blog.slug, blog.language),
        ...(translation ? { [translation.language]: postAddress(translation.slug, translation.language) } : {}),
      },
      type: "article",
      image: shareImageOf(seo?.image ?? coversOf(loaderData)[blog.id]),
    }),
    { property: "article:published_time", content: blog.date },
    { property: "article:section", content: blog.category },
    { property: "article:author", content: blog.author },
    ...blog.tags.map((tag) => ({ property: "article:tag", content: tag })),
  ];
}

/** A post's own address: English posts at /blog/{slug}, Hindi ones at /hi/blog/{slug}. */
function postAddress(slug: string, language: Locale): string {
  return localePath(`/blog/${slug}`, language);
}

/** The page's covers (none on the not-found answer). */
function coversOf(loaderData: object | undefined): Record<number, BlogCover> {
  return loaderData && "covers" in loaderData ? (loaderData.covers as Record<number, BlogCover>) : {};
}

/** A post's uploaded cover (its 960 px WebP) as its share image; the site's otherwise. */
function shareImageOf(cover: BlogCover | undefined) {
  return cover ? { path: cover.src, width: cover.width, height: cover.height, alt: cover.alt } : undefined;
}

function blogPostingJsonLd(blog: Blog, publicUrl: string, translation: { slug: string; language: Locale } | null) {
  const url = absoluteUrl({ publicUrl }, postAddress(blog.slug, blog.language));
  return {
    "@context": "https://schema.org",
    "@type": "BlogPosting",
    "@id": `${url}#article`,
    inLanguage: `${LOCALE_TAG[blog.language]}-IN`,
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
    ...(translation ? { workTranslation: { "@id": `${absoluteUrl({ publicUrl }, postAddress(translation.slug, translation.language))}#article` } } : {}),
    interactionStatistic: [
      { "@type": "InteractionCounter", interactionType: "https://schema.org/ReadAction", userInteractionCount: blog.views },
      { "@type": "InteractionCounter", interactionType: "https://schema.org/LikeAction", userInteractionCount: blog.likes },
    ],
  };
}

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { blog, related, liked } = loaderData;
  const t = useText(BLOG_POST, HINDI_BLOG, (hi) => hi.BLOG_POST_HI);
  const translation = "translation" in loaderData ? loaderData.translation : null;
  // Without JavaScript the like is a plain form post: its answer arrives as the page's action data.
  const posted = actionData?.like.ok ? actionData.like : undefined;
  const postedRefusal = actionData && !actionData.like.ok ? actionData.like.message : undefined;
  const navigation = useNavigation();
  const site = useSite();
  const loadingPost = navigation.state === "loading" && Boolean(navigation.location && /^(\/hi)?\/blog\//.test(navigation.location.pathname));

  if (!blog) {
    return (
      <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
        <h1 className="text-3xl font-bold text-slate-900">{t.notFound}</h1>
        <p className="mt-3 text-slate-700">{t.notFoundText}</p>
        <LocaleLink to="/blogs" className="btn-primary mt-8">
          ← {t.back}
        </LocaleLink>
      </section>
    );
  }

  return (
    <PostArticle blog={blog} related={related} liked={liked} posted={posted} postedRefusal={postedRefusal} loading={loadingPost} covers={coversOf(loaderData)} pictures={"pictures" in loaderData ? loaderData.pictures : undefined} body={"body" in loaderData ? loaderData.body : []}
      translation={translation ? { href: postAddress(translation.slug, translation.language), language: translation.language } : undefined}
      categoryNames={"categoryNames" in loaderData ? loaderData.categoryNames : null}
    >
      {site && <JsonLd data={blogPostingJsonLd(blog, site.publicUrl, translation)} />}
    </PostArticle>
  );
}
