import { createContext, useContext } from "react";

/**
 * The owner's copy of the page being shown (issue 28, decision 0027): its route's loader reads the published
 * document (server/services/content/copy.ts readCopy) and provides it here, so the page's components draw the
 * owner's words, never the defaults directly.
 */
export const PageCopyContext = createContext<unknown>(null);

/** The page's copy; `T` is its document's value type (e.g. HomeCopy). */
export function usePageCopy<T>(): T {
  const copy = useContext(PageCopyContext);
  if (copy === null) throw new Error("usePageCopy outside a page that provides its copy");
  return copy as T;
}
