import type { BANNER_MESSAGES, CLOSING_CTA, FOOTER } from "../content/site";
import type { Translation } from "../i18n";

/**
 * The shell document's value made from one language's constants (the defaults, never retyped). A module of its own:
 * the browser builds a language's defaults from words it already has (app/lib/shell-copy.ts), without the document,
 * which names both languages' constants.
 */
export function shellDefaults(
  banner: Translation<typeof BANNER_MESSAGES>,
  footer: Translation<typeof FOOTER>,
  splash: string,
  closingCta: Translation<typeof CLOSING_CTA>,
) {
  return {
    banner: { messages: [...banner] },
    footer: { taglines: [...footer.taglines], about: footer.about },
    splash: { tagline: splash },
    closingCta: { heading: closingCta.heading, text: closingCta.text, bookDemo: closingCta.bookDemo, whatsapp: closingCta.whatsapp },
  };
}
