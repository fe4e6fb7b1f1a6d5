import { MEDIA_RULES } from "../../../shared/content/studio-media";
import type { Deps } from "../../context";
import { mediaUrl } from "./names";

/** What a public page needs to draw a post's uploaded cover without layout shift. */
export type BlogCover = {
  /** The WebP nearest the cover width: the fallback `src`. */
  src: string;
  /** Every WebP version, `url 960w, …`. */
  srcSet: string;
  /** Every AVIF version, when some were kept (a `<source type="image/avif">`). */
  avifSrcSet?: string;
  /** The `src` version's size: its aspect ratio reserves the space before the bytes arrive. */
  width: number;
  height: number;
  alt: string;
};

/** What of a post the covers need: its id, and the `image` field they fill in. */
type CoveredPost = { id: number; image?: string };

type CoverFile = { blog_id: number; cover_alt: string; name: string; format: string; width: number; height: number };

async function coverFiles(deps: Pick<Deps, "db">, blogIds: number[]): Promise<Map<number, CoverFile[]>> {
  const byBlog = new Map<number, CoverFile[]>();
  if (blogIds.length === 0) return byBlog;
  const rows = await deps.db.kysely
    .selectFrom("blogs")
    .innerJoin("media_files", "media_files.media_id", "blogs.cover_media_id")
    .select(["blogs.id as blog_id", "blogs.cover_alt", "media_files.name", "media_files.format", "media_files.width", "media_files.height"])
    .where("blogs.id", "in", blogIds)
    .orderBy("media_files.width")
    .execute();
  for (const r of rows) {
    const id = Number(r.blog_id);
    const list = byBlog.get(id) ?? [];
    list.push({ ...r, blog_id: id, width: Number(r.width), height: Number(r.height) });
    byBlog.set(id, list);
  }
  return byBlog;
}

/** The WebP the API's `image` names and `src` falls back to: the widest up to the cover width, else the narrowest. */
function coverWebp(files: CoverFile[]): CoverFile | undefined {
  const webp = files.filter((f) => f.format === "webp");
  return webp.filter((f) => f.width <= MEDIA_RULES.coverWidth).at(-1) ?? webp[0];
}

function toCover(files: CoverFile[]): BlogCover | undefined {
  const main = coverWebp(files);
  if (!main) return undefined;
  const set = (format: string) =>
    files
      .filter((f) => f.format === format)
      .map((f) => `${mediaUrl(f.name)} ${f.width}w`)
      .join(", ");
  const avif = set("avif");
  return { src: mediaUrl(main.name), srcSet: set("webp"), ...(avif ? { avifSrcSet: avif } : {}), width: main.width, height: main.height, alt: main.cover_alt };
}

/** The uploaded covers of these posts, by post id (posts without one are absent). */
export async function coversFor(deps: Pick<Deps, "db">, blogIds: number[]): Promise<Record<number, BlogCover>> {
  const covers: Record<number, BlogCover> = {};
  for (const [id, files] of await coverFiles(deps, [...new Set(blogIds)])) {
    const cover = toCover(files);
    if (cover) covers[id] = cover;
  }
  return covers;
}

/** A cover not saved on a post yet (the studio's preview of an edited post): library item `mediaId` with `alt`. */
export async function coverOfMedia(deps: Pick<Deps, "db">, mediaId: number | null, alt: string): Promise<BlogCover | undefined> {
  if (mediaId === null || !Number.isSafeInteger(mediaId) || mediaId < 1) return undefined;
  const files = await deps.db.kysely
    .selectFrom("media_files")
    .select(["name", "format", "width", "height"])
    .where("media_id", "=", mediaId)
    .orderBy("width")
    .execute();
  return toCover(files.map((f) => ({ ...f, blog_id: 0, cover_alt: alt, width: Number(f.width), height: Number(f.height) })));
}

/**
 * Posts as the API answers them, where a post with an uploaded cover names its cover-width WebP (an absolute URL)
 * in `image`, the spec's one image field. One query for the whole list.
 */
export async function withCoverImages<Post extends CoveredPost>(deps: Pick<Deps, "db" | "config">, blogs: Post[]): Promise<Post[]> {
  if (blogs.length === 0) return blogs;
  const files = await coverFiles(
    deps,
    blogs.map((b) => b.id),
  );
  if (files.size === 0) return blogs;
  const origin = deps.config.PUBLIC_URL.replace(/\/+$/, "");
  return blogs.map((blog) => {
    const main = coverWebp(files.get(blog.id) ?? []);
    return main ? { ...blog, image: `${origin}${mediaUrl(main.name)}` } : blog;
  });
}

/** One post (or none) with its cover image, as `withCoverImages`. */
export async function withCoverImage<Post extends CoveredPost>(deps: Pick<Deps, "db" | "config">, blog: Post | undefined): Promise<Post | undefined> {
  return blog ? (await withCoverImages(deps, [blog]))[0] : undefined;
}
