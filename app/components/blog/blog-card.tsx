import { hindiWords, useHindi, useText } from "~/lib/hindi-words";
import { Link } from "react-router";
import { BLOG_LIMITS, BLOG_LISTING, BLOG_POST } from "@shared/content";
import { useLocale, useLocalePath } from "~/lib/locale";
import { useSiteZone } from "~/lib/site-context";
import { LanguageMark, categoryName } from "./language";
import type { Blog } from "../../../server/services/blog/types";
import type { BlogCover } from "../../../server/services/media/covers";
import { CoverArt } from "./cover-art";
import { CoverImage } from "./cover-image";
import { cut, formatCount, formatShortDate } from "./format";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

/**
 * A post on the listing. The whole card opens the post (the title link stretches over it). A card off screen
 * skips its style, layout and paint until the visitor scrolls near it (`content-visibility: auto`, holding a
 * card's height on a phone until then; `auto` keeps its real height once drawn).
 */
/** The listing's grid: one column, two from md (768 px), three from lg (1024 px) in a page at most 72rem wide. */
const CARD_SIZES = "(min-width: 1024px) 370px, (min-width: 768px) 50vw, 100vw";

/** `categoryNames`: the owner's Hindi category names on a Hindi page (the loader's); else the shipped ones. */
export function BlogCard({ blog, cover, categoryNames }: { blog: Blog; cover?: BlogCover; categoryNames?: Readonly<Record<string, string>> | null }) {
  const first = blog.content.sections[0];
  const tags = blog.tags.slice(0, BLOG_LIMITS.tagsOnCard);
  const moreTags = blog.tags.length - tags.length;
  const locale = useLocale();
  const blogHi = useHindi(HINDI_BLOG);
  const hindiNames = blogHi ? (categoryNames ?? blogHi.BLOG_CATEGORY_NAMES_HI) : null;
  const hindiMonths = blogHi?.MONTHS_HI ?? null;
  const zone = useSiteZone();
  const t = useText(BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
  const tPost = useText(BLOG_POST, HINDI_BLOG, (hi) => hi.BLOG_POST_HI);
  // The post opens in the page's language's frame; a post in the other language says so, in its own language.
  const href = useLocalePath()(`/blog/${blog.slug}`);
  const foreign = blog.language !== locale;
  const lang = foreign ? blog.language : undefined;
  return (
    <article
      className="relative flex w-full min-w-0 flex-col overflow-hidden [contain-intrinsic-height:auto_60rem] [content-visibility:auto] rounded-2xl [overflow-wrap:anywhere] bg-white shadow-sm ring-1 ring-slate-200 transition-shadow focus-within:ring-2 focus-within:ring-emerald-600 hover:shadow-md"
      data-testid="blog-card"
    >
      {cover ? (
        <CoverImage cover={cover} sizes={CARD_SIZES} className="h-44 w-full object-cover" />
      ) : blog.image ? (
        <img src={blog.image} alt="" loading="lazy" decoding="async" width={640} height={320} className="h-44 w-full object-cover" />
      ) : (
        <CoverArt category={blog.category} seed={blog.slug} className="h-40 w-full sm:h-44" />
      )}
      <div className="flex flex-1 flex-col p-5">
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {blog.featured && (
            <span className="rounded-full bg-amber-100 px-2.5 py-1 font-bold uppercase tracking-wide text-amber-900">
              {t.featuredBadge}
            </span>
          )}
          <span className="rounded-full bg-emerald-50 px-2.5 py-1 font-semibold text-emerald-900">{categoryName(blog.category, hindiNames)}</span>
          {foreign && <LanguageMark language={blog.language} />}
        </div>
        <h2 lang={lang} className="mt-3 text-xl font-bold leading-snug text-slate-900">
          <Link to={href} prefetch="intent" className="after:absolute after:inset-0 after:content-[''] hover:text-emerald-800">
            {blog.title}
          </Link>
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          <span lang={lang}>{blog.author}</span>
          <time dateTime={blog.date}>{formatShortDate(blog.date, hindiMonths, zone)}</time>
          <span lang={lang}>{blog.readTime}</span>
        </p>
        <p lang={lang} className="mt-3 text-slate-700">
          {blog.excerpt}
        </p>
        {first && (
          <div lang={lang} className="mt-4 rounded-lg bg-slate-50 p-3 text-sm text-slate-700" data-testid="preview">
            <p className="font-semibold text-slate-900">{first.title}</p>
            {first.content.slice(0, BLOG_LIMITS.previewParagraphs).map((p, i) => (
              <p key={i} className="mt-1">
                {cut(p, BLOG_LIMITS.previewChars)}
              </p>
            ))}
          </div>
        )}
        {tags.length > 0 && (
          <ul className="mt-4 flex flex-wrap gap-2 text-xs" aria-label={tPost.tags}>
            {tags.map((tag) => (
              <li key={tag} lang={lang} className="rounded-full bg-slate-100 px-2.5 py-1 text-slate-800">
                #{tag}
              </li>
            ))}
            {moreTags > 0 && <li className="px-1 py-1 text-slate-700">{t.moreTags(moreTags)}</li>}
          </ul>
        )}
        <div className="mt-auto flex items-center justify-between gap-3 pt-5 text-sm text-slate-700">
          <span className="flex gap-3">
            <span>
              {formatCount(blog.views)} <span>{blog.views === 1 ? t.viewLabel : t.viewsLabel}</span>
            </span>
            <span>
              {formatCount(blog.likes)} <span>{blog.likes === 1 ? t.likeLabel : t.likesLabel}</span>
            </span>
          </span>
          {/* Above the stretched title link, so it is its own target. */}
          {/* Its name carries the post's title; a post in the other language has its title marked with that language. */}
          {foreign ? (
            <Link to={href} className="relative z-10 inline-flex min-h-11 items-center font-semibold text-emerald-800 underline-offset-4 hover:underline">
              {t.readFull}
              <span className="sr-only">
                : <span lang={lang}>{blog.title}</span>
              </span>{" "}
              <span aria-hidden="true">→</span>
            </Link>
          ) : (
            <Link to={href} className="relative z-10 inline-flex min-h-11 items-center font-semibold text-emerald-800 underline-offset-4 hover:underline" aria-label={`${t.readFull}: ${blog.title}`}>
              {t.readFull} →
            </Link>
          )}
        </div>
      </div>
    </article>
  );
}
