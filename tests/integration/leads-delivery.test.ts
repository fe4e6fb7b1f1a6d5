import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Deps } from "../../server/context";
import { openDatabase } from "../../server/db/database";
import { createLogger } from "../../server/logger";
import {
  backoffDelay,
  DEFAULT_DELIVERY,
  deliverDueLeads,
  deliveryOptions,
  type LeadDeliveryOptions,
  leadIdempotencyKey,
  startLeadDelivery,
} from "../../server/services/leads/delivery";
import { listLeads, storeLead, submitLead } from "../../server/services/leads/intake";
import { type CrmServer, startCrmServer } from "../helpers/crm-server";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

let n = 0;
const lead = (overrides: Partial<{ email: string; message: string }> = {}) => ({
  firstName: "Ravi",
  lastName: "Deshpande",
  email: `ravi${++n}@example.com`,
  phone: "+91 90000 11111",
  message: "Looking for the real estate kit.",
  leadSource: "Web Research" as const,
  website: "",
  ...overrides,
});

describe("back-off", () => {
  it("doubles from the base, stays within half and all of it, and is capped", () => {
    const opts = { baseDelayMs: 1000, maxDelayMs: 10_000 };
    expect(backoffDelay(1, { ...opts, random: () => 0 })).toBe(500);
    expect(backoffDelay(1, { ...opts, random: () => 1 })).toBe(1000);
    expect(backoffDelay(3, { ...opts, random: () => 0 })).toBe(2000);
    expect(backoffDelay(3, { ...opts, random: () => 1 })).toBe(4000);
    expect(backoffDelay(20, { ...opts, random: () => 1 })).toBe(10_000);
    const samples = Array.from({ length: 50 }, () => backoffDelay(2, { ...opts, random: Math.random }));
    expect(new Set(samples).size).toBeGreaterThan(10);
  });
});

describe.each(testDatabaseKinds())("lead delivery on %s", (kind) => {
  let t: TestDatabase;
  let crm: CrmServer;
  let elsewhere: CrmServer;
  let deps: ReturnType<typeof testDeps>;
  let options: LeadDeliveryOptions;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    crm = await startCrmServer();
    elsewhere = await startCrmServer();
    deps = testDeps(t.db, {
      CRM_WEB_TO_LEAD_URL: crm.url,
      CRM_HIDDEN_FIELDS: "oid=00D000000000001&retURL=https://www.example.com/thanks",
    });
    const configured = deliveryOptions(deps, { timeoutMs: 400, baseDelayMs: 1000, maxDelayMs: 60_000, random: () => 0.5 });
    if (!configured) throw new Error("CRM not configured");
    options = configured;
  });
  afterEach(async () => {
    // Leave nothing due for the next test.
    await t.db.kysely.updateTable("leads").set({ status: "failed" }).where("status", "in", ["pending", "sending"]).execute();
    crm.fallback = { status: 200 };
  });
  afterAll(async () => {
    await crm.close();
    await elsewhere.close();
    await t.drop();
  });

  const row = async (id: number) => (await listLeads(deps, { limit: 100_000 })).find((r) => r.id === id)!;

  it("takes the endpoint and hidden fields from configuration only", () => {
    expect(options.url).toBe(crm.url);
    expect(options.timeoutMs).toBe(400);
    expect(DEFAULT_DELIVERY.timeoutMs).toBe(10_000);
    expect(deliveryOptions(testDeps(t.db))).toBeNull();
  });

  it("posts the lead as a web-to-lead form and marks it delivered, once", async () => {
    const before = crm.requests.length;
    const { id } = await storeLead(deps, lead({ message: "Line one\nLine two & more" }));
    const round = await deliverDueLeads(deps, options);
    expect(round).toEqual({ claimed: 1, delivered: 1, failed: 0, retrying: 0, lost: 0 });
    expect(crm.requests.length).toBe(before + 1);
    const sent = crm.requests.at(-1)!;
    expect(sent.method).toBe("POST");
    expect(sent.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(sent.form).toEqual({
      oid: "00D000000000001",
      retURL: "https://www.example.com/thanks",
      first_name: "Ravi",
      last_name: "Deshpande",
      email: `ravi${n}@example.com`,
      phone: "+91 90000 11111",
      description: "Line one\nLine two & more",
      lead_source: "Web Research",
      idempotency_key: sent.idempotencyKey,
    });
    expect(sent.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 1, crmStatus: 200, lastError: null });
    expect((await deliverDueLeads(deps, options, Date.now() + 86_400_000)).claimed).toBe(0);
    expect(crm.requests.length).toBe(before + 1);
  });

  it("retries a 500 after a jittered back-off and delivers exactly once", async () => {
    const email = "retry500@example.com";
    const { id } = await storeLead(deps, lead({ email }));
    crm.script({ status: 500, body: "try later" });
    const first = await deliverDueLeads(deps, options);
    expect(first).toMatchObject({ claimed: 1, retrying: 1 });
    const pending = await row(id);
    expect(pending).toMatchObject({ status: "pending", attempts: 1, crmStatus: 500, lastError: "CRM answered 500" });
    // random() = 0.5 → three quarters of the 1 s base.
    const wait = pending.nextAttemptAt - Date.now();
    expect(wait).toBeGreaterThan(500);
    expect(wait).toBeLessThanOrEqual(750);
    expect((await deliverDueLeads(deps, options)).claimed).toBe(0);
    const second = await deliverDueLeads(deps, options, pending.nextAttemptAt);
    expect(second).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2, crmStatus: 200 });
    expect((await deliverDueLeads(deps, options, Date.now() + 86_400_000)).claimed).toBe(0);
    expect(crm.requestsFor(email)).toHaveLength(2);
  });

  it("gives up on an endpoint that never answers after the timeout, and tries again later", async () => {
    const { id } = await storeLead(deps, lead({ email: "hang@example.com" }));
    crm.script("hang");
    const started = Date.now();
    const round = await deliverDueLeads(deps, options);
    const took = Date.now() - started;
    expect(round).toMatchObject({ claimed: 1, retrying: 1 });
    expect(took).toBeGreaterThanOrEqual(380);
    expect(took).toBeLessThan(5000);
    expect(await row(id)).toMatchObject({ status: "pending", attempts: 1, lastError: "CRM unreachable: no answer within 400 ms" });
  });

  it("retries when the CRM cannot be reached at all", async () => {
    const closed = await startCrmServer();
    const url = closed.url;
    await closed.close();
    const { id } = await storeLead(deps, lead());
    expect(await deliverDueLeads(deps, { ...options, url })).toMatchObject({ claimed: 1, retrying: 1 });
    expect((await row(id)).lastError).toMatch(/^CRM unreachable: .*ECONNREFUSED/);
  });

  it("does not retry a 400: the lead is failed with the CRM's answer kept", async () => {
    const { id } = await storeLead(deps, lead({ email: "bad400@example.com" }));
    crm.script({ status: 400, body: "Missing required field: oid" });
    expect(await deliverDueLeads(deps, options)).toMatchObject({ claimed: 1, failed: 1 });
    const failed = await row(id);
    expect(failed).toMatchObject({ status: "failed", attempts: 1, crmStatus: 400, lastError: "CRM refused the lead (400)" });
    const stored = await t.db.kysely.selectFrom("leads").select("crm_response").where("id", "=", id).executeTakeFirstOrThrow();
    expect(stored.crm_response).toBe("Missing required field: oid");
    expect((await deliverDueLeads(deps, options, Date.now() + 86_400_000)).claimed).toBe(0);
    expect(crm.requestsFor("bad400@example.com")).toHaveLength(1);
  });

  it("never follows a redirect to another host", async () => {
    // 307: "post it over there instead" → refused, not retried, nothing reaches the other host.
    const moved = await storeLead(deps, lead({ email: "moved@example.com" }));
    crm.script({ redirect: elsewhere.url, status: 307 });
    expect(await deliverDueLeads(deps, options)).toMatchObject({ failed: 1 });
    expect(await row(moved.id)).toMatchObject({ status: "failed", crmStatus: 307 });
    expect((await row(moved.id)).lastError).toContain("redirected to another host");

    // 302 to another page: the web-to-lead "return URL" after accepting the lead → delivered, not followed.
    const thanked = await storeLead(deps, lead({ email: "thanked@example.com" }));
    crm.script({ redirect: "https://www.example.com/thanks", status: 302 });
    expect(await deliverDueLeads(deps, options)).toMatchObject({ delivered: 1 });
    expect(await row(thanked.id)).toMatchObject({ status: "delivered", crmStatus: 302 });

    // A 301 of the endpoint itself to another host (it moved) → refused, not followed.
    const relocated = await storeLead(deps, lead({ email: "relocated@example.com" }));
    crm.script({ redirect: elsewhere.url, status: 301 });
    expect(await deliverDueLeads(deps, options)).toMatchObject({ failed: 1 });
    expect(await row(relocated.id)).toMatchObject({ status: "failed", crmStatus: 301 });

    expect(elsewhere.requests).toHaveLength(0);
    expect((await deliverDueLeads(deps, options, Date.now() + 86_400_000)).claimed).toBe(0);
    expect(crm.requestsFor("moved@example.com")).toHaveLength(1);
    expect(crm.requestsFor("relocated@example.com")).toHaveLength(1);
  });

  it("follows a 307 on the same host, posting the form again", async () => {
    const { id } = await storeLead(deps, lead({ email: "samehost@example.com" }));
    crm.script({ redirect: "/v2/WebToLead", status: 307 });
    expect(await deliverDueLeads(deps, options)).toMatchObject({ delivered: 1 });
    const hits = crm.requestsFor("samehost@example.com");
    expect(hits.map((h) => [h.method, h.path])).toEqual([
      ["POST", "/servlet/WebToLead"],
      ["POST", "/v2/WebToLead"],
    ]);
    expect(await row(id)).toMatchObject({ status: "delivered", crmStatus: 200 });
  });

  it("marks a lead failed after the last allowed attempt", async () => {
    const { id } = await storeLead(deps, lead());
    crm.fallback = { status: 503 };
    // A request timeout a loaded machine cannot trip (the error expected is the CRM's 503).
    const opts = { ...options, maxAttempts: 2, timeoutMs: 10_000 };
    await deliverDueLeads(deps, opts);
    const pending = await row(id);
    expect(pending.status).toBe("pending");
    await deliverDueLeads(deps, opts, pending.nextAttemptAt);
    expect(await row(id)).toMatchObject({ status: "failed", attempts: 2, lastError: "gave up after 2 attempts: CRM answered 503" });
  });

  it("never forwards spam", async () => {
    const before = crm.requests.length;
    const { id, spam } = await storeLead(deps, { ...lead(), website: "buy-now.example" });
    expect(spam).toBe(true);
    expect((await deliverDueLeads(deps, options, Date.now() + 86_400_000)).claimed).toBe(0);
    expect(crm.requests.length).toBe(before);
    expect(await row(id)).toMatchObject({ status: "spam", attempts: 0 });
  });

  it("lets two processes share the queue without sending any lead twice", async () => {
    const other = await openDatabase(t.url);
    const otherDeps: Deps = { config: deps.config, db: other, log: createLogger("silent") };
    try {
      const emails = Array.from({ length: 12 }, (_, i) => `shared${i}@example.com`);
      for (const email of emails) await storeLead(deps, lead({ email }));
      crm.fallback = { status: 200 };
      // A request timeout a loaded machine cannot trip: a timed-out request may never reach the CRM.
      const opts = { ...options, batchSize: 12, timeoutMs: 10_000 };
      const rounds = await Promise.all([
        deliverDueLeads(deps, opts),
        deliverDueLeads(otherDeps, opts),
        deliverDueLeads(deps, opts),
        deliverDueLeads(otherDeps, opts),
      ]);
      expect(rounds.reduce((sum, r) => sum + r.claimed, 0)).toBe(12);
      for (const email of emails) expect(crm.requestsFor(email), email).toHaveLength(1);
    } finally {
      await other.close();
    }
  });

  it("sends again a lead whose sender died before recording the answer (its claim expired)", async () => {
    const { id } = await storeLead(deps, lead({ email: "orphan@example.com" }));
    const now = Date.now();
    // What a process that died mid-send leaves behind.
    await t.db.kysely
      .updateTable("leads")
      .set({ status: "sending", claim_token: "dead-process", claimed_until: now + 5_000, attempts: 1 })
      .where("id", "=", id)
      .execute();
    expect((await deliverDueLeads(deps, options, now)).claimed).toBe(0);
    expect(await deliverDueLeads(deps, options, now + 5_001)).toMatchObject({ claimed: 1, delivered: 1 });
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2 });
  });

  /** A second process on the same database, for as long as `work` runs. */
  async function withOtherProcess<T>(work: (other: Deps) => Promise<T>): Promise<T> {
    const other = await openDatabase(t.url);
    try {
      return await work({ config: deps.config, db: other, log: createLogger("silent") });
    } finally {
      await other.close();
    }
  }

  it("the same idempotency key on every attempt, in the Idempotency-Key header and a field, and another for another lead (issue 39)", async () => {
    const email = "same-key@example.com";
    const { id } = await storeLead(deps, lead({ email }));
    const other = await storeLead(deps, lead({ email: "other-key@example.com" }));
    // A request timeout the loaded machine cannot trip: the first answer is the 503, the second the 200.
    const opts = { ...options, timeoutMs: 10_000 };
    crm.script({ status: 503 });
    await deliverDueLeads(deps, { ...opts, batchSize: 1 });
    const pending = await row(id);
    expect(pending.status).toBe("pending");
    await deliverDueLeads(deps, opts, pending.nextAttemptAt);
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2 });
    const [first, second] = crm.requestsFor(email);
    const stored = await t.db.kysely.selectFrom("leads").select(["id", "created_at"]).where("id", "=", id).executeTakeFirstOrThrow();
    expect(first!.idempotencyKey).toBe(leadIdempotencyKey(stored));
    expect(second!.idempotencyKey).toBe(first!.idempotencyKey);
    expect(second!.form.idempotency_key).toBe(first!.idempotencyKey);
    expect(crm.leadsFor(email)).toBe(1);
    expect(crm.requestsFor("other-key@example.com")[0]!.idempotencyKey).not.toBe(first!.idempotencyKey);
    expect((await row(other.id)).status).toBe("delivered");

    // CRM_IDEMPOTENCY_FIELD empty: the header alone.
    const headerOnly = await storeLead(deps, lead({ email: "header-only@example.com" }));
    await deliverDueLeads(deps, { ...opts, idempotencyField: "" });
    expect((await row(headerOnly.id)).status).toBe("delivered");
    const [plain] = crm.requestsFor("header-only@example.com");
    expect(plain!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(plain!.form).not.toHaveProperty("idempotency_key");
  });

  it("a CRM slower than the lease: the holder renews its claim, a second process takes nothing, one request (issue 39)", async () => {
    const email = "slow-crm@example.com";
    const { id } = await storeLead(deps, lead({ email }));
    // The answer takes three times the lease; the request's own timeout is longer still.
    const opts = { ...options, leaseMs: 600, timeoutMs: 10_000 };
    crm.script({ status: 200, delayMs: 1_800 });
    await withOtherProcess(async (other) => {
      const holder = deliverDueLeads(deps, opts);
      let done = false;
      void holder.finally(() => (done = true));
      let takenByOther = 0;
      while (!done) {
        takenByOther += (await deliverDueLeads(other, opts)).claimed;
        await new Promise((r) => setTimeout(r, 50));
      }
      expect(await holder).toMatchObject({ claimed: 1, delivered: 1, lost: 0 });
      expect(takenByOther).toBe(0);
    });
    expect(crm.requestsFor(email)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 1 });
  });

  it("a holder frozen past its lease records nothing: the answer of the process that took the lead over stands (issue 39)", async () => {
    const email = "stale-holder@example.com";
    const { id } = await storeLead(deps, lead({ email }));
    const now = Date.now();
    await t.db.kysely.updateTable("leads").set({ next_attempt_at: now - 60_000 }).where("id", "=", id).execute();
    const opts = { ...options, leaseMs: 1_000, timeoutMs: 10_000 };
    // The stale holder's CRM answer is slow and says "try later"; the new holder's is at once and accepts.
    crm.script({ status: 503, delayMs: 1_500 });
    await withOtherProcess(async (other) => {
      // Its clock (the round's `now`) is far behind: its lease ran out as it was taken, as for a process frozen since.
      const stale = deliverDueLeads(deps, opts, now - 30_000);
      await crm.waitForRequests(crm.requests.length + 1, 5_000);
      expect(await deliverDueLeads(other, opts)).toMatchObject({ claimed: 1, delivered: 1 });
      expect(await stale).toMatchObject({ claimed: 1, delivered: 0, retrying: 0, lost: 1 });
    });
    // Delivered, not put back to pending by the late 503: nothing more is due.
    expect(await row(id)).toMatchObject({ status: "delivered", attempts: 2, crmStatus: 200 });
    expect((await deliverDueLeads(deps, options, Date.now() + 86_400_000)).claimed).toBe(0);
    // Two requests reached the CRM, under one key: one lead there.
    expect(crm.requestsFor(email)).toHaveLength(2);
    expect(crm.leadsFor(email)).toBe(1);
  });

  it("the worker delivers a lead submitted through the service without waiting for its poll", async () => {
    const worker = startLeadDelivery(deps, { pollMs: 60_000 });
    try {
      await worker.idle();
      const before = crm.requests.length;
      const { id } = await submitLead(deps, { ...lead({ email: "instant@example.com" }) }, { clientIp: "198.51.100.7" });
      await crm.waitForRequests(before + 1, 5_000);
      await worker.idle();
      expect(await row(id)).toMatchObject({ status: "delivered" });
    } finally {
      await worker.stop();
    }
  });
});
