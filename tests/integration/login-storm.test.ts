import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createApp } from "../../server/app";
import { STORM_REFUSAL_HOLD_MS } from "../../server/services/auth/accounts";
import { GLOBAL_WINDOW_MS, recordSignInFailure } from "../../server/services/auth/limits";
import { HASH_LANE, hashLane } from "../../server/services/auth/password";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

/**
 * Issue 39, item 2: a storm of wrong sign-ins from rotating addresses must not make a real user wait. Asserted by
 * structure, not by time: the owner's hash (device cookie) runs while strangers' hashes still wait in their queue,
 * strangers beyond the lane's queue and beyond the global budget are refused (429, Retry-After) instead of queued,
 * and a refusal by the budget costs no hash at all. The figures (latency, visitor pages) are
 * `npm run bench:login-storm`'s.
 */
describe.each(testDatabaseKinds())("a wrong-login storm on %s", (kind) => {
  let t: TestDatabase;
  let app: Awaited<ReturnType<typeof createApp>>;
  let ipCounter = 0;
  const nextIp = () => `203.0.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const owner = { email: `owner.${kind}.${Date.now().toString(36)}@example.com`, password: "the owner's long password" };
  const home = "192.0.2.77";
  let device = "";

  const login = (email: string, password: string, ip: string, cookie?: string) =>
    app.request("/api/auth/login", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": ip, ...(cookie ? { cookie } : {}) },
      body: JSON.stringify({ email, password }),
    });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    app = await createApp({ deps: testDeps(t.db, { TRUST_PROXY: "true" }) });
    const made = await app.request("/api/auth/register", {
      method: "POST",
      headers: { "content-type": "application/json", "x-forwarded-for": home },
      body: JSON.stringify({ name: "Asha Verma", company: "Verma Realty", industry: "Real Estate", ...owner }),
    });
    expect(made.status).toBe(201);
    // The owner signed in once on this phone: its answer sets the device cookie.
    const first = await login(owner.email, owner.password, home);
    expect(first.status).toBe(200);
    device = first.headers.getSetCookie().find((c) => c.startsWith("wp_device="))!.split(";")[0]!;
    expect(device).toBeTruthy();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t.drop();
  });

  it("the owner's sign-in with its device cookie is hashed while strangers' hashes still wait; strangers beyond the queue get 429", { timeout: 120_000 }, async () => {
    const before = hashLane.stats().turns;
    // More strangers than the lane holds for them (its places and its queue), each for an unknown account from a
    // new address: neither the per-address nor the per-account limit stops them.
    const storm = HASH_LANE.concurrency + HASH_LANE.maxQueue + 6;
    const answered: string[] = [];
    const strangers = Array.from({ length: storm }, async (_, i) => {
      const res = await login(`storm.${kind}.${i}.${Date.now()}@example.com`, "not the password", nextIp());
      answered.push(`stranger ${res.status}`);
      return { status: res.status, retryAfter: res.headers.get("retry-after") };
    });
    // Once the strangers' queue is full…
    const deadline = Date.now() + 30_000;
    while (hashLane.stats().turns.calm.queued < HASH_LANE.maxQueue && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    expect(hashLane.stats().turns.calm.queued).toBe(HASH_LANE.maxQueue);
    // …the owner signs in on the phone, from another network.
    const real = await login(owner.email, owner.password, nextIp(), device);
    const strangersAnsweredFirst = answered.filter((a) => a === "stranger 401").length;
    answered.push("owner");
    expect(real.status).toBe(200);
    const results = await Promise.all(strangers);

    const hashed = results.filter((r) => r.status === 401);
    const refused = results.filter((r) => r.status === 429);
    // Every stranger is hashed and told no, or refused at once: none waits on, none is told the server is busy.
    expect(hashed.length + refused.length).toBe(storm);
    expect(hashed.length).toBeGreaterThanOrEqual(HASH_LANE.concurrency + HASH_LANE.maxQueue);
    expect(refused.length).toBeGreaterThanOrEqual(storm - HASH_LANE.concurrency - HASH_LANE.maxQueue);
    for (const r of refused) expect(Number(r.retryAfter)).toBeGreaterThan(0);
    // The owner did not wait for the queued strangers: it was answered while some of them were still waiting
    // (with a single queue it would have come after all of them).
    expect(strangersAnsweredFirst).toBeLessThan(hashed.length);
    const after = hashLane.stats().turns;
    // Its hash ran in the known turn, at once (no known sign-in was ever queued or refused), strangers' in theirs.
    expect(after.known.started - before.known.started).toBe(1);
    expect(after.known.refused).toBe(before.known.refused);
    expect(after.calm.started - before.calm.started).toBe(hashed.length);
    expect(after.calm.refused - before.calm.refused).toBe(refused.length);
  });

  it("beyond the strangers' global budget a stranger is refused (429) before any hashing; the owner signs in", async () => {
    // At the start of a budget window, so it does not turn over during the test.
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(Math.ceil(Date.now() / GLOBAL_WINDOW_MS) * GLOBAL_WINDOW_MS + 1_000);
    // The budget used up by strangers' failures on other accounts, from other addresses.
    const stranger = { trustedDevice: null, trustedAddress: false };
    for (let i = 0; i < 20; i++) await recordSignInFailure(t.db, `used.${i}@example.com`, nextIp(), stranger);
    const before = hashLane.stats().turns;

    const asked = performance.now();
    const refused = await login(`late.${kind}@example.com`, "not the password", nextIp());
    expect(refused.status).toBe(429);
    // A storm's refusal is held a moment (a client asking again at once is slowed, at no cost in CPU).
    expect(performance.now() - asked).toBeGreaterThanOrEqual(STORM_REFUSAL_HOLD_MS - 5);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(GLOBAL_WINDOW_MS / 1000);
    // Even with the right password a stranger waits (a new device is a stranger as far as anyone can tell)…
    expect((await login(owner.email, owner.password, nextIp())).status).toBe(429);
    expect(hashLane.stats().turns.calm.started).toBe(before.calm.started);
    // …but not the owner: with the device cookie from anywhere, or from the address it signed in from before.
    expect((await login(owner.email, owner.password, nextIp(), device)).status).toBe(200);
    expect((await login(owner.email, owner.password, home)).status).toBe(200);
    expect(hashLane.stats().turns.known.started - before.known.started).toBe(2);
  });
});
