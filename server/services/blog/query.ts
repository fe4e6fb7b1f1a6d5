import { z } from "zod";
import { BLOG_CATEGORIES, BLOG_LIMITS } from "../../../shared/content/blog";
import { normaliseSearch } from "../text-search";
import type { Locale } from "../../../shared/i18n";

/** The listing's query string (the API's and the page's): bad values are a 400 naming the field. */
export const BlogQuerySchema = z
  .object({
    search: z
      .string()
      .trim()
      .max(BLOG_LIMITS.maxSearchLength, `search must be at most ${BLOG_LIMITS.maxSearchLength} characters`)
      .optional(),
    // eslint-disable-next-line no-control-regex -- a NUL is not text to PostgreSQL: refused, never queried
    category: z.string().trim().max(60, "category must be at most 60 characters").regex(/^[^\u0000-\u001f\u007f]*$/, "category must not hold control characters").optional(),
    featured: z.enum(["true", "false", ""], { error: "featured must be true or false" }).optional(),
    limit: z.coerce
      .number({ error: `limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}` })
      .int(`limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}`)
      .min(1, `limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}`)
      .max(BLOG_LIMITS.maxLimit, `limit must be a whole number from 1 to ${BLOG_LIMITS.maxLimit}`)
      .optional(),
    page: z.coerce
      .number({ error: "page must be a whole number from 1 to 10000" })
      .int("page must be a whole number from 1 to 10000")
      .min(1, "page must be a whole number from 1 to 10000")
      .max(10_000, "page must be a whole number from 1 to 10000")
      .optional(),
    cursor: z.string().max(100).optional(),
    exclude: z.string().max(200).optional(),
  })
  .refine((q) => !(q.page && q.cursor), { message: "Use either page or cursor, not both.", path: ["cursor"] });

export type BlogQuery = {
  search?: string;
  category?: string;
  featured?: boolean;
  limit?: number;
  page?: number;
  cursor?: string;
  /** A slug to leave out (the post page's related posts). */
  exclude?: string;
  /**
   * The page's language (issue 33): its posts first, then the other language's, each newest first. Numbered pages
   * only (the listing pages); a cursor walks every post newest first, as the API always has.
   */
  languageFirst?: Locale;
  /** Only the posts written in this language (the English feed). */
  language?: Locale;
};

export function toBlogQuery(parsed: z.output<typeof BlogQuerySchema>): BlogQuery {
  return {
    // Normalised here too, so that equivalent searches share one entry of the listing cache.
    search: normaliseSearch(parsed.search ?? "") || undefined,
    category: parsed.category && parsed.category !== BLOG_CATEGORIES[0] ? parsed.category : undefined,
    featured: parsed.featured === "true" ? true : undefined,
    limit: parsed.limit,
    page: parsed.page,
    cursor: parsed.cursor || undefined,
    exclude: parsed.exclude || undefined,
  };
}
