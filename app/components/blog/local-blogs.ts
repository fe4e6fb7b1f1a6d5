import { LOCAL_BLOGS, type LocalBlog } from "@shared/content";
import { isHttpUrl } from "@shared/http-url";

/**
 * Reading and writing the browser-kept blogs. Storage is another program's
 * data as far as this page knows: anything that is not a well-formed article
 * is left out, and unreadable JSON is reported, never thrown.
 */
export type StoredList = { items: LocalBlog[]; error: boolean };

const { maxLengths } = LOCAL_BLOGS;

function str(v: unknown, max: number): string | null {
  return typeof v === "string" && v.length <= max ? v : null;
}

function num(v: unknown): number {
  return typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.floor(v) : 0;
}

/** A well-formed article, or null. */
export function toLocalBlog(value: unknown): LocalBlog | null {
  if (!value || typeof value !== "object" || Array.isArray(value)) return null;
  const v = value as Record<string, unknown>;
  const id = v.id;
  const title = str(v.title, maxLengths.title);
  const description = str(v.description, maxLengths.description);
  const author = str(v.author, maxLengths.author);
  const date = str(v.date, 40);
  if (typeof id !== "number" || !Number.isFinite(id) || !title?.trim() || description === null || !author?.trim() || !date) return null;
  const image = typeof v.image === "string" && v.image.length <= maxLengths.image && isHttpUrl(v.image) ? v.image : undefined;
  return {
    id,
    title,
    description,
    author,
    date,
    views: num(v.views),
    likes: num(v.likes),
    ...(image ? { image } : {}),
    isUserCreated: v.isUserCreated === true,
  };
}

export function readList(storage: Storage, key: string): StoredList {
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return { items: [], error: true };
  }
  if (raw === null) return { items: [], error: false };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { items: [], error: true };
  }
  if (!Array.isArray(parsed)) return { items: [], error: true };
  const seen = new Set<number>();
  const items: LocalBlog[] = [];
  for (const entry of parsed) {
    const blog = toLocalBlog(entry);
    if (blog && !seen.has(blog.id)) {
      seen.add(blog.id);
      items.push(blog);
    }
  }
  return { items, error: false };
}

/** Throws when the browser refuses (quota, privacy mode): callers show the spec's message. */
export function writeList(storage: Storage, key: string, items: readonly LocalBlog[]): void {
  storage.setItem(key, JSON.stringify(items));
}
