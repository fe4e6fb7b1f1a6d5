import { AUTH_MESSAGES } from "../../shared/content/auth";
import { freePort } from "../helpers/built-server";
import { startTestOidcProvider } from "../helpers/oidc-provider";
import { expectAccessible } from "./a11y";
import { expect, test } from "./fixtures";

// A real OpenID Connect provider on 127.0.0.1 stands in for Google; the site's
// server gets its issuer and client credentials, on a port known in advance
// so the provider can list the callback as the client's redirect URI.
const port = await freePort();
const siteUrl = `http://127.0.0.1:${port}`;
const client = { clientId: "wise-parrot-e2e", clientSecret: "e2e-secret-0123456789", redirectUris: [`${siteUrl}/api/auth/google/callback`] };
const idp = await startTestOidcProvider([client]);

test.use({
  serverEnv: {
    PORT: String(port),
    GOOGLE_CLIENT_ID: client.clientId,
    GOOGLE_CLIENT_SECRET: client.clientSecret,
    GOOGLE_ISSUER: idp.issuer,
  },
});

test.afterAll(async () => {
  await idp.close();
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => window.sessionStorage.setItem("hasSeenSplash", "true"));
  // Still banners: axe must not measure contrast halfway through the shell's fade-in of a rotating message.
  await page.emulateMedia({ reducedMotion: "reduce" });
});

test("Continue with Google: through the provider and back, the spec's message, then /templates", async ({ page }) => {
  idp.setAccount({ sub: "e2e-google-1", email: "meera.e2e@example.com", email_verified: true, name: "Meera Shah" });
  await page.goto("/sign-in");
  // Microsoft has no credentials in this run, so it has no button at all; Google is a real link under the heading.
  await expect(page.getByText("Or continue with")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Microsoft" })).toHaveCount(0);
  await expect(page.getByText(AUTH_MESSAGES.socialNotConfigured("Microsoft"))).toHaveCount(0);
  const google = page.getByRole("main").getByRole("link", { name: "Google" });
  await expect(google).toHaveAttribute("href", "/api/auth/google/start?mode=sign-in");
  await expectAccessible(page);
  await google.click();
  await expect(page.getByText(AUTH_MESSAGES.socialSuccess("Google"))).toBeVisible();
  await expect(page).toHaveURL(/\/templates$/);
  await expect(page.getByRole("heading", { level: 1, name: "Welcome, Meera!" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Signed in as Meera Shah" })).toBeVisible();
});

test("a provider e-mail that is not verified: the spec's failure message on the sign-up page", async ({ page }) => {
  idp.setAccount({ sub: "e2e-google-2", email: "unverified.e2e@example.com", email_verified: false, name: "Unverified" });
  await page.goto("/get-started");
  await page.getByRole("main").getByRole("link", { name: "Google" }).click();
  await expect(page).toHaveURL(/\/get-started\?social=google&status=failed$/);
  await expect(page.getByText(AUTH_MESSAGES.socialSignUpFailed("Google"))).toBeVisible();
  await page.goto("/templates");
  await expect(page).toHaveURL(/\/sign-in\?redirectTo=%2Ftemplates$/);
});
