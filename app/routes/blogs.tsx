import { useId } from "react";
import { Link, data, redirect, useLocation, useNavigation } from "react-router";
import { BLOG_LIMITS, BLOG_LISTING, BLOG_NEWSLETTER } from "@shared/content";
import { parseInline, previewText, spansText } from "@shared/post-marks";
import { BlogCard } from "~/components/blog/blog-card";
import { BlogNewsletter } from "~/components/blog/blog-newsletter";
import { filterParams, ListingFilters, readFilters, useListingFilters } from "~/components/blog/listing-filters";
import { EmptyBlog, useSeed } from "~/components/blog/listing-seed";
import { ListingStats } from "~/components/blog/listing-stats";
import { hindiWords, textIn, useText } from "~/lib/hindi-words";
import { requestLocale, useLocale } from "~/lib/locale";
import { localeFromMatches, pageMeta } from "~/lib/seo";
import { pageError } from "~/lib/service-errors.server";
import { blogStats, listBlogs } from "../../server/services/blog/listing";
import { seedSampleBlogs } from "../../server/services/blog/posts";
import { blogCategories, currentCategory } from "../../server/services/content/categories";
import { coversFor } from "../../server/services/media/covers";
import { subscribe } from "../../server/services/newsletter/subscribe";
import type { Route } from "./+types/blogs";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

// /services shows the same listing: both name /blogs as the canonical page, so search engines index it once.
export function meta({ matches }: Route.MetaArgs) {
  const t = textIn(localeFromMatches(matches), BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
  return pageMeta({ title: t.title, description: t.metaDescription, path: "/blogs", matches });
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { deps } = context;
  const url = new URL(request.url);
  // The owner's categories (decision 0034): the filter's choices, each named in the page's language.
  const list = await blogCategories(deps);
  const asked = url.searchParams.get("category");
  const now = asked === null ? undefined : currentCategory(list, asked);
  if (asked !== null && now !== undefined && now !== asked) {
    // A link made before the category was renamed (or removed into another): the listing under its name now.
    url.searchParams.set("category", now);
    throw redirect(`${url.pathname}?${url.searchParams}`, 301);
  }
  const hindi = requestLocale(request) === "hi";
  const categories = list.categories.map((c) => ({ value: c.name, label: (hindi && c.hi) || c.name }));
  const filters = readFilters(
    url.searchParams,
    categories.map((c) => c.value),
  );
  const [page, stats] = await Promise.all([
    listBlogs(deps, {
      // The page's language first (issue 33): /hi/blogs opens with the Hindi posts, /blogs with the English ones.
      languageFirst: requestLocale(request),
      search: filters.search || undefined,
      category: filters.category === "All" ? undefined : filters.category,
      featured: filters.featured || undefined,
      page: filters.page,
    }),
    blogStats(deps),
  ]);
  const covers = await coversFor(
    deps,
    page.data.map((b) => b.id),
  );
  // The cards preview the first section's opening paragraphs as words: the marks are read here, on the server, so
  // the listing's code never carries the parser and no card shows a raw "**" (issue 44).
  const blogs = page.data.map((b) => {
    const first = b.content.sections[0];
    if (!first) return b;
    const preview = first.content.flatMap((p) => previewText(p) ?? []).slice(0, BLOG_LIMITS.previewParagraphs);
    return { ...b, excerpt: spansText(parseInline(b.excerpt)), content: { ...b.content, sections: [{ ...first, content: preview }] } };
  });
  return { categories, blogs, covers, hasMore: page.pagination.hasMore, stats, filters, confirmSeed: url.searchParams.get("seed") === "confirm" };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent === "seed") {
    const t = textIn(requestLocale(request), BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
    try {
      const { added } = await seedSampleBlogs(deps, { clientIp: context.clientIp });
      return { seed: { ok: true, message: t.seeded(added) } };
    } catch (error) {
      // Refused (the blog has had a post): the spec's failure words with the reason, as the API's caller shows them.
      const failure = pageError(error);
      // The refusal's reason in the page's language (the service's words are English).
      const reason = failure?.status === 409 ? t.seedRefused : failure?.message;
      if (failure) return data({ seed: { ok: false, message: t.seedFailed(reason ?? failure.message) } }, { status: failure.status });
      deps.log.warn({ reqId: context.requestId, err: { message: (error as Error).message } }, "seeding sample blogs failed");
      return data({ seed: { ok: false, message: t.seedFailedGeneric } }, { status: 503 });
    }
  }
  if (intent === "subscribe") {
    try {
      const result = await subscribe(deps, String(form.get("email") ?? ""), context.clientIp, String(form.get("source") ?? ""));
      return { newsletter: { message: result.message } };
    } catch (error) {
      const failure = pageError(error);
      if (failure) return data({ newsletter: { message: failure.message } }, { status: failure.status });
      deps.log.warn({ reqId: context.requestId, err: { message: (error as Error).message } }, "newsletter subscription failed");
      return data({ newsletter: { message: BLOG_NEWSLETTER.failed } }, { status: 503 });
    }
  }
  return data({ error: "Unknown action." }, { status: 400 });
}

/** The root layout closes this page with the call-to-action band (components/shell/closing-cta.tsx). */
export const handle = { closingCta: true };

export default function BlogListing({ loaderData, actionData }: Route.ComponentProps) {
  const { categories, blogs, covers, hasMore, stats, filters, confirmSeed } = loaderData;
  const t = useText(BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
  const locale = useLocale();
  // The cards name a post's category as the filter does (the owner's Hindi name on a Hindi page).
  const categoryNames = locale === "hi" ? Object.fromEntries(categories.map((c) => [c.value, c.label])) : null;
  const location = useLocation();
  const navigation = useNavigation();
  const listing = useListingFilters(filters);
  const id = useId();

  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  const { seedResult, seeding, seed } = useSeed(actionData && "seed" in actionData ? actionData.seed : undefined);

  const anyFilter = Boolean(filters.search || filters.category !== "All" || filters.featured);

  return (
    <>
      {/* One column whose order differs on phones: title, listing, then the stats (see the stats' note). */}
      <div className="flex flex-col">
        <section aria-labelledby={`${id}-title`} className="bg-gradient-to-b from-emerald-50 to-white">
          <div className="mx-auto max-w-6xl px-4 pb-6 pt-6 sm:px-6 sm:pb-8 sm:pt-12">
            <p className="text-sm font-bold uppercase tracking-widest text-emerald-800">{t.eyebrow}</p>
            <h1 id={`${id}-title`} className="mt-2 max-w-3xl text-3xl font-extrabold tracking-tight text-slate-900 sm:mt-3 sm:text-5xl">
              {t.heroTitle}
            </h1>
            <p className="mt-3 max-w-2xl text-base text-slate-700 sm:mt-4 sm:text-lg">{t.heroText}</p>
          </div>
        </section>

        <div className="mx-auto w-full max-w-6xl px-4 pb-8 max-md:order-2 sm:px-6" data-testid="blog-stats">
            {/* Three across on every screen. On a phone they come after the first articles (order), where a young blog's
                small counts do not stand between the visitor and the posts; from md up they sit under the title. */}
            <ListingStats stats={stats} t={t} />
        </div>

        <section aria-label={t.title} className="mx-auto w-full max-w-6xl px-4 pb-10 max-md:order-1 sm:px-6">
          <ListingFilters state={listing} categories={categories} t={t} />

          <div role="status" aria-live="polite" className="mt-4 min-h-6 text-slate-700 sm:mt-6">
            {loading ? <p>{t.loading}</p> : blogs.length > 0 ? <p className="sr-only">{t.resultsFound(blogs.length)}</p> : null}
          </div>

          {blogs.length === 0 ? (
            anyFilter ? (
              <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
                <h2 className="text-xl font-bold text-slate-900">{t.emptyFiltered.title}</h2>
                <p className="mt-2 text-slate-700">{t.emptyFiltered.text}</p>
                <Link to={location.pathname} className="btn-primary mt-6" preventScrollReset>
                  {t.emptyFiltered.clear}
                </Link>
              </div>
            ) : (
              <EmptyBlog confirmSeed={confirmSeed} seedResult={seedResult} busy={seeding} onSeed={() => void seed()} />
            )
          ) : (
            <div aria-busy={loading} className={loading ? "opacity-60 transition-opacity" : undefined}>
              {seedResult && (
                <p role="alert" className="mb-4 rounded-md bg-emerald-50 p-3 font-semibold text-emerald-900">
                  {seedResult.message}
                </p>
              )}
              <ul className="mt-2 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
                {blogs.map((blog) => (
                  <li key={blog.slug} className="flex">
                    <BlogCard blog={blog} cover={covers[blog.id]} categoryNames={categoryNames} />
                  </li>
                ))}
              </ul>
              {(filters.page > 1 || hasMore) && (
                <nav aria-label={t.pagesLabel} className="mt-8 flex justify-center gap-3">
                  {filters.page > 1 && (
                    <Link className="btn-ghost" to={`?${filterParams(filters, filters.page - 1)}`}>
                      {t.newer}
                    </Link>
                  )}
                  {hasMore && (
                    <Link className="btn-ghost" to={`?${filterParams(filters, filters.page + 1)}`}>
                      {t.older}
                    </Link>
                  )}
                </nav>
              )}
            </div>
          )}
        </section>

        <div className="mx-auto w-full max-w-6xl px-4 pb-16 max-md:order-3 sm:px-6">
          <BlogNewsletter action={`${location.pathname}${location.search}`} initial={actionData && "newsletter" in actionData ? actionData.newsletter : undefined} />
        </div>
      </div>
    </>
  );
}
