import { STUDIO_PAGES } from "@shared/content/studio";

/** The head of a studio page: its title, and never indexed. */
export function studioMeta(title: string) {
  return [{ title: `${title} | ${STUDIO_PAGES.brand}` }, { name: "robots", content: "noindex, nofollow" }];
}
