import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { contactAction, contactLoader } from "../../app/lib/contact.server";
import { listLeads } from "../../server/services/leads/intake";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { setCookieParts } from "../helpers/set-cookie";

/** The Contact page's no-JavaScript door, called as React Router calls it. */
type DataResult = { type: "DataWithResponseInit"; data: Record<string, unknown>; init: { status?: number; headers?: HeadersInit } | null };

const fields = {
  firstName: "Kiran",
  lastName: "Rao",
  email: "kiran@example.com",
  phone: "+91 90000 44444",
  message: "Please send the clinic kit brochure.",
  leadSource: "Web Research",
  website: "",
};

function formPost(values: Record<string, string>): Request {
  return new Request("http://127.0.0.1/contact", {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(values).toString(),
  });
}

describe.each(testDatabaseKinds())("the Contact page's form action on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { LEAD_RATE_LIMIT_PER_HOUR: "2" });
  });
  afterAll(async () => {
    await t.drop();
  });
  const context = (clientIp: string) => ({ deps, clientIp, cspNonce: "", requestId: "test" });

  it("stores the lead and redirects (303) to ?submitted=1 with a flash cookie", async () => {
    const res = (await contactAction(formPost(fields), context("192.0.2.1"))) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?submitted=1");
    expect(setCookieParts(res.headers.get("set-cookie"))).toEqual(setCookieParts("wp_contact_sent=1; Path=/contact; Max-Age=120; HttpOnly; SameSite=Lax"));
    const [lead] = await listLeads(deps, { limit: 1 });
    expect(lead).toMatchObject({ email: "kiran@example.com", status: "pending", leadSource: "Web Research" });
  });

  it("answers 400 with every field's message, the first bad field, and the typed values (never the honeypot)", async () => {
    const before = (await listLeads(deps)).length;
    const result = (await contactAction(formPost({ ...fields, firstName: " ", email: "kiran@", website: "" }), context("192.0.2.2"))) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toEqual({
      values: { firstName: " ", lastName: "Rao", email: "kiran@", phone: "+91 90000 44444", message: "Please send the clinic kit brochure." },
      errors: { firstName: "First Name cannot be empty.", email: "Please enter a valid email address." },
      first: "firstName",
    });
    expect((await listLeads(deps)).length).toBe(before);
  });

  it("S14: a line break inside the e-mail gets its message next to the e-mail field, nothing stored", async () => {
    const before = (await listLeads(deps)).length;
    const email = "kiran@example.com\r\nBcc: all@example.com";
    const result = (await contactAction(formPost({ ...fields, email }), context("192.0.2.6"))) as unknown as DataResult;
    expect(result.init?.status).toBe(400);
    expect(result.data).toMatchObject({ errors: { email: "Email contains characters that are not allowed." }, first: "email" });
    expect((await listLeads(deps)).length).toBe(before);
  });

  it("answers a filled honeypot with the same redirect and stores it as spam", async () => {
    const res = (await contactAction(formPost({ ...fields, email: "spam@example.com", website: "x" }), context("192.0.2.3"))) as Response;
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe("/contact?submitted=1");
    expect((await listLeads(deps, { limit: 1 }))[0]).toMatchObject({ email: "spam@example.com", status: "spam" });
  });

  it("shows the rate limit as a form message with 429 and Retry-After", async () => {
    const ip = "192.0.2.4";
    for (let i = 0; i < 2; i++) expect(((await contactAction(formPost(fields), context(ip))) as Response).status).toBe(303);
    const result = (await contactAction(formPost(fields), context(ip))) as unknown as DataResult;
    expect(result.init?.status).toBe(429);
    expect(new Headers(result.init?.headers).get("retry-after")).toMatch(/^\d+$/);
    expect(String(result.data.formError)).toMatch(/^Too many messages from your network\./);
  });

  it("the loader reports success once: only with the flash cookie and the flag, and clears the cookie", async () => {
    const get = (url: string, cookie?: string) => new Request(url, { headers: cookie ? { cookie } : {} });
    const shown = (await contactLoader(get("http://127.0.0.1/contact?submitted=1", "a=b; wp_contact_sent=1"), context("192.0.2.5"))) as unknown as DataResult;
    expect(shown.data).toMatchObject({ submitted: true });
    const headers = new Headers(shown.init?.headers);
    expect(setCookieParts(headers.get("set-cookie"))).toMatchObject({ pair: "wp_contact_sent=", attributes: expect.arrayContaining(["Path=/contact", "Max-Age=0"]) });
    expect(headers.get("cache-control")).toBe("no-store");
    const noCookie = (await contactLoader(get("http://127.0.0.1/contact?submitted=1"), context("192.0.2.5"))) as unknown as DataResult;
    expect(noCookie.data).toMatchObject({ submitted: false });
    const noFlag = (await contactLoader(get("http://127.0.0.1/contact", "wp_contact_sent=1"), context("192.0.2.5"))) as unknown as DataResult;
    expect(noFlag.data).toMatchObject({ submitted: false });
  });
});
