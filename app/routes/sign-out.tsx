import { redirect } from "react-router";
import { clearSessionCookies, sessionTokenOf } from "../../server/http/cookies";
import { revokeSession } from "../../server/services/auth/sessions";
import type { Route } from "./+types/sign-out";

// Signing out changes state, so only a POST does it; a visit is sent home.
export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  await revokeSession(deps, sessionTokenOf(deps.config, request.headers));
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearSessionCookies(deps.config)) headers.append("Set-Cookie", cookie);
  return redirect("/sign-in?signedOut=1", { status: 303, headers });
}
