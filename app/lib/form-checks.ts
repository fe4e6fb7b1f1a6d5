import { lazyModule } from "./lazy-module";

/**
 * The forms' checks (and zod), fetched when a form is first used rather than
 * with the page. One small module for every form page, so those pages preload
 * one chunk for it, not several.
 */
export { checkBeforeSubmit } from "./lazy-module";

/** The account forms' schemas. */
export const authChecks = lazyModule(() => import("@shared/schemas/auth"));

/** The Contact form's rules. */
export const leadChecks = lazyModule(() => import("@shared/schemas/lead"));
