import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Form, useSearchParams } from "react-router";
import { BLOG_CATEGORIES, BLOG_LIMITS, type BLOG_LISTING } from "@shared/content";
import type { Translation } from "@shared/i18n";
import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { useLocale } from "~/lib/locale";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

export type Filters = {
  search: string;
  category: string;
  featured: boolean;
  page: number;
};

/** The filters in the URL, read leniently: a value the form would never send falls back to its default. */
export function readFilters(params: URLSearchParams, categories: readonly string[]): Filters {
  const category = params.get("category") ?? "All";
  const page = Number(params.get("page") ?? "1");
  return {
    search: [...(params.get("search") ?? "").trim()].slice(0, BLOG_LIMITS.maxSearchLength).join(""),
    category: categories.includes(category) ? category : "All",
    featured: params.get("featured") === "true",
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
  };
}

export function filterParams(f: Filters, page = 1): URLSearchParams {
  const p = new URLSearchParams();
  if (f.search) p.set("search", f.search);
  if (f.category !== "All") p.set("category", f.category);
  if (f.featured) p.set("featured", "true");
  if (page > 1) p.set("page", String(page));
  return p;
}

/**
 * The listing's filters as the visitor sets them: the controls change at once and the URL (and the list) follows, the
 * search once the visitor pauses; what was chosen before hydration is taken over.
 */
export function useListingFilters(filters: Filters) {
  const [, setSearchParams] = useSearchParams();
  const [search, setSearch] = useState(filters.search);
  // The controls change at once; the URL (and the list) follows.
  const [category, setCategory] = useState(filters.category);
  const [featured, setFeatured] = useState(filters.featured);
  const lastApplied = useRef(filters.search);
  const filtersForm = useRef<HTMLFormElement>(null);

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
      adopted.current = {
        ...filters,
        search: search.value.trim(),
        category: category.value,
        featured: featured.checked,
      };
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
    setSearchParams(filterParams(merged), {
      replace: true,
      preventScrollReset: true,
    });
  }

  // Typing in search is debounced: the list is fetched once the visitor pauses.
  useEffect(() => {
    if (search.trim() === lastApplied.current) return;
    const timer = setTimeout(() => apply({ search: search.trim() }), BLOG_LIMITS.searchDebounceMs);
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  return { search, setSearch, category, featured, apply, formRef: filtersForm };
}

type Listing = ReturnType<typeof useListingFilters>;

/** The search, the category and "Featured only": a GET form that works without JavaScript too. */
export function ListingFilters({
  state,
  categories,
  t,
}: {
  state: Listing;
  categories: readonly { value: string; label: string }[];
  t: typeof BLOG_LISTING | Translation<typeof BLOG_LISTING>;
}) {
  const { search, setSearch, category, featured, apply } = state;
  const locale = useLocale();
  const id = useId();
  return (
    <Form
      ref={state.formRef}
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
  );
}
