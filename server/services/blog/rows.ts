import type { Selectable } from "kysely";
import { z } from "zod";
import type { BlogNewsletterTables } from "../../db/schema";
import { isPublishedPost } from "./publication";
import type { Blog, IndexablePost } from "./types";

/** A `blogs` row as read from the database (the columns a post shows; search text and timestamps stay behind). */
type BlogRowOut = Omit<Selectable<BlogNewsletterTables["blogs"]>, "search_text" | "created_at" | "updated_at">;

// Stored JSON is read leniently: a damaged column shows as empty, never as an error.
const StoredSections = z.object({
  sections: z.array(z.object({ title: z.string().catch(""), content: z.array(z.string()).catch([]) })).catch([]),
});
const StoredTags = z.array(z.string()).catch([]);
const StoredContent = StoredSections.catch({ sections: [] });

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

export function toBlog(row: BlogRowOut): Blog {
  const tags = StoredTags.parse(parseJson(row.tags));
  const content = StoredContent.parse(parseJson(row.content));
  return {
    _id: String(row.id),
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    author: row.author,
    date: new Date(Number(row.published_at)).toISOString(),
    readTime: row.read_time,
    category: row.category,
    featured: Number(row.featured) === 1,
    ...(row.image ? { image: row.image } : {}),
    views: Number(row.views),
    likes: Number(row.likes),
    tags,
    content,
  };
}

/** A stored row as the knowledge index takes it. */
export function toIndexablePost(row: { id: number; slug: string; title: string; excerpt: string; category: string; tags: string; content: string; status: string }): IndexablePost {
  const tags = StoredTags.parse(parseJson(row.tags));
  const { sections } = StoredContent.parse(parseJson(row.content));
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags,
    sections,
    published: isPublishedPost(row),
  };
}
