import { lazyModule } from "./lazy-module";

/** The account forms' schemas (and zod), fetched when a form is first used rather than with the page. */
export const authChecks = lazyModule(() => import("./auth-schemas"));
