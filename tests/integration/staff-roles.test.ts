/**
 * Staff management beyond granting and removing (issue 31): an owner changes someone's role (never leaving the
 * studio without an owner), resets someone's second factor (they enrol again at their next step into the studio),
 * each with a fresh second factor and an audit line; every staff member edits their own name; and the command line
 * resets the second factor of a sole owner who lost both phone and recovery codes.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../server/app";
import { listAudit, COMMAND_LINE } from "../../server/services/audit";
import { ServiceError } from "../../server/services/errors";
import { changeRole, resetSecondFactor } from "../../server/services/staff/access";
import { STEP_UP_MS } from "../../server/services/step-up";
import { studioSession } from "../../server/services/staff/studio-session";
import { settleMailDeliveries } from "../../server/services/mail/outbox";
import { STUDIO_MESSAGES } from "../../shared/content/studio";
import { runStaffCommand } from "../../server/staff-command";
import { hashToken } from "../../server/services/auth/tokens";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";
import { staffWithoutSecondFactor, staffWithSession, type StaffSession } from "../helpers/studio-staff";

type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe.each(testDatabaseKinds())("staff roles, second-factor resets and names on %s", (kind) => {
  let t: TestDatabase;
  let deps: ReturnType<typeof testDeps>;
  let app: Awaited<ReturnType<typeof createApp>>;
  let owner: StaffSession;
  let editor: StaffSession;
  let n = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    deps = testDeps(t.db);
    app = await createApp({ deps });
    owner = await staffWithSession(deps, "owner@example.test", "owner");
    editor = await staffWithSession(deps, "editor@example.test", "editor");
  });
  afterAll(async () => {
    await settleMailDeliveries();
    await t?.drop();
  });

  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await app.request(`http://127.0.0.1/api/studio${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json", "x-forwarded-for": `198.51.100.${(++n % 250) + 1}` },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };
  const accessOf = async (id: string) => (await t.db.kysely.selectFrom("users").select("access").where("id", "=", id).executeTakeFirstOrThrow()).access;
  const audits = async (action: string) => (await listAudit(deps, { limit: 50, action })).map((a) => a.line);
  /** Makes a session's second factor older than the step-up window. */
  const staleSession = (token: string) =>
    t.db.kysely.updateTable("sessions").set({ second_factor_at: Date.now() - STEP_UP_MS - 60_000 }).where("token_hash", "=", hashToken(token)).execute();

  it("lets an owner raise an editor to owner and back, audited, and answers bad input with a 4xx and no change", async () => {
    const up = await call("POST", "/staff/role", owner.token, { email: "Editor@Example.test", access: "owner" });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.changed).toBe(true);
    expect(await accessOf(editor.userId)).toBe("owner");
    const again = await call("POST", "/staff/role", owner.token, { email: editor.email, access: "owner" });
    expect(again.body.changed).toBe(false);
    const down = await call("POST", "/staff/role", owner.token, { email: editor.email, access: "editor" });
    expect(down.status).toBe(200);
    expect(await accessOf(editor.userId)).toBe("editor");
    const lines = await audits("staff.role");
    expect(lines.map((l) => l.detail)).toEqual(["owner -> editor", "editor -> owner"]);
    expect(lines.every((l) => l.actor === owner.email && l.recordId === editor.userId)).toBe(true);

    for (const [body, status] of [
      [{ email: editor.email, access: "admin" }, 400],
      [{ email: editor.email }, 400],
      [{ email: "nobody@example.test", access: "owner" }, 404],
      [{ email: owner.email, access: "editor" }, 403],
    ] as const) {
      const res = await call("POST", "/staff/role", owner.token, body);
      expect(res.status, JSON.stringify(body)).toBe(status);
      expect(res.body.success).toBe(false);
    }
    expect(await accessOf(editor.userId)).toBe("editor");
    expect(await accessOf(owner.userId)).toBe("owner");
    expect(await audits("staff.role")).toHaveLength(2);
  });

  it("refuses editors, asks for a fresh second factor, and never demotes the last owner", async () => {
    const byEditor = await call("POST", "/staff/role", editor.token, { email: editor.email, access: "owner" });
    expect(byEditor.status).toBe(403);
    expect(await accessOf(editor.userId)).toBe("editor");

    const second = await staffWithSession(deps, "second-owner@example.test", "owner");
    await staleSession(second.token);
    const stale = await call("POST", "/staff/role", second.token, { email: owner.email, access: "editor" });
    expect(stale.status).toBe(403);
    expect(stale.body.reason).toBe("second-factor-stale");
    expect(await accessOf(owner.userId)).toBe("owner");

    // Two owners: one may make the other editor. Then the one left is the last owner: not even the command line demotes it.
    expect((await call("POST", "/staff/role", owner.token, { email: second.email, access: "editor" })).status).toBe(200);
    const last = await changeRole(deps, owner.email, "editor", COMMAND_LINE).then(
      () => null,
      (e: unknown) => e,
    );
    expect(last).toBeInstanceOf(ServiceError);
    expect((last as ServiceError).message).toBe(STUDIO_MESSAGES.lastOwner);
    expect(await accessOf(owner.userId)).toBe("owner");
    // The demoted owner's own session lost the owner's areas at once.
    expect((await call("GET", "/staff", second.token)).status).toBe(403);
  });

  it("resets a member's second factor: secret and codes deleted, their sessions must enrol again, audited", async () => {
    const member = await staffWithSession(deps, "reset-me@example.test", "editor");
    expect((await studioSession(deps, member.token))?.secondFactor).toBe("passed");
    const codes = async () =>
      Number((await t.db.kysely.selectFrom("staff_recovery_codes").select((eb) => eb.fn.countAll<number>().as("n")).where("user_id", "=", member.userId).executeTakeFirstOrThrow()).n);
    expect(await codes()).toBeGreaterThan(0);

    expect((await call("POST", "/staff/second-factor/reset", editor.token, { email: member.email })).status).toBe(403);
    expect((await call("POST", "/staff/second-factor/reset", owner.token, { email: owner.email })).status).toBe(403);
    expect((await call("POST", "/staff/second-factor/reset", owner.token, { email: "x" })).status).toBe(400);
    expect((await studioSession(deps, member.token))?.secondFactor).toBe("passed");

    const res = await call("POST", "/staff/second-factor/reset", owner.token, { email: member.email });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(await codes()).toBe(0);
    expect(await t.db.kysely.selectFrom("staff_totp").select("user_id").where("user_id", "=", member.userId).executeTakeFirst()).toBeUndefined();
    expect((await studioSession(deps, member.token))?.secondFactor).toBe("enrol");
    // Their session is held at enrolment: the studio refuses it until a new authenticator is set up.
    const refused = await call("GET", "/posts", member.token);
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(STUDIO_MESSAGES.enrolFirst);
    expect((await call("GET", "/session", member.token)).body.secondFactor).toBe("enrol");
    const [line] = await audits("staff.second-factor.reset");
    expect(line).toMatchObject({ actor: owner.email, recordId: member.userId, detail: "enrols again at next sign-in" });

    await staleSession(owner.token);
    const other = await staffWithSession(deps, "stale-reset@example.test", "editor");
    const refusals = () =>
      deps.logs.lines.map((l) => JSON.parse(l) as Json).filter((l) => l.event === "staff.step-up.refused" && l.userId === owner.userId);
    const stale = await call("POST", "/staff/second-factor/reset", owner.token, { email: other.email });
    expect(stale.body.reason).toBe("second-factor-stale");
    expect((await studioSession(deps, other.token))?.secondFactor).toBe("passed");
    await expect(resetSecondFactor(deps, other.email, { userId: owner.userId, label: owner.email, clientIp: "192.0.2.1", secondFactorAt: null })).rejects.toThrow(
      STUDIO_MESSAGES.stepUp,
    );
    // Issue 39 (11): each refusal asking for a fresh second factor is a security event (warn), saying how old it was.
    const events = refusals();
    expect(events).toHaveLength(2);
    expect(events[0]).toMatchObject({ level: 40, secondFactorAgeSeconds: expect.any(Number) });
    expect(events[0]!.secondFactorAgeSeconds).toBeGreaterThan(STEP_UP_MS / 1000);
    expect(events[1]).toMatchObject({ secondFactorAgeSeconds: "never" });
  });

  it("lets any staff member edit their own name, audited; a bad name is a 400 that changes nothing", async () => {
    const nameOf = async (id: string) => (await t.db.kysely.selectFrom("users").select("name").where("id", "=", id).executeTakeFirstOrThrow()).name;
    const res = await call("PATCH", "/profile", editor.token, { name: "  Priya   Nair  " });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.name).toBe("Priya Nair");
    expect(await nameOf(editor.userId)).toBe("Priya Nair");
    expect((await call("GET", "/session", editor.token)).body.user.name).toBe("Priya Nair");
    for (const name of ["", "   ", "a".repeat(101), "Bad\u0000Name", "Bell\u0007", 42]) {
      const bad = await call("PATCH", "/profile", editor.token, { name });
      expect(bad.status, JSON.stringify(name)).toBe(400);
      expect(bad.body.field).toBe("name");
    }
    expect(await nameOf(editor.userId)).toBe("Priya Nair");
    const lines = await audits("staff.name");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({ actor: editor.email, recordId: editor.userId });
    // Markup is a name like any other: kept as typed, never interpreted (pages render it escaped).
    expect((await call("PATCH", "/profile", owner.token, { name: "<b>Owner</b>" })).status).toBe(200);
    expect(await nameOf(owner.userId)).toBe("<b>Owner</b>");
  });

  it("resets a sole owner's second factor from the command line, and says how to use the subcommand", async () => {
    const command = async (...args: string[]) => {
      const out: string[] = [];
      const err: string[] = [];
      const code = await runStaffCommand(deps, args, (l) => out.push(l), (l) => err.push(l));
      return { code, out: out.join("\n"), err: err.join("\n") };
    };
    const sole = await staffWithSession(deps, "sole-owner@example.test", "owner");
    const done = await command("reset-2fa", "Sole-Owner@example.test");
    expect(done.code, done.err).toBe(0);
    expect(done.out).toContain("Two-step sign-in reset for sole-owner@example.test");
    expect(done.out).toContain("1 signed-in session must pass two-step sign-in again");
    expect((await studioSession(deps, sole.token))?.secondFactor).toBe("enrol");
    const [line] = await audits("staff.second-factor.reset");
    expect(line).toMatchObject({ actor: "command line", recordId: sole.userId });

    // Issue 39 (11): an account with nothing to reset is told so, and nothing is written: no event, no audit line.
    await staffWithoutSecondFactor(deps, "never-enrolled@example.test", "editor");
    const eventsBefore = deps.logs.lines.filter((l) => l.includes('"event":"staff.second-factor.reset"')).length;
    const auditsBefore = (await audits("staff.second-factor.reset")).length;
    const nothing = await command("reset-2fa", "never-enrolled@example.test");
    expect(nothing.code, nothing.err).toBe(0);
    // The command first names the database and site it works on (issue 46); then its answer.
    expect(nothing.out.split("\n").filter((l) => !l.startsWith("Database: ")).join("\n")).toBe(
      "never-enrolled@example.test has no two-step sign-in set up: nothing to reset, nothing changed.",
    );
    expect(deps.logs.lines.filter((l) => l.includes('"event":"staff.second-factor.reset"')).length).toBe(eventsBefore);
    expect(await audits("staff.second-factor.reset")).toHaveLength(auditsBefore);

    const unknown = await command("reset-2fa", "nobody@example.test");
    expect(unknown.code).toBe(1);
    expect(unknown.err).toBe(STUDIO_MESSAGES.notStaff);
    const usage = await command("reset-2fa");
    expect(usage.code).toBe(2);
    expect(usage.err).toContain("npm run staff -- reset-2fa <email>");
  });
});
