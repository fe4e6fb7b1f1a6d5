import type { AppLoadContext } from "react-router";
import type { Locale } from "@shared/i18n";
import type { PublicSite } from "../server/config";
import { siteSettings } from "../server/services/content/settings";

/**
 * The browser-safe site identity: the owner's settings over the environment's defaults (decision 0024), read once
 * per content version and process. On a Hindi page the texts visitors read have their Hindi where the owner gave
 * one (the address, issue 33); else the English shows.
 */
export async function publicSite(context: AppLoadContext, locale: Locale = "en"): Promise<PublicSite> {
  const settings = await siteSettings(context.deps);
  if (locale === "hi" && settings.addressHi !== "") return { ...settings.site, address: settings.addressHi };
  return settings.site;
}
