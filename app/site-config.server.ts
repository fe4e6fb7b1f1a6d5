import type { AppLoadContext } from "react-router";
import type { PublicSite } from "../server/config";
import { siteSettings } from "../server/services/content/settings";

/**
 * The browser-safe site identity: the owner's settings over the environment's defaults (decision 0024), read once
 * per content version and process.
 */
export async function publicSite(context: AppLoadContext): Promise<PublicSite> {
  return (await siteSettings(context.deps)).site;
}
