import { useRouteLoaderData } from "react-router";
import { BANNER_MESSAGES, CLOSING_CTA, FOOTER, SPLASH_TAGLINE } from "@shared/content/site";
import type { ShellCopy } from "@shared/copy/shell";

/**
 * The shared words of every public page (banner, footer, splash, closing call to action): the owner's, read by the
 * root loader (shared/copy/shell.ts). Only when the root's loader failed (its error screen) do the defaults show.
 */
export function useShellCopy(): ShellCopy {
  const data = useRouteLoaderData<{ shell?: ShellCopy }>("root");
  return data?.shell ?? FALLBACK;
}

const FALLBACK: ShellCopy = {
  banner: { messages: [...BANNER_MESSAGES] },
  footer: { taglines: [...FOOTER.taglines], about: FOOTER.about },
  splash: { tagline: SPLASH_TAGLINE },
  closingCta: { heading: CLOSING_CTA.heading, text: CLOSING_CTA.text, bookDemo: CLOSING_CTA.bookDemo, whatsapp: CLOSING_CTA.whatsapp },
};
