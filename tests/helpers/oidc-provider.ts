import { createHash, generateKeyPairSync, randomBytes } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

/** The claims the provider puts in the next ID token it issues. */
export type TestAccount = {
  sub: string;
  email?: string;
  email_verified?: boolean;
  name?: string;
  picture?: string;
  tid?: string;
};

export type TestClient = { clientId: string; clientSecret: string; redirectUris: string[] };

export type TestOidcProvider = {
  /** http://127.0.0.1:<port>, for GOOGLE_ISSUER / MICROSOFT_ISSUER. */
  issuer: string;
  /** Who "signs in" at the provider next (the login step completes by itself). */
  setAccount(account: TestAccount): void;
  /** The next token response carries an ID token whose signature has been altered. */
  tamperNextIdTokenSignature(): void;
  /**
   * Follows an authorization URL through the provider (login and consent
   * complete by themselves) and returns the redirect back to the client:
   * its redirect_uri with code and state.
   */
  authorize(url: string): Promise<URL>;
  /** A genuine ID token from this provider for a client, through the full code flow. */
  obtainIdToken(client: TestClient, options?: { nonce?: string }): Promise<string>;
  close(): Promise<void>;
};

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1,
 * with the given clients (client_secret_post, PKCE required). Interactions
 * finish automatically as the account set with setAccount().
 */
export async function startTestOidcProvider(clients: TestClient[]): Promise<TestOidcProvider> {
  let account: TestAccount = { sub: "user-1", email: "oidc.user@example.com", email_verified: true, name: "Oidc User" };
  let tamper = false;

  const server = http.createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  // Never the reason a test process stays alive.
  server.unref();
  const { port } = server.address() as AddressInfo;
  const issuer = `http://127.0.0.1:${port}`;

  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: "jwk" }), kid: "test-key-1", use: "sig", alg: "RS256" };

  const provider = new Provider(issuer, {
    clients: clients.map((c) => ({
      client_id: c.clientId,
      client_secret: c.clientSecret,
      redirect_uris: c.redirectUris,
      grant_types: ["authorization_code"],
      response_types: ["code"],
      token_endpoint_auth_method: "client_secret_post",
    })),
    jwks: { keys: [jwk as never] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    // The e-mail and profile claims go in the ID token itself (as Google's do).
    conformIdTokenClaims: false,
    claims: { openid: ["sub"], email: ["email", "email_verified"], profile: ["name", "picture", "tid"] },
    features: { devInteractions: { enabled: false } },
    ttl: { Interaction: 600, Session: 3600, Grant: 3600, AccessToken: 600, IdToken: 600, AuthorizationCode: 60 },
    pkce: { required: () => true },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, id: string) {
      const current = account;
      return {
        accountId: id,
        async claims() {
          return { ...current, sub: id };
        },
      };
    },
  });
  provider.on("server_error", () => {});
  const handle = provider.callback();

  server.on("request", (req, res) => {
    const path = (req.url ?? "").split("?")[0] ?? "";
    const interaction = /^\/interaction\/([^/]+)$/.exec(path);
    if (interaction) {
      void finishInteraction(req, res).catch((error: unknown) => {
        res.statusCode = 500;
        res.end(String((error as Error).message));
      });
      return;
    }
    if (path === "/token" && req.method === "POST" && tamper) {
      tamper = false;
      alterIdTokenInResponse(res);
    }
    handle(req, res);
  });

  async function finishInteraction(req: http.IncomingMessage, res: http.ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    if (details.prompt.name === "login") {
      await provider.interactionFinished(req, res, { login: { accountId: account.sub } }, { mergeWithLastSubmission: false });
      return;
    }
    const grant = new provider.Grant({ accountId: String(details.session?.accountId), clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope ?? "openid"));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { consent: { grantId } }, { mergeWithLastSubmission: true });
  }

  async function authorize(url: string): Promise<URL> {
    const jar = new Map<string, string>();
    let next = new URL(url);
    for (let hop = 0; hop < 10; hop++) {
      if (next.origin !== issuer) return next;
      const response = await fetch(next, {
        redirect: "manual",
        headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join("; ") },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair] = line.split(";");
        const eq = pair!.indexOf("=");
        jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      const location = response.headers.get("location");
      if (!location) throw new Error(`provider answered ${response.status} without a redirect: ${await response.text()}`);
      next = new URL(location, next);
    }
    throw new Error("too many redirects at the provider");
  }

  return {
    issuer,
    setAccount(next) {
      account = next;
    },
    tamperNextIdTokenSignature() {
      tamper = true;
    },
    authorize,
    async obtainIdToken(client, { nonce } = {}) {
      const verifier = randomBytes(32).toString("base64url");
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      const redirectUri = client.redirectUris[0]!;
      const params = new URLSearchParams({
        client_id: client.clientId,
        response_type: "code",
        scope: "openid email profile",
        redirect_uri: redirectUri,
        state: randomBytes(8).toString("hex"),
        code_challenge: challenge,
        code_challenge_method: "S256",
        ...(nonce ? { nonce } : {}),
      });
      const back = await authorize(`${issuer}/auth?${params}`);
      const code = back.searchParams.get("code");
      if (!code) throw new Error(`no code in ${back.href}`);
      const response = await fetch(`${issuer}/token`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({
          grant_type: "authorization_code",
          code,
          redirect_uri: redirectUri,
          code_verifier: verifier,
          client_id: client.clientId,
          client_secret: client.clientSecret,
        }),
      });
      const body = (await response.json()) as { id_token?: string; error?: string };
      if (!body.id_token) throw new Error(`no id_token: ${JSON.stringify(body)}`);
      return body.id_token;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Changes one character in the middle of the ID token's signature (same length, so the JSON stays valid). */
export function alterSignature(jwt: string): string {
  const [h, p, s] = jwt.split(".") as [string, string, string];
  const i = Math.floor(s.length / 2);
  const swapped = s[i] === "A" ? "B" : "A";
  return `${h}.${p}.${s.slice(0, i)}${swapped}${s.slice(i + 1)}`;
}

function alterIdTokenInResponse(res: http.ServerResponse) {
  const end = res.end.bind(res) as (...args: unknown[]) => http.ServerResponse;
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    if (chunk && (typeof chunk === "string" || Buffer.isBuffer(chunk))) {
      const text = chunk.toString();
      try {
        const body = JSON.parse(text) as { id_token?: string };
        if (body.id_token) {
          const altered = JSON.stringify({ ...body, id_token: alterSignature(body.id_token) });
          if (!res.headersSent) res.setHeader("content-length", Buffer.byteLength(altered));
          return end(altered, ...rest.filter((r) => typeof r === "function"));
        }
      } catch {
        // not JSON: leave it alone
      }
    }
    return end(chunk, ...rest);
  }) as typeof res.end;
}
