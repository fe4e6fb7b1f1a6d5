import { describe, expect, it } from "vitest";
import { testConfig } from "../../tests/helpers/deps";
import {
  carriesSessionCookie,
  clearSessionCookies,
  contactSentCookie,
  type DeclaredCookie,
  deviceCookie,
  LONGEST_COOKIE_SECONDS,
  newVisitorId,
  oauthFlowCookie,
  sessionCookie,
  sessionCookies,
  sessionTokenOf,
  signedInHintCookie,
  visitorCookie,
  visitorOnlyCookieHeader,
} from "./cookies";

const http = testConfig({ PUBLIC_URL: "http://127.0.0.1:3000" });
const https = testConfig({ PUBLIC_URL: "https://wise-parrot.example.com" });
const token = "A".repeat(43);

/** A Set-Cookie value as the browser reads it: name, value and attributes, whatever their order. */
function parsed(setCookie: string) {
  const [pair, ...attributes] = setCookie.split("; ");
  const eq = pair!.indexOf("=");
  return { name: pair!.slice(0, eq), value: pair!.slice(eq + 1), attributes: attributes.sort() };
}

describe("session cookies", () => {
  it("are HttpOnly and SameSite=Lax over http, with a readable hint beside them", () => {
    const [session, hint] = sessionCookies(http, "tok", 3600);
    expect(parsed(session!)).toEqual(parsed("wp_session=tok; Path=/; SameSite=Lax; HttpOnly; Max-Age=3600"));
    expect(parsed(hint!)).toEqual(parsed("wp_signed_in=1; Path=/; SameSite=Lax; Max-Age=3600"));
  });

  it("are Secure with the __Host- prefix when the public URL is https", () => {
    const [session, hint] = sessionCookies(https, "tok", undefined);
    expect(parsed(session!)).toEqual(parsed("__Host-wp_session=tok; Path=/; SameSite=Lax; HttpOnly; Secure"));
    expect(hint).toContain("Secure");
    expect(sessionCookie.name(https)).toBe("__Host-wp_session");
  });

  it("without 'Remember me' last only for the browser session (no Max-Age)", () => {
    const [session] = sessionCookies(http, "tok", undefined);
    expect(session).not.toMatch(/Max-Age|Expires/);
  });

  it("are cleared with Max-Age=0 and read back from a Cookie header", () => {
    expect(clearSessionCookies(http).every((c) => parsed(c).attributes.includes("Max-Age=0"))).toBe(true);
    expect(sessionCookie.read(http, `a=1; wp_session=${token}; wp_signed_in=1`)).toBe(token);
    expect(sessionCookie.read(http, `wp_session_x=${token}`)).toBeUndefined();
    expect(sessionCookie.read(http, undefined)).toBeUndefined();
  });

  it("are found in the Authorization header first, then the cookie of this deployment's name", () => {
    const headers = (h: Record<string, string>) => new Headers(h);
    expect(sessionTokenOf(http, headers({ authorization: "Bearer abc", cookie: `wp_session=${token}` }))).toBe("abc");
    expect(sessionTokenOf(http, headers({ authorization: "Basic abc", cookie: `wp_session=${token}` }))).toBeUndefined();
    expect(sessionTokenOf(http, headers({ cookie: `wp_session=${token}` }))).toBe(token);
    expect(sessionTokenOf(https, headers({ cookie: `wp_session=${token}` }))).toBeUndefined();
    expect(sessionTokenOf(https, headers({ cookie: `__Host-wp_session=${token}` }))).toBe(token);
  });

  it("mark a request as carrying credentials under either name, whatever the scheme", () => {
    expect(carriesSessionCookie("wp_session=abc; wp_signed_in=1")).toBe(true);
    expect(carriesSessionCookie("__Host-wp_session=abc")).toBe(true);
    expect(carriesSessionCookie("wp_session=; wp_signed_in=1")).toBe(false);
    expect(carriesSessionCookie("wp_visitor=abc")).toBe(false);
    expect(carriesSessionCookie(undefined)).toBe(false);
  });
});

/** Each cookie the site sets: its flags over http (a machine of one's own) and over https (the deployed shape). */
const declarations: { cookie: DeclaredCookie; value: string; http: string; https: string }[] = [
  { cookie: sessionCookie, value: token, http: `wp_session=${token}; Path=/; SameSite=Lax; HttpOnly`, https: `__Host-wp_session=${token}; Path=/; SameSite=Lax; HttpOnly; Secure` },
  { cookie: signedInHintCookie, value: "1", http: "wp_signed_in=1; Path=/; SameSite=Lax", https: "wp_signed_in=1; Path=/; SameSite=Lax; Secure" },
  {
    cookie: deviceCookie,
    value: token,
    http: `wp_device=${token}; Path=/; SameSite=Lax; HttpOnly; Max-Age=7776000`,
    https: `__Host-wp_device=${token}; Path=/; SameSite=Lax; HttpOnly; Secure; Max-Age=7776000`,
  },
  { cookie: oauthFlowCookie, value: token, http: `wp_oauth=${token}; Path=/; SameSite=Lax; HttpOnly`, https: `__Host-wp_oauth=${token}; Path=/; SameSite=Lax; HttpOnly; Secure` },
  {
    cookie: visitorCookie,
    value: "v".repeat(32),
    http: `wp_visitor=${"v".repeat(32)}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax`,
    https: `wp_visitor=${"v".repeat(32)}; Path=/; Max-Age=34560000; HttpOnly; SameSite=Lax; Secure`,
  },
  {
    cookie: contactSentCookie,
    value: "1",
    http: "wp_contact_sent=1; Path=/contact; Max-Age=120; HttpOnly; SameSite=Lax",
    https: "wp_contact_sent=1; Path=/contact; Max-Age=120; HttpOnly; SameSite=Lax; Secure",
  },
];

describe.each(declarations)("the $http cookie", ({ cookie, value, http: overHttp, https: overHttps }) => {
  it("has its flags over http://127.0.0.1 (no Secure) and over https (Secure)", () => {
    expect(parsed(cookie.write(http, value))).toEqual(parsed(overHttp));
    expect(parsed(cookie.write(https, value))).toEqual(parsed(overHttps));
  });

  it("reads back what it wrote, among other cookies", () => {
    for (const config of [http, https]) {
      const pair = cookie.write(config, value).split(";")[0]!;
      expect(cookie.read(config, `other=1; ${pair}; last=2`)).toBe(value);
    }
  });

  it("reads a forged, garbled, empty or missing value as absent", () => {
    const name = cookie.name(http);
    for (const header of [`${name}=`, `${name}=x`, `${name}=${value}%00`, `${name}="${value};`, `${name}=${value}<script>`, `${name}=${"z".repeat(300)}`, "other=1", ""]) {
      expect(cookie.read(http, header), header).toBeUndefined();
    }
  });

  it("is cleared with an empty value, Max-Age=0 and the same name, path and flags", () => {
    for (const config of [http, https]) {
      const cleared = parsed(cookie.clear(config));
      const written = parsed(cookie.write(config, value));
      expect(cleared.name).toBe(written.name);
      expect(cleared.value).toBe("");
      expect(cleared.attributes).toEqual([...written.attributes.filter((a) => !a.startsWith("Max-Age=")), "Max-Age=0"].sort());
    }
  });
});

describe("lifetimes", () => {
  it("never ask a browser for more than 400 days", () => {
    expect(sessionCookie.write(http, token, { maxAge: 10 * 365 * 86_400 })).toContain(`Max-Age=${LONGEST_COOKIE_SECONDS}`);
  });
});

describe("the visitor cookie", () => {
  it("carries a fresh random id that it reads back", () => {
    const a = newVisitorId();
    expect(a).not.toBe(newVisitorId());
    expect(visitorCookie.read(http, visitorCookie.write(http, a).split(";")[0])).toBe(a);
  });

  it("goes alone into the request a page is rendered with", () => {
    const id = newVisitorId();
    expect(visitorOnlyCookieHeader(http, id)).toBe(`wp_visitor=${id}`);
  });
});
