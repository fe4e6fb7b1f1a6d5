import type { Blog } from "../../../server/services/blog/types";
import type { BlogCover } from "../../../server/services/media/covers";
import { CoverArt } from "./cover-art";

/**
 * A post's uploaded cover: AVIF where the browser takes it, WebP otherwise, the version that fits `sizes` chosen by
 * the browser. `width`/`height` give the box its aspect ratio before the bytes arrive (no layout shift). The post
 * page's hero is eager and fetched first; every other cover waits until it nears the screen.
 */
export function CoverImage({ cover, sizes, className, hero = false }: { cover: BlogCover; sizes: string; className?: string; hero?: boolean }) {
  return (
    <picture>
      {cover.avifSrcSet ? <source type="image/avif" srcSet={cover.avifSrcSet} sizes={sizes} /> : null}
      <img
        src={cover.src}
        srcSet={cover.srcSet}
        sizes={sizes}
        width={cover.width}
        height={cover.height}
        alt={cover.alt}
        loading={hero ? "eager" : "lazy"}
        decoding={hero ? "auto" : "async"}
        fetchPriority={hero ? "high" : undefined}
        className={className}
      />
    </picture>
  );
}

/** The post page's picture: the uploaded cover, else the post's image URL, else the drawn cover art. */
export function PostHero({ blog, cover }: { blog: Pick<Blog, "image" | "category" | "slug">; cover?: BlogCover }) {
  if (cover) return <CoverImage cover={cover} sizes="(min-width: 768px) 720px, calc(100vw - 2rem)" hero className="mt-6 h-auto w-full rounded-2xl" />;
  if (blog.image) return <img src={blog.image} alt="" width={1200} height={630} className="mt-6 w-full rounded-2xl object-cover" />;
  return <CoverArt category={blog.category} seed={blog.slug} className="mt-6 aspect-[2/1] w-full rounded-2xl" />;
}

/** A related post's uploaded cover, above its title (nothing without one). */
export function RelatedCover({ cover }: { cover?: BlogCover }) {
  if (!cover) return null;
  return <CoverImage cover={cover} sizes="(min-width: 640px) 230px, calc(100vw - 4rem)" className="mb-3 aspect-[2/1] h-auto w-full rounded-lg object-cover" />;
}
