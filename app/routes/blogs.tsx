import { hindiNow, hindiWords, textIn, useText } from "~/lib/hindi-words";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Form, Link, data, redirect, useLocation, useNavigation, useRevalidator, useSearchParams } from "react-router";
import { BlogCard } from "~/components/blog/blog-card";
import { BlogNewsletter } from "~/components/blog/blog-newsletter";
import { formatCount } from "~/components/blog/format";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { pageError } from "~/lib/service-errors.server";
import { BLOG_CATEGORIES, BLOG_LIMITS, BLOG_LISTING, BLOG_NEWSLETTER, BLOG_STATS_SHOWN_FROM } from "@shared/content";
import { parseInline, previewText, spansText } from "@shared/post-marks";
import { localeFromMatches, pageMeta } from "~/lib/seo";
import { requestLocale, useLocale } from "~/lib/locale";
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

type Filters = { search: string; category: string; featured: boolean; page: number };

/** The filters in the URL, read leniently: a value the form would never send falls back to its default. */
function readFilters(params: URLSearchParams, categories: readonly string[]): Filters {
  const category = params.get("category") ?? "All";
  const page = Number(params.get("page") ?? "1");
  return {
    search: [...(params.get("search") ?? "").trim()].slice(0, BLOG_LIMITS.maxSearchLength).join(""),
    category: categories.includes(category) ? category : "All",
    featured: params.get("featured") === "true",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

function filterParams(f: Filters, page = 1): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search) p.set("search", f.search);
  if (f.category !== "All") p.set("category", f.category);
  if (f.featured) p.set("featured", "true");
  if (page > 1) p.set("page", String(page));
  return p;
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
  const [, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(filters.search);
  // The controls change at once; the URL (and the list) follows.
  const [category, setCategory] = useState(filters.category);
  const [featured, setFeatured] = useState(filters.featured);
  const lastApplied = useRef(filters.search);
  const filtersForm = useRef<HTMLFormElement>(null);
  const id = useId();

  // The URL is the source of truth: follow it when it changes (back/forward, "Clear Filters"). Not on mount:
  // the state starts from it, and what the visitor chose before hydration is taken over below.
  const followed = useRef(filters);
  useEffect(() => {
    const before = followed.current;
    followed.current = filters;
    if (filters.search !== before.search) {
      setSearch(filters.search);
      lastApplied.current = filters.search;
    }
    if (filters.category !== before.category) setCategory(filters.category);
    if (filters.featured !== before.featured) setFeatured(filters.featured);
  }, [filters]);
  // Scripts run after the first paint: what the visitor typed, picked or ticked before that is still in the
  // fields (React keeps their DOM state when it hydrates). Take it over before anything renders again (which
  // would write the URL's values back), then apply it as if chosen now: the search through the debounce
  // below, a changed category or 'Featured Only' at once.
  const adopted = useRef<Filters | null>(null);
  useLayoutEffect(() => {
    const form = filtersForm.current;
    const field = (name: string) => form?.elements.namedItem(name);
    const search = field("search");
    const category = field("category");
    const featured = field("featured");
    if (!(search instanceof HTMLInputElement && category instanceof HTMLSelectElement && featured instanceof HTMLInputElement)) return;
    setSearch(search.value);
    setCategory(category.value);
    setFeatured(featured.checked);
    if (category.value !== filters.category || featured.checked !== filters.featured) {
      adopted.current = { ...filters, search: search.value.trim(), category: category.value, featured: featured.checked };
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
  useEffect(() => {
    if (adopted.current) apply(adopted.current);
    adopted.current = null;
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, after the take-over above
  }, []);

  function apply(next: Partial<Filters>) {
    if (next.category !== undefined) setCategory(next.category);
    if (next.featured !== undefined) setFeatured(next.featured);
    const merged = { ...filters, search, category, featured, ...next };
    lastApplied.current = merged.search;
    setSearchParams(filterParams(merged), { replace: true, preventScrollReset: true });
  }

  // Typing in search is debounced: the list is fetched once the visitor pauses.
  useEffect(() => {
    if (search.trim() === lastApplied.current) return;
    const timer = setTimeout(() => apply({ search: search.trim() }), BLOG_LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const loading = navigation.state === "loading" && navigation.location?.pathname === location.pathname;
  // Held here, so the answer outlives the empty state it was sent from (the list replaces it).
  const [seedAnswer, setSeedAnswer] = useState<SeedResult | undefined>();
  const [seeding, setSeeding] = useState(false);
  const revalidator = useRevalidator();
  const seedResult = seedAnswer ?? (actionData && "seed" in actionData ? actionData.seed : undefined);

  async function seed() {
    setSeeding(true);
    setSeedAnswer(undefined);
    try {
      const res = await fetch("/api/blogs/seed", { method: "POST" });
      const body = (await res.json().catch(() => null)) as { success?: boolean; message?: string; added?: number } | null;
      if (!res.ok || !body?.success) {
        // The API speaks English; a Hindi page says its refusal in Hindi.
        const reason = locale === "hi" && res.status === 409 ? t.seedRefused : body?.message;
        setSeedAnswer({ ok: false, message: reason ? t.seedFailed(reason) : t.seedFailedGeneric });
        // Refused because the blog has posts now (someone else just added them): show them rather than an empty list.
        if (res.status === 409) await revalidator.revalidate();
        return;
      }
      setSeedAnswer({ ok: true, message: locale === "hi" && typeof body.added === "number" ? t.seeded(body.added) : (body.message ?? "") });
      await revalidator.revalidate();
    } catch (error) {
      console.warn("seeding failed", error);
      setSeedAnswer({ ok: false, message: t.seedFailedGeneric });
    } finally {
      setSeeding(false);
    }
  }
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
            {(() => {
              // A small count reads as "nobody reads this": readers and likes show from BLOG_STATS_SHOWN_FROM up.
              const shown = [
                [t.stats.readers, `${formatCount(stats.readers)}+`, "readers", stats.readers >= BLOG_STATS_SHOWN_FROM],
                [t.stats.likes, formatCount(stats.likes), "likes", stats.likes >= BLOG_STATS_SHOWN_FROM],
                [t.stats.articles, formatCount(stats.articles), "articles", true],
              ].filter((s) => s[3]) as [string, string, string, boolean][];
              const cols = shown.length === 3 ? "grid-cols-3" : shown.length === 2 ? "max-w-2xl grid-cols-2" : "max-w-xs grid-cols-1";
              return (
                <dl className={`grid gap-2 sm:gap-4 ${cols}`}>
                  {shown.map(([label, value, key]) => (
                    <div key={key} className="flex min-w-0 flex-col-reverse rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:rounded-2xl sm:p-5" data-testid={`stat-${key}`}>
                      <dt className="mt-0.5 text-xs font-semibold leading-snug text-slate-700 sm:text-sm">{label}</dt>
                      <dd className="text-xl font-bold text-emerald-800 sm:text-3xl">{value}</dd>
                    </div>
                  ))}
                </dl>
              );
            })()}
        </div>

        <section aria-label={t.title} className="mx-auto w-full max-w-6xl px-4 pb-10 max-md:order-1 sm:px-6">
          <Form
            ref={filtersForm}
            method="get"
            role="search"
            preventScrollReset
            onSubmit={(e) => {
              e.preventDefault();
              apply({});
            }}
            className="grid grid-cols-2 items-end gap-3 rounded-2xl bg-white p-4 shadow-sm ring-1 ring-slate-200 md:flex md:flex-row"
          >
            <div className="col-span-2 flex flex-1 flex-col gap-1">
              <label htmlFor={`${id}-search`} className="text-sm font-semibold text-slate-800">
                {t.searchLabel}
              </label>
              <input
                id={`${id}-search`}
                type="search"
                name="search"
                value={search}
                maxLength={BLOG_LIMITS.maxSearchLength}
                onChange={(e) => setSearch(e.target.value)}
                placeholder={t.searchPlaceholder}
                className="h-11 rounded-md border border-slate-400 px-3"
              />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-category`} className="text-sm font-semibold text-slate-800">
                {t.categoryLabel}
              </label>
              <select
                id={`${id}-category`}
                name="category"
                value={category}
                onChange={(e) => apply({ category: e.target.value })}
                className="h-11 rounded-md border border-slate-400 bg-white px-3"
              >
                <option value={BLOG_CATEGORIES[0]}>{locale === "hi" ? hindiNow(HINDI_BLOG).BLOG_CATEGORY_NAMES_HI[BLOG_CATEGORIES[0]] : BLOG_CATEGORIES[0]}</option>
                {categories.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </select>
            </div>
            <label className="flex min-h-11 items-center gap-2 text-sm font-semibold text-slate-800">
              <input
                type="checkbox"
                name="featured"
                value="true"
                checked={featured}
                onChange={(e) => apply({ featured: e.target.checked })}
                className="h-5 w-5 accent-emerald-700"
              />
              {t.featuredOnly}
            </label>
            {/* Needed only without JavaScript: with it, every filter applies as it changes (hidden once hydrated). */}
            <button type="submit" className="btn-ghost js-hidden col-span-2 justify-center">
              {t.applyFilters}
            </button>
          </Form>

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

/** 'No blog posts yet' with 'Add Sample Blogs', confirmed first (a dialog with JavaScript, a page step without). */
type SeedResult = { ok: boolean; message: string };

function EmptyBlog({ confirmSeed, seedResult, busy, onSeed }: { confirmSeed: boolean; seedResult?: SeedResult; busy: boolean; onSeed: () => void }) {
  const t = useText(BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
  const [asking, setAsking] = useState(false);
  const location = useLocation();
  const result = seedResult;

  return (
    <div className="mt-6 rounded-2xl border border-dashed border-slate-300 p-10 text-center">
      <h2 className="text-xl font-bold text-slate-900">{t.emptyNone.title}</h2>
      {result && (
        <p role="alert" className={`mt-3 font-semibold ${result.ok ? "text-emerald-800" : "text-rose-700"}`}>
          {result.message}
        </p>
      )}
      {confirmSeed ? (
        <Form method="post" action={location.pathname} className="mt-6">
          <p className="font-semibold text-slate-900">{t.seedConfirm}</p>
          <input type="hidden" name="intent" value="seed" />
          <div className="mt-4 flex justify-center gap-3">
            <Link to={location.pathname} className="btn-ghost">
              {t.seedCancel}
            </Link>
            <button type="submit" className="btn-primary">
              {t.seedContinue}
            </button>
          </div>
        </Form>
      ) : (
        <form
          method="get"
          className="mt-6"
          onSubmit={(e) => {
            e.preventDefault();
            setAsking(true);
          }}
        >
          <input type="hidden" name="seed" value="confirm" />
          <button type="submit" className="btn-primary" disabled={busy}>
            {busy ? t.emptyNone.busy : t.emptyNone.button}
          </button>
        </form>
      )}
      {!confirmSeed && (
        <ConfirmDialog
          open={asking}
          message={t.seedConfirm}
          confirmLabel={t.seedContinue}
          cancelLabel={t.seedCancel}
          onCancel={() => setAsking(false)}
          onConfirm={() => {
            setAsking(false);
            onSeed();
          }}
        />
      )}
    </div>
  );
}
