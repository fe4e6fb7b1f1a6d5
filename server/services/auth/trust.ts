import type { Deps } from "../../context";
import type { SignInSource } from "./limits";
import { hashToken, newToken } from "./tokens";

/** How long a device or an address stays trusted for an account after a successful sign-in there. */
export const TRUST_DAYS = 90;
const TRUST_MS = TRUST_DAYS * 86_400_000;

const looksLikeToken = (token: string | undefined): token is string => Boolean(token && /^[\w-]{20,200}$/.test(token));

/**
 * Whether this account signed in successfully before from this device (its
 * device cookie's token) or from this client address, within TRUST_DAYS.
 */
export async function signInSource(deps: Deps, email: string, ip: string, deviceToken: string | undefined): Promise<SignInSource> {
  const deviceHash = looksLikeToken(deviceToken) ? hashToken(deviceToken) : null;
  const rows = await deps.db.kysely
    .selectFrom("sign_in_trust")
    .select(["kind", "value_hash"])
    .where("email_normalized", "=", email)
    .where("expires_at", ">", Date.now())
    .where((eb) =>
      eb.or([
        eb.and([eb("kind", "=", "address"), eb("value_hash", "=", hashToken(ip))]),
        ...(deviceHash ? [eb.and([eb("kind", "=", "device"), eb("value_hash", "=", deviceHash)])] : []),
      ]),
    )
    .execute();
  return {
    trustedDevice: rows.some((r) => r.kind === "device") ? deviceHash : null,
    trustedAddress: rows.some((r) => r.kind === "address"),
  };
}

/**
 * Records a successful sign-in: this device and this address are trusted for
 * the account from now on. Returns the device token for the cookie (the one
 * the browser already had, or a new one).
 */
export async function rememberSignIn(deps: Deps, email: string, ip: string, deviceToken: string | undefined): Promise<string> {
  const token = looksLikeToken(deviceToken) ? deviceToken : newToken();
  const now = Date.now();
  for (const [kind, value] of [
    ["device", token],
    ["address", ip],
  ] as const) {
    await deps.db.kysely
      .insertInto("sign_in_trust")
      .values({ kind, value_hash: hashToken(value), email_normalized: email, created_at: now, expires_at: now + TRUST_MS })
      .onConflict((oc) => oc.columns(["kind", "value_hash", "email_normalized"]).doUpdateSet({ expires_at: now + TRUST_MS }))
      .execute();
  }
  return token;
}

/** Forgets every device and address of an account (its password was reset or taken away). */
export async function forgetSignInTrust(deps: Deps, email: string): Promise<void> {
  await deps.db.kysely.deleteFrom("sign_in_trust").where("email_normalized", "=", email).execute();
}

export async function pruneSignInTrust(deps: Deps, now = Date.now()): Promise<void> {
  await deps.db.kysely.deleteFrom("sign_in_trust").where("expires_at", "<", now).execute();
}
