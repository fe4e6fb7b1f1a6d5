import { Secret, TOTP } from "otpauth";
import type { Hono } from "hono";
import type { AppEnv, Deps } from "../../server/context";
import { runStaffCommand } from "../../server/staff-command";
import { markAddressVerified } from "./verified";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

export const totpCode = (secret: string, at = Date.now()) =>
  new TOTP({ algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(secret) }).generate({ timestamp: at });

let address = 0;

/**
 * A signed-in account through the real API: a visitor (`user`), or staff granted on the command line who enrolled
 * in the second factor and passed it in this session. Returns the session's bearer token.
 */
export async function signedInAs(app: Hono<AppEnv>, deps: Deps, access: "user" | "editor" | "owner", email: string): Promise<string> {
  const password = "a studio passphrase 11";
  const post = (path: string, body: unknown, token?: string) =>
    app.request(`http://127.0.0.1/api${path}`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "x-forwarded-for": `203.0.113.${(++address % 250) + 1}`,
        ...(token ? { authorization: `Bearer ${token}` } : {}),
      },
      body: JSON.stringify(body),
    });
  const registered = await post("/auth/register", { name: "Studio Person", email, password, company: "C", industry: "Healthcare", role: "user" });
  if (registered.status !== 201) throw new Error(`register ${email}: ${registered.status}`);
  if (access !== "user") {
    await markAddressVerified(deps.db, email);
    await runStaffCommand(deps, ["grant", access, email], () => {}, () => {});
  }
  const token = ((await (await post("/auth/login", { email, password })).json()) as Json).token as string;
  if (access === "user") return token;
  const { secret } = (await (await post("/studio/second-factor/enrolment", {}, token)).json()) as Json;
  const confirmed = await post("/studio/second-factor/enrolment/confirm", { code: totpCode(secret) }, token);
  if (confirmed.status !== 200) throw new Error(`enrol ${email}: ${confirmed.status}`);
  return token;
}
