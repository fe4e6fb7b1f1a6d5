import * as oidc from "openid-client";
import { createRemoteJWKSet, decodeJwt, jwtVerify, type JWTPayload } from "jose";
import type { ProviderId } from "../../../shared/content/auth";
import type { Config } from "../../config";
import type { Deps } from "../../context";
import { DEFAULT_INDUSTRY } from "../../../shared/content/site";
import { cleanPersonName } from "../../../shared/schemas/auth";
import { findUserByEmail, findUserById, normalizeEmail, type SignedIn, startSession, type UserRow } from "./accounts";
import { hitSocialFlowLimit } from "./limits";
import { reclaimUnverifiedAccount } from "./reclaim";
import { hashToken, newToken, newUserId } from "./tokens";
import { notifySignUpInBackground } from "../onboarding/notify";
import { securityEvent } from "../security-events";

/**
 * Google and Microsoft sign-in: OpenID Connect authorization-code flow with
 * PKCE, state and nonce (openid-client), and the ID-token check for
 * POST /api/auth/social. An identity is trusted only from an ID token whose
 * signature (the issuer's JWKS), issuer, audience, expiry and nonce pass; the
 * nonce is always one this server issued, used once.
 */

/** Why a social sign-in failed; logged (never shown in detail to the visitor). */
export class SocialAuthError extends Error {
  constructor(
    readonly reason: "not-configured" | "bad-flow" | "provider" | "token" | "nonce" | "unverified-email" | "no-email",
    message: string,
  ) {
    super(message);
    this.name = "SocialAuthError";
  }
}

const FLOW_TTL_MS = 10 * 60_000;
/** A nonce for POST /api/auth/social is good for this long, and once. */
const ID_TOKEN_NONCE_TTL_MS = 10 * 60_000;
/** The `mode` of an oauth_flows row that holds a nonce issued for the ID-token door (it has no state or verifier). */
const ID_TOKEN_MODE = "id-token";

/**
 * Each started flow is a stored row: counted per client address (`rate-limited`
 * beyond the limit) and expired rows are cleaned as new ones come, so no address can
 * fill the table (the hourly clean-up also deletes them).
 */
async function admitNewFlow(deps: Deps, ip: string): Promise<void> {
  await hitSocialFlowLimit(deps.db, ip);
  await deps.db.kysely.deleteFrom("oauth_flows").where("expires_at", "<", Date.now()).execute();
}

type ProviderSettings = { clientId: string; clientSecret: string; issuer: string };

export function providerSettings(config: Config, provider: ProviderId): ProviderSettings | null {
  if (provider === "google") {
    if (!config.GOOGLE_CLIENT_ID || !config.GOOGLE_CLIENT_SECRET) return null;
    return { clientId: config.GOOGLE_CLIENT_ID, clientSecret: config.GOOGLE_CLIENT_SECRET, issuer: config.GOOGLE_ISSUER };
  }
  if (!config.MICROSOFT_CLIENT_ID || !config.MICROSOFT_CLIENT_SECRET) return null;
  return {
    clientId: config.MICROSOFT_CLIENT_ID,
    clientSecret: config.MICROSOFT_CLIENT_SECRET,
    issuer: config.MICROSOFT_ISSUER ?? `https://login.microsoftonline.com/${config.MICROSOFT_TENANT}/v2.0`,
  };
}

export function isProviderId(value: string | undefined): value is ProviderId {
  return value === "google" || value === "microsoft";
}

/** Plain http is allowed only for an issuer on this machine (the tests' local provider). */
function isLoopbackHttp(issuer: string): boolean {
  const url = new URL(issuer);
  return url.protocol === "http:" && ["127.0.0.1", "localhost", "[::1]"].includes(url.hostname);
}

type Discovered = { config: oidc.Configuration; jwks: ReturnType<typeof createRemoteJWKSet> };
const discovered = new Map<string, Promise<Discovered>>();

async function discover(settings: ProviderSettings): Promise<Discovered> {
  const key = `${settings.issuer}|${settings.clientId}`;
  let found = discovered.get(key);
  if (!found) {
    found = (async () => {
      const execute = isLoopbackHttp(settings.issuer) ? [oidc.allowInsecureRequests] : [];
      const config = await oidc
        .discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret, undefined, {
          execute: [...execute, oidc.enableNonRepudiationChecks],
          timeout: 10,
        })
        .catch((error: unknown) => {
          throw new SocialAuthError("provider", `discovery failed: ${(error as Error).message}`);
        });
      const jwksUri = config.serverMetadata().jwks_uri;
      if (!jwksUri) throw new Error("the provider publishes no jwks_uri");
      return { config, jwks: createRemoteJWKSet(new URL(jwksUri), { timeoutDuration: 10_000 }) };
    })();
    discovered.set(key, found);
    // A failed discovery is retried on the next sign-in, not cached.
    found.catch(() => discovered.delete(key));
  }
  return found;
}

function settingsOrThrow(config: Config, provider: ProviderId): ProviderSettings {
  const settings = providerSettings(config, provider);
  if (!settings) throw new SocialAuthError("not-configured", `${provider} is not configured`);
  return settings;
}

function callbackUrl(config: Config, provider: ProviderId): string {
  return `${config.PUBLIC_URL}/api/auth/${provider}/callback`;
}

export type FlowOptions = { redirectTo: string; mode: "sign-in" | "sign-up"; remember: boolean };

/** Starts a sign-in: stores state, nonce and PKCE verifier under a random flow id (the cookie) and returns the provider's URL. */
export async function startSocialFlow(
  deps: Deps,
  provider: ProviderId,
  options: FlowOptions,
  ip: string,
): Promise<{ url: string; flowId: string; maxAge: number }> {
  const settings = settingsOrThrow(deps.config, provider);
  await admitNewFlow(deps, ip);
  const { config } = await discover(settings);
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const flowId = newToken();
  await deps.db.kysely
    .insertInto("oauth_flows")
    .values({
      id_hash: hashToken(flowId),
      provider,
      state,
      nonce,
      code_verifier: codeVerifier,
      redirect_to: options.redirectTo,
      mode: options.mode,
      remember: options.remember ? 1 : 0,
      expires_at: Date.now() + FLOW_TTL_MS,
    })
    .execute();
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: callbackUrl(deps.config, provider),
    scope: "openid email profile",
    response_type: "code",
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: "S256",
    state,
    nonce,
  });
  return { url: url.href, flowId, maxAge: FLOW_TTL_MS / 1000 };
}

export type FlowResult = { mode: "sign-in" | "sign-up"; redirectTo: string; signedIn: SignedIn };

/** The flow a callback belongs to (used once: it is deleted as it is read). */
export async function takeFlow(deps: Deps, provider: ProviderId, flowId: string | undefined) {
  if (!flowId || flowId.length > 200) return undefined;
  const row = await deps.db.kysely
    .deleteFrom("oauth_flows")
    .where("id_hash", "=", hashToken(flowId))
    .returningAll()
    .executeTakeFirst();
  if (!row || row.provider !== provider || row.mode === ID_TOKEN_MODE || Number(row.expires_at) < Date.now()) return undefined;
  return row;
}

/**
 * A nonce for the ID-token door (POST /api/auth/social): the client asks for
 * one, has the provider put it in the ID token, and sends both. Stored hashed
 * and consumed by the sign-in, so each ID token works once.
 */
export async function issueIdTokenNonce(deps: Deps, provider: ProviderId, ip: string): Promise<{ nonce: string; expiresIn: number }> {
  settingsOrThrow(deps.config, provider);
  await admitNewFlow(deps, ip);
  const nonce = newToken();
  await deps.db.kysely
    .insertInto("oauth_flows")
    .values({
      id_hash: hashToken(nonce),
      provider,
      state: "",
      nonce: "",
      code_verifier: "",
      redirect_to: "",
      mode: ID_TOKEN_MODE,
      remember: 1,
      expires_at: Date.now() + ID_TOKEN_NONCE_TTL_MS,
    })
    .execute();
  return { nonce, expiresIn: ID_TOKEN_NONCE_TTL_MS / 1000 };
}

/** Uses up an issued nonce (one atomic delete): true when it was issued for this provider and had not expired. */
async function consumeIdTokenNonce(deps: Deps, provider: ProviderId, nonce: string): Promise<boolean> {
  if (nonce.length > 200) return false;
  const row = await deps.db.kysely
    .deleteFrom("oauth_flows")
    .where("id_hash", "=", hashToken(nonce))
    .where("mode", "=", ID_TOKEN_MODE)
    .returning(["provider", "expires_at"])
    .executeTakeFirst();
  return Boolean(row && row.provider === provider && Number(row.expires_at) >= Date.now());
}

/**
 * Finishes a sign-in at the callback: exchanges the code (with the PKCE
 * verifier) and checks state, nonce and the ID token's signature, issuer,
 * audience and expiry, then signs the identity in.
 */
export async function finishSocialFlow(
  deps: Deps,
  provider: ProviderId,
  search: string,
  flow: NonNullable<Awaited<ReturnType<typeof takeFlow>>>,
): Promise<FlowResult> {
  const settings = settingsOrThrow(deps.config, provider);
  const { config } = await discover(settings);
  // The current URL is rebuilt from the configured public URL, never from the Host header.
  const current = new URL(`${callbackUrl(deps.config, provider)}${search}`);
  let claims: JWTPayload | undefined;
  try {
    const tokens = await oidc.authorizationCodeGrant(config, current, {
      pkceCodeVerifier: flow.code_verifier,
      expectedState: flow.state,
      expectedNonce: flow.nonce,
      idTokenExpected: true,
    });
    claims = tokens.claims();
  } catch (error) {
    throw new SocialAuthError("provider", describe(error));
  }
  if (!claims) throw new SocialAuthError("token", "no ID token");
  const signedIn = await signInWithClaims(deps, provider, claims, flow.remember === 1);
  return { mode: flow.mode === "sign-up" ? "sign-up" : "sign-in", redirectTo: flow.redirect_to, signedIn };
}

/** POST /api/auth/social: an ID token the provider issued to this site's client, checked like the browser flow. */
export async function signInWithIdToken(deps: Deps, provider: ProviderId, idToken: string, nonce: string): Promise<SignedIn> {
  const settings = settingsOrThrow(deps.config, provider);
  const { config, jwks } = await discover(settings);
  const issuerTemplate = config.serverMetadata().issuer;
  let payload: JWTPayload;
  try {
    const unverified = decodeJwt(idToken);
    // Microsoft's multi-tenant issuer names the tenant of each token.
    const expectedIssuer = issuerTemplate.includes("{tenantid}")
      ? issuerTemplate.replace("{tenantid}", String(unverified.tid ?? ""))
      : issuerTemplate;
    ({ payload } = await jwtVerify(idToken, jwks, {
      issuer: expectedIssuer,
      audience: settings.clientId,
      requiredClaims: ["sub", "exp", "iat"],
      algorithms: ["RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA"],
      clockTolerance: 30,
    }));
  } catch (error) {
    throw new SocialAuthError("token", (error as Error).message);
  }
  if (Array.isArray(payload.aud) && payload.aud.length > 1 && payload.azp !== settings.clientId) {
    throw new SocialAuthError("token", "azp does not name this client");
  }
  // The token must carry a nonce this server issued, not used before: a token without one, or sent twice, is refused.
  if (typeof payload.nonce !== "string" || payload.nonce !== nonce) {
    throw new SocialAuthError("nonce", payload.nonce === undefined ? "the ID token has no nonce" : "nonce mismatch");
  }
  if (!(await consumeIdTokenNonce(deps, provider, nonce))) {
    throw new SocialAuthError("nonce", "the nonce was not issued here, has expired or was already used");
  }
  return signInWithClaims(deps, provider, payload, true);
}

function str(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
}

/**
 * Accounts are keyed by the provider's subject (and tenant for Microsoft). A
 * first sign-in links to an existing account with the same e-mail, or creates
 * one, only when the provider says the e-mail is verified.
 */
async function signInWithClaims(deps: Deps, provider: ProviderId, claims: JWTPayload, persistent: boolean): Promise<SignedIn> {
  const sub = str(claims.sub);
  if (!sub) throw new SocialAuthError("token", "no subject");
  const subject = provider === "microsoft" ? `${str(claims.tid) ?? "unknown-tenant"}:${sub}` : sub;
  const { kysely } = deps.db;

  const identity = await kysely
    .selectFrom("social_identities")
    .select("user_id")
    .where("provider", "=", provider)
    .where("subject", "=", subject)
    .executeTakeFirst();
  if (identity) {
    const row = await findUserById(deps, identity.user_id);
    if (row) {
      const signedIn = await startSession(deps, row, persistent);
      securityEvent(deps, "auth.sign-in", { method: provider, userId: row.id, access: row.access });
      return signedIn;
    }
  }

  const email = str(claims.email) ?? (provider === "microsoft" ? str(claims.preferred_username) : undefined);
  if (!email || !email.includes("@")) throw new SocialAuthError("no-email", "the ID token has no e-mail");
  // Microsoft marks a verified address with xms_edov (domain owner verified) rather than email_verified.
  const verified = claims.email_verified === true || claims.email_verified === "true" || claims.xms_edov === true;
  if (!verified) throw new SocialAuthError("unverified-email", "the provider does not say the e-mail is verified");

  const now = Date.now();
  let row: UserRow | undefined = await findUserByEmail(deps, email);
  const created = !row;
  if (!row) {
    const picture = str(claims.picture);
    const name =
      str(claims.name) ?? ([str(claims.given_name), str(claims.family_name)].filter(Boolean).join(" ") || email.split("@")[0]!);
    row = {
      id: newUserId(),
      email,
      email_normalized: normalizeEmail(email),
      name: cleanPersonName(name) || email.split("@")[0]!.slice(0, 100),
      role: "user",
      access: "user",
      industry: DEFAULT_INDUSTRY,
      company: "",
      password_hash: null,
      email_verified_at: now,
      profile_picture: picture && /^https:\/\//.test(picture) ? picture.slice(0, 1000) : null,
      created_at: now,
      last_login_at: now,
    };
    await kysely.insertInto("users").values(row).execute();
  } else if (row.email_verified_at === null) {
    // The provider vouches for the address, but nobody ever proved owning it to us: whoever registered it may be
    // somebody else (a pre-account takeover). The mailbox's owner gets the account without the registrant's
    // credentials: the password is removed, every session and pending link ends, then the address counts as verified.
    const reclaimed = await reclaimUnverifiedAccount(deps, row, { verifiedAt: now, now });
    securityEvent(
      deps,
      "account.reclaimed",
      { userId: row.id, via: provider, ...reclaimed },
      "social sign-in claimed an account whose e-mail was never verified: password removed, every session ended",
    );
    row = { ...row, email_verified_at: now, password_hash: null };
  }
  await kysely
    .insertInto("social_identities")
    .values({ provider, subject, user_id: row.id, email, created_at: now })
    .onConflict((oc) => oc.columns(["provider", "subject"]).doNothing())
    .execute();
  deps.log.info({ userId: row.id, provider }, "social sign-in linked");
  const signedIn = await startSession(deps, row, persistent);
  securityEvent(deps, "auth.sign-in", { method: provider, userId: row.id, access: row.access, created });
  // A first social sign-in is a sign-up: the business is told in the background (issue 41).
  if (created) notifySignUpInBackground(deps, row.id);
  return created ? { ...signedIn, created: true } : signedIn;
}

/** An openid-client error with its codes and causes, for the log (the visitor only sees the spec's message). */
function describe(error: unknown): string {
  const parts: string[] = [];
  let current = error as { message?: string; code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && typeof current === "object" && depth < 4; depth++) {
    parts.push([current.code, current.message].filter(Boolean).join(" "));
    current = current.cause as typeof current;
  }
  return parts.join(" <- ");
}
