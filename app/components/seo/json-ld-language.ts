import { hindiNow, hindiWords } from "~/lib/hindi-words";
import { useLocale } from "~/lib/locale";
import type { JsonLdLanguage } from "~/lib/seo";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));

/**
 * The page's language for its Organization and WebSite structured data (issue 44): on a Hindi page `inLanguage`
 * hi-IN, the Hindi site description and the Hindi WhatsApp greeting, as the visible page says them.
 */
export function useJsonLdLanguage(): JsonLdLanguage {
  const locale = useLocale();
  if (locale !== "hi") return { locale };
  const hi = hindiNow(HINDI_SHELL);
  return { locale, description: hi.SEO_HI.siteDescription, whatsappMessage: hi.WHATSAPP_BUTTON_HI.message };
}
