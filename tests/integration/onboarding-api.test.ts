import { afterAll, beforeAll, describe, expect, it } from "vitest";
import sharp from "sharp";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

type App = Awaited<ReturnType<typeof createApp>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const BRIEF = {
  businessName: "Deshmukh Realty",
  city: "Pune",
  services: [{ name: "2 BHK flats", price: "₹85 lakh" }],
  whatsapp: "+91 98765 43210",
};

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}.${Date.now().toString(36)}.${++counter}@example.com`;

/**
 * Issue 41 through /api/onboarding (decision 0050): the signed-in customer's own brief, order and files; another
 * account's order or file answers 404; bad input is a 4xx JSON naming the field, never a 500; writes from another
 * site are refused; a sign-up tells the lead recipients through the outbox without waiting for it.
 */
describe.each(testDatabaseKinds())("onboarding API on %s", (kind) => {
  let t: TestDatabase;
  let app: App;
  let deps: ReturnType<typeof testDeps>;
  let ip = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { LEAD_NOTIFY_EMAILS: "owner.api@example.com" });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t.drop();
  });

  async function account(verified = true): Promise<{ token: string; id: string; email: string }> {
    const email = uniqueEmail("brief");
    const res = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": `198.51.100.${++ip}` },
      body: JSON.stringify({ name: "Rohan Deshmukh", email, password: "site visits all weekend", company: "Deshmukh Realty", industry: "Real Estate" }),
    });
    expect(res.status).toBe(201);
    const json = (await res.json()) as Json;
    if (verified) await t.db.kysely.updateTable("users").set({ email_verified_at: Date.now() }).where("id", "=", json.user._id).execute();
    return { token: json.token, id: json.user._id, email };
  }

  const call = (token: string, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`/api/onboarding${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body !== undefined ? { "content-type": "application/json" } : {}), ...headers },
      body: body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body),
    });

  const save = (token: string, fields: unknown, revision: number) => call(token, "PUT", "/brief", { kitKey: "real-estate", kitLabel: "Real Estate", fields, revision });

  it("a sign-up tells the lead recipients through the outbox, once", async () => {
    const { id } = await account();
    await settleMailDeliveries(); // the notice is queued after the answer (mailAfterAnswer)
    const rows = await t.db.kysely.selectFrom("mail_outbox").select(["to_address", "subject"]).where("kind", "=", "signup-notify").where("idempotency_key", "like", `signup:${id}:%`).execute();
    expect(rows).toEqual([{ to_address: "owner.api@example.com", subject: "New sign-up: Rohan Deshmukh" }]);
  });

  it("saves and resumes the draft; a stale revision is a 409 that changes nothing", async () => {
    const { token } = await account();
    const first = await save(token, { businessName: "Desh" }, 0);
    expect(first.status).toBe(200);
    expect(((await first.json()) as Json).brief.revision).toBe(1);
    expect((await save(token, { businessName: "Deshmukh Realty" }, 1)).status).toBe(200);
    const stale = await save(token, { businessName: "Desh" }, 1);
    expect(stale.status).toBe(409);
    const body = (await stale.json()) as Json;
    expect(body).toMatchObject({ success: false, field: "revision", reason: "stale-brief", brief: { revision: 2, fields: { businessName: "Deshmukh Realty" } } });
    const resumed = (await (await call(token, "GET", "")).json()) as Json;
    expect(resumed.brief.fields.businessName).toBe("Deshmukh Realty");
    expect(resumed.promisedHours).toBe(72);
  });

  it("answers bad input with a 4xx JSON naming the field, never a 500", async () => {
    const { token } = await account();
    const long = await save(token, { city: "x".repeat(500) }, 0);
    expect(long.status).toBe(400);
    expect(await long.json()).toMatchObject({ success: false, field: "city" });
    expect((await call(token, "PUT", "/brief", "{not json")).status).toBe(400);
    expect((await call(token, "PUT", "/brief", "a=b", { "content-type": "application/x-www-form-urlencoded" })).status).toBe(415);
    expect((await save(token, { services: "many" }, 0)).status).toBe(400);
    expect((await save(token, { businessName: "a\u0000b" }, 0)).status).toBe(400);
    const missing = await call(token, "POST", "/submit", { kitKey: "real-estate", kitLabel: "Real Estate", fields: { ...BRIEF, whatsapp: "12" }, revision: 0 });
    expect(missing.status).toBe(400);
    expect(await missing.json()).toMatchObject({ field: "whatsapp" });
    expect((await call(token, "GET", "/orders/abc")).status).toBe(400);
    expect((await call("no-such-token", "GET", "")).status).toBe(401);
  });

  it("makes one order when the submit is posted twice at once; another customer's order is 404", async () => {
    const a = await account();
    const b = await account();
    const body = { kitKey: "real-estate", kitLabel: "Real Estate", fields: BRIEF, revision: 0 };
    const answers = await Promise.all([call(a.token, "POST", "/submit", body), call(a.token, "POST", "/submit", body)]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 201]);
    const orders = (await Promise.all(answers.map((r) => r.json()))) as Json[];
    expect(orders[0]!.order.id).toBe(orders[1]!.order.id);
    const id = orders[0]!.order.id as number;
    expect(await t.db.kysely.selectFrom("kit_orders").select("id").where("user_id", "=", a.id).execute()).toHaveLength(1);
    expect((await call(a.token, "GET", `/orders/${id}`)).status).toBe(200);
    const theirs = await call(b.token, "GET", `/orders/${id}`);
    expect(theirs.status).toBe(404);
    expect((await call(b.token, "POST", `/orders/${id}/messages`, { body: "hi" })).status).toBe(404);
    expect((await call(b.token, "GET", "")).status).toBe(200);
    expect(((await (await call(b.token, "GET", "")).json()) as Json).order).toBeNull();
    // The customer's e-mail and the team's notice are queued once each.
    await settleMailDeliveries();
    const mails = await t.db.kysely.selectFrom("mail_outbox").select(["kind", "to_address"]).where("idempotency_key", "like", `kit-order:${id}:%`).orderBy("kind").execute();
    expect(mails).toEqual([
      { kind: "kit-brief-notify", to_address: "owner.api@example.com" },
      { kind: "kit-brief-received", to_address: a.email },
    ]);
    // A change asked for, then refused once setup starts.
    expect((await call(a.token, "POST", `/orders/${id}/messages`, { body: "Add our Kharadi office", kind: "change-request" })).status).toBe(201);
    await t.db.kysely.updateTable("kit_orders").set({ step: "setup" }).where("id", "=", id).execute();
    const late = await call(a.token, "POST", `/orders/${id}/messages`, { body: "And another", kind: "change-request" });
    expect(late.status).toBe(409);
    expect((await call(a.token, "POST", `/orders/${id}/messages`, { body: "   " })).status).toBe(400);
  });

  it("an unverified address's brief waits: 202, no order until verified", async () => {
    const u = await account(false);
    const res = await call(u.token, "POST", "/submit", { kitKey: "real-estate", kitLabel: "Real Estate", fields: BRIEF, revision: 0 });
    expect(res.status).toBe(202);
    expect(((await res.json()) as Json).status).toBe("waiting-verification");
    expect(await t.db.kysely.selectFrom("kit_orders").select("id").where("user_id", "=", u.id).execute()).toHaveLength(0);
    await t.db.kysely.updateTable("users").set({ email_verified_at: Date.now() }).where("id", "=", u.id).execute();
    const page = (await (await call(u.token, "GET", "")).json()) as Json;
    expect(page.order.step).toBe("received");
  });

  it("keeps files private: the owner downloads, another account gets 404; SVG is refused", async () => {
    const a = await account();
    const b = await account();
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: "#0a7" } }).png().toBuffer();
    const form = new FormData();
    form.set("purpose", "logo");
    form.set("file", new File([new Uint8Array(png)], "logo.png", { type: "image/png" }));
    const up = await app.request("/api/onboarding/files", { method: "POST", headers: { authorization: `Bearer ${a.token}` }, body: form });
    expect(up.status).toBe(201);
    const file = ((await up.json()) as Json).file;
    expect(file).toMatchObject({ contentType: "image/webp", width: 40, height: 30 });
    const mine = await call(a.token, "GET", `/files/${file.id}`);
    expect(mine.status).toBe(200);
    expect(mine.headers.get("content-disposition")).toMatch(/^attachment;/);
    expect(mine.headers.get("cache-control")).toMatch(/no-store/);
    expect((await call(b.token, "GET", `/files/${file.id}`)).status).toBe(404);
    expect((await call(b.token, "DELETE", `/files/${file.id}`)).status).toBe(404);
    const svg = new FormData();
    svg.set("purpose", "logo");
    svg.set("file", new File(['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'], "logo.svg", { type: "image/svg+xml" }));
    const refused = await app.request("/api/onboarding/files", { method: "POST", headers: { authorization: `Bearer ${a.token}` }, body: svg });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ field: "file" });
    // Signed out: 401 before any of the body is read.
    expect((await app.request("/api/onboarding/files", { method: "POST", body: form })).status).toBe(401);
  });

  it("refuses a write from another site", async () => {
    const { token } = await account();
    const res = await app.request("/api/onboarding/brief", {
      method: "PUT",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", origin: "https://evil.example", "sec-fetch-site": "cross-site" },
      body: JSON.stringify({ kitKey: "real-estate", kitLabel: "Real Estate", fields: {}, revision: 0 }),
    });
    expect(res.status).toBe(403);
  });
});
