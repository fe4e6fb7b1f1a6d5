/** The one status whose posts are public (listing, search, related, stats, RSS, sitemap, the page, the API). */
export const PUBLISHED = "published";

/**
 * Whether a post may be shown and cited: only a published post. Drafts, scheduled and unpublished posts are
 * never public, and the assistant's index follows this (a written post's event carries it: toIndexablePost).
 */
export function isPublishedPost(post: { status: string }): boolean {
  return post.status === PUBLISHED;
}
