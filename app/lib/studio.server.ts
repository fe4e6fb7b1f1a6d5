import { data, redirect } from "react-router";
import { STUDIO_PAGES } from "@shared/content/studio";
import type { AppLoadContext } from "react-router";
import { sessionTokenOf } from "../../server/http/cookies";
import type { StaffActor } from "../../server/services/staff/invitations";
import { type StudioSession, studioSession } from "../../server/services/staff/studio-session";

export type StudioPageSession = StudioSession & { sessionToken: string; actor: StaffActor };

type Options = {
  /** Owners only: an editor gets the studio's 403 page. */
  owner?: boolean;
  /** The second-factor pages themselves: reachable before the second factor is passed. */
  secondFactor?: "any";
};

/**
 * The guard every studio loader and action calls first (loaders run in parallel, so the layout's call protects
 * nothing below it). Whoever is not staff gets the site's ordinary 404, so the studio's existence leaks nothing;
 * staff who have not passed the second factor in this session are sent to it.
 */
export async function requireStudio(
  { request, context }: { request: Request; context: AppLoadContext },
  options: Options = {},
): Promise<StudioPageSession> {
  const { deps } = context;
  const sessionToken = sessionTokenOf(deps.config, request.headers);
  const studio = sessionToken ? await studioSession(deps, sessionToken) : null;
  if (!studio || !sessionToken) throw data(null, { status: 404 });
  if (options.secondFactor !== "any" && studio.secondFactor !== "passed") {
    throw redirect(studio.secondFactor === "enrol" ? STUDIO_PAGES.enrol : STUDIO_PAGES.secondFactor);
  }
  if (options.owner && studio.access !== "owner") throw data({ message: STUDIO_PAGES.ownersOnly }, { status: 403 });
  return {
    ...studio,
    sessionToken,
    actor: { userId: studio.userId, label: studio.email, clientIp: context.clientIp, access: studio.access },
  };
}
