import type { BlogCover } from "../../../server/services/media/covers";

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
