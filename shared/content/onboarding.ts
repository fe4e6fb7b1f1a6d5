/**
 * The customer's onboarding (issue 41, decision 0050): the kit chooser, the Wise Core brief, the kit order's page
 * and its e-mails. The Hindi is shared/content/hi/onboarding.ts.
 */

/** The promise's hours as shipped (the owner changes them in the studio: shared/copy/onboarding.ts). */
export const ONBOARDING_PROMISE = { hours: "72" } as const;
