import { Hono, type Context } from "hono";
import { type Locale, localeOfPath, localePath } from "../../shared/i18n";
import { AUTH_MESSAGES } from "../../shared/content/auth";
import {
  ChangePasswordSchema,
  LoginSchema,
  ProfileUpdateSchema,
  RegisterSchema,
  ResetConfirmSchema,
  ResetRequestSchema,
  SocialNonceSchema,
  SocialSchema,
  VerifyEmailSchema,
} from "../../shared/schemas/auth";
import type { AppEnv } from "../context";
import { HttpError, readJson } from "../http/errors";
import {
  confirmPasswordReset,
  registerUser,
  requestPasswordReset,
  resendVerification,
  signIn,
  updateProfile,
  userForSession,
  verifyEmail,
  type PublicUser,
} from "../services/auth/accounts";
import { clearSessionCookies, deviceCookie, oauthFlowCookie, sessionCookies, sessionTokenOf } from "../http/cookies";
import { notFound, unauthorized, unavailable } from "../services/errors";
import { changePassword } from "../services/auth/password-change";
import { revokeSession } from "../services/auth/sessions";
import { landingAfterSignIn, staffAccessOf } from "../services/staff/access";
import {
  finishSocialFlow,
  isProviderId,
  issueIdTokenNonce,
  signInWithIdToken,
  SocialAuthError,
  startSocialFlow,
  takeFlow,
} from "../services/auth/social";
import { PROVIDERS } from "../../shared/content/auth";
import { safeRedirect } from "../../shared/schemas/auth";
import { recordGoal } from "../http/page-views";
import { securityEvent } from "../services/security-events";

/**
 * /api/auth: the spec's account endpoints. Clients authenticate with
 * `Authorization: Bearer <token>`; the web app's session cookie is accepted
 * too (cross-site writes are already refused globally). Every answer is
 * `no-store`: they carry tokens or personal data.
 */
export function createAuthRouter(): Hono<AppEnv> {
  const auth = new Hono<AppEnv>();

  auth.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
  });

  auth.post("/register", async (c) => {
    const input = await readJson(c, RegisterSchema);
    const { user, session } = await registerUser(c.get("deps"), input, { ip: c.get("clientIp"), locale: input.locale });
    recordGoal(c.get("deps"), "signup", c.req.raw, c.get("clientIp"));
    return c.json({ success: true, message: "Account created successfully", user, token: session.token }, 201);
  });

  auth.post("/login", async (c) => {
    const input = await readJson(c, LoginSchema);
    const deps = c.get("deps");
    const deviceToken = deviceCookie.read(deps.config, c.req.header("cookie"));
    const { user, session, deviceToken: device } = await signIn(deps, input, { ip: c.get("clientIp"), deviceToken });
    c.header("Set-Cookie", deviceCookie.write(deps.config, device), { append: true });
    return c.json({ success: true, message: "Successfully signed in", user, token: session.token });
  });

  auth.post("/signout", async (c) => {
    const deps = c.get("deps");
    await revokeSession(deps, sessionTokenOf(deps.config, c.req.raw.headers));
    for (const cookie of clearSessionCookies(deps.config)) c.header("Set-Cookie", cookie, { append: true });
    return c.json({ success: true, message: AUTH_MESSAGES.signedOut });
  });

  auth.get("/profile", async (c) => {
    const user = await requireUser(c);
    return c.json({ success: true, user });
  });

  auth.put("/profile", async (c) => {
    const current = await requireUser(c);
    const changes = await readJson(c, ProfileUpdateSchema);
    const user = await updateProfile(c.get("deps"), current._id, changes);
    return c.json({ success: true, message: AUTH_MESSAGES.profileSaved, user });
  });

  /** A signed-in person's new password: the current one required; every other session ends, this one stays. */
  auth.post("/password", async (c) => {
    const current = await requireUser(c);
    const input = await readJson(c, ChangePasswordSchema);
    const deps = c.get("deps");
    await changePassword(deps, current._id, sessionTokenOf(deps.config, c.req.raw.headers)!, input);
    return c.json({ success: true, message: AUTH_MESSAGES.passwordChanged });
  });

  /** The signed-in user of the web app's cookie, for the header (asked only when the hint cookie says so). */
  auth.get("/session", async (c) => {
    const deps = c.get("deps");
    const user = await userForSession(deps, sessionTokenOf(deps.config, c.req.raw.headers));
    // 200 either way: asking "who am I" is not an error, and browsers log failed fetches as console errors.
    if (!user) {
      for (const cookie of clearSessionCookies(deps.config)) c.header("Set-Cookie", cookie, { append: true });
      return c.json({ success: true, user: null });
    }
    // `studio`: the header shows staff a link to the studio (decided here, so shared pages stay one body for all).
    return c.json({ success: true, user, studio: (await staffAccessOf(deps, user._id)) !== null });
  });

  auth.post("/reset-password", async (c) => {
    const { email, locale } = await readJson(c, ResetRequestSchema);
    await requestPasswordReset(c.get("deps"), email, c.get("clientIp"), locale);
    return c.json({ success: true, message: AUTH_MESSAGES.resetRequested });
  });

  auth.post("/reset-password/confirm", async (c) => {
    const { token, password } = await readJson(c, ResetConfirmSchema);
    await confirmPasswordReset(c.get("deps"), token, password);
    return c.json({ success: true, message: AUTH_MESSAGES.resetDone });
  });

  auth.post("/verify-email", async (c) => {
    const { token } = await readJson(c, VerifyEmailSchema);
    const user = await verifyEmail(c.get("deps"), token);
    return c.json({ success: true, message: AUTH_MESSAGES.verifyDone, user });
  });

  auth.post("/verify-email/resend", async (c) => {
    const user = await requireUser(c);
    await resendVerification(c.get("deps"), user._id, c.get("clientIp"));
    return c.json({ success: true, message: AUTH_MESSAGES.verificationSent });
  });

  /** A single-use nonce for POST /social: the provider puts it in the ID token, and the token then works once. */
  auth.post("/social/nonce", async (c) => {
    const { provider } = await readJson(c, SocialNonceSchema);
    const deps = c.get("deps");
    try {
      const { nonce, expiresIn } = await issueIdTokenNonce(deps, provider, c.get("clientIp"));
      return c.json({ success: true, nonce, expiresIn });
    } catch (error) {
      if (error instanceof SocialAuthError && error.reason === "not-configured") {
        throw unavailable(AUTH_MESSAGES.socialNotConfigured(PROVIDERS[provider]));
      }
      throw error;
    }
  });

  auth.post("/social", async (c) => {
    const { provider, idToken, nonce } = await readJson(c, SocialSchema);
    const deps = c.get("deps");
    try {
      const { user, session, created } = await signInWithIdToken(deps, provider, idToken, nonce);
      if (created) recordGoal(deps, "signup", c.req.raw, c.get("clientIp"));
      return c.json({ success: true, message: AUTH_MESSAGES.socialSuccess(PROVIDERS[provider]), user, token: session.token });
    } catch (error) {
      if (!(error instanceof SocialAuthError)) throw error;
      deps.log.warn({ event: "auth.sign-in.failed", method: provider, reason: error.reason, err: { message: error.message } }, "social sign-in refused");
      if (error.reason === "not-configured") throw unavailable(AUTH_MESSAGES.socialNotConfigured(PROVIDERS[provider]));
      if (error.reason === "provider") throw unavailable(AUTH_MESSAGES.socialSignInFailed(PROVIDERS[provider]));
      throw unauthorized(AUTH_MESSAGES.socialSignInFailed(PROVIDERS[provider]), { reason: error.reason });
    }
  });

  /**
   * The browser flow for Google and Microsoft: start → the provider → callback
   * → back to the page the visitor came from, which shows the spec's message.
   * Plain links (GET), because the page's form-action CSP would block a form
   * post that redirects to the provider.
   */
  auth.get("/:provider/start", async (c) => {
    const provider = c.req.param("provider");
    if (!isProviderId(provider)) throw notFound("Unknown sign-in provider.");
    const deps = c.get("deps");
    const mode = c.req.query("mode") === "sign-up" ? "sign-up" : "sign-in";
    const redirectTo = safeRedirect(c.req.query("redirectTo"));
    try {
      const flow = await startSocialFlow(deps, provider, { mode, redirectTo, remember: c.req.query("remember") !== "0" }, c.get("clientIp"));
      c.header("Set-Cookie", oauthFlowCookie.write(deps.config, flow.flowId, { maxAge: flow.maxAge }));
      return c.redirect(flow.url, 302);
    } catch (error) {
      if (!(error instanceof SocialAuthError)) throw error;
      deps.log.warn({ provider, reason: error.reason, err: { message: error.message } }, "social sign-in could not start");
      return c.redirect(outcomeUrl(mode, provider, error.reason === "not-configured" ? "not-configured" : "failed", redirectTo), 302);
    }
  });

  auth.get("/:provider/callback", async (c) => {
    const provider = c.req.param("provider");
    if (!isProviderId(provider)) throw notFound("Unknown sign-in provider.");
    const deps = c.get("deps");
    c.header("Set-Cookie", oauthFlowCookie.clear(deps.config), { append: true });
    const flow = await takeFlow(deps, provider, oauthFlowCookie.read(deps.config, c.req.header("cookie")));
    if (!flow) {
      deps.log.warn({ event: "auth.sign-in.failed", method: provider, reason: "bad-flow" }, "social sign-in callback without a matching flow");
      return c.redirect(outcomeUrl("sign-in", provider, "failed", "/templates"), 302);
    }
    const mode = flow.mode === "sign-up" ? "sign-up" : "sign-in";
    try {
      const result = await finishSocialFlow(deps, provider, new URL(c.req.url).search, flow);
      // The provider's page sent the visitor here: the sign-up counts for the page the flow began on.
      if (result.signedIn.created) recordGoal(deps, "signup", c.req.raw, c.get("clientIp"), mode === "sign-up" ? "/get-started" : "/sign-in");
      for (const cookie of sessionCookies(deps.config, result.signedIn.session.token, result.signedIn.session.expiresInSeconds)) {
        c.header("Set-Cookie", cookie, { append: true });
      }
      // A flow that asked for no page (it carries the /templates default, or /hi/templates from a Hindi page): staff
      // land in the studio, everyone else on the templates page of the language the flow began in.
      const locale = localeOfPath(result.redirectTo);
      const landing =
        result.redirectTo === localePath("/templates", locale) ? inLanguage(await landingAfterSignIn(deps, result.signedIn.user._id, null), locale) : result.redirectTo;
      return c.redirect(outcomeUrl(mode, provider, "success", landing, locale), 302);
    } catch (error) {
      if (!(error instanceof SocialAuthError)) throw error;
      deps.log.warn({ event: "auth.sign-in.failed", method: provider, reason: error.reason, err: { message: error.message } }, "social sign-in refused");
      return c.redirect(outcomeUrl(mode, provider, "failed", flow.redirect_to, localeOfPath(flow.redirect_to)), 302);
    }
  });

  return auth;
}

/**
 * The page that shows how a social sign-in went (its banner reads `social` and `status`), in the language the flow
 * began in (a Hindi page asks to come back to a /hi page: issue 33).
 */
function outcomeUrl(mode: "sign-in" | "sign-up", provider: string, status: string, redirectTo: string, locale: Locale = "en"): string {
  const params = new URLSearchParams({ social: provider, status });
  if (redirectTo !== localePath("/templates", locale)) params.set("redirectTo", redirectTo);
  return `${localePath(`/${mode === "sign-up" ? "get-started" : "sign-in"}`, locale)}?${params}`;
}

/** A landing page in the flow's language; the studio (English only) as it is. */
function inLanguage(path: string, locale: Locale): string {
  return /^\/studio(?:[/?#]|$)/.test(path) ? path : localePath(path, locale);
}

async function requireUser(c: Context<AppEnv>): Promise<PublicUser> {
  const deps = c.get("deps");
  const token = sessionTokenOf(deps.config, c.req.raw.headers);
  const user = await userForSession(deps, token);
  if (!user) {
    // A token that is no live session (expired, signed out, guessed); asking without one is no event.
    if (token) securityEvent(deps, "auth.token.refused", { credential: c.req.header("authorization") ? "bearer" : "cookie" });
    throw new HttpError(401, AUTH_MESSAGES.notAuthenticated, {}, { "WWW-Authenticate": 'Bearer realm="api"' });
  }
  return user;
}
