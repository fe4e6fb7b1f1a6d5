import { generateKeyPairSync } from "node:crypto";
import { SignJWT, decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { flushAnalytics } from "../../server/services/analytics/record";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { alterSignature, startTestOidcProvider, type TestClient, type TestOidcProvider } from "../helpers/oidc-provider";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PUBLIC_URL = "http://localhost:3999";
const SITE_CLIENT: TestClient = {
  clientId: "wise-parrot-site",
  clientSecret: "site-secret-0123456789",
  redirectUris: [`${PUBLIC_URL}/api/auth/google/callback`, `${PUBLIC_URL}/api/auth/microsoft/callback`],
};
const OTHER_CLIENT: TestClient = {
  clientId: "some-other-app",
  clientSecret: "other-secret-0123456789",
  redirectUris: ["http://127.0.0.1:1/cb"],
};

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

describe.each(testDatabaseKinds())("Google and Microsoft sign-in against a real OpenID Connect provider on %s", (kind) => {
  let t: TestDatabase;
  let idp: TestOidcProvider;
  let app: Awaited<ReturnType<typeof createApp>>;
  let deps: ReturnType<typeof testDeps>;
  let subCounter = 0;

  const nextAccount = (overrides: Json = {}): Json & { sub: string; email: string } => {
    subCounter += 1;
    return { sub: `${kind}-sub-${subCounter}`, email: `social.${kind}.${subCounter}@example.com`, email_verified: true, name: "Meera Shah", ...overrides };
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    idp = await startTestOidcProvider([SITE_CLIENT, OTHER_CLIENT]);
    deps = testDeps(t.db, {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: SITE_CLIENT.clientId,
      GOOGLE_CLIENT_SECRET: SITE_CLIENT.clientSecret,
      GOOGLE_ISSUER: idp.issuer,
      MICROSOFT_CLIENT_ID: SITE_CLIENT.clientId,
      MICROSOFT_CLIENT_SECRET: SITE_CLIENT.clientSecret,
      MICROSOFT_ISSUER: idp.issuer,
    });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await idp.close();
    await t.drop();
  });

  // Each start is a stored flow counted per client address: every request comes from its own address (the socket's
  // peer, as Node's adapter passes it), so the flow limit (tested on its own in auth-security.test.ts) stays out of the way.
  let ipCounter = 0;
  const fromNewAddress = () => ({ incoming: { socket: { remoteAddress: `192.0.2.${++ipCounter}` } } });

  /** Runs the browser flow: start → provider (login completes by itself) → callback. Returns the callback's answer. */
  async function browserFlow(
    provider: "google" | "microsoft",
    { mode = "sign-in", tamper, callbackQuery }: { mode?: string; tamper?: () => void; callbackQuery?: (q: URLSearchParams) => void } = {},
  ) {
    const start = await app.request(`/api/auth/${provider}/start?mode=${mode}&redirectTo=%2Ftemplates%3Ftab%3D1`, {}, fromNewAddress());
    expect(start.status).toBe(302);
    const flowCookie = start.headers.get("set-cookie")!.split(";")[0]!;
    expect(start.headers.get("set-cookie")).toMatch(/HttpOnly/);
    const authUrl = new URL(start.headers.get("location")!);
    expect(authUrl.origin).toBe(idp.issuer);
    expect(authUrl.searchParams.get("code_challenge_method")).toBe("S256");
    expect(authUrl.searchParams.get("state")).toBeTruthy();
    expect(authUrl.searchParams.get("nonce")).toBeTruthy();
    const back = await idp.authorize(authUrl.href);
    expect(`${back.origin}${back.pathname}`).toBe(`${PUBLIC_URL}/api/auth/${provider}/callback`);
    callbackQuery?.(back.searchParams);
    tamper?.();
    const callback = await app.request(`/api/auth/${provider}/callback?${back.searchParams}`, { headers: { cookie: flowCookie, "user-agent": BROWSER } });
    expect(callback.status).toBe(302);
    const sessionCookie = callback.headers
      .getSetCookie()
      .find((c) => c.startsWith("wp_session=") && !c.startsWith("wp_session=;"));
    return { location: callback.headers.get("location")!, sessionCookie: sessionCookie?.split(";")[0] };
  }

  async function profileWith(cookie: string) {
    const res = await app.request("/api/auth/profile", { headers: { cookie } });
    return { status: res.status, json: (await res.json()) as Json };
  }

  it("signs a new user in with Google: account keyed by the subject, session cookie, spec's success page", async () => {
    const account = nextAccount({ picture: "https://images.example.com/meera.png" });
    idp.setAccount(account);
    const { location, sessionCookie } = await browserFlow("google");
    expect(location).toBe("/sign-in?social=google&status=success&redirectTo=%2Ftemplates%3Ftab%3D1");
    expect(sessionCookie).toBeTruthy();
    const { status, json } = await profileWith(sessionCookie!);
    expect(status).toBe(200);
    expect(json.user).toMatchObject({ email: account.email, name: "Meera Shah", role: "user", emailVerified: true, profilePicture: account.picture });
    const identity = await t.db.kysely.selectFrom("social_identities").selectAll().where("subject", "=", account.sub).executeTakeFirst();
    expect(identity).toMatchObject({ provider: "google", user_id: json.user._id });

    // Signing in again (even after the e-mail changed at the provider) finds the same account by subject.
    idp.setAccount({ ...account, email: `changed.${account.email}` });
    const again = await browserFlow("google");
    expect((await profileWith(again.sessionCookie!)).json.user._id).toBe(json.user._id);
  });

  it("a first social sign-in is a sign-up goal on the page the flow began on; signing in again is not", async () => {
    const signups = async () =>
      (await t.db.kysely.selectFrom("analytics_events").select(["path"]).where("name", "=", "signup").execute()).map((r) => r.path);
    await flushAnalytics(t.db);
    const before = await signups();
    const account = nextAccount();
    idp.setAccount(account);
    await browserFlow("google", { mode: "sign-up" });
    await flushAnalytics(t.db);
    expect(await signups()).toEqual([...before, "/get-started"]);
    await browserFlow("google", { mode: "sign-up" });
    await flushAnalytics(t.db);
    expect(await signups()).toEqual([...before, "/get-started"]);
  });

  it("keys Microsoft identities by tenant and subject, and uses the sign-up page for sign-up", async () => {
    const account = nextAccount({ tid: "tenant-a" });
    idp.setAccount(account);
    const { location, sessionCookie } = await browserFlow("microsoft", { mode: "sign-up" });
    expect(location).toMatch(/^\/get-started\?social=microsoft&status=success/);
    expect((await profileWith(sessionCookie!)).status).toBe(200);
    const identity = await t.db.kysely.selectFrom("social_identities").selectAll().where("provider", "=", "microsoft").where("subject", "=", `tenant-a:${account.sub}`).executeTakeFirst();
    expect(identity).toBeTruthy();
  });

  it("links to an existing e-mail account only when the provider says the e-mail is verified", async () => {
    const email = `existing.${kind}@example.com`;
    const reg = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Existing", email, password: "existing password", company: "Co", industry: "Education", role: "user" }),
    });
    const { user } = (await reg.json()) as Json;

    idp.setAccount(nextAccount({ email: email.toUpperCase(), email_verified: false }));
    const refused = await browserFlow("google");
    expect(refused.location).toBe("/sign-in?social=google&status=failed&redirectTo=%2Ftemplates%3Ftab%3D1");
    expect(refused.sessionCookie).toBeUndefined();
    expect(await t.db.kysely.selectFrom("social_identities").selectAll().where("user_id", "=", user._id).execute()).toHaveLength(0);

    idp.setAccount(nextAccount({ email, email_verified: true }));
    const linked = await browserFlow("google");
    const profile = await profileWith(linked.sessionCookie!);
    expect(profile.json.user).toMatchObject({ _id: user._id, industry: "Education", emailVerified: true });
  });

  it("S2: a verified Google identity takes an unverified account away from whoever registered it (password and sessions end)", async () => {
    // The attacker registers the victim's address first (never verified) and keeps the session.
    const email = `victim.${kind}@example.com`;
    const password = "attacker chosen secret";
    const reg = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "Not The Victim", email, password, company: "Co", industry: "Education", role: "user" }),
    }, fromNewAddress());
    expect(reg.status).toBe(201);
    const attacker = (await reg.json()) as Json;
    const attackerAuth = { authorization: `Bearer ${attacker.token}` };
    expect((await app.request("/api/auth/profile", { headers: attackerAuth })).status).toBe(200);

    // The victim, who owns the mailbox, signs in with Google later.
    idp.setAccount(nextAccount({ email, email_verified: true }));
    const victim = await browserFlow("google");
    const profile = await profileWith(victim.sessionCookie!);
    expect(profile.json.user).toMatchObject({ _id: attacker.user._id, emailVerified: true });

    // The attacker's session and password no longer work; the victim's session does.
    expect((await app.request("/api/auth/profile", { headers: attackerAuth })).status).toBe(401);
    const login = await app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    }, fromNewAddress());
    expect(login.status).toBe(401);
    expect((await profileWith(victim.sessionCookie!)).status).toBe(200);
    const row = await t.db.kysely.selectFrom("users").select("password_hash").where("id", "=", attacker.user._id).executeTakeFirstOrThrow();
    expect(row.password_hash).toBeNull();
    expect(deps.logs.text).toMatch(/e-mail was never verified: password removed, every session ended/);
  });

  it("refuses an unverified e-mail for a new account too", async () => {
    idp.setAccount(nextAccount({ email_verified: false }));
    const { location, sessionCookie } = await browserFlow("google", { mode: "sign-up" });
    expect(location).toMatch(/^\/get-started\?social=google&status=failed/);
    expect(sessionCookie).toBeUndefined();
  });

  it("refuses a callback with a bad state", async () => {
    idp.setAccount(nextAccount());
    const { location, sessionCookie } = await browserFlow("google", { callbackQuery: (q) => q.set("state", "forged-state") });
    expect(location).toMatch(/status=failed/);
    expect(sessionCookie).toBeUndefined();
    expect(deps.logs.lines.filter((l) => l.includes("social sign-in refused")).at(-1)).toMatch(/state/i);
  });

  it("refuses a callback without the flow cookie (a login CSRF) and a replayed callback", async () => {
    idp.setAccount(nextAccount());
    const start = await app.request("/api/auth/google/start", {}, fromNewAddress());
    const flowCookie = start.headers.get("set-cookie")!.split(";")[0]!;
    const back = await idp.authorize(start.headers.get("location")!);
    const noCookie = await app.request(`/api/auth/google/callback?${back.searchParams}`);
    expect(noCookie.headers.get("location")).toMatch(/status=failed/);
    const ok = await app.request(`/api/auth/google/callback?${back.searchParams}`, { headers: { cookie: flowCookie } });
    expect(ok.headers.get("location")).toMatch(/status=success/);
    const replay = await app.request(`/api/auth/google/callback?${back.searchParams}`, { headers: { cookie: flowCookie } });
    expect(replay.headers.get("location")).toMatch(/status=failed/);
  });

  it("refuses an ID token whose signature does not verify", async () => {
    idp.setAccount(nextAccount());
    const { location, sessionCookie } = await browserFlow("google", { tamper: () => idp.tamperNextIdTokenSignature() });
    expect(location).toMatch(/status=failed/);
    expect(sessionCookie).toBeUndefined();
    expect(deps.logs.lines.filter((l) => l.includes("social sign-in refused")).at(-1)).toMatch(/signature/i);
  });

  it("keeps the redirect target on this site", async () => {
    const start = await app.request("/api/auth/google/start?redirectTo=https%3A%2F%2Fevil.example%2F", {}, fromNewAddress());
    const flowCookie = start.headers.get("set-cookie")!.split(";")[0]!;
    idp.setAccount(nextAccount());
    const back = await idp.authorize(start.headers.get("location")!);
    const cb = await app.request(`/api/auth/google/callback?${back.searchParams}`, { headers: { cookie: flowCookie } });
    expect(cb.headers.get("location")).toBe("/sign-in?social=google&status=success");
  });

  describe("POST /api/auth/social with an ID token", () => {
    const post = (body: Json, path = "/api/auth/social") =>
      app.request(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }, fromNewAddress());
    /** A nonce issued by the site (POST /api/auth/social/nonce), as a client asks for one before the provider's sign-in. */
    const issuedNonce = async (provider = "google") => {
      const res = await post({ provider }, "/api/auth/social/nonce");
      expect(res.status).toBe(200);
      return ((await res.json()) as Json).nonce as string;
    };

    it("accepts a provider-issued token for this site's client, with the nonce the site issued", async () => {
      const account = nextAccount();
      idp.setAccount(account);
      const nonce = await issuedNonce();
      const idToken = await idp.obtainIdToken(SITE_CLIENT, { nonce });
      const res = await post({ provider: "google", idToken, nonce });
      expect(res.status).toBe(200);
      const json = (await res.json()) as Json;
      expect(json).toMatchObject({ success: true, message: "Successfully signed in with Google! Redirecting...", token: expect.any(String) });
      expect(json.user.email).toBe(account.email);
      const profile = await app.request("/api/auth/profile", { headers: { authorization: `Bearer ${json.token}` } });
      expect(profile.status).toBe(200);

      // Without the nonce it was issued with, the same token is refused.
      expect((await post({ provider: "google", idToken })).status).toBe(400);
      expect((await post({ provider: "google", idToken, nonce: "other" })).status).toBe(401);
    });

    it("S8: refuses a token without a nonce, one with a nonce the site never issued, and the same token twice", async () => {
      idp.setAccount(nextAccount());
      const bare = await idp.obtainIdToken(SITE_CLIENT);
      const noNonce = await post({ provider: "google", idToken: bare });
      expect(noNonce.status).toBe(400);
      expect(await noNonce.json()).toMatchObject({ success: false, field: "nonce" });
      // A nonce in the body that the token does not carry.
      const issued = await issuedNonce();
      expect((await post({ provider: "google", idToken: bare, nonce: issued })).status).toBe(401);

      // A nonce the client made up itself: the token carries it, but the site never issued it.
      const madeUp = await idp.obtainIdToken(SITE_CLIENT, { nonce: "client-made-nonce" });
      const refused = await post({ provider: "google", idToken: madeUp, nonce: "client-made-nonce" });
      expect(refused.status).toBe(401);
      expect(await refused.json()).toMatchObject({ reason: "nonce" });

      // An issued nonce works once: the same token replayed is refused.
      const nonce = await issuedNonce();
      const idToken = await idp.obtainIdToken(SITE_CLIENT, { nonce });
      expect((await post({ provider: "google", idToken, nonce })).status).toBe(200);
      const replay = await post({ provider: "google", idToken, nonce });
      expect(replay.status).toBe(401);
      expect(await replay.json()).toMatchObject({ reason: "nonce" });
      // A nonce issued for Google does not serve Microsoft.
      const googleNonce = await issuedNonce("google");
      const other = await idp.obtainIdToken(SITE_CLIENT, { nonce: googleNonce });
      expect((await post({ provider: "microsoft", idToken: other, nonce: googleNonce })).status).toBe(401);
    });

    it("refuses a token issued to another client (wrong audience)", async () => {
      idp.setAccount(nextAccount());
      const nonce = await issuedNonce();
      const idToken = await idp.obtainIdToken(OTHER_CLIENT, { nonce });
      expect(decodeJwt(idToken).aud).toBe(OTHER_CLIENT.clientId);
      const res = await post({ provider: "google", idToken, nonce });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ success: false, message: "Google Sign-In failed. Please try again." });
    });

    it("refuses a token with an altered signature, and one signed by another key", async () => {
      idp.setAccount(nextAccount());
      const nonce = await issuedNonce();
      const idToken = await idp.obtainIdToken(SITE_CLIENT, { nonce });
      expect((await post({ provider: "google", idToken: alterSignature(idToken), nonce })).status).toBe(401);

      const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
      const forgedNonce = await issuedNonce("microsoft");
      const forged = await new SignJWT({ email: "victim@example.com", email_verified: true, nonce: forgedNonce })
        .setProtectedHeader({ alg: "RS256", kid: "test-key-1" })
        .setIssuer(idp.issuer)
        .setAudience(SITE_CLIENT.clientId)
        .setSubject("attacker")
        .setIssuedAt()
        .setExpirationTime("5m")
        .sign(privateKey);
      expect((await post({ provider: "microsoft", idToken: forged, nonce: forgedNonce })).status).toBe(401);
    });

    it("refuses an unverified e-mail", async () => {
      idp.setAccount(nextAccount({ email_verified: false }));
      const nonce = await issuedNonce();
      const idToken = await idp.obtainIdToken(SITE_CLIENT, { nonce });
      const res = await post({ provider: "google", idToken, nonce });
      expect(res.status).toBe(401);
      expect(await res.json()).toMatchObject({ reason: "unverified-email" });
    });
  });
});
