/**
 * Pages that need no per-request data: rendered to HTML at build time and
 * served as files (with a per-response CSP nonce). Anything with a loader that
 * reads the database or the visitor's session must not be listed here.
 */
export const PRERENDERED_PATHS = [
  "/",
  "/about",
  "/privacy",
  "/terms",
  "/refund",
  "/blogs-advanced",
  "/ai-help",
] as const;

/**
 * Prerendered HTML is written with this in place of the CSP nonce; the server
 * swaps in a fresh nonce for every response.
 */
export const NONCE_PLACEHOLDER = "__WP_CSP_NONCE__";
