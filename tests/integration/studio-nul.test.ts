import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { searchLeads } from "../../server/services/leads/inbox";
import { listSubscribers } from "../../server/services/newsletter/subscribers";
import { listAccounts, setAccountDisabled } from "../../server/services/auth/admin";
import { analyticsDashboard, parseDashboardQuery } from "../../server/services/analytics/dashboard";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { inviteStaff } from "../../server/services/staff/invitations";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { buildDir, buildPresent } from "../helpers/built-server";
import { staffWithSession } from "../helpers/studio-staff";
import { untilReady } from "../helpers/test-site";

/**
 * Issue 26 item 6: on PostgreSQL a NUL in a studio page's search or form reached the database and answered 500.
 * Every studio input goes through the public search's normalising (or is refused as malformed) before any query.
 */
describe.each(testDatabaseKinds())("a NUL in a studio input on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let owner: { token: string; userId: string };
  let n = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL: "https://wise-parrot.example.test", TRUST_PROXY: "true" });
    app = await createApp({ deps, ...(buildPresent() ? { buildDir: buildDir() } : {}) });
    await untilReady(app);
    owner = await staffWithSession(deps, `owner.nul.${kind}@example.com`, "owner");
    const now = Date.now();
    await t.db.kysely
      .insertInto("subscribers")
      .values({ email: "reader@example.com", email_normalized: "reader@example.com", status: "confirmed", created_at: now, updated_at: now, confirmed_at: now, unsubscribed_at: null })
      .execute();
  }, 60_000);
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  const page = (method: string, pathname: string, form?: Record<string, string>) =>
    app.request(`http://127.0.0.1${pathname}`, {
      method,
      redirect: "manual",
      headers: {
        "x-forwarded-for": `198.51.100.${(++n % 250) + 1}`,
        cookie: `__Host-wp_session=${owner.token}`,
        ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
      },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });

  it("the services treat it as a space in a search and refuse it in an address or id, without touching the database with it", async () => {
    expect((await listSubscribers(deps, { search: "reader\u0000" })).map((s) => s.email)).toEqual(["reader@example.com"]);
    expect(await listSubscribers(deps, { search: "read\u0000er" })).toEqual([]);
    expect(await searchLeads(deps, { access: "owner" }, { search: "\u0000x" })).toEqual([]);
    expect(Array.isArray(await listAccounts(deps, { search: "a\u0000" }))).toBe(true);
    const dashboard = await analyticsDashboard(deps, parseDashboardQuery({ source: "google.com\u0000" }));
    // The NUL is a space to trim; the address then names its grouped source (Google).
    expect(dashboard.filter).toEqual({ kind: "source", source: "google" });
    expect((await analyticsDashboard(deps, parseDashboardQuery({ page: "/blog\u0000" }))).filter).toEqual({ kind: "page", path: "/blog" });
    const actor = { userId: owner.userId, label: "owner", clientIp: "198.51.100.1", access: "owner" as const };
    await expect(inviteStaff(deps, "new\u0000@example.com", "editor", actor)).rejects.toMatchObject({ kind: "invalid", field: "email" });
    await expect(setAccountDisabled(deps, `${owner.userId}\u0000`, true, actor)).rejects.toMatchObject({ kind: "not-found" });
  });

  it.skipIf(!buildPresent())("every studio page with a search, filter or form answers it without a 500", async () => {
    const failures: string[] = [];
    for (const path of [
      "/studio/leads?search=%00",
      "/studio/leads?search=a%00b&status=&from=&to=",
      "/studio/leads/export?search=%00",
      "/studio/subscribers?search=%00",
      "/studio/subscribers?search=reader%00",
      "/studio/subscribers/export?search=%00",
      "/studio/accounts?search=%00",
      "/studio/accounts/export?search=%00",
      "/studio/analytics?source=%00",
      "/studio/analytics?source=google.com%00",
      "/studio/analytics?page=/%00",
      "/studio/staff?revoke=%00",
    ]) {
      const res = await page("GET", path);
      if (res.status >= 500) failures.push(`GET ${path} → ${res.status}`);
    }
    for (const [path, form] of [
      ["/studio/staff", { intent: "invite", email: "new\u0000@example.com", access: "editor" }],
      ["/studio/staff", { intent: "revoke", email: "x\u0000@example.com" }],
      ["/studio/accounts", { intent: "disable", id: "\u0000" }],
      ["/studio/accounts", { intent: "enable", id: `${owner.userId}\u0000` }],
      ["/studio/subscribers", { intent: "erase", id: "\u0000" }],
    ] as const) {
      const res = await page("POST", path, form);
      if (res.status >= 500) failures.push(`POST ${path} ${JSON.stringify(form)} → ${res.status}`);
      else expect(res.status, `${path} ${JSON.stringify(form)}`).toBeGreaterThanOrEqual(400);
    }
    expect(failures).toEqual([]);
    // The search found what it was asked for, the NUL read as a space.
    const found = await page("GET", "/studio/subscribers?search=reader%00");
    expect(found.status).toBe(200);
    expect(await found.text()).toContain("reader@example.com");
    // Nothing was invited.
    expect(await t.db.kysely.selectFrom("staff_invitations").select("email_normalized").execute()).toEqual([]);
  }, 120_000);
});
