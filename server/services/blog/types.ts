import { z } from "zod";

export type BlogSection = { title: string; content: string[] };

/** A post as the API answers it (spec section 3, "Blog (server)"). */
export type Blog = {
  _id: string;
  id: number;
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** ISO 8601. */
  date: string;
  readTime: string;
  category: string;
  featured: boolean;
  image?: string;
  views: number;
  likes: number;
  tags: string[];
  content: { sections: BlogSection[] };
  /** The language the post is written in (issue 33): "en" or "hi". */
  language: "en" | "hi";
};

/** A post to store. */
export type BlogInput = {
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  /** YYYY-MM-DD or an ISO timestamp. */
  date: string;
  readTime: string;
  category: string;
  featured: boolean;
  image?: string;
  tags: string[];
  sections: BlogSection[];
};

export type BlogStats = { readers: number; likes: number; articles: number };

/** One page of the listing: a page number for numbered pages, a cursor for the next one either way. */
export type BlogPage = {
  data: Blog[];
  pagination: { limit: number; page?: number; hasMore: boolean; nextCursor: string | null };
};

/** What a post's address may name: anything else is no post, without asking the database. */
export const SlugSchema = z
  .string()
  .min(1)
  .max(200)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "slug must be lower-case letters, digits and dashes");
