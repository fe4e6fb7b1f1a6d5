import type { AppLoadContext } from "react-router";
import { getConfig, type PublicSite } from "../server/config";

/** The browser-safe site identity, from the request's dependencies or (while prerendering) the environment. */
export function publicSite(context: AppLoadContext | undefined): PublicSite {
  return (context?.deps?.config ?? getConfig()).site;
}
