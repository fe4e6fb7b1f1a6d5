/**
 * The header's account corner: on every page, so kept apart from the rest of
 * the account copy (shared/content/auth.ts re-exports it).
 */
export const HEADER_ACCOUNT = {
  signedInAs: (name: string) => `Signed in as ${name}`,
  templates: "Your templates",
  signOut: "Sign Out",
  /** Shown to staff (owners, editors) only. */
  studio: "Studio",
} as const;
