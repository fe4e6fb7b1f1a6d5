/**
 * The public pages' copy: the site's copy and constants are in one typed place, one file per area so each stays
 * readable, and this index re-exports the areas of the public pages (site, home, about, legal, seo, blog, chat,
 * contact). Everything else is imported from its own file: the account pages' (auth), the FAQ, the header's account
 * menu, the studio's (studio, studio-access, studio-posts, studio-media, audience, analytics), so no public page's
 * import of this index can reach the studio's copy. What every page loads (the root layout, components/shell,
 * lib/seo) imports "@shared/content/site" or "@shared/content/seo" directly: the shell chunk would carry every
 * page's copy through this index (vite.config.ts).
 */
export * from "./site";
export * from "./home";
export * from "./about";
export * from "./legal";
export * from "./seo";
export * from "./blog";
export * from "./chat";
export * from "./contact";
