import type { Config } from "../../config";
import { readSessionToken } from "./cookies";

/** The session token a request carries: `Authorization: Bearer …` (the API's clients) or the session cookie (the web app). */
export function sessionTokenFromHeaders(config: Config, headers: Headers): string | undefined {
  const auth = headers.get("authorization");
  if (auth) {
    const match = /^Bearer\s+(\S+)$/i.exec(auth.trim());
    return match?.[1];
  }
  return readSessionToken(config, headers.get("cookie"));
}
