import type { Selectable } from "kysely";
import { z } from "zod";
import type { BlogNewsletterTables } from "../../db/schema";
import { isPublishedPost } from "./publication";
import type { IndexablePost } from "../events";
import type { Blog, BlogInput, BlogSection } from "./types";

/*
 * The one place that reads and writes a post's stored text: `tags` (a JSON array), `content` (JSON, `{ sections }`)
 * and `search_text` (what a search looks in). Whoever else needs them takes them from here.
 */

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

/** A post's stored tags; a damaged column reads as none. */
export function storedTags(text: string): string[] {
  return StoredTags.parse(parseJson(text));
}

/** A post's stored sections; a damaged column reads as none. */
export function storedSections(text: string): BlogSection[] {
  return StoredContent.parse(parseJson(text)).sections;
}

/** The lower-cased text a search looks in: title, excerpt, tags and every section. */
export function searchText(input: Pick<BlogInput, "title" | "excerpt" | "tags" | "sections">): string {
  return [input.title, input.excerpt, input.tags.join(" "), ...input.sections.flatMap((s) => [s.title, ...s.content])].join("\n").toLowerCase();
}

/** The stored columns of a post's text: its tags and sections as JSON, and its search text. */
export function textColumns(input: Pick<BlogInput, "title" | "excerpt" | "tags" | "sections">): { tags: string; content: string; search_text: string } {
  return { tags: JSON.stringify(input.tags), content: JSON.stringify({ sections: input.sections }), search_text: searchText(input) };
}

export function toBlog(row: BlogRowOut): Blog {
  const tags = storedTags(row.tags);
  const content = { sections: storedSections(row.content) };
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
    language: row.language === "hi" ? "hi" : "en",
  };
}

/** A stored row as a post's domain events carry it (the assistant's index takes it). */
export function toIndexablePost(row: { id: number; slug: string; title: string; excerpt: string; category: string; tags: string; content: string; status: string }): IndexablePost {
  return {
    id: Number(row.id),
    slug: row.slug,
    title: row.title,
    excerpt: row.excerpt,
    category: row.category,
    tags: storedTags(row.tags),
    sections: storedSections(row.content),
    published: isPublishedPost(row),
  };
}
