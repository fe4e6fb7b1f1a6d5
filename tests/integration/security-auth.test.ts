/**
 * Issue 26, items 10–13 (docs/findings.md, round three): passwords, names, the second factor and the studio's
 * exports, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { settleMailDeliveries } from "../../server/services/mail";
import { inviteStaff } from "../../server/services/staff/invitations";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithSession } from "../helpers/studio-staff";

type App = Awaited<ReturnType<typeof createApp>>;
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

const PUBLIC_URL = "https://wise-parrot.example.test";
const GOOD_PASSWORD = "violet harbour kettle drums";

/** Every bidirectional override and isolate, one name each, and the control characters a name must not hold. */
const DIRECTION_MARKS = ["\u202a", "\u202b", "\u202c", "\u202d", "\u202e", "\u2066", "\u2067", "\u2068", "\u2069"];
const BAD_NAMES = [
  ...DIRECTION_MARKS.map((mark) => `Ann${mark}nimda`),
  "Ann\nAdmin",
  "Ann\r\nAdmin",
  "Ann\u2028Admin",
  "Ann\u0000x",
  "Ann\u001bx",
  "Ann\u0085x",
];

let n = 0;
const uniqueEmail = (prefix = "p") => `${prefix}.${Date.now().toString(36)}.${++n}@example.com`;
const nextIp = () => `198.51.100.${(++n % 250) + 1}`;

describe.each(testDatabaseKinds())("issue 26, items 10–13, on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: App;

  const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = {}) =>
    app.request(`http://127.0.0.1${path}`, {
      method,
      headers: {
        "x-forwarded-for": nextIp(),
        ...(body !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
  const cookie = (token: string) => ({ cookie: `__Host-wp_session=${token}` });

  async function register(overrides: Json = {}) {
    const body = { name: "Asha Verma", email: uniqueEmail(), password: GOOD_PASSWORD, company: "Verma Realty", industry: "Real Estate", role: "user", ...overrides };
    const res = await call("POST", "/api/auth/register", body);
    return { res, body, json: (await res.json()) as Json };
  }

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db, { PUBLIC_URL });
    app = await createApp({ deps });
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t.drop();
  });

  describe("item 11: names refuse direction overrides and control characters", () => {
    it.each(BAD_NAMES.map((name) => [JSON.stringify(name), name]))("sign-up refuses the name %s and creates nothing", async (_label, name) => {
      const { res, json, body } = await register({ name });
      expect(res.status).toBe(400);
      expect(json.field).toBe("name");
      const row = await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", body.email).executeTakeFirst();
      expect(row).toBeUndefined();
    });

    it("the profile refuses a name with a direction override and keeps the old one", async () => {
      const { json } = await register();
      for (const name of BAD_NAMES) {
        const res = await call("PUT", "/api/auth/profile", { name }, bearer(json.token as string));
        expect(res.status).toBe(400);
        expect(((await res.json()) as Json).field).toBe("name");
      }
      const me = (await (await call("GET", "/api/auth/profile", undefined, bearer(json.token as string))).json()) as Json;
      expect(me.user.name).toBe("Asha Verma");
    });

    it("accepting a staff invitation refuses such a name (API), and a plain name is taken", async () => {
      const owner = await staffWithSession(deps, uniqueEmail("owner"), "owner");
      const actor = { userId: owner.userId, label: owner.email, clientIp: "203.0.113.9", access: "owner" as const };
      const email = uniqueEmail("invited");
      const { link } = await inviteStaff(deps, email, "editor", actor);
      const token = new URL(link).searchParams.get("token")!;
      for (const name of BAD_NAMES) {
        const res = await call("POST", "/api/studio/invitation", { token, name, password: GOOD_PASSWORD });
        expect(res.status).toBe(400);
        expect(((await res.json()) as Json).field).toBe("name");
      }
      expect(await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", email).executeTakeFirst()).toBeUndefined();
      const ok = await call("POST", "/api/studio/invitation", { token, name: "  Łucja Ó'Brien-Nováková  ", password: GOOD_PASSWORD });
      expect(ok.status).toBe(200);
      const row = await t.db.kysely.selectFrom("users").select("name").where("email_normalized", "=", email).executeTakeFirstOrThrow();
      expect(row.name).toBe("Łucja Ó'Brien-Nováková");
    });
  });

  // Later items add their describe blocks here.
  void cookie;
});
