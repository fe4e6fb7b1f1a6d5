import { useRouteLoaderData } from "react-router";
import { SHELL_DOC, type ShellCopy } from "@shared/copy/shell";
import { useLocale } from "./locale";

/**
 * The shared words of every public page (banner, footer, splash, closing call to action) in the page's language:
 * the owner's, read by the root loader (shared/copy/shell.ts). Only when the root's loader failed (its error
 * screen) do the defaults show, those of the page's language.
 */
export function useShellCopy(): ShellCopy {
  const data = useRouteLoaderData<{ shell?: ShellCopy }>("root");
  const locale = useLocale();
  return data?.shell ?? FALLBACK[locale];
}

const FALLBACK = { en: SHELL_DOC.defaults("en"), hi: SHELL_DOC.defaults("hi") };
