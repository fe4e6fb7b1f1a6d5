import { BLOG_STATS_SHOWN_FROM, type BLOG_LISTING } from "@shared/content";
import type { Translation } from "@shared/i18n";
import type { blogStats } from "../../../server/services/blog/listing";
import { formatCount } from "./format";

type Stats = Pick<Awaited<ReturnType<typeof blogStats>>, "readers" | "likes" | "articles">;

/** The blog's readers, likes and articles, three across on every screen; a small count is not shown. */
export function ListingStats({ stats, t }: { stats: Stats; t: typeof BLOG_LISTING | Translation<typeof BLOG_LISTING> }) {
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
        <div
          key={key}
          className="flex min-w-0 flex-col-reverse rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 sm:rounded-2xl sm:p-5"
          data-testid={`stat-${key}`}
        >
          <dt className="mt-0.5 text-xs font-semibold leading-snug text-slate-700 sm:text-sm">{label}</dt>
          <dd className="text-xl font-bold text-emerald-800 sm:text-3xl">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
