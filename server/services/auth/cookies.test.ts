import { describe, expect, it } from "vitest";
import { testConfig } from "../../../tests/helpers/deps";
import { clearSessionCookies, readSessionToken, sessionCookieName, sessionCookies } from "./cookies";

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax over http, with a readable hint beside them", () => {
    const config = testConfig({ PUBLIC_URL: "http://localhost:3000" });
    const [session, hint] = sessionCookies(config, "tok", 3600);
    expect(session).toBe("wp_session=tok; Path=/; SameSite=Lax; HttpOnly; Max-Age=3600");
    expect(hint).toBe("wp_signed_in=1; Path=/; SameSite=Lax; Max-Age=3600");
  });

  it("are Secure with the __Host- prefix when the public URL is https", () => {
    const config = testConfig({ PUBLIC_URL: "https://wise-parrot.example.com" });
    const [session, hint] = sessionCookies(config, "tok", undefined);
    expect(session).toBe("__Host-wp_session=tok; Path=/; SameSite=Lax; HttpOnly; Secure");
    expect(hint).toContain("Secure");
    expect(sessionCookieName(config)).toBe("__Host-wp_session");
  });

  it("without 'Remember me' last only for the browser session (no Max-Age)", () => {
    const [session] = sessionCookies(testConfig(), "tok", undefined);
    expect(session).not.toMatch(/Max-Age|Expires/);
  });

  it("are cleared with Max-Age=0 and read back from a Cookie header", () => {
    const config = testConfig();
    expect(clearSessionCookies(config).every((c) => c.endsWith("Max-Age=0"))).toBe(true);
    expect(readSessionToken(config, "a=1; wp_session=abc; wp_signed_in=1")).toBe("abc");
    expect(readSessionToken(config, "wp_session_x=abc")).toBeUndefined();
    expect(readSessionToken(config, undefined)).toBeUndefined();
  });
});
