import { redirect } from "react-router";
import { clearSessionCookies, sessionTokenOf } from "../../server/http/cookies";
import { revokeSession } from "../../server/services/auth/sessions";
import type { Route } from "./+types/sign-out";
import { localePath } from "@shared/i18n";
import { requestLocale } from "~/lib/locale";

// Signing out changes state, so only a POST does it; a visit is sent home.
export function loader({ request }: Route.LoaderArgs) {
  return redirect(localePath("/", requestLocale(request)));
}

export async function action({ request, context }: Route.ActionArgs) {
  const { deps } = context;
  await revokeSession(deps, sessionTokenOf(deps.config, request.headers));
  const headers = new Headers({ "Cache-Control": "no-store" });
  for (const cookie of clearSessionCookies(deps.config)) headers.append("Set-Cookie", cookie);
  // Back to the sign-in page of the language the visitor signed out from.
  return redirect(localePath("/sign-in?signedOut=1", requestLocale(request)), { status: 303, headers });
}
