// The blog pages' Hindi (decision 0036): what the components name, so the chunk a Hindi page fetches carries no more.
export { BLOG_CATEGORY_NAMES_HI, BLOG_LISTING_HI, BLOG_POST_HI, BUILT_IN_BLOGS_HI, LOCAL_BLOGS_HI, MONTHS_HI, POST_LANGUAGE_LINKS } from "@shared/content/hi/blog";
