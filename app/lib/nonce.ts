import { createContext, useContext } from "react";

/**
 * The CSP nonce of the response being rendered (server only; empty in the browser). A <script> given it says
 * suppressHydrationWarning: the browser hides a nonce once the page is parsed (the attribute reads ""), so
 * development's React reported every such script as a mismatch (React Router's own scripts do the same).
 */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
