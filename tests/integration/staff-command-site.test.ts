/**
 * `npm run staff` says which site it works on (issue 46, decision 0045), on SQLite and PostgreSQL: its first line
 * names the database (a SQLite file's full path, PostgreSQL's host and database, never the password) and the site
 * address its links use; run without the site's environment (no .env, no DATABASE_URL) it says so first.
 */
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeDatabase, environmentWarning, runStaffCommand } from "../../server/staff-command";
import { createTestDatabase, type TestDatabase, testDatabaseKinds } from "../helpers/databases";
import { testDeps } from "../helpers/deps";

describe("naming the database", () => {
  it("gives a SQLite file's full path and PostgreSQL's host and database, never a password", () => {
    expect(describeDatabase("data/wise-parrot.db", "/srv/site")).toBe("SQLite /srv/site/data/wise-parrot.db");
    expect(describeDatabase("postgres://app:s3cret@db.internal:5433/parrot")).toBe("PostgreSQL parrot on db.internal:5433");
    expect(describeDatabase("postgres://app:s3cret@db.internal:5433/parrot")).not.toContain("s3cret");
  });

  it("warns only when neither a .env file nor DATABASE_URL names the site", () => {
    expect(environmentWarning(null, {})).toMatch(/No \.env file here and DATABASE_URL is not set/);
    expect(environmentWarning("/srv/site/.env", {})).toBeNull();
    expect(environmentWarning(null, { DATABASE_URL: "postgres://x/y" })).toBeNull();
  });
});

describe.each(testDatabaseKinds())("npm run staff on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await t?.drop();
  });

  it("names the database and the site address before it grants", async () => {
    const deps = testDeps(t.db, { PUBLIC_URL: "https://parrot.example" });
    const out: string[] = [];
    expect(await runStaffCommand({ ...deps, config: { ...deps.config, DATABASE_URL: t.url } }, ["grant", "owner", "first.owner@example.com"], (l) => out.push(l), (l) => out.push(l))).toBe(0);
    const expected = kind === "postgres" ? /^Database: PostgreSQL \S+ on 127\.0\.0\.1:5432; site address: https:\/\/parrot\.example$/ : new RegExp(`^Database: SQLite ${path.resolve(t.url).replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}; site address: https://parrot\\.example$`);
    expect(out[0]).toMatch(expected);
    expect(out.join("\n")).toContain("https://parrot.example/reset-password?token=");
  });
});
