import { hindiNow, hindiWords, textIn, useHindi, useText } from "~/lib/hindi-words";
import { useEffect, useId, useRef, useState } from "react";
import { formatLongDate } from "~/components/blog/format";
import { readList, writeList } from "~/components/blog/local-blogs";
import { isHttpUrl } from "@shared/http-url";
import { RichDescription } from "~/components/blog/rich-description";
import { cut } from "~/components/blog/format";
import { ConfirmDialog } from "~/components/confirm-dialog";
import { BLOG_LIMITS, BUILT_IN_BLOGS, LOCAL_BLOGS, type LocalBlog } from "@shared/content";
import { localePath } from "@shared/i18n";
import { useLocale } from "~/lib/locale";
import { useSiteZone } from "~/lib/site-context";
import { siteDay } from "@shared/site-day";
import { localeFromMatches, pageMeta } from "~/lib/seo";
import { useAdoptTypedForm } from "~/lib/use-adopt-typed";
import type { Route } from "./+types/blogs-advanced";

const HINDI_BLOG = hindiWords("blog", () => import("~/lib/hindi/blog"));

export function meta({ matches }: Route.MetaArgs) {
  const t = textIn(localeFromMatches(matches), LOCAL_BLOGS, HINDI_BLOG, (hi) => hi.LOCAL_BLOGS_HI);
  return pageMeta({ title: t.title, description: t.metaDescription, path: "/blogs-advanced", matches });
}

const KEYS = LOCAL_BLOGS.storageKeys;

type Draft = { title: string; description: string; author: string; image: string };
const EMPTY_DRAFT: Draft = { title: "", description: "", author: "", image: "" };

/** The root layout closes this page with the call-to-action band (components/shell/closing-cta.tsx). */
export const handle = { closingCta: true };

/** The browser-kept Blogs page: two built-in articles plus the visitor's own, all in localStorage. */
export default function LocalBlogsPage() {
  const L = useText(LOCAL_BLOGS, HINDI_BLOG, (hi) => hi.LOCAL_BLOGS_HI);
  const locale = useLocale();
  const zone = useSiteZone();
  // The built-in articles in the page's language (same ids in both, so a bookmark is one bookmark).
  const builtIn: readonly LocalBlog[] = locale === "hi" ? hindiNow(HINDI_BLOG).BUILT_IN_BLOGS_HI : BUILT_IN_BLOGS;
  const [loaded, setLoaded] = useState(false);
  const [userBlogs, setUserBlogs] = useState<LocalBlog[]>([]);
  const [bookmarks, setBookmarks] = useState<LocalBlog[]>([]);
  const [status, setStatus] = useState("");
  const [notice, setNotice] = useState("");
  const [deleting, setDeleting] = useState<LocalBlog | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY_DRAFT);
  const [formMessage, setFormMessage] = useState<{ text: string; error: boolean } | null>(null);
  const [missing, setMissing] = useState<Partial<Record<RequiredField, true>>>({});
  const id = useId();
  // What was typed before the scripts ran (the fields are keyed by name) becomes the draft.
  const formRef = useRef<HTMLFormElement>(null);
  useAdoptTypedForm(formRef, setDraft);

  useEffect(() => {
    const blogs = readList(window.localStorage, KEYS.userBlogs);
    const marks = readList(window.localStorage, KEYS.bookmarks);
    const mine = blogs.items.filter((b) => b.isUserCreated);
    setUserBlogs(mine);
    setBookmarks(marks.items);
    setStatus(blogs.error || marks.error ? L.errors.load : mine.length === 0 ? L.noBlogs : "");
    setLoaded(true);
  }, [L]);

  // The copied message goes away by itself.
  useEffect(() => {
    if (!notice) return;
    const timer = window.setTimeout(() => setNotice(""), LOCAL_BLOGS.noticeMs);
    return () => window.clearTimeout(timer);
  }, [notice]);

  const all = [...userBlogs, ...builtIn];
  const bookmarkedIds = new Set(bookmarks.map((b) => b.id));

  function saveBookmarks(next: LocalBlog[]) {
    try {
      writeList(window.localStorage, KEYS.bookmarks, next);
      setBookmarks(next);
    } catch (error) {
      console.warn("could not save bookmarks", error);
    }
  }

  function toggleBookmark(blog: LocalBlog) {
    saveBookmarks(bookmarkedIds.has(blog.id) ? bookmarks.filter((b) => b.id !== blog.id) : [...bookmarks, blog]);
  }

  function confirmDelete() {
    const target = deleting;
    setDeleting(null);
    if (!target) return;
    try {
      const next = userBlogs.filter((b) => b.id !== target.id);
      writeList(window.localStorage, KEYS.userBlogs, next);
      setUserBlogs(next);
      if (bookmarkedIds.has(target.id)) saveBookmarks(bookmarks.filter((b) => b.id !== target.id));
      setStatus(next.length === 0 ? L.noBlogs : "");
    } catch (error) {
      console.warn("could not delete the blog", error);
      setStatus(L.errors.delete);
    }
  }

  async function share(blog: LocalBlog) {
    const url = `${window.location.origin}${localePath("/blogs-advanced", locale)}#blog-${blog.id}`;
    try {
      if (typeof navigator.share === "function") {
        await navigator.share({ title: blog.title, text: blog.description, url });
        return;
      }
      await navigator.clipboard.writeText(`${blog.title}\n\n${blog.description}\n\n${url}`);
      setNotice(L.copied);
    } catch (error) {
      // Share errors are only logged (spec section 8).
      if ((error as Error).name !== "AbortError") console.warn("share failed", error);
    }
  }

  function publish(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const title = draft.title.trim();
    const description = draft.description.trim();
    const author = draft.author.trim();
    const image = draft.image.trim();
    const empty = REQUIRED_FIELDS.filter((field) => !{ title, description, author }[field]);
    setMissing(Object.fromEntries(empty.map((field) => [field, true])));
    if (empty.length > 0) {
      setFormMessage({ text: L.form.required, error: true });
      // The first empty field takes focus; its own message is read with it.
      event.currentTarget.querySelector<HTMLElement>(`#${CSS.escape(`${id}-${FIELD_SUFFIX[empty[0]!]}`)}`)?.focus();
      return;
    }
    if (image && !isHttpUrl(image)) {
      setFormMessage({ text: L.form.badImage, error: true });
      return;
    }
    const blog: LocalBlog = {
      id: Math.max(Date.now(), ...userBlogs.map((b) => b.id + 1)),
      title,
      description,
      author,
      date: siteDay(Date.now(), zone),
      views: 0,
      likes: 0,
      ...(image ? { image } : {}),
      isUserCreated: true,
    };
    const next = [blog, ...userBlogs];
    try {
      writeList(window.localStorage, KEYS.userBlogs, next);
    } catch (error) {
      console.warn("could not save the blog", error);
      setFormMessage({ text: L.errors.save, error: true });
      return;
    }
    setUserBlogs(next);
    setDraft(EMPTY_DRAFT);
    setStatus("");
    setFormMessage({ text: L.form.saved, error: false });
  }

  const isError = status === L.errors.load || status === L.errors.delete;

  return (
    <>
      <section aria-labelledby={`${id}-title`} className="bg-gradient-to-b from-emerald-50 to-white">
        <div className="mx-auto max-w-6xl px-4 pb-10 pt-12 sm:px-6">
          <h1 id={`${id}-title`} className="text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
            {L.heroTitle}
          </h1>
          <p className="mt-4 max-w-2xl text-lg text-slate-700">{L.heroText}</p>
          <dl className="mt-8 grid max-w-xl grid-cols-2 gap-4">
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm font-semibold text-slate-700">{L.stats.total}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-emerald-800" data-testid="total-articles">
                {all.length}
              </dd>
            </div>
            <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm font-semibold text-slate-700">{L.stats.yours}</dt>
              <dd className="mt-1 text-3xl font-extrabold text-emerald-800" data-testid="your-blogs">
                {userBlogs.length}
              </dd>
            </div>
          </dl>
        </div>
      </section>

      <div className="mx-auto grid max-w-6xl gap-10 px-4 pb-16 [overflow-wrap:anywhere] sm:px-6 lg:grid-cols-[minmax(0,1fr)_20rem]">
        <section aria-label={L.title} className="min-w-0">
          <div role="status" aria-live="polite" className="min-h-6">
            {status && <p className={isError ? "font-semibold text-rose-700" : "text-slate-700"}>{status}</p>}
          </div>
          <div role="status" aria-live="polite" className="min-h-6 font-semibold text-emerald-800">
            {notice}
          </div>
          <ul className="mt-2 space-y-6">
            {all.map((blog) => (
              <li key={`${blog.isUserCreated ? "u" : "b"}-${blog.id}`}>
                <LocalBlogCard
                  blog={blog}
                  bookmarked={bookmarkedIds.has(blog.id)}
                  onBookmark={() => toggleBookmark(blog)}
                  onShare={() => void share(blog)}
                  onDelete={blog.isUserCreated ? () => setDeleting(blog) : undefined}
                />
              </li>
            ))}
          </ul>
        </section>

        <aside className="min-w-0 space-y-10">
          <section aria-labelledby={`${id}-form`} className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 id={`${id}-form`} className="text-xl font-bold text-slate-900">
              {L.form.heading}
            </h2>
            <form ref={formRef} className="mt-4 space-y-4" noValidate onSubmit={publish}>
              <Field id={`${id}-t`} label={L.form.title} error={missing.title && L.form.missing.title}>
                <input id={`${id}-t`} name="title" aria-invalid={missing.title ? true : undefined} aria-describedby={missing.title ? `${id}-t-error` : undefined} required maxLength={L.maxLengths.title} value={draft.title} onChange={(e) => { setDraft({ ...draft, title: e.target.value }); setMissing(({ title: _, ...rest }) => rest); }} className="h-11 w-full rounded-md border border-slate-400 px-3" />
              </Field>
              <Field id={`${id}-d`} label={L.form.description} help={L.form.descriptionHelp} error={missing.description && L.form.missing.description}>
                <textarea id={`${id}-d`} name="description" aria-invalid={missing.description ? true : undefined} required rows={6} maxLength={L.maxLengths.description} aria-describedby={missing.description ? `${id}-d-error ${id}-d-help` : `${id}-d-help`} value={draft.description} onChange={(e) => { setDraft({ ...draft, description: e.target.value }); setMissing(({ description: _, ...rest }) => rest); }} className="w-full rounded-md border border-slate-400 px-3 py-2" />
              </Field>
              <Field id={`${id}-a`} label={L.form.author} error={missing.author && L.form.missing.author}>
                <input id={`${id}-a`} name="author" aria-invalid={missing.author ? true : undefined} aria-describedby={missing.author ? `${id}-a-error` : undefined} required maxLength={L.maxLengths.author} autoComplete="name" value={draft.author} onChange={(e) => { setDraft({ ...draft, author: e.target.value }); setMissing(({ author: _, ...rest }) => rest); }} className="h-11 w-full rounded-md border border-slate-400 px-3" />
              </Field>
              <Field id={`${id}-i`} label={L.form.image}>
                <input id={`${id}-i`} name="image" type="url" inputMode="url" maxLength={L.maxLengths.image} value={draft.image} onChange={(e) => setDraft({ ...draft, image: e.target.value })} className="h-11 w-full rounded-md border border-slate-400 px-3" />
              </Field>
              <button type="submit" className="btn-primary w-full justify-center" disabled={!loaded}>
                {L.form.submit}
              </button>
              <div role="status" aria-live="polite" className="min-h-6 text-sm font-semibold">
                {formMessage && <p className={formMessage.error ? "text-rose-700" : "text-emerald-800"}>{formMessage.text}</p>}
              </div>
            </form>
          </section>

          <section aria-labelledby={`${id}-marks`}>
            <h2 id={`${id}-marks`} className="text-xl font-bold text-slate-900">
              {L.bookmarksHeading}
            </h2>
            {bookmarks.length === 0 ? (
              <p className="mt-2 text-slate-700">{L.noBookmarks}</p>
            ) : (
              <ul className="mt-3 space-y-2" data-testid="bookmarks">
                {bookmarks.map((b) => (
                  <li key={b.id}>
                    <a href={`#blog-${b.id}`} className="font-semibold text-emerald-800 underline-offset-4 hover:underline">
                      {(b.isUserCreated ? undefined : builtIn.find((x) => x.id === b.id)?.title) ?? b.title}
                    </a>
                  </li>
                ))}
              </ul>
            )}
          </section>
        </aside>
      </div>

      <ConfirmDialog
        open={deleting !== null}
        message={L.deleteConfirm}
        confirmLabel={L.delete}
        cancelLabel={L.cancel}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </>
  );
}

type RequiredField = "title" | "description" | "author";
const REQUIRED_FIELDS: readonly RequiredField[] = ["title", "description", "author"];
const FIELD_SUFFIX: Record<RequiredField, string> = { title: "t", description: "d", author: "a" };

function Field({ id, label, help, error, children }: { id: string; label: string; help?: string; error?: string | false; children: React.ReactNode }) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <div className="mt-1">{children}</div>
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm font-semibold text-rose-700" data-testid="field-error">
          {error}
        </p>
      )}
      {help && (
        <p id={`${id}-help`} className="mt-1 text-xs text-slate-700">
          {help}
        </p>
      )}
    </div>
  );
}

function LocalBlogCard({
  blog,
  bookmarked,
  onBookmark,
  onShare,
  onDelete,
}: {
  blog: LocalBlog;
  bookmarked: boolean;
  onBookmark: () => void;
  onShare: () => void;
  onDelete?: () => void;
}) {
  const [expanded, setExpanded] = useState(false);
  const L = useText(LOCAL_BLOGS, HINDI_BLOG, (hi) => hi.LOCAL_BLOGS_HI);
  const hindiMonths = useHindi(HINDI_BLOG)?.MONTHS_HI ?? null;
  const zone = useSiteZone();
  const long = [...blog.description].length > BLOG_LIMITS.expandThreshold;
  const id = useId();
  return (
    <article
      id={`blog-${blog.id}`}
      aria-labelledby={`${id}-title`}
      data-testid="local-blog"
      className="group relative overflow-hidden rounded-2xl bg-white shadow-sm ring-1 ring-slate-200"
      onClick={(e) => {
        // A click anywhere on the card (not on one of its controls) expands or collapses it.
        if (long && !(e.target as HTMLElement).closest("button, a, input, textarea")) setExpanded((v) => !v);
      }}
    >
      {blog.image && <img src={blog.image} alt="" loading="lazy" decoding="async" width={640} height={240} className="h-48 w-full object-cover" />}
      <div className="p-5">
        <h2 id={`${id}-title`} className="text-xl font-bold text-slate-900">
          {blog.title}
        </h2>
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          <span>{L.byline(blog.author)}</span>
          <time dateTime={blog.date}>{formatLongDate(blog.date, hindiMonths, zone) || blog.date}</time>
          <span>{L.readTime}</span>
          <span className="font-semibold text-emerald-800">{L.free}</span>
        </p>
        <div id={`${id}-body`} className="mt-3 text-slate-800">
          {long && !expanded ? <p>{cut(blog.description.replace(/\*\*/g, ""), BLOG_LIMITS.expandThreshold)}</p> : <RichDescription text={blog.description} />}
        </div>
        <div className="mt-4 flex flex-wrap items-center gap-2">
          {long && (
            <button type="button" className="btn-ghost" aria-expanded={expanded} aria-controls={`${id}-body`} onClick={() => setExpanded((v) => !v)}>
              {expanded ? L.readLess : L.readFull}
            </button>
          )}
          <button type="button" className="btn-ghost" aria-pressed={bookmarked} onClick={onBookmark}>
            {bookmarked ? L.bookmarked : L.bookmark}
          </button>
          <button type="button" className="btn-ghost" onClick={onShare}>
            {L.share}
          </button>
          {onDelete && (
            // Shown on hover, and whenever the card holds keyboard focus.
            <button
              type="button"
              className="btn-ghost border-rose-300 text-rose-800 opacity-0 transition-opacity focus:opacity-100 group-focus-within:opacity-100 group-hover:opacity-100 [@media(hover:none)]:opacity-100"
              onClick={onDelete}
              aria-label={`${L.delete}: ${blog.title}`}
            >
              {L.delete}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}
