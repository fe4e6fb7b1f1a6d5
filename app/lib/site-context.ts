import { createContext, useContext } from "react";
import type { PublicSite } from "../../server/config";

export type { PublicSite };

/** The site identity from configuration (contacts, links), provided by the root layout. */
export const SiteContext = createContext<PublicSite | null>(null);

export function useSite(): PublicSite | null {
  return useContext(SiteContext);
}

/** The site's time zone (the owner's Settings): the day a post shows (issue 44). India's when no site is given. */
export function useSiteZone(): string {
  return useContext(SiteContext)?.timeZone ?? "Asia/Kolkata";
}
