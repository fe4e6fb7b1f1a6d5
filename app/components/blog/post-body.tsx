import { linkAttrs, useBookDemoLink } from "~/lib/booking-link";
import { BLOG_POST, whatsappLink } from "@shared/content";
import type { PostBlock, RenderedSection, Span } from "@shared/post-marks";
import { useSite } from "~/lib/site-context";
import type { BlogCover } from "../../../server/services/media/covers";
import { CoverImage } from "./cover-image";

/** Pictures a post shows inline, by media library id (their files; the alt text and caption are the post's). */
export type InlinePictures = Readonly<Record<number, Omit<BlogCover, "alt">>>;

/**
 * Sections by the spec's rules and the marks of decision 0029 (shared/post-marks.ts, read on the server by
 * `renderSections`: the parser is not in the page's JavaScript), always built as elements from text (never HTML). A section without a title (text written before the first heading) has no heading; the others are
 * numbered from 1.
 */
/** The page's words a post's body shows: its call-to-action buttons (decision 0034), in the page's language. */
export type PostBodyWords = { cta: { bookDemo: string; whatsapp: string; whatsappMessage: string }; newTab: string };

/**
 * `words`: the page's (a Hindi page's for a post shown under /hi); `wordsLang`: their language where it differs from
 * the post's, so a screen reader reads the buttons in it.
 */
export function PostBody({
  sections,
  pictures = {},
  words = BLOG_POST,
  wordsLang,
}: {
  sections: readonly RenderedSection[];
  pictures?: InlinePictures;
  words?: PostBodyWords;
  wordsLang?: string;
}) {
  let number = 0;
  return (
    <div className="mt-10 space-y-10" data-post-body="">
      {sections.map((section, i) => {
        const titled = Boolean(section.title.trim());
        if (titled) number++;
        return (
          <section key={i} aria-labelledby={titled ? `section-${number}` : undefined}>
            {titled ? (
              <h2 id={`section-${number}`} className="mb-4 flex items-baseline gap-3 text-2xl font-bold text-slate-900">
                <span className="inline-flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-emerald-700 text-base text-white" aria-hidden="true">
                  {number}
                </span>
                <span>
                  <span className="sr-only">{number}. </span>
                  {section.title}
                </span>
              </h2>
            ) : null}
            <div className="space-y-4 text-lg leading-relaxed text-slate-800">
              {section.blocks.map((block, j) => (
                <Block key={j} block={block} pictures={pictures} words={words} wordsLang={wordsLang} />
              ))}
            </div>
          </section>
        );
      })}
    </div>
  );
}

function Block({ block, pictures, words, wordsLang }: { block: PostBlock; pictures: InlinePictures; words: PostBodyWords; wordsLang?: string }) {
  const site = useSite();
  const book = useBookDemoLink("noopener noreferrer");
  switch (block.kind) {
    case "list": {
      const items = block.items.map((item, k) => (
        <li key={k}>
          <Spans spans={item} />
        </li>
      ));
      return block.ordered ? (
        <ol start={block.start === 1 ? undefined : block.start} className="list-decimal space-y-2 pl-6 marker:font-semibold marker:text-emerald-700">
          {items}
        </ol>
      ) : (
        <ul className="list-disc space-y-2 pl-6 marker:text-emerald-700">{items}</ul>
      );
    }
    case "quote":
      return (
        <blockquote className="border-l-4 border-emerald-600 bg-emerald-50 px-5 py-3 italic text-slate-800">
          <Spans spans={block.spans} />
        </blockquote>
      );
    case "image": {
      const picture = pictures[block.mediaId];
      // A picture deleted from the library since: nothing (its alt text would read as a stray sentence).
      if (!picture) return null;
      return (
        <figure className="my-6">
          <CoverImage cover={{ ...picture, alt: block.alt }} sizes="(min-width: 768px) 720px, calc(100vw - 2rem)" className="h-auto w-full rounded-xl" />
          {block.caption ? <figcaption className="mt-2 text-center text-base text-slate-700">{block.caption}</figcaption> : null}
        </figure>
      );
    }
    case "button": {
      if (!site) return null;
      const attrs =
        block.cta === "book-demo" && book ? linkAttrs(book) : { href: whatsappLink(site.whatsappNumber, words.cta.whatsappMessage), target: "_blank" as const, rel: "noopener noreferrer" };
      return (
        <p lang={wordsLang}>
          <a {...attrs} className="btn-primary">
            {block.cta === "book-demo" ? words.cta.bookDemo : words.cta.whatsapp}
            <span className="sr-only"> {words.newTab}</span>
          </a>
        </p>
      );
    }
    default:
      return (
        <p>
          <Spans spans={block.spans} />
        </p>
      );
  }
}

function Spans({ spans }: { spans: readonly Span[] }) {
  return (
    <>
      {spans.map((span, i) => {
        switch (span.kind) {
          case "text":
            return span.text;
          case "strong":
            return (
              <strong key={i} className="font-bold text-slate-900">
                <Spans spans={span.children} />
              </strong>
            );
          case "em":
            return (
              <em key={i}>
                <Spans spans={span.children} />
              </em>
            );
          case "link":
            return (
              <a
                key={i}
                href={span.href}
                rel={span.outside ? "noopener noreferrer" : undefined}
                className="break-words font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-900"
              >
                <Spans spans={span.children} />
              </a>
            );
        }
      })}
    </>
  );
}
