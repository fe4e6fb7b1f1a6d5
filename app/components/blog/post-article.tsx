import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { hindiNow, hindiWords, useHindi, useText } from "~/lib/hindi-words";
import { type ReactNode, useEffect, useState } from "react";
import { Link, useFetcher } from "react-router";
import { BLOG_LISTING, BLOG_POST, whatsappLink } from "@shared/content";
import { useSite, useSiteZone } from "~/lib/site-context";
import type { Blog } from "../../../server/services/blog/types";
import type { BlogCover } from "../../../server/services/media/covers";
import { PostHero, RelatedCover } from "./cover-image";
import { formatCount, formatLongDate, formatShortDate } from "./format";
import type { RenderedSection } from "@shared/post-marks";
import { type InlinePictures, PostBody } from "./post-body";
import { useLocale, useLocalePath } from "~/lib/locale";
import { TranslationLink, categoryName } from "./language";
import type { Locale } from "@shared/i18n";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

/** What a like answers: counted (with the new total), or refused (with a message when the visitor should know why). */
export type LikeAnswer = { like: { ok: true; likes: number } | { ok: false; message?: string } };

type ArticleProps = {
  blog: Blog;
  related: readonly Blog[];
  liked: boolean;
  posted?: { likes: number };
  postedRefusal?: string;
  loading?: boolean;
  /** The studio's preview: the same page, with the like button inert (there is nothing to like yet). */
  preview?: boolean;
  /** Uploaded covers of the post and the related posts, by post id. */
  covers?: Readonly<Record<number, BlogCover>>;
  /** The body, read on the server (`renderSections`). */
  body: readonly RenderedSection[];
  /** The library pictures the body shows inline, by media id. */
  pictures?: InlinePictures;
  /** Rendered first inside the article (the public page's JSON-LD). */
  children?: ReactNode;
  /** The post's translation (issue 33): its address and language, linked under the title. */
  translation?: { href: string; language: Locale };
  /** On a Hindi page, the owner's Hindi category names (the loader's); else the shipped ones. */
  categoryNames?: Readonly<Record<string, string>> | null;
};

/** The post page's article: the public page and the studio's preview render exactly this. */
export function PostArticle({ blog, related, liked, posted, postedRefusal, loading: loadingPost = false, preview = false, covers = {}, body, pictures = {}, children, translation, categoryNames }: ArticleProps) {
  const site = useSite();
  const zone = useSiteZone();
  const book = useBookDemoLink("noopener noreferrer");
  const locale = useLocale();
  const blogHi = useHindi(HINDI_BLOG);
  const hindiNames = blogHi ? (categoryNames ?? blogHi.BLOG_CATEGORY_NAMES_HI) : null;
  const hindiMonths = blogHi?.MONTHS_HI ?? null;
  const to = useLocalePath();
  const t = useText(BLOG_POST, HINDI_BLOG, (hi) => hi.BLOG_POST_HI);
  const tListing = useText(BLOG_LISTING, HINDI_BLOG, (hi) => hi.BLOG_LISTING_HI);
  // The article is in the post's language; the page's own words in it (buttons, headings) keep the page's.
  const frame = blog.language !== locale ? locale : undefined;
  return (
    <article lang={blog.language} className="mx-auto max-w-3xl px-4 pb-16 pt-8 sm:px-6" aria-busy={loadingPost}>
      {children}
      <div lang={frame} role="status" aria-live="polite" className={loadingPost ? "mb-4 rounded-md bg-slate-100 p-3 text-slate-800" : "sr-only"}>
        {loadingPost ? t.loading : ""}
      </div>
      <Link lang={frame} to={to("/blogs")} className="btn-ghost">
        ← {t.back}
      </Link>
      <PostHero blog={blog} cover={covers[blog.id]} />
      <header className="mt-6">
        <div lang={frame} className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-emerald-50 px-3 py-1 font-semibold text-emerald-900">{categoryName(blog.category, hindiNames)}</span>
          {blog.featured && (
            <span className="rounded-full bg-amber-100 px-3 py-1 font-bold uppercase tracking-wide text-amber-900">
              {tListing.featuredBadge}
            </span>
          )}
          {frame === "hi" && <span className="text-slate-700">{hindiNow(HINDI_BLOG).POST_LANGUAGE_LINKS.englishNotice}</span>}
        </div>
        <h1 className="mt-4 text-3xl font-extrabold leading-tight tracking-tight text-slate-900 sm:text-4xl">{blog.title}</h1>
        <p className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-slate-700">
          <span>{blog.author}</span>
          <time lang={frame} dateTime={blog.date}>
            {formatLongDate(blog.date, hindiMonths, zone)}
          </time>
          <span>{blog.readTime}</span>
        </p>
        {translation && (
          <div lang={frame}>
            <TranslationLink href={translation.href} locale={locale} language={translation.language} />
          </div>
        )}
        <p className="mt-5 text-xl leading-relaxed text-slate-700">{blog.excerpt}</p>
        <PostActions blog={blog} liked={liked} posted={posted} postedRefusal={postedRefusal} preview={preview} lang={frame} />
      </header>

      <PostBody sections={body} pictures={pictures} words={t} wordsLang={frame} />

      {blog.tags.length > 0 && (
        <div className="mt-12">
          <h2 lang={frame} className="text-sm font-bold uppercase tracking-wide text-slate-700">
            {t.tags}
          </h2>
          <ul className="mt-3 flex flex-wrap gap-2">
            {blog.tags.map((tag) => (
              <li key={tag} className="rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">
                #{tag}
              </li>
            ))}
          </ul>
        </div>
      )}

      <aside lang={frame} aria-labelledby="cta-heading" className="mt-12 rounded-2xl bg-emerald-900 p-8 text-white">
        <h2 id="cta-heading" className="text-2xl font-bold">
          {t.cta.title}
        </h2>
        <p className="mt-2 text-emerald-50">{t.cta.text}</p>
        {site && (
          <div className="mt-6 flex flex-wrap gap-3">
            <a {...linkAttrs(book!)} className="inline-flex min-h-11 items-center rounded-md bg-white px-5 font-semibold text-emerald-900 hover:bg-emerald-50">
              {t.cta.bookDemo}
              {book?.external ? <span className="sr-only"> {t.newTab}</span> : null}
            </a>
            <a
              href={whatsappLink(site.whatsappNumber, t.cta.whatsappMessage)}
              target="_blank"
              rel="noopener noreferrer"
              className="inline-flex min-h-11 items-center rounded-md border border-white px-5 font-semibold text-white hover:bg-emerald-800"
            >
              {t.cta.whatsapp}
              <span className="sr-only"> {t.newTab}</span>
            </a>
          </div>
        )}
      </aside>

      {related.length > 0 && (
        <section lang={frame} aria-labelledby="related-heading" className="mt-12">
          <h2 id="related-heading" className="text-2xl font-bold text-slate-900">
            {t.related}
          </h2>
          <ul className="mt-4 grid gap-4 sm:grid-cols-3">
            {related.map((r) => (
              <li key={r.slug} className="rounded-xl p-4 ring-1 ring-slate-200">
                <RelatedCover cover={covers[r.id]} />
                <Link lang={r.language !== locale ? r.language : undefined} to={to(`/blog/${r.slug}`)} className="font-semibold text-slate-900 underline-offset-4 hover:text-emerald-800 hover:underline">
                  {r.title}
                </Link>
                <p className="mt-1 text-sm text-slate-700">
                  <time dateTime={r.date}>{formatShortDate(r.date, hindiMonths, zone)}</time> · <span lang={r.language !== locale ? r.language : undefined}>{r.readTime}</span>
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}


function PostActions({ blog, liked, posted, postedRefusal, preview, lang }: { blog: Blog; liked: boolean; posted?: { likes: number }; postedRefusal?: string; preview?: boolean; lang?: string }) {
  const t = useText(BLOG_POST, HINDI_BLOG, (hi) => hi.BLOG_POST_HI);
  const fetcher = useFetcher<LikeAnswer>();
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
      setShareMessage(t.urlCopied);
    } catch (error) {
      // The visitor closing the share sheet is not a failure.
      if ((error as Error).name !== "AbortError") console.warn("share failed", error);
    }
  }

  return (
    <div lang={lang} className="mt-6 flex flex-wrap items-center gap-4 border-y border-slate-200 py-4">
      <span className="text-slate-700" data-testid="views">
        {formatCount(blog.views)} {blog.views === 1 ? t.oneView : t.views}
      </span>
      <span className="text-slate-700" data-testid="likes">
        {formatCount(likes)} {likes === 1 ? t.oneLike : t.likes}
      </span>
      <span className="flex-1" />
      <fetcher.Form method="post">
        <input type="hidden" name="intent" value="like" />
        <input type="hidden" name="id" value={blog.id} />
        <button type="submit" className="btn-primary" disabled={preview || isLiked || fetcher.state !== "idle"} aria-pressed={isLiked}>
          <span aria-hidden="true">{isLiked ? "♥" : "♡"}</span> {isLiked ? t.liked : t.like}
        </button>
      </fetcher.Form>
      {hydrated && (
        <button type="button" className="btn-ghost" onClick={share}>
          {t.share}
        </button>
      )}
      <p role="status" aria-live="polite" className="min-h-5 w-full text-sm font-semibold text-emerald-800">
        {refusal ? <span className="text-red-800">{refusal}</span> : shareMessage}
      </p>
    </div>
  );
}
