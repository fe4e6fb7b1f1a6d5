/**
 * The content module: the site's copy and constants in one typed place, one
 * file per area so each stays readable. Import from "~/content".
 */
export * from "./site";
export * from "./home";
export * from "./about";
export * from "./legal";
export * from "./seo";
export * from "./blog";
export * from "./chat";
export * from "./contact";
