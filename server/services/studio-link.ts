import type { Config } from "../config";

/**
 * The address an e-mail to staff links a studio page by: through sign-in (`/sign-in?redirectTo=/studio/…`), so a
 * signed-out owner signs in and lands on the page instead of meeting the 404 every studio address gives whoever is
 * not signed in as staff; a signed-in staff member is sent straight on (the sign-in page's loader).
 */
export function studioLink(config: Pick<Config, "PUBLIC_URL">, studioPath: string): string {
  if (!/^\/studio(?:\/|$)/.test(studioPath)) throw new Error(`not a studio path: ${studioPath}`);
  // Slashes may stand as they are in a query value: the link reads as the studio address it leads to.
  return `${config.PUBLIC_URL}/sign-in?redirectTo=${encodeURIComponent(studioPath).replaceAll("%2F", "/")}`;
}
