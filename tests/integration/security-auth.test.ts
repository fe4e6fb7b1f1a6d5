/**
 * Issue 26, items 10–13 (docs/findings.md, round three): passwords, names, the second factor and the studio's
 * exports, on SQLite and (with TEST_DATABASE_URL) PostgreSQL.
 */
import { createHash, randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { up as wrapRecoveryCodes } from "../../server/db/migrations/0017-recovery-codes-scrypt";
import { createSession } from "../../server/services/auth/sessions";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { grantAccess } from "../../server/services/staff/access";
import { COMMAND_LINE } from "../../server/services/audit";
import { inviteStaff } from "../../server/services/staff/invitations";
import { startEnrolment } from "../../server/services/staff/second-factor";
import { enrolSession, passSecondFactor } from "../../server/services/staff/studio-session";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testConfig, testDeps } from "../helpers/deps";
import { staffWithSession, totpCode } from "../helpers/studio-staff";

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
    deps = testDeps(t.db, { PUBLIC_URL, SIGNUP_RATE_LIMIT_PER_HOUR: "1000" });
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

  describe("item 10: passwords", () => {
    it.each(["India@123", "Admin@123", "Passw0rd!", "Qwerty@123", "wiseparrot123", "WiseParrot2026", "        "])("sign-up refuses %j next to the password field", async (password) => {
      const { res, json, body } = await register({ password });
      expect(res.status).toBe(400);
      expect(json.field).toBe("password");
      expect(json.message).toMatch(/too easy to guess|most common passwords/);
      expect(await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", body.email).executeTakeFirst()).toBeUndefined();
    });

    it("refuses the person's own words with digits (name, company), and takes a good passphrase", async () => {
      const weak = await register({ name: "Meera Iyer", company: "Iyer Dental", password: "MeeraIyer@2026" });
      expect(weak.res.status).toBe(400);
      expect(weak.json.message).toMatch(/too easy to guess/);
      const company = await register({ name: "Meera Iyer", company: "Iyer Dental", password: "IyerDental#1" });
      expect(company.res.status).toBe(400);
      const good = await register({ name: "Meera Iyer", company: "Iyer Dental", password: "saffron lighthouse pebble" });
      expect(good.res.status).toBe(201);
    });

    it("a signed-in person changes their password: current one required, other sessions end, this one stays", async () => {
      const { body, json, res } = await register();
      expect(res.status, JSON.stringify(json)).toBe(201);
      const login = async (password: string) => call("POST", "/api/auth/login", { email: body.email, password });
      const other = ((await (await login(GOOD_PASSWORD)).json()) as Json).token as string;
      const mine = json.token as string;

      expect((await call("POST", "/api/auth/password", { currentPassword: GOOD_PASSWORD, newPassword: "amber quarry lantern 7" })).status).toBe(401);
      const wrong = await call("POST", "/api/auth/password", { currentPassword: "not my password", newPassword: "amber quarry lantern 7" }, bearer(mine));
      expect(wrong.status, await wrong.clone().text()).toBe(400);
      expect(((await wrong.json()) as Json).field).toBe("currentPassword");
      const weak = await call("POST", "/api/auth/password", { currentPassword: GOOD_PASSWORD, newPassword: "India@123" }, bearer(mine));
      expect(weak.status).toBe(400);
      expect(await weak.json()).toMatchObject({ field: "newPassword", message: expect.stringMatching(/too easy to guess|most common/) });
      const short = await call("POST", "/api/auth/password", { currentPassword: GOOD_PASSWORD, newPassword: "short" }, bearer(mine));
      expect(short.status).toBe(400);
      expect(((await short.json()) as Json).field).toBe("newPassword");
      // Nothing changed so far: both sessions live, the old password signs in.
      expect((await call("GET", "/api/auth/profile", undefined, bearer(other))).status).toBe(200);

      const changed = await call("POST", "/api/auth/password", { currentPassword: GOOD_PASSWORD, newPassword: "amber quarry lantern 7" }, bearer(mine));
      expect(changed.status).toBe(200);
      expect((await call("GET", "/api/auth/profile", undefined, bearer(mine))).status).toBe(200);
      expect((await call("GET", "/api/auth/profile", undefined, bearer(other))).status).toBe(401);
      expect((await login(GOOD_PASSWORD)).status).toBe(401);
      expect((await login("amber quarry lantern 7")).status).toBe(200);
      expect(deps.logs.text).not.toContain("amber quarry lantern 7");
      // Security events (item 4): the failed and the made change, by account id.
      const { id: userId } = await t.db.kysely.selectFrom("users").select("id").where("email_normalized", "=", String(body.email).toLowerCase()).executeTakeFirstOrThrow();
      const events = deps.logs.lines
        .map((l) => JSON.parse(l) as Json)
        .filter((l) => String(l.event ?? "").startsWith("auth.password.change") && l.userId === userId);
      expect(events.map((e) => e.event)).toEqual(["auth.password.change-failed", "auth.password.changed"]);
    });

    it("wrong current passwords are bounded (a stolen session is no password oracle)", async () => {
      const { json } = await register();
      const statuses: number[] = [];
      for (let i = 0; i < 7; i++) {
        statuses.push((await call("POST", "/api/auth/password", { currentPassword: `guess number ${i}`, newPassword: "amber quarry lantern 7" }, bearer(json.token as string))).status);
      }
      expect(statuses.slice(0, 5)).toEqual([400, 400, 400, 400, 400]);
      expect(statuses.slice(5)).toEqual([429, 429]);
      // Even the right one waits until the window passes.
      expect((await call("POST", "/api/auth/password", { currentPassword: GOOD_PASSWORD, newPassword: "amber quarry lantern 7" }, bearer(json.token as string))).status).toBe(429);
    });
  });

  describe("item 12: the second factor at rest and under guessing", () => {
    const KEY = randomBytes(32).toString("hex");
    const STEP = 30_000;

    /** Granted, signed in and enrolled with `sealed` deps, from device `device`; the secret and the recovery codes. */
    async function enrolled(withDeps: typeof deps, device?: string) {
      const email = uniqueEmail("staff");
      const { userId } = await grantAccess(withDeps, email, "editor", COMMAND_LINE);
      const session = await createSession(withDeps, userId, { persistent: true });
      const { secret } = await startEnrolment(withDeps, { id: userId, email });
      const codes = await enrolSession(withDeps, session.token, totpCode(secret), "203.0.113.9", Date.now(), { deviceToken: device });
      return { email, userId, secret, codes };
    }
    const storedSecret = async (userId: string) =>
      (await t.db.kysely.selectFrom("staff_totp").select("secret").where("user_id", "=", userId).executeTakeFirstOrThrow()).secret;

    it("TOTP_SECRET_KEY must be 32 bytes; a bad value stops the configuration naming the variable", () => {
      expect(testConfig({ TOTP_SECRET_KEY: KEY }).TOTP_SECRET_KEY?.length).toBe(32);
      expect(testConfig({ TOTP_SECRET_KEY: randomBytes(32).toString("base64") }).TOTP_SECRET_KEY?.length).toBe(32);
      expect(testConfig().TOTP_SECRET_KEY).toBeUndefined();
      for (const bad of ["abc", "0".repeat(63), randomBytes(16).toString("hex")]) {
        expect(() => testConfig({ TOTP_SECRET_KEY: bad })).toThrow(/TOTP_SECRET_KEY/);
      }
    });

    it("with TOTP_SECRET_KEY the secret is stored sealed (AES-256-GCM), works, and another key cannot read it", async () => {
      const sealed = testDeps(t.db, { PUBLIC_URL, TOTP_SECRET_KEY: KEY });
      const staff = await enrolled(sealed);
      const stored = await storedSecret(staff.userId);
      expect(stored).not.toContain(staff.secret);
      expect(stored).toHaveLength(64);
      const session = await createSession(sealed, staff.userId, { persistent: true });
      await expect(passSecondFactor(sealed, session.token, totpCode(staff.secret, Date.now() + STEP), "203.0.113.9", Date.now() + STEP)).resolves.toBe("totp");
      const otherKey = testDeps(t.db, { PUBLIC_URL, TOTP_SECRET_KEY: randomBytes(32).toString("hex") });
      const other = await createSession(otherKey, staff.userId, { persistent: true });
      await expect(passSecondFactor(otherKey, other.token, totpCode(staff.secret, Date.now() + 2 * STEP), "203.0.113.9", Date.now() + 2 * STEP)).rejects.toMatchObject({
        kind: "conflict",
      });
      // The recovery codes are hashed, not sealed: they still let the person in to re-enrol.
      await expect(passSecondFactor(otherKey, other.token, staff.codes[0]!, "203.0.113.9")).resolves.toBe("recovery");
    });

    it("a secret stored before the key was set is read as legacy, then sealed at its next accepted code", async () => {
      const plain = await enrolled(deps);
      expect(await storedSecret(plain.userId)).toBe(plain.secret);
      const sealed = testDeps(t.db, { PUBLIC_URL, TOTP_SECRET_KEY: KEY });
      const session = await createSession(sealed, plain.userId, { persistent: true });
      await expect(passSecondFactor(sealed, session.token, totpCode(plain.secret, Date.now() + STEP), "203.0.113.9", Date.now() + STEP)).resolves.toBe("totp");
      const stored = await storedSecret(plain.userId);
      expect(stored).not.toBe(plain.secret);
      expect(stored).toHaveLength(64);
    });

    it("recovery codes are stored with a salted scrypt (not SHA-256), work once, and old SHA-256 rows are migrated", async () => {
      const staff = await enrolled(deps);
      const rows = await t.db.kysely.selectFrom("staff_recovery_codes").select("code_hash").where("user_id", "=", staff.userId).execute();
      expect(rows).toHaveLength(10);
      const sha = (code: string) => createHash("sha256").update(code.toLowerCase().replace(/[^a-z0-9]/g, "")).digest("hex");
      for (const { code_hash } of rows) {
        expect(code_hash).toMatch(/^s1\$[\w-]{16}\$[\w-]{43}$/);
        expect(staff.codes.map(sha)).not.toContain(code_hash);
      }
      const session = await createSession(deps, staff.userId, { persistent: true });
      await expect(passSecondFactor(deps, session.token, staff.codes[3]!.toUpperCase(), "203.0.113.9")).resolves.toBe("recovery");
      await expect(passSecondFactor(deps, session.token, staff.codes[3]!, "203.0.113.9")).rejects.toMatchObject({ kind: "invalid" });

      // A code stored the old way (unsalted SHA-256) before the upgrade keeps working once the migration wrapped it.
      await t.db.kysely.deleteFrom("staff_recovery_codes").where("user_id", "=", staff.userId).execute();
      const legacy = "abcde-fghjk";
      await t.db.kysely.insertInto("staff_recovery_codes").values({ code_hash: sha(legacy), user_id: staff.userId, created_at: Date.now(), used_at: null }).execute();
      await wrapRecoveryCodes(t.db.kysely as never, t.db.dialect);
      const wrapped = await t.db.kysely.selectFrom("staff_recovery_codes").select("code_hash").where("user_id", "=", staff.userId).executeTakeFirstOrThrow();
      expect(wrapped.code_hash).toMatch(/^s1\$/);
      await expect(passSecondFactor(deps, session.token, legacy, "203.0.113.9")).resolves.toBe("recovery");
    });

    it("someone holding the password cannot lock the real person out: wrong codes from strangers leave the trusted device in", async () => {
      const device = randomBytes(24).toString("base64url");
      const staff = await enrolled(deps, device);
      // Every attempt at one moment (the middle of the next quarter hour), so the fixed windows of the limits cannot
      // roll over during the test; later than the enrolment, so the codes below are of later steps.
      const at = Math.floor(Date.now() / 900_000) * 900_000 + 900_000 + 450_000;
      // 60 wrong codes from 60 addresses (over the account's 15-minute and daily allowances for strangers).
      let refused = 0;
      for (let i = 0; i < 60; i++) {
        const theirs = await createSession(deps, staff.userId, { persistent: true });
        try {
          await passSecondFactor(deps, theirs.token, "000000", `192.0.2.${i + 1}`, at);
        } catch (error) {
          if ((error as { kind?: string }).kind === "rate-limited") refused++;
        }
      }
      expect(refused).toBeGreaterThan(0);
      // Another stranger is held back, even with the right code…
      const stranger = await createSession(deps, staff.userId, { persistent: true });
      await expect(passSecondFactor(deps, stranger.token, totpCode(staff.secret, at), "192.0.2.200", at)).rejects.toMatchObject({ kind: "rate-limited" });
      // …but the holder of the phone, on the device that passed before (from a new address), gets in.
      const mine = await createSession(deps, staff.userId, { persistent: true });
      await expect(passSecondFactor(deps, mine.token, totpCode(staff.secret, at), "198.18.0.7", at, { deviceToken: device })).resolves.toBe("totp");
    });
  });

  describe("item 12 (a): the weightiest studio actions want a second factor less than 15 minutes old", () => {
    it("an old code: owner invitations, removals, newsletter sends and exports answer 403 second-factor-stale until a new code", async () => {
      const owner = await staffWithSession(deps, uniqueEmail("owner"), "owner");
      const editor = await staffWithSession(deps, uniqueEmail("editor"), "editor");
      const auth = { ...cookie(owner.token), origin: PUBLIC_URL, "sec-fetch-site": "same-origin" };
      const age = async (ms: number) =>
        t.db.kysely.updateTable("sessions").set({ second_factor_at: Date.now() - ms }).where("user_id", "=", owner.userId).execute();

      await age(16 * 60_000);
      const weighty: [string, string, unknown?][] = [
        ["POST", "/api/studio/staff/invitations", { email: uniqueEmail("next-owner"), access: "owner" }],
        ["POST", "/api/studio/staff/revoke", { email: editor.email }],
        ["POST", "/api/studio/audience/newsletters", { post: 1, confirm: 1 }],
        ["POST", "/api/studio/audience/subscribers.csv"],
        ["POST", "/api/studio/audience/leads.csv"],
        ["POST", "/api/studio/audience/accounts.csv"],
      ];
      for (const [method, path, body] of weighty) {
        const res = await call(method, path, body, auth);
        expect(res.status, path).toBe(403);
        expect(await res.json(), path).toMatchObject({ success: false, reason: "second-factor-stale" });
      }
      // Nothing happened: the editor is still staff, no export was logged.
      expect((await t.db.kysely.selectFrom("users").select("access").where("id", "=", editor.userId).executeTakeFirstOrThrow()).access).toBe("editor");
      // Lesser actions go on: an editor's invitation, reading lists.
      expect((await call("POST", "/api/studio/staff/invitations", { email: uniqueEmail("next-editor"), access: "editor" }, auth)).status).toBe(201);
      expect((await call("GET", "/api/studio/staff", undefined, auth)).status).toBe(200);

      // A new code (of a later step than the enrolment's) makes the session fresh again.
      const code = totpCode(owner.secret, Date.now() + 30_000);
      expect((await call("POST", "/api/studio/second-factor", { code }, auth)).status).toBe(200);
      expect((await call("POST", "/api/studio/staff/invitations", { email: uniqueEmail("next-owner"), access: "owner" }, auth)).status).toBe(201);
      expect((await call("POST", "/api/studio/audience/accounts.csv", undefined, auth)).status).toBe(200);
      expect((await call("POST", "/api/studio/staff/revoke", { email: editor.email }, auth)).status).toBe(200);

      // Fourteen minutes is still fresh.
      await age(14 * 60_000);
      expect((await call("POST", "/api/studio/audience/subscribers.csv", undefined, auth)).status).toBe(200);
    });
  });

  describe("item 13: exports are posted, and the studio's API says nothing to strangers", () => {
    const exportsLogged = async () =>
      Number((await t.db.kysely.selectFrom("audit_log").select((eb) => eb.fn.countAll<number>().as("n")).where("action", "like", "%.export").executeTakeFirstOrThrow()).n);

    it("a GET (a link or an image on another site) starts no export: no file, no quota used, no audit line", async () => {
      const owner = await staffWithSession(deps, uniqueEmail("owner"), "owner");
      const before = await exportsLogged();
      for (const area of ["subscribers", "leads", "accounts"]) {
        const viaGet = await call("GET", `/api/studio/audience/${area}.csv`, undefined, cookie(owner.token));
        expect(viaGet.status, area).toBe(404);
        expect(viaGet.headers.get("content-type")).not.toContain("text/csv");
      }
      expect(await exportsLogged()).toBe(before);
      // Posted from another site: refused by the cross-site guard before anything happens.
      for (const area of ["subscribers", "leads", "accounts"]) {
        const crossSite = await call("POST", `/api/studio/audience/${area}.csv`, undefined, { ...cookie(owner.token), "sec-fetch-site": "cross-site", origin: "https://evil.example" });
        expect(crossSite.status, area).toBe(403);
      }
      expect(await exportsLogged()).toBe(before);
      // Posted by the studio itself: the file, and its audit line.
      for (const area of ["subscribers", "leads", "accounts"]) {
        const posted = await call("POST", `/api/studio/audience/${area}.csv`, undefined, { ...cookie(owner.token), "sec-fetch-site": "same-origin", origin: PUBLIC_URL });
        expect(posted.status, area).toBe(200);
        expect(posted.headers.get("content-type")).toContain("text/csv");
        expect(posted.headers.get("content-disposition")).toMatch(/^attachment; filename="[a-z]+-\d{4}-\d{2}-\d{2}\.csv"$/);
      }
      expect(await exportsLogged()).toBe(before + 3);
    });

    it("an anonymous caller of /api/studio gets the unknown API address's answer, byte for byte", async () => {
      for (const [method, path] of [
        ["GET", "/api/studio/session"],
        ["GET", "/api/studio/staff"],
        ["POST", "/api/studio/audience/leads.csv"],
        ["GET", "/api/studio/posts"],
        ["GET", "/api/studio/no-such-thing"],
      ] as const) {
        const studio = await call(method, path);
        const unknown = await call(method, "/api/no-such-place");
        expect(studio.status, path).toBe(404);
        expect(await studio.text(), path).toBe(await unknown.text());
        expect(studio.headers.get("cache-control"), path).toBe(unknown.headers.get("cache-control"));
        expect(studio.headers.get("x-robots-tag"), path).toBe(unknown.headers.get("x-robots-tag"));
        expect(studio.headers.get("content-type"), path).toBe(unknown.headers.get("content-type"));
      }
    });
  });
});
