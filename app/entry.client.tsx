import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";
import { localeOfPath } from "@shared/i18n";
import { loadNamedHindi } from "~/lib/hindi-words";
import { installKeepTyped } from "~/lib/keep-typed";

/**
 * React Router's own client entry, but a Hindi page first fetches the Hindi words its components named (decision
 * 0036): the route modules ran before this entry, so the list is complete, and the first render in the browser shows
 * what the server rendered. An English page fetches none.
 */
function hydrate() {
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

// What the visitor typed before following the language switch (or before leaving by Back) is put back first.
installKeepTyped();

if (localeOfPath(window.location.pathname) === "hi") void loadNamedHindi().then(hydrate, hydrate);
else hydrate();
