import type { BlogInput } from "./types";

/**
 * Whether a post may be shown and cited. Every stored post is published
 * today (posts arrive only through 'Add Sample Blogs'); when the studio adds
 * drafts, this is where their status decides, and the assistant's index
 * follows it through indexPost.
 */
export function isPublishedPost(_post: Pick<BlogInput, "slug">): boolean {
  return true;
}
