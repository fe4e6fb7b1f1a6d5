/**
 * Pages that are one body for every visitor and change only with the owner's content (settings, later copy):
 * rendered once per content version and process and served from the response cache (server/app.ts, decision
 * 0024). They used to be prerendered at build time, which froze the site's identity into them until a rebuild.
 * Anything whose loader reads the visitor's session or other data must not be listed here.
 */
export const CONTENT_PAGE_PATHS = [
  "/",
  "/about",
  "/privacy",
  "/terms",
  "/refund",
  "/blogs-advanced",
  "/ai-help",
] as const;
