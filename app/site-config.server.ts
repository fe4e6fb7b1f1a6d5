import type { AppLoadContext } from "react-router";
import { getConfig, type PublicSite } from "../server/config";

/**
 * The browser-safe site identity, from the request's dependencies. Prerendering
 * at build time runs the root loader with React Router's empty context (no
 * server yet): the identity then comes from the environment.
 */
export function publicSite(context: AppLoadContext): PublicSite {
  const prerendering = !("deps" in context);
  return (prerendering ? getConfig() : context.deps.config).site;
}
