/**
 * The content module: the site's copy and constants in one typed place, one
 * file per area so each stays readable. Import from "./" — except in
 * what every page loads (the root layout, components/shell, lib/seo), which
 * imports "@shared/content/site" or "@shared/content/seo" directly: this index re-exports
 * every page's copy, and the shell chunk would carry all of it (vite.config.ts).
 */
export * from "./site";
export * from "./home";
export * from "./about";
export * from "./legal";
export * from "./seo";
export * from "./blog";
export * from "./chat";
export * from "./contact";
