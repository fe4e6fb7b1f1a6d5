import { createContext, useContext } from "react";
import type { PublicSite } from "../../server/config";

export type { PublicSite };

/** The site identity from configuration (contacts, links), provided by the root layout. */
export const SiteContext = createContext<PublicSite | null>(null);

export function useSite(): PublicSite | null {
  return useContext(SiteContext);
}
