import { useRouteLoaderData } from "react-router";
import { BANNER_MESSAGES, CLOSING_CTA, FOOTER, SPLASH_TAGLINE } from "@shared/content/site";
import type { ShellCopy } from "@shared/copy/shell";
import { shellDefaults } from "@shared/copy/shell-defaults";
import { hindiWords, useHindi } from "./hindi-words";

const HINDI_SHELL = hindiWords("shell", () => import("~/lib/hindi/shell"));
const ENGLISH: ShellCopy = shellDefaults(BANNER_MESSAGES, FOOTER, SPLASH_TAGLINE, CLOSING_CTA);

/**
 * The shared words of every public page (banner, footer, splash, closing call to action) in the page's language:
 * the owner's, read by the root loader (shared/copy/shell.ts). Only when the root's loader failed (its error
 * screen) do the defaults show, those of the page's language.
 */
export function useShellCopy(): ShellCopy {
  const data = useRouteLoaderData<{ shell?: ShellCopy }>("root");
  const hi = useHindi(HINDI_SHELL);
  if (data?.shell) return data.shell;
  return hi ? shellDefaults(hi.BANNER_MESSAGES_HI, hi.FOOTER_HI, hi.SPLASH_TAGLINE_HI, hi.CLOSING_CTA_HI) : ENGLISH;
}
