import type { Hono } from "hono";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CONTACT_FORM, LEAD_FIELDS, LEAD_SOURCES } from "../../shared/content/contact";
import { createApp } from "../../server/app";
import type { AppEnv } from "../../server/context";
import { listLeads } from "../../server/services/leads/intake";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

const valid = {
  firstName: "Asha",
  lastName: "Kulkarni",
  email: "asha@example.com",
  phone: "+91 98765 43210",
  message: "We run three clinics in Pune and want WhatsApp follow-ups.",
};

let ipCounter = 0;
/** Each test speaks from its own address so the per-address limit never leaks between tests. */
const freshIp = () => `203.0.113.${++ipCounter}`;

describe.each(testDatabaseKinds())("POST /api/leads on %s", (kind) => {
  let t: TestDatabase;
  let app: Hono<AppEnv>;
  let deps: ReturnType<typeof testDeps>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { TRUST_PROXY: "true", LEAD_RATE_LIMIT_PER_HOUR: "4" });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await t.drop();
  });

  const post = (body: unknown, ip = freshIp(), headers: Record<string, string> = {}) =>
    app.request("/api/leads", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });

  it("stores a valid lead (trimmed, default lead source) before answering success", async () => {
    const res = await post({ ...valid, firstName: "  Asha  ", message: `  ${valid.message}\n` });
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({
      success: true,
      title: CONTACT_FORM.successTitle,
      message: CONTACT_FORM.successMessage,
    });
    const [row] = await listLeads(deps, { limit: 1 });
    expect(row).toMatchObject({
      firstName: "Asha",
      lastName: "Kulkarni",
      email: "asha@example.com",
      phone: "+91 98765 43210",
      message: valid.message,
      leadSource: "Web Research",
      status: "pending",
      attempts: 0,
    });
  });

  it("keeps a lead source chosen from the spec's list and refuses others", async () => {
    for (const source of ["Trade Show", "X"] as const) {
      expect(LEAD_SOURCES).toContain(source);
      const res = await post({ ...valid, email: `src-${source.length}@example.com`, leadSource: source });
      expect(res.status).toBe(201);
    }
    const rows = await listLeads(deps, { limit: 2 });
    expect(rows.map((r) => r.leadSource)).toEqual(["X", "Trade Show"]);
    const bad = await post({ ...valid, leadSource: "Carrier Pigeon" });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ success: false, field: "leadSource", message: "Lead Source must be one of the listed options." });
  });

  it.each(LEAD_FIELDS.map((f) => [f.name, f.label] as const))("answers '%s cannot be empty.' for a missing or blank %s", async (name, label) => {
    for (const value of [undefined, "", "   \t "]) {
      const body: Record<string, unknown> = { ...valid };
      if (value === undefined) delete body[name];
      else body[name] = value;
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ success: false, message: `${label} cannot be empty.`, field: name });
    }
  });

  it("uses the spec's email rule and message", async () => {
    for (const email of ["plainaddress", "@example.com", "asha@.com", "asha@example", "asha@example.c", "asha.example@com"]) {
      const res = await post({ ...valid, email });
      expect(res.status, email).toBe(400);
      expect(await res.json()).toMatchObject({ message: "Please enter a valid email address.", field: "email" });
    }
    for (const email of ["a@b.co", "first.last@sub.example.in"]) {
      expect((await post({ ...valid, email })).status, email).toBe(201);
    }
  });

  it("S14: refuses a line break or other control character inside the e-mail with a 400 naming the field, storing nothing", async () => {
    const before = (await listLeads(deps)).length;
    for (const email of ["asha@example.com\r\nBcc: all@example.com", "asha@example.com\nX: y", "asha\r@example.com", "asha@exa\u0085mple.com", "asha@example.com\tx"]) {
      const res = await post({ ...valid, email });
      expect(res.status, JSON.stringify(email)).toBe(400);
      expect(await res.json(), JSON.stringify(email)).toMatchObject({ success: false, field: "email", message: "Email contains characters that are not allowed." });
    }
    expect((await listLeads(deps)).length).toBe(before);
    // Around the address, spaces and line breaks are only trimmed.
    expect((await post({ ...valid, email: " asha@example.com\r\n" })).status).toBe(201);
  });

  it("reports blank fields before the email's format, as the spec's check does, naming every bad field", async () => {
    const res = await post({ ...valid, email: "nope", phone: " " });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({
      message: "Phone cannot be empty.",
      field: "phone",
      errors: { email: "Please enter a valid email address.", phone: "Phone cannot be empty." },
    });
  });

  it.each([
    ["firstName", "First Name", 40],
    ["lastName", "Last Name", 80],
    ["email", "Email", 100],
    ["phone", "Phone", 30],
  ] as const)("accepts %s at %i characters and refuses one more", async (name, label, max) => {
    const make = (n: number) => (name === "email" ? `${"a".repeat(n - "@example.com".length)}@example.com` : "x".repeat(n));
    const atLimit = await post({ ...valid, [name]: make(max) });
    expect(atLimit.status).toBe(201);
    const over = await post({ ...valid, [name]: make(max + 1) });
    expect(over.status).toBe(400);
    expect(await over.json()).toMatchObject({ field: name, message: `${label} must be at most ${max} characters.` });
  });

  it("refuses a message longer than the server's cap", async () => {
    const res = await post({ ...valid, message: "m".repeat(5001) });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ field: "message", message: "Message must be at most 5000 characters." });
  });

  it("answers bad bodies with 4xx JSON, never a 500", async () => {
    const cases: [string | unknown, number, Record<string, string>?][] = [
      ["{not json", 400],
      [[valid], 400],
      ["null", 400],
      [{ ...valid, firstName: 42 }, 400],
      [{ ...valid, phone: { n: 1 } }, 400],
      ["firstName=Asha", 415, { "content-type": "application/x-www-form-urlencoded" }],
    ];
    for (const [body, status, headers] of cases) {
      const res = await post(body, freshIp(), headers);
      expect(res.status, JSON.stringify(body)).toBe(status);
      const json = (await res.json()) as { success: boolean; message: string };
      expect(json.success).toBe(false);
      expect(json.message.length).toBeGreaterThan(5);
    }
    const typed = await post({ ...valid, firstName: 42 });
    expect(await typed.json()).toMatchObject({ field: "firstName", message: "First Name must be text." });
    const nul = await post({ ...valid, message: "hello\u0000world" });
    expect(nul.status).toBe(400);
    expect(await nul.json()).toMatchObject({ field: "message", message: "Message contains characters that are not allowed." });
  });

  it("answers a filled honeypot exactly like a success and stores it as spam", async () => {
    const realRes = await post({ ...valid, email: "real@example.com" });
    const spamRes = await post({ ...valid, email: "bot@example.com", website: "http://spam.example" });
    expect(spamRes.status).toBe(realRes.status);
    expect(await spamRes.json()).toEqual(await realRes.json());
    const [spam] = await listLeads(deps, { limit: 1 });
    expect(spam).toMatchObject({ email: "bot@example.com", status: "spam" });
  });

  it("limits submissions per client address with a 429 and a clear message", async () => {
    const ip = freshIp();
    // Invalid submissions do not use up the visitor's allowance.
    expect((await post({ ...valid, firstName: "" }, ip)).status).toBe(400);
    for (let i = 0; i < 4; i++) expect((await post({ ...valid, email: `n${i}@example.com` }, ip)).status).toBe(201);
    const before = (await listLeads(deps, { limit: 10_000 })).length;
    const refused = await post(valid, ip);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    const body = (await refused.json()) as { success: boolean; message: string };
    expect(body.success).toBe(false);
    expect(body.message).toMatch(/^Too many messages from your network\. Please try again in \d+ minutes?/);
    expect((await listLeads(deps, { limit: 10_000 })).length).toBe(before);
    // Another address is not affected.
    expect((await post(valid, freshIp())).status).toBe(201);
  });

  it("logs leads without the visitor's name, address or message", async () => {
    await post({ ...valid, email: "private-person@example.com", message: "secret-plan-xyz" });
    expect(deps.logs.text).toContain('"msg":"lead stored"');
    expect(deps.logs.text).not.toContain("private-person@example.com");
    expect(deps.logs.text).not.toContain("secret-plan-xyz");
  });
});
