import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STUDIO_NAV } from "../../shared/content/studio";
import { mayOpenPath, STUDIO_POLICY, type StudioArea, studioAreaOf } from "../../shared/studio-policy";
import { createApp } from "../../server/app";
import { isServiceError } from "../../server/services/errors";
import { exportLeads, leadCounts, leadDetail, searchLeads } from "../../server/services/leads/inbox";
import { storeLead } from "../../server/services/leads/intake";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";

describe("the studio's policy table", () => {
  it("finds the area of every page and API path, whatever its case, escapes or .data", () => {
    const cases: Array<[string, StudioArea | null]> = [
      ["/studio", "overview"],
      ["/studio/", "overview"],
      ["/studio.data", "overview"],
      ["/studio/leads", "leads"],
      ["/studio/leads/7", "leads"],
      ["/studio/leads.data", "leads"],
      ["/Studio/Leads/7", "leads"],
      ["/%73tudio/le%61ds", "leads"],
      ["/studio/subscribers/export", "subscribers"],
      ["/studio/posts/new", "posts"],
      ["/studio/categories", "categories"],
      ["/api/studio/categories/remove", "categories"],
      ["/studio/second-factor", "second-factor"],
      ["/api/studio/posts/3/publish", "posts"],
      ["/api/studio/analytics.csv", "analytics"],
      ["/api/studio/audience/leads.csv", "leads"],
      ["/api/studio/audience/accounts/u1/disable", "accounts"],
      ["/api/studio/staff/invitations", "staff"],
      ["/api/studio/audience/somewhere-new", null],
      ["/studio/somewhere-new", null],
      ["/blogs", null],
    ];
    for (const [path, area] of cases) expect(studioAreaOf(path), path).toBe(area);
    // A path the table does not name: owners only.
    expect(mayOpenPath("editor", "/studio/somewhere-new")).toBe(false);
    expect(mayOpenPath("owner", "/studio/somewhere-new")).toBe(true);
  });

  it("shows an editor the menu entries of the areas the table lets editors into, and an owner every entry", () => {
    const editorAreas = Object.entries(STUDIO_POLICY)
      .filter(([, who]) => (who as readonly string[]).includes("editor"))
      .map(([area]) => area);
    for (const item of STUDIO_NAV) {
      expect(mayOpenPath("owner", item.to), item.to).toBe(true);
      expect(mayOpenPath("editor", item.to), item.to).toBe(editorAreas.includes(studioAreaOf(item.to)!));
    }
    expect(STUDIO_NAV.filter((item) => mayOpenPath("editor", item.to)).map((i) => i.label)).toEqual(["Overview", "Kit orders", "Posts", "Categories", "Media", "Pages", "FAQ", "Questions", "Analytics", "Bookings", "Name and password"]);
  });
});

describe.each(testDatabaseKinds())("the studio's policy on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let editor = "";
  let owner = "";
  let n = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    app = await createApp({ deps });
    editor = (await staffWithSession(deps, "editor@example.test", "editor")).token;
    owner = (await staffWithSession(deps, "owner@example.test", "owner")).token;
  });
  afterAll(async () => {
    await t?.drop();
  });

  const get = (path: string, token: string) =>
    app.request(`http://127.0.0.1${path}`, { headers: { authorization: `Bearer ${token}`, "x-forwarded-for": `198.51.100.${(++n % 250) + 1}` } });

  it("the API lets each access level into exactly the areas the table gives it", async () => {
    const apiOf: Partial<Record<StudioArea, string>> = {
      orders: "/api/studio/orders",
      posts: "/api/studio/posts",
      categories: "/api/studio/categories",
      media: "/api/studio/media",
      analytics: "/api/studio/analytics",
      newsletters: "/api/studio/audience/newsletters",
      subscribers: "/api/studio/audience/subscribers",
      leads: "/api/studio/audience/leads",
      accounts: "/api/studio/audience/accounts",
      staff: "/api/studio/staff",
      audit: "/api/studio/audit",
    };
    for (const [area, path] of Object.entries(apiOf) as Array<[StudioArea, string]>) {
      for (const [access, token] of [["editor", editor], ["owner", owner]] as const) {
        const res = await get(path, token);
        const allowed = (STUDIO_POLICY[area] as readonly string[]).includes(access);
        expect(res.status, `${access} ${path}`).toBe(allowed ? 200 : 403);
      }
    }
  });

  it("the leads inbox itself answers only the roles the table lets into leads", async () => {
    const { id } = await storeLead(deps, { firstName: "Asha", lastName: "Rao", email: "asha@example.test", phone: "+91 98765 43210", message: "Policy check", leadSource: "Web Research", website: "" });
    const editorActor = { userId: "e", label: "editor@example.test", clientIp: "192.0.2.1", access: "editor" as const };
    const ownerActor = { ...editorActor, label: "owner@example.test", access: "owner" as const };
    const refusals = [
      () => searchLeads(deps, editorActor),
      () => leadDetail(deps, editorActor, id),
      () => leadCounts(deps, editorActor),
      () => exportLeads(deps, {}, editorActor),
    ];
    for (const attempt of refusals) {
      const error = await attempt().then(
        () => null,
        (e: unknown) => e,
      );
      expect(isServiceError(error) && error.kind, String(attempt)).toBe("forbidden");
    }
    expect((await leadDetail(deps, ownerActor, id)).email).toBe("asha@example.test");
    expect((await searchLeads(deps, ownerActor, { search: "policy check" })).map((l) => l.id)).toEqual([id]);
  });
});
